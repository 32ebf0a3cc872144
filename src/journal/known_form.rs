//! Hand headers and seals read by position: a chained line comes in, and
//! the record goes out when the line is in the exact form this floorcall
//! writes (serde_json, compact, members in their order, no escapes), or
//! `None` for any other form, which the caller then reads with serde.
//!
//! Reading a journal reads a header and a seal for every hand, and serde's
//! reading (a key at a time, matched by name, each number through its
//! generic visitor) was a tenth of `verify`'s time. Anything this reader
//! does not expect, byte for byte, sends the line to serde: a member out
//! of order or missing, a string with an escape or a control character, a
//! number with a sign, a fraction, a leading zero or too many digits, a
//! seat or card that does not exist, names out of order, time and chain
//! members not in their place. What it accepts, serde accepts alike (the
//! tests hold the two equal on a real journal and on edge forms).

use std::collections::BTreeMap;

use super::{HandHeader, Seal};
use crate::table::event::{AnteMode, BlindSeats, Street, TableSetup};
use crate::table::seat::MAX_SEATS;
use crate::table::{Card, Chips, Seat};

/// A header in this floorcall's form, or `None`.
pub(super) fn hand(raw: &[u8]) -> Option<HandHeader> {
    let mut at = Cursor(raw);
    at.lit(b"{\"record\":\"hand\",\"version\":")?;
    let version = at.u32()?;
    at.lit(b",\"house\":")?;
    let house = at.text()?.to_string();
    at.lit(b",\"number\":")?;
    let number = at.u32()?;
    at.lit(b",\"seats\":")?;
    let seats = at.u8()?;
    at.lit(b",\"names\":")?;
    let names = at.names()?;
    at.lit(b",\"setup\":")?;
    let setup = at.setup()?;
    at.tail()?;
    Some(HandHeader {
        version,
        house,
        number,
        seats,
        names,
        setup,
    })
}

/// A seal in this floorcall's form, or `None`.
pub(super) fn seal(raw: &[u8]) -> Option<Seal> {
    let mut at = Cursor(raw);
    at.lit(b"{\"record\":\"seal\",\"hand\":")?;
    let hand = at.u32()?;
    at.lit(b",\"entries\":")?;
    let entries = at.u32()?;
    at.lit(b",\"stacks\":")?;
    let stacks = at.stacks()?;
    at.tail()?;
    Some(Seal {
        hand,
        entries,
        stacks,
    })
}

/// The bytes not yet read.
struct Cursor<'a>(&'a [u8]);

impl<'a> Cursor<'a> {
    /// These bytes next.
    fn lit(&mut self, bytes: &[u8]) -> Option<()> {
        self.0 = self.0.strip_prefix(bytes)?;
        Some(())
    }

    /// A number as JSON writes one that fits in a `u64`: `0`, or digits
    /// not beginning with `0`.
    fn number(&mut self) -> Option<u64> {
        let digits = self.0.iter().take_while(|b| b.is_ascii_digit()).count();
        if digits == 0 || (digits > 1 && self.0[0] == b'0') {
            return None;
        }
        let n = self.0[..digits].iter().try_fold(0u64, |n, d| {
            n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        })?;
        self.0 = &self.0[digits..];
        Some(n)
    }

    fn u32(&mut self) -> Option<u32> {
        u32::try_from(self.number()?).ok()
    }

    fn u8(&mut self) -> Option<u8> {
        u8::try_from(self.number()?).ok()
    }

    fn chips(&mut self) -> Option<Chips> {
        self.number().map(Chips)
    }

    /// A seat as serde reads one: a `u8` that is a seat.
    fn seat(&mut self) -> Option<Seat> {
        Seat::new(self.u8()?)
    }

    /// A string with nothing escaped in it (no quote, backslash or control
    /// character).
    fn text(&mut self) -> Option<&'a str> {
        let body = self.0.strip_prefix(b"\"")?;
        let end = body
            .iter()
            .position(|&b| b < 0x20 || b == b'"' || b == b'\\')?;
        if body[end] != b'"' {
            return None;
        }
        let text = std::str::from_utf8(&body[..end]).ok()?;
        self.0 = &body[end + 1..];
        Some(text)
    }

    /// A string of `len` bytes of ASCII with nothing escaped in it,
    /// passed over. (Every byte is looked at, none stops the look early:
    /// the compiler looks at many at a time. Read as `text`, the time and
    /// chain members were a per cent of `verify`.)
    fn plain(&mut self, len: usize) -> Option<()> {
        let body = self.0.strip_prefix(b"\"")?;
        let plain = body.get(..len)?.iter().fold(true, |plain, &b| {
            plain & (0x20..0x80).contains(&b) & (b != b'"') & (b != b'\\')
        });
        self.0 = body[len..].strip_prefix(b"\"").filter(|_| plain)?;
        Some(())
    }

    /// `[item,...]`.
    fn list<T>(&mut self, item: impl FnMut(&mut Self) -> Option<T>) -> Option<Vec<T>> {
        self.list_in(Vec::new(), item)
    }

    /// `list`, into `items` (empty, with the room the list most often
    /// needs).
    fn list_in<T>(
        &mut self,
        mut items: Vec<T>,
        mut item: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<Vec<T>> {
        self.lit(b"[")?;
        if self.lit(b"]").is_some() {
            return Some(items);
        }
        loop {
            items.push(item(self)?);
            if self.lit(b",").is_none() {
                self.lit(b"]")?;
                return Some(items);
            }
        }
    }

    /// Seats and their chips, `[[seat,chips],...]`, in room for a full
    /// table (grown from none, the list was made four times over).
    fn stacks(&mut self) -> Option<Vec<(Seat, Chips)>> {
        self.list_in(Vec::with_capacity(MAX_SEATS), |at| {
            at.lit(b"[")?;
            let seat = at.seat()?;
            at.lit(b",")?;
            let chips = at.chips()?;
            at.lit(b"]")?;
            Some((seat, chips))
        })
    }

    fn cards(&mut self) -> Option<Vec<Card>> {
        self.list(|at| at.text()?.parse().ok())
    }

    /// Player names by seat, `{"1":"Ann",...}`, the seats in rising order
    /// (as a map writes them: no seat twice).
    fn names(&mut self) -> Option<BTreeMap<u8, String>> {
        self.lit(b"{")?;
        let mut names = BTreeMap::new();
        if self.lit(b"}").is_some() {
            return Some(names);
        }
        loop {
            self.lit(b"\"")?;
            let seat = self.u8()?;
            self.lit(b"\":")?;
            let name = self.text()?;
            if names
                .last_key_value()
                .is_some_and(|(last, _)| *last >= seat)
            {
                return None;
            }
            names.insert(seat, name.to_string());
            if self.lit(b",").is_none() {
                self.lit(b"}")?;
                return Some(names);
            }
        }
    }

    fn street(&mut self) -> Option<Street> {
        Street::named(self.text()?)
    }

    fn setup(&mut self) -> Option<TableSetup> {
        self.lit(b"{\"button\":")?;
        let button = self.seat()?;
        self.lit(b",\"small_blind\":")?;
        let small_blind = self.chips()?;
        self.lit(b",\"big_blind\":")?;
        let big_blind = self.chips()?;
        self.lit(b",\"ante\":")?;
        let ante = self.chips()?;
        self.lit(b",\"ante_mode\":")?;
        let ante_mode = match self.text()? {
            "per-player" => AnteMode::PerPlayer,
            "big-blind" => AnteMode::BigBlind,
            _ => return None,
        };
        self.lit(b",\"stacks\":")?;
        let stacks = self.stacks()?;
        self.lit(b",\"denominations\":")?;
        let denominations = self.list(Cursor::chips)?;
        self.lit(b",\"street\":")?;
        let street = self.street()?;
        self.lit(b",\"pot\":")?;
        let pot = self.chips()?;
        self.lit(b",\"board\":")?;
        let board = self.cards()?;
        let blind_seats = match self.lit(b",\"blind_seats\":{\"small\":") {
            Some(()) => {
                let small = match self.lit(b"null") {
                    Some(()) => None,
                    None => Some(self.seat()?),
                };
                self.lit(b",\"big\":")?;
                let big = self.seat()?;
                self.lit(b"}")?;
                Some(BlindSeats { small, big })
            }
            None => None,
        };
        let away = match self.lit(b",\"away\":") {
            Some(()) => self.list(Cursor::seat)?,
            None => Vec::new(),
        };
        self.lit(b"}")?;
        Some(TableSetup {
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
        })
    }

    /// The time and chain members that close a chained line, and nothing
    /// after them: `,"time":"<24>","offset":"<6>","prev":"<64>","hash":"<64>"}`
    /// (the scan has read what they say; here only that serde would take
    /// them as strings, so that nothing is accepted that serde refuses).
    fn tail(&mut self) -> Option<()> {
        for (key, len) in [("time", 24), ("offset", 6), ("prev", 64), ("hash", 64)] {
            self.lit(b",\"")?;
            self.lit(key.as_bytes())?;
            self.lit(b"\":")?;
            self.plain(len)?;
        }
        self.lit(b"}")?;
        self.0.is_empty().then_some(())
    }
}

#[cfg(test)]
mod tests {
    use serde::Serialize;

    use super::*;
    use crate::journal::chain::{Head, seal_line};
    use crate::table::event::EVENT_VERSION;

    /// The first two hands' headers and seals of the README's journal, as
    /// a table wrote them (`FLOORCALL_JOURNAL_CHILD=build`).
    const WRITTEN: [&str; 4] = [
        r#"{"record":"hand","version":1,"house":"tda","number":1,"seats":10,"names":{},"setup":{"button":3,"small_blind":100,"big_blind":200,"ante":0,"ante_mode":"per-player","stacks":[[1,20000],[2,20000],[3,20000],[4,20000],[5,20000],[6,20000],[7,20000],[8,20000],[9,20000],[10,20000]],"denominations":[],"street":"preflop","pot":0,"board":[]},"time":"2026-11-27T05:31:54.427Z","offset":"+00:00","prev":"f36f7bd14bad9c5edde27b7a601a9fe3d96608d1d5174ecf94554a5d563dc343","hash":"752b16ef36403c005391e8ade8fd3434805fd594829fd16278294d63f1797b94"}"#,
        r#"{"record":"seal","hand":1,"entries":29,"stacks":[[1,20000],[2,20000],[3,19400],[4,19900],[5,26500],[6,16400],[7,18400],[8,20000],[9,19400],[10,20000]],"time":"2026-11-27T05:31:54.769Z","offset":"+00:00","prev":"2c87c542eef4bbfe2b7c385691639204d876b6dc565a5e789e3c269e4700110b","hash":"5adc1efaed993933841fa24e0b697278e0ba081748f0a17021458d0741e1bf5f"}"#,
        r#"{"record":"hand","version":1,"house":"tda","number":2,"seats":10,"names":{},"setup":{"button":4,"small_blind":100,"big_blind":200,"ante":0,"ante_mode":"per-player","stacks":[[1,20000],[2,20000],[3,19400],[4,19900],[5,26500],[6,16400],[7,18400],[8,20000],[9,19400],[10,20000]],"denominations":[],"street":"preflop","pot":0,"board":[]},"time":"2026-11-27T05:31:54.773Z","offset":"+00:00","prev":"5adc1efaed993933841fa24e0b697278e0ba081748f0a17021458d0741e1bf5f","hash":"5e6473c8bffae814e9cd1ba8987b4eb78576c6e2a047a19f4cc216467a130c9e"}"#,
        r#"{"record":"seal","hand":2,"entries":29,"stacks":[[1,20000],[2,20000],[3,19400],[4,19300],[5,26400],[6,22900],[7,14800],[8,18400],[9,19400],[10,19400]],"time":"2026-11-27T05:31:55.102Z","offset":"+00:00","prev":"5fc8516c58349ceb6481f47c3a0914843b0cad43e3f05e8aa7a058b43306dbb0","hash":"5e41d0f47cdd054488203cda27d55bae382f8c6eca87888294ba9ff934287de4"}"#,
    ];

    /// A record's line as the journal's writer makes it: serde's object
    /// with the kind first, then the time and the chain members.
    fn line(kind: &str, value: &impl Serialize) -> String {
        let json = serde_json::to_string(value).expect("written");
        let object = format!(
            "{{\"record\":\"{kind}\",{},\"time\":\"2025-11-22T12:36:01.000Z\",\"offset\":\"+01:00\"}}",
            &json[1..json.len() - 1]
        );
        let (line, _) = seal_line(&Head::genesis(b""), &object);
        line.trim_end().to_string()
    }

    /// Headers and seals as a table writes them: the README journal's,
    /// and hands with names (one past ASCII), antes, chip denominations,
    /// a board, blind seats and seats away.
    fn journal_lines() -> Vec<String> {
        let mut lines: Vec<String> = WRITTEN.iter().map(|l| l.to_string()).collect();
        let stacks = vec![
            (Seat::from_index(0), Chips(1_000)),
            (Seat::from_index(1), Chips(2_000)),
            (Seat::from_index(2), Chips(3_000)),
        ];
        let mut setup = TableSetup::preflop(Seat::from_index(0), (Chips(50), Chips(100)), stacks);
        setup.ante = Chips(10);
        setup.denominations = vec![Chips(5), Chips(25), Chips(100)];
        let names = BTreeMap::from([(1, "Ann".to_string()), (3, "Bö Li".to_string())]);
        let header = HandHeader::new("tda", 1, 9, names, setup.clone());
        assert_eq!(header.version, EVENT_VERSION);
        lines.push(line("hand", &header));
        setup.street = Street::Turn;
        setup.pot = Chips(600);
        setup.board = ["As", "Kd", "7c", "2h"]
            .map(|c| c.parse().expect("a card"))
            .to_vec();
        setup.blind_seats = Some(BlindSeats {
            small: None,
            big: Seat::from_index(2),
        });
        setup.away = vec![Seat::from_index(1)];
        setup.ante_mode = AnteMode::BigBlind;
        lines.push(line(
            "hand",
            &HandHeader::new("my house", 2, 10, BTreeMap::new(), setup),
        ));
        let seal = Seal {
            hand: 1,
            entries: 3,
            stacks: vec![
                (Seat::from_index(0), Chips(950)),
                (Seat::from_index(1), Chips(1_940)),
                (Seat::from_index(2), Chips(3_110)),
            ],
        };
        lines.push(line("seal", &seal));
        lines
    }

    /// Whether the quick reading agrees with serde's on `line`: what it
    /// reads, serde reads alike. Returns whether it read the line.
    fn agrees(line: &str) -> bool {
        if line.starts_with("{\"record\":\"hand\"") {
            let quick = hand(line.as_bytes());
            if let Some(quick) = &quick {
                let serde: HandHeader = serde_json::from_str(line).expect("serde reads it");
                assert_eq!(*quick, serde, "{line}");
            }
            quick.is_some()
        } else {
            let quick = seal(line.as_bytes());
            if let Some(quick) = &quick {
                let serde: Seal = serde_json::from_str(line).expect("serde reads it");
                assert_eq!(*quick, serde, "{line}");
            }
            quick.is_some()
        }
    }

    #[test]
    fn every_header_and_seal_of_a_journal_reads_as_serde_reads_it() {
        let lines = journal_lines();
        let read: Vec<&String> = lines
            .iter()
            .filter(|l| {
                l.starts_with("{\"record\":\"hand\"") || l.starts_with("{\"record\":\"seal\"")
            })
            .collect();
        assert_eq!(read.len(), 7);
        for line in read {
            assert!(agrees(line), "read by position: {line}");
        }
    }

    #[test]
    fn edge_forms_read_alike_or_go_to_serde() {
        let lines = journal_lines();
        let header = &lines[4];
        let seal_line = &lines[6];
        let edit = |line: &str, from: &str, to: &str| {
            assert!(line.contains(from), "{from} in {line}");
            line.replacen(from, to, 1)
        };
        // Read by position, as serde reads them.
        for (from, to) in [
            ("\"names\":{\"1\":\"Ann\",\"3\":\"Bö Li\"}", "\"names\":{}"),
            ("\"Ann\"", "\"\""),
            (
                "\"board\":[]",
                "\"board\":[\"As\",\"Kd\",\"7c\",\"Th\",\"2s\"]",
            ),
            (
                "\"board\":[]",
                "\"board\":[],\"blind_seats\":{\"small\":null,\"big\":3},\"away\":[2]",
            ),
            (
                "\"board\":[]",
                "\"board\":[],\"blind_seats\":{\"small\":2,\"big\":3}",
            ),
            ("\"board\":[]", "\"board\":[],\"away\":[]"),
            (
                "\"ante_mode\":\"per-player\"",
                "\"ante_mode\":\"big-blind\"",
            ),
            ("\"street\":\"preflop\"", "\"street\":\"flop\""),
            ("\"denominations\":[5,25,100]", "\"denominations\":[]"),
            ("\"ante\":10,", "\"ante\":0,"),
            ("\"ante\":10,", "\"ante\":18446744073709551615,"),
        ] {
            assert!(agrees(&edit(header, from, to)), "read by position: {to}");
        }
        // Any other form goes to serde (which may read it or not).
        for (from, to) in [
            ("\"Ann\"", "\"A\\\"nn\""),
            ("\"Ann\"", "\"A\\u006en\""),
            ("\"Ann\"", "\"A\tn\""),
            (
                "\"names\":{\"1\":\"Ann\",\"3\":\"Bö Li\"}",
                "\"names\":{\"3\":\"Bö Li\",\"1\":\"Ann\"}",
            ),
            (
                "\"names\":{\"1\":\"Ann\",\"3\":\"Bö Li\"}",
                "\"names\":{\"01\":\"Ann\"}",
            ),
            (
                "\"version\":2,\"house\":\"tda\"",
                "\"house\":\"tda\",\"version\":2",
            ),
            ("\"seats\":9,", "\"seats\":9,\"extra\":1,"),
            ("\"seats\":9,", "\"seats\": 9,"),
            ("\"seats\":9,", "\"seats\":09,"),
            ("\"seats\":9,", "\"seats\":9.0,"),
            ("\"seats\":9,", "\"seats\":-9,"),
            ("\"seats\":9,", "\"seats\":256,"),
            ("\"ante\":10,", "\"ante\":18446744073709551616,"),
            ("\"button\":1,", "\"button\":11,"),
            ("\"button\":1,", "\"button\":0,"),
            ("\"board\":[]", "\"board\":[\"Xx\"]"),
            ("\"board\":[]", "\"board\":[,]"),
            ("\"street\":\"preflop\"", "\"street\":\"Preflop\""),
            ("\"board\":[]", "\"board\":[],\"blind_seats\":null"),
            ("\"time\":", "\"tyme\":"),
            ("\"offset\":\"", "\"offset\":\"+"),
            // A time or chain member of its length with a byte that is
            // escaped, or not ASCII.
            ("\"time\":\"2", "\"time\":\"\\"),
            ("\"time\":\"2", "\"time\":\"\t"),
            ("\"hash\":\"", "\"hash\":\"\"\""),
            ("\"prev\":\"", "\"prev\":\"\\\\"),
            ("\"hash\":\"", "\"hash\":\"é"),
        ] {
            let edited = edit(header, from, to);
            assert!(
                hand(edited.as_bytes()).is_none(),
                "not by position: {edited}"
            );
        }
        let trailing = format!("{header} ");
        assert!(hand(trailing.as_bytes()).is_none());
        assert!(hand(seal_line.as_bytes()).is_none());
        assert!(seal(header.as_bytes()).is_none());
        // Seals: stacks empty or large read alike; anything else to serde.
        let stacks_at = seal_line.find("\"stacks\":").expect("stacks") + "\"stacks\":".len();
        let stacks_end = stacks_at + seal_line[stacks_at..].find("]]").expect("the end") + 2;
        let stacks = &seal_line[stacks_at..stacks_end];
        for to in ["[]", "[[10,18446744073709551615]]", "[[1,0],[2,5]]"] {
            assert!(
                agrees(&edit(seal_line, stacks, to)),
                "read by position: {to}"
            );
        }
        for to in ["[[1,0],]", "[[1]]", "[[1,0,2]]", "[[0,5]]", "[ [1,5]]"] {
            let edited = edit(seal_line, stacks, to);
            assert!(
                seal(edited.as_bytes()).is_none(),
                "not by position: {edited}"
            );
        }
    }
}
