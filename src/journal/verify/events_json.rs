//! The events ruled again, written as JSON by hand: a list of events comes
//! in, and the bytes the journal's writer (serde_json, compact) gives for
//! it go out, member by member in serde's order and form.
//!
//! `verify` compares these bytes with the events recorded, entry after
//! entry, and serde's writing (a key at a time, every string scanned for
//! escapes through its generic machinery) was a tenth of its time. Every
//! kind of event a hand is made of is written here: the start with its
//! setup, posts, actions bound, streets dealt, hands shown, pots awarded,
//! rulings with their citations, and the floor's own events. The four
//! kinds whose members are enums with data (`Declared`, `ChipsPushed`,
//! `ActedOutOfTurn`, `PenaltyGiven`) still go through serde, as does any
//! string that needs an escape.
//!
//! Only bytes alike are taken as alike: were this form ever to differ
//! from serde's, an entry written so would be read whole and its events
//! compared as values, so nothing different could pass. The tests below
//! hold the two byte-equal for every kind, strings with escapes included.

use crate::rules::{Citation, FloorOption, Ruling};
use crate::table::event::{
    Action, ActionKind, AnteMode, Award, BlindSeats, Event, Post, TableSetup,
};
use crate::table::{Card, Chips, Seat};

/// `{"event":"<kind>"`: an event's opening, its kind as serde tags it.
macro_rules! tag {
    ($kind:literal) => {
        concat!("{\"event\":\"", $kind, "\"")
    };
}

/// `,"<key>":`, a member after an object's first.
macro_rules! member {
    ($key:literal) => {
        concat!(",\"", $key, "\":")
    };
}

/// `"<key>":`, an object's first member.
macro_rules! first {
    ($key:literal) => {
        concat!("\"", $key, "\":")
    };
}

/// Writes `events` into `buf` as the journal's writer does.
pub(super) fn write_events(buf: &mut Vec<u8>, events: &[Event]) -> serde_json::Result<()> {
    buf.push(b'[');
    for (i, event) in events.iter().enumerate() {
        if i > 0 {
            buf.push(b',');
        }
        let mut out = Json(buf);
        if !out.event(event) {
            serde_json::to_writer(&mut *buf, event)?;
        }
    }
    buf.push(b']');
    Ok(())
}

/// A buffer JSON is written into.
struct Json<'a>(&'a mut Vec<u8>);

impl Json<'_> {
    /// Writes `event` whole and says so, or writes nothing and returns
    /// `false` for a kind left to serde.
    fn event(&mut self, event: &Event) -> bool {
        match event {
            Event::HandStarted { setup } => {
                self.raw(tag!("hand-started"));
                self.raw(member!("setup"));
                self.setup(setup);
            }
            Event::Posted { seat, post, amount } => {
                self.raw(tag!("posted"));
                self.seat_member(member!("seat"), *seat);
                self.raw(member!("post"));
                self.name(match post {
                    Post::SmallBlind => "small-blind",
                    Post::BigBlind => "big-blind",
                    Post::Ante => "ante",
                    Post::Committed => "committed",
                });
                self.chips_member(member!("amount"), *amount);
            }
            Event::HoleCards { seat, cards } => {
                self.raw(tag!("hole-cards"));
                self.seat_member(member!("seat"), *seat);
                self.raw(member!("cards"));
                self.cards(cards);
            }
            Event::HandShown { seat, cards } => {
                self.raw(tag!("hand-shown"));
                self.seat_member(member!("seat"), *seat);
                self.raw(member!("cards"));
                self.cards(cards);
            }
            Event::ActionBound { action, full } => {
                self.raw(tag!("action-bound"));
                self.action(action, *full);
            }
            Event::BoundInPlace { action, full } => {
                self.raw(tag!("bound-in-place"));
                self.action(action, *full);
            }
            Event::RulingSuggested { ruling } => {
                self.raw(tag!("ruling-suggested"));
                self.raw(member!("ruling"));
                self.ruling(ruling);
            }
            Event::BetReturned { seat, amount } => {
                self.raw(tag!("bet-returned"));
                self.seat_member(member!("seat"), *seat);
                self.chips_member(member!("amount"), *amount);
            }
            Event::StreetDealt { street, cards } => {
                self.raw(tag!("street-dealt"));
                self.raw(member!("street"));
                self.name(street.as_str());
                self.raw(member!("cards"));
                self.cards(cards);
            }
            Event::PotsAwarded { awards } => {
                self.raw(tag!("pots-awarded"));
                self.raw(member!("awards"));
                self.list(awards, Json::award);
            }
            Event::Tapped { seat } => self.seat_only(tag!("tapped"), *seat),
            Event::Mucked { seat } => self.seat_only(tag!("mucked"), *seat),
            Event::HandDiscarded { seat } => self.seat_only(tag!("hand-discarded"), *seat),
            Event::OutOfTurnVoided { seat } => self.seat_only(tag!("out-of-turn-voided"), *seat),
            Event::RaiseBarred { seat } => self.seat_only(tag!("raise-barred"), *seat),
            Event::SkippedSeatRuled { seat } => self.seat_only(tag!("skipped-seat-ruled"), *seat),
            Event::OutOfTurnReferred { seat } => {
                self.seat_only(tag!("out-of-turn-referred"), *seat)
            }
            Event::RaiseAllowed { seat } => self.seat_only(tag!("raise-allowed"), *seat),
            Event::HandKilled { seat } => self.seat_only(tag!("hand-killed"), *seat),
            Event::TurnReturned { seat } => self.seat_only(tag!("turn-returned"), *seat),
            Event::MisdealDeclared => self.raw(tag!("misdeal-declared")),
            Event::RulingsAccepted { entry } => {
                self.raw(tag!("rulings-accepted"));
                self.number_member(member!("entry"), u64::from(*entry));
            }
            Event::EntryRetracted { entry } => {
                self.raw(tag!("entry-retracted"));
                self.number_member(member!("entry"), u64::from(*entry));
            }
            Event::Declared { .. }
            | Event::ChipsPushed { .. }
            | Event::ActedOutOfTurn { .. }
            | Event::PenaltyGiven { .. } => return false,
        }
        self.0.push(b'}');
        true
    }

    /// Bytes as they are (punctuation, and a member's key as `member!`
    /// and `first!` spell it).
    #[inline]
    fn raw(&mut self, text: &str) {
        self.0.extend_from_slice(text.as_bytes());
    }

    /// An event whose one member is a seat, after its `tag!`.
    #[inline]
    fn seat_only(&mut self, tag: &str, seat: Seat) {
        self.raw(tag);
        self.seat_member(member!("seat"), seat);
    }

    #[inline]
    fn seat_member(&mut self, member: &str, seat: Seat) {
        self.raw(member);
        self.number(u64::from(seat.number()));
    }

    #[inline]
    fn chips_member(&mut self, member: &str, chips: Chips) {
        self.raw(member);
        self.number(chips.get());
    }

    #[inline]
    fn number_member(&mut self, member: &str, n: u64) {
        self.raw(member);
        self.number(n);
    }

    #[inline]
    fn bool_member(&mut self, member: &str, b: bool) {
        self.raw(member);
        self.raw(if b { "true" } else { "false" });
    }

    /// A name that needs no escape (a kind, a street, a ruling's id).
    #[inline]
    fn name(&mut self, name: &str) {
        self.0.push(b'"');
        self.0.extend_from_slice(name.as_bytes());
        self.0.push(b'"');
    }

    /// Any text: as it is when nothing in it needs an escape (a quote, a
    /// backslash, a control character), else through serde, which
    /// escapes it.
    fn text(&mut self, text: &str) {
        // Every byte looked at, without stopping at the first that needs
        // an escape (most texts have none): the loop is vectorised.
        let escapes = text.bytes().fold(false, |any, b| {
            any | (b < 0x20) | (b == b'"') | (b == b'\\')
        });
        if escapes {
            // Writing a string into a `Vec` cannot fail.
            let _ = serde_json::to_writer(&mut *self.0, text);
        } else {
            self.name(text);
        }
    }

    /// `n` in decimal digits, as JSON writes a number (serde_json's own
    /// way: `itoa`, two digits at a time).
    #[inline]
    fn number(&mut self, n: u64) {
        self.0
            .extend_from_slice(itoa::Buffer::new().format(n).as_bytes());
    }

    /// `[a,b,...]`, each item written by `item`.
    fn list<T>(&mut self, items: &[T], mut item: impl FnMut(&mut Self, &T)) {
        self.0.push(b'[');
        for (i, x) in items.iter().enumerate() {
            if i > 0 {
                self.0.push(b',');
            }
            item(self, x);
        }
        self.0.push(b']');
    }

    fn cards(&mut self, cards: &[Card]) {
        self.list(cards, |json, card| {
            json.0
                .extend_from_slice(&[b'"', card.rank_char() as u8, card.suit_char() as u8, b'"']);
        });
    }

    fn seats(&mut self, seats: &[Seat]) {
        self.list(seats, |json, seat| json.number(u64::from(seat.number())));
    }

    /// Seats and their chips, each as a pair `[seat,chips]`.
    fn stacks(&mut self, stacks: &[(Seat, Chips)]) {
        self.list(stacks, |json, (seat, chips)| {
            json.0.push(b'[');
            json.number(u64::from(seat.number()));
            json.0.push(b',');
            json.number(chips.get());
            json.0.push(b']');
        });
    }

    fn action(&mut self, action: &Action, full: bool) {
        let Action {
            seat,
            kind,
            to,
            all_in,
        } = action;
        self.raw(member!("action"));
        self.0.push(b'{');
        self.raw(first!("seat"));
        self.number(u64::from(seat.number()));
        self.raw(member!("kind"));
        self.name(match kind {
            ActionKind::Fold => "fold",
            ActionKind::Check => "check",
            ActionKind::Call => "call",
            ActionKind::Bet => "bet",
            ActionKind::Raise => "raise",
        });
        self.chips_member(member!("to"), *to);
        self.bool_member(member!("all_in"), *all_in);
        self.0.push(b'}');
        self.bool_member(member!("full"), full);
    }

    fn setup(&mut self, setup: &TableSetup) {
        let TableSetup {
            button,
            small_blind,
            big_blind,
            ante,
            ante_mode,
            stacks,
            denominations,
            street,
            pot,
            board,
            blind_seats,
            away,
        } = setup;
        self.0.push(b'{');
        self.raw(first!("button"));
        self.number(u64::from(button.number()));
        self.chips_member(member!("small_blind"), *small_blind);
        self.chips_member(member!("big_blind"), *big_blind);
        self.chips_member(member!("ante"), *ante);
        self.raw(member!("ante_mode"));
        self.name(match ante_mode {
            AnteMode::PerPlayer => "per-player",
            AnteMode::BigBlind => "big-blind",
        });
        self.raw(member!("stacks"));
        self.stacks(stacks);
        self.raw(member!("denominations"));
        self.list(denominations, |json, chips| json.number(chips.get()));
        self.raw(member!("street"));
        self.name(street.as_str());
        self.chips_member(member!("pot"), *pot);
        self.raw(member!("board"));
        self.cards(board);
        if let Some(BlindSeats { small, big }) = blind_seats {
            self.raw(member!("blind_seats"));
            self.0.push(b'{');
            self.raw(first!("small"));
            match small {
                Some(seat) => self.number(u64::from(seat.number())),
                None => self.0.extend_from_slice(b"null"),
            }
            self.seat_member(member!("big"), *big);
            self.0.push(b'}');
        }
        if !away.is_empty() {
            self.raw(member!("away"));
            self.seats(away);
        }
        self.0.push(b'}');
    }

    fn award(&mut self, award: &Award) {
        self.0.push(b'{');
        self.raw(first!("pot"));
        self.0.push(b'{');
        self.raw(first!("amount"));
        self.number(award.pot.amount.get());
        self.raw(member!("eligible"));
        self.seats(&award.pot.eligible);
        self.0.push(b'}');
        self.raw(member!("shares"));
        self.stacks(&award.shares);
        self.0.push(b'}');
    }

    fn ruling(&mut self, ruling: &Ruling) {
        let Ruling {
            id,
            text,
            citation,
            options,
        } = ruling;
        let Citation {
            rulebook,
            rule,
            text: words,
        } = &**citation;
        self.0.push(b'{');
        self.raw(first!("id"));
        self.name(id.as_str());
        self.raw(member!("text"));
        self.text(text);
        self.raw(member!("citation"));
        self.0.push(b'{');
        self.raw(first!("rulebook"));
        self.text(rulebook);
        self.raw(member!("rule"));
        self.text(rule);
        self.raw(member!("text"));
        self.text(words);
        self.0.push(b'}');
        if !options.is_empty() {
            self.raw(member!("options"));
            self.list(options, |json, option| {
                let FloorOption {
                    text,
                    line,
                    replaces,
                } = option;
                json.0.push(b'{');
                json.raw(first!("text"));
                json.text(text);
                json.raw(member!("line"));
                json.text(line);
                json.bool_member(member!("replaces"), *replaces);
                json.0.push(b'}');
            });
        }
        self.0.push(b'}');
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use proptest::prelude::*;
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;

    use super::*;
    use crate::rules::RulingId;
    use crate::table::event::{Declaration, Intent, Penalty, Pot, PushedChips, Street};

    fn seat() -> impl Strategy<Value = Seat> {
        (1u8..=10).prop_map(|n| Seat::new(n).expect("a seat"))
    }

    fn chips() -> impl Strategy<Value = Chips> {
        prop_oneof![0u64..100_000, any::<u64>()].prop_map(Chips)
    }

    fn card() -> impl Strategy<Value = Card> {
        (0u8..52).prop_map(|id| Card::from_id(id).expect("a card"))
    }

    fn street() -> impl Strategy<Value = Street> {
        prop::sample::select(Street::ALL.to_vec())
    }

    /// Texts as a ruling or an option has them, and every kind that
    /// needs an escape: quotes, backslashes, control characters, and
    /// characters past ASCII (written as they are).
    fn text() -> impl Strategy<Value = String> {
        prop_oneof![
            "[A-Za-z0-9 ,.:'()-]{0,40}",
            "[a-z\"\\\\\\x00-\\x1f\\x7f é€😀/]{0,12}",
            any::<String>(),
        ]
    }

    fn action() -> impl Strategy<Value = (Action, bool)> {
        let kind = prop::sample::select(vec![
            ActionKind::Fold,
            ActionKind::Check,
            ActionKind::Call,
            ActionKind::Bet,
            ActionKind::Raise,
        ]);
        (seat(), kind, chips(), any::<bool>(), any::<bool>()).prop_map(
            |(seat, kind, to, all_in, full)| {
                (
                    Action {
                        seat,
                        kind,
                        to,
                        all_in,
                    },
                    full,
                )
            },
        )
    }

    fn setup() -> impl Strategy<Value = TableSetup> {
        let blind_seats = prop::option::of((prop::option::of(seat()), seat()))
            .prop_map(|seats| seats.map(|(small, big)| BlindSeats { small, big }));
        (
            (seat(), chips(), chips(), chips(), any::<bool>()),
            prop::collection::vec((seat(), chips()), 0..10),
            prop::collection::vec(chips(), 0..4),
            (street(), chips(), prop::collection::vec(card(), 0..5)),
            (blind_seats, prop::collection::vec(seat(), 0..3)),
        )
            .prop_map(
                |(
                    (button, small_blind, big_blind, ante, big_blind_ante),
                    stacks,
                    denominations,
                    (street, pot, board),
                    (blind_seats, away),
                )| TableSetup {
                    button,
                    small_blind,
                    big_blind,
                    ante,
                    ante_mode: if big_blind_ante {
                        AnteMode::BigBlind
                    } else {
                        AnteMode::PerPlayer
                    },
                    stacks,
                    denominations,
                    street,
                    pot,
                    board,
                    blind_seats,
                    away,
                },
            )
    }

    fn ruling() -> impl Strategy<Value = Ruling> {
        let option =
            (text(), text(), any::<bool>()).prop_map(|(text, line, replaces)| FloorOption {
                text,
                line,
                replaces,
            });
        (
            prop::sample::select(RulingId::ALL.to_vec()),
            text(),
            (text(), text(), text()),
            prop::collection::vec(option, 0..3),
        )
            .prop_map(|(id, text, (rulebook, rule, words), options)| Ruling {
                id,
                text: Arc::from(text),
                citation: Arc::new(Citation {
                    rulebook,
                    rule,
                    text: words,
                }),
                options,
            })
    }

    fn award() -> impl Strategy<Value = Award> {
        (
            chips(),
            prop::collection::vec(seat(), 0..4),
            prop::collection::vec((seat(), chips()), 0..3),
        )
            .prop_map(|(amount, eligible, shares)| Award {
                pot: Pot { amount, eligible },
                shares,
            })
    }

    /// Every kind of event, those left to serde included.
    fn event() -> impl Strategy<Value = Event> {
        let two_cards = || (card(), card()).prop_map(|(a, b)| [a, b]);
        let post = prop::sample::select(vec![
            Post::SmallBlind,
            Post::BigBlind,
            Post::Ante,
            Post::Committed,
        ]);
        let declaration = prop_oneof![
            Just(Declaration::Fold),
            prop::option::of(chips()).prop_map(Declaration::Bet),
            chips().prop_map(Declaration::Amount),
            Just(Declaration::Conditional),
        ];
        let pushed = prop_oneof![
            chips().prop_map(PushedChips::Amount),
            prop::collection::vec((chips(), any::<u32>()), 0..3)
                .prop_map(PushedChips::Denominations),
        ];
        let intent = prop_oneof![
            Just(Intent::AllIn),
            prop::option::of(chips()).prop_map(Intent::Call),
            chips().prop_map(Intent::Raise),
        ];
        let penalty = prop_oneof![
            Just(Penalty::Warning),
            any::<u32>().prop_map(Penalty::Hands)
        ];
        let seat_only: [fn(Seat) -> Event; 10] = [
            |seat| Event::Tapped { seat },
            |seat| Event::Mucked { seat },
            |seat| Event::HandDiscarded { seat },
            |seat| Event::OutOfTurnVoided { seat },
            |seat| Event::RaiseBarred { seat },
            |seat| Event::SkippedSeatRuled { seat },
            |seat| Event::OutOfTurnReferred { seat },
            |seat| Event::RaiseAllowed { seat },
            |seat| Event::HandKilled { seat },
            |seat| Event::TurnReturned { seat },
        ];
        prop_oneof![
            setup().prop_map(|setup| Event::HandStarted {
                setup: Box::new(setup),
            }),
            (seat(), post, chips()).prop_map(|(seat, post, amount)| Event::Posted {
                seat,
                post,
                amount
            }),
            (seat(), two_cards()).prop_map(|(seat, cards)| Event::HoleCards { seat, cards }),
            (seat(), two_cards()).prop_map(|(seat, cards)| Event::HandShown { seat, cards }),
            action().prop_map(|(action, full)| Event::ActionBound { action, full }),
            action().prop_map(|(action, full)| Event::BoundInPlace { action, full }),
            ruling().prop_map(|ruling| Event::RulingSuggested { ruling }),
            (seat(), chips()).prop_map(|(seat, amount)| Event::BetReturned { seat, amount }),
            (street(), prop::collection::vec(card(), 0..4))
                .prop_map(|(street, cards)| Event::StreetDealt { street, cards }),
            prop::collection::vec(award(), 0..3).prop_map(|awards| Event::PotsAwarded { awards }),
            (prop::sample::select(seat_only.to_vec()), seat()).prop_map(|(kind, seat)| kind(seat)),
            Just(Event::MisdealDeclared),
            any::<u32>().prop_map(|entry| Event::RulingsAccepted { entry }),
            any::<u32>().prop_map(|entry| Event::EntryRetracted { entry }),
            (seat(), declaration)
                .prop_map(|(seat, declaration)| Event::Declared { seat, declaration }),
            (seat(), pushed).prop_map(|(seat, chips)| Event::ChipsPushed { seat, chips }),
            (seat(), intent, chips()).prop_map(|(seat, intent, faced)| Event::ActedOutOfTurn {
                seat,
                intent,
                faced
            }),
            (seat(), penalty).prop_map(|(seat, penalty)| Event::PenaltyGiven { seat, penalty }),
        ]
    }

    /// Which kind an event is, by its place in `Event` (a new kind fails
    /// to compile here until it is counted, and the test below then asks
    /// for it to be written).
    fn kind(event: &Event) -> usize {
        match event {
            Event::HandStarted { .. } => 0,
            Event::Posted { .. } => 1,
            Event::HoleCards { .. } => 2,
            Event::Declared { .. } => 3,
            Event::ChipsPushed { .. } => 4,
            Event::Tapped { .. } => 5,
            Event::Mucked { .. } => 6,
            Event::ActionBound { .. } => 7,
            Event::RulingSuggested { .. } => 8,
            Event::BetReturned { .. } => 9,
            Event::StreetDealt { .. } => 10,
            Event::HandShown { .. } => 11,
            Event::HandDiscarded { .. } => 12,
            Event::PotsAwarded { .. } => 13,
            Event::ActedOutOfTurn { .. } => 14,
            Event::OutOfTurnVoided { .. } => 15,
            Event::RaiseBarred { .. } => 16,
            Event::BoundInPlace { .. } => 17,
            Event::SkippedSeatRuled { .. } => 18,
            Event::OutOfTurnReferred { .. } => 19,
            Event::RaiseAllowed { .. } => 20,
            Event::HandKilled { .. } => 21,
            Event::TurnReturned { .. } => 22,
            Event::MisdealDeclared => 23,
            Event::PenaltyGiven { .. } => 24,
            Event::RulingsAccepted { .. } => 25,
            Event::EntryRetracted { .. } => 26,
        }
    }
    const KINDS: usize = 27;

    fn written(events: &[Event]) -> String {
        let mut buf = Vec::new();
        write_events(&mut buf, events).expect("written");
        String::from_utf8(buf).expect("text")
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]

        #[test]
        fn events_are_written_as_serde_writes_them(
            events in prop::collection::vec(event(), 0..4)
        ) {
            let serde = serde_json::to_string(&events).expect("written");
            prop_assert_eq!(written(&events), serde);
        }
    }

    #[test]
    fn the_events_tested_are_of_every_kind() {
        let mut runner = TestRunner::deterministic();
        let mut seen = [false; KINDS];
        let strategy = event();
        for _ in 0..5000 {
            let event = strategy.new_tree(&mut runner).expect("an event").current();
            seen[kind(&event)] = true;
        }
        assert_eq!(seen, [true; KINDS]);
    }

    #[test]
    fn every_ruling_id_and_text_escape_is_written_as_serde_writes_it() {
        // Each id, and each character serde escapes (the control
        // characters, a quote, a backslash) and some it does not.
        let mut texts: Vec<String> = (0u8..0x20).map(|b| format!("a{}b", b as char)).collect();
        texts.extend(["\"", "\\", "\u{7f}", "é", "tables \"first\"", ""].map(String::from));
        for id in RulingId::ALL {
            for text in &texts {
                let events = [Event::RulingSuggested {
                    ruling: Ruling {
                        id,
                        text: Arc::from(text.as_str()),
                        citation: Arc::new(Citation {
                            rulebook: text.clone(),
                            rule: "16-A".into(),
                            text: text.clone(),
                        }),
                        options: vec![FloorOption {
                            text: text.clone(),
                            line: text.clone(),
                            replaces: true,
                        }],
                    },
                }];
                let serde = serde_json::to_string(&events).expect("written");
                assert_eq!(written(&events), serde);
            }
        }
    }
}
