//! The order of records: each record read comes in, in file order, and
//! is checked against what came before (a known journal format, house
//! rules matching their digest, hands with tables the engine would start,
//! entries in sequence, seals after the entries of their hand); a `Bad`
//! naming the line goes out when it may not come next.

use super::scan::Bad;
use super::{HandHeader, JOURNAL_FORMAT, Record};
use crate::table::dealing::validate_setup;
use crate::table::event::{EVENT_VERSION, Event, TableSetup};
use crate::table::hand::Entry;

/// The order of records: sessions in a known format with their digests,
/// hands with tables the engine would start, entries in sequence, each
/// hand beginning with its start, seals after entries of their hand.
#[derive(Debug, Default)]
pub(crate) struct Order {
    hand: Option<HandAt>,
}

/// Where the current hand is.
#[derive(Debug)]
struct HandAt {
    number: u32,
    setup: TableSetup,
    entries: u32,
    line: usize,
}

impl Order {
    /// Checks that `record`, at `line`, may come next.
    pub(crate) fn record(&mut self, line: usize, record: &Record) -> Result<(), Bad> {
        match record {
            Record::Session(s) => {
                if s.format != JOURNAL_FORMAT {
                    return Err(format!(
                        "the session was written in journal format {}, and this floorcall reads formats 1 and {JOURNAL_FORMAT}.",
                        s.format
                    )
                    .into());
                }
                if let Some(bad) = s.house.bad_digest() {
                    return Err(format!(
                        "the house rules \"{}\" embedded here do not match their digest: the text was changed.",
                        bad.name
                    )
                    .into());
                }
            }
            Record::Hand(header) => {
                if let Some(h) = self.hand.as_ref().filter(|h| h.entries == 0) {
                    return Err(Bad {
                        line: Some(h.line),
                        reason: format!(
                            "hand {} has a header but no entries: its start was never written.",
                            h.number
                        ),
                    });
                }
                if header.version == 0 || header.version > EVENT_VERSION {
                    return Err(format!(
                        "the hand was written in event version {}, and this floorcall reads versions 1 to {EVENT_VERSION}: a later floorcall wrote it.",
                        header.version
                    )
                    .into());
                }
                // A table the engine would not start is not a hand that
                // was played: the file was damaged or written by hand.
                validate_setup(&header.setup)
                    .map_err(|refusal| format!("hand {}: {refusal}", header.number))?;
                check_seats(header)?;
                self.hand = Some(HandAt {
                    number: header.number,
                    setup: header.setup.clone(),
                    entries: 0,
                    line,
                });
            }
            Record::Entry(entry) => {
                let h = self.hand_for(entry.seq)?;
                check_entry(h, entry)?;
                h.entries += 1;
            }
            // A table record may come between hands or during one (a
            // clock, a seat away); `verify` folds them.
            Record::Table(_) => {}
            Record::Seal(seal) => {
                let Some(h) = self.hand.as_ref().filter(|h| h.entries > 0) else {
                    return Err(
                        format!("the seal of hand {} comes before any entry.", seal.hand).into(),
                    );
                };
                if seal.hand != h.number || seal.entries != h.entries {
                    return Err(format!(
                        "the seal is for hand {} after {} entries, but it follows entry {} of hand {}.",
                        seal.hand,
                        seal.entries,
                        h.entries - 1,
                        h.number
                    )
                    .into());
                }
            }
        }
        Ok(())
    }

    /// Checks only that entry `seq` comes next in its hand (its events are
    /// checked by ruling it again).
    pub(crate) fn entry_seq(&mut self, seq: u32) -> Result<(), Bad> {
        let h = self.hand_for(seq)?;
        if seq != h.entries {
            return Err(format!(
                "entry {seq} is out of order: entry {} of hand {} comes next.",
                h.entries, h.number
            )
            .into());
        }
        h.entries += 1;
        Ok(())
    }

    /// Takes back the count `entry_seq` made, to check the entry whole.
    pub(crate) fn unsee_entry(&mut self) {
        if let Some(h) = self.hand.as_mut() {
            h.entries = h.entries.saturating_sub(1);
        }
    }

    fn hand_for(&mut self, seq: u32) -> Result<&mut HandAt, Bad> {
        self.hand
            .as_mut()
            .ok_or_else(|| format!("entry {seq} comes before any hand header.").into())
    }
}

/// Checks a header's table size as the table flags do (2 to 10 seats), and
/// that every seat dealt is one of them.
fn check_seats(header: &HandHeader) -> Result<(), String> {
    let seats = header.seats;
    if !(2..=crate::table::seat::MAX_SEATS as u8).contains(&seats) {
        return Err(format!(
            "hand {} is at a table of {seats} seats: a table has 2 to {} seats.",
            header.number,
            crate::table::seat::MAX_SEATS
        ));
    }
    if let Some((seat, _)) = header.setup.stacks.iter().find(|(s, _)| s.number() > seats) {
        return Err(format!(
            "hand {} deals seat {}, but its table has {seats} seats.",
            header.number,
            seat.number()
        ));
    }
    Ok(())
}

/// Checks that `entry` may follow the hand's entries so far.
fn check_entry(hand: &HandAt, entry: &Entry) -> Result<(), String> {
    let expected = hand.entries;
    if entry.seq != expected {
        return Err(format!(
            "entry {} is out of order: entry {expected} of hand {} comes next.",
            entry.seq, hand.number
        ));
    }
    if expected == 0 {
        match entry.events.first() {
            Some(Event::HandStarted { setup }) if **setup == hand.setup => {}
            Some(Event::HandStarted { .. }) => {
                return Err(format!(
                    "hand {} starts with a table other than the one in its header.",
                    hand.number
                ));
            }
            _ => {
                return Err(format!(
                    "the first entry of hand {} does not start the hand.",
                    hand.number
                ));
            }
        }
    }
    for event in &entry.events {
        if let Event::EntryRetracted { entry: target } = event
            && *target >= entry.seq
        {
            return Err(format!(
                "entry {} retracts entry {target}, which does not come before it.",
                entry.seq
            ));
        }
        if let Event::HandStarted { setup } = event {
            validate_setup(setup).map_err(|refusal| {
                format!("entry {} of hand {}: {refusal}", entry.seq, hand.number)
            })?;
        }
    }
    Ok(())
}
