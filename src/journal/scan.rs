//! The line scan: a journal's bytes come in, one line at a time; each
//! line's end and kind are found, its chain link and time checked, and
//! the line (`Raw`) handed to a visitor that reads the record itself
//! (`read_record`). What the scan found besides the records (`Scan`: the
//! head, where the chain starts, what was torn off the end) goes out.
//! `load` and `verify` both visit through it.

use std::path::Path;

use super::{Head, JournalError, PENDING, Record, Stamp, chain, known_form};

/// What a repair on opening cut off the end of the journal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dropped {
    /// The 1-based line where the cut part begins.
    pub line: usize,
    /// How many bytes were cut.
    pub bytes: u64,
    /// What they were, as a phrase.
    pub what: String,
}

/// A record's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Table,
    Session,
    Hand,
    Entry,
    Seal,
}

impl Kind {
    fn named(name: &[u8]) -> Option<Kind> {
        Some(match name {
            b"session" => Kind::Session,
            b"hand" => Kind::Hand,
            b"entry" => Kind::Entry,
            b"seal" => Kind::Seal,
            b"table" => Kind::Table,
            _ => return None,
        })
    }
}

/// One line as the scan found it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Raw<'a> {
    /// The 1-based line.
    pub(crate) line: usize,
    /// Its kind.
    pub(crate) kind: Kind,
    /// Its bytes, without the newline.
    pub(crate) bytes: &'a [u8],
    /// Whether it carries the chain (format 2).
    pub(crate) chained: bool,
    /// When it was written (format 2).
    pub(crate) time: Option<Stamp>,
    /// Its hash (format 2).
    pub(crate) hash: Option<Head>,
    /// Whether its bytes are yet to be checked as UTF-8 text: an entry, a
    /// hand header or a seal that follows the chain is left to its visitor
    /// (`check_text`, `read_raw`), as `verify` reads most of an entry as
    /// bytes and a header or seal in this floorcall's form is read by
    /// position, every byte as text; every other line is checked before
    /// it is handed on.
    pub(crate) text_unchecked: bool,
}

impl Raw<'_> {
    /// Checks that the line is UTF-8 text, when the scan left that to the
    /// visitor.
    pub(crate) fn check_text(&self) -> Result<(), Bad> {
        if self.text_unchecked && std::str::from_utf8(self.bytes).is_err() {
            return Err(NOT_TEXT.to_string().into());
        }
        Ok(())
    }
}

/// What a line that is not UTF-8 text is told.
const NOT_TEXT: &str = "the line is not valid UTF-8 text.";

/// What is wrong with a record, at its line unless another is named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Bad {
    pub(crate) line: Option<usize>,
    pub(crate) reason: String,
}

impl From<String> for Bad {
    fn from(reason: String) -> Bad {
        Bad { line: None, reason }
    }
}

/// What a scan found besides the records.
#[derive(Debug, Clone)]
pub(crate) struct Scan {
    pub(crate) head: Head,
    pub(crate) chained_from: Option<usize>,
    pub(crate) records: usize,
    pub(crate) dropped: Option<Dropped>,
    /// The dropped part begins with a hand header the visitor was given.
    pub(crate) dropped_header: bool,
    pub(crate) unterminated: Option<usize>,
    pub(crate) good_len: u64,
    /// The number of the last line read.
    pub(crate) lines: usize,
}

/// The last hand header the scan passed, and how many entries followed it.
struct LastHand {
    line: usize,
    start: usize,
    entries: usize,
    head_before: Head,
    records_before: usize,
}

/// Reads every line in order: finds its end and its kind, checks the
/// chain and the times, and hands it to `visit`, which reads and checks the
/// record itself (its error is reported at the record's line, or at the
/// line it names). A last line without its newline is kept when it is a
/// whole record, else dropped; so is a last hand header without an entry.
pub(crate) fn scan(
    path: &Path,
    bytes: &[u8],
    visit: impl FnMut(&Raw) -> Result<(), Bad>,
) -> Result<Scan, JournalError> {
    scan_part(path, bytes, None, visit)
}

/// Where a part of a chained journal begins, for scanning it alone.
#[derive(Debug, Clone, Copy)]
pub(crate) struct PartStart {
    /// Lines before the part.
    pub(crate) lines_before: usize,
    /// The head the part's first record links to.
    pub(crate) head: Head,
    /// The line of the journal's first chained record.
    pub(crate) chained_from: usize,
}

/// `scan` over a part of a journal that begins after `start` (the whole
/// journal when `None`).
pub(crate) fn scan_part(
    path: &Path,
    bytes: &[u8],
    start: Option<PartStart>,
    mut visit: impl FnMut(&Raw) -> Result<(), Bad>,
) -> Result<Scan, JournalError> {
    let corrupt = |line: usize, reason: String| JournalError::Corrupt {
        path: path.to_path_buf(),
        line,
        reason,
    };
    let mut out = Scan {
        head: start.map_or_else(|| Head::genesis(b""), |s| s.head),
        chained_from: start.map(|s| s.chained_from),
        records: 0,
        dropped: None,
        dropped_header: false,
        unterminated: None,
        good_len: 0,
        lines: 0,
    };
    let bad_time = |line: usize| {
        corrupt(
            line,
            "the record's time is missing or malformed (\"time\" UTC, then \"offset\", before \"prev\").".into(),
        )
    };
    // The head's hex, as the chain writes it: the next line's `prev`.
    let mut head_hex = out.head.hex_bytes();
    let mut last_hand: Option<LastHand> = None;
    let mut offset = 0usize;
    let mut number = start.map_or(0, |s| s.lines_before);
    while offset < bytes.len() {
        number += 1;
        let line_start = offset;
        let rest = &bytes[offset..];
        let (raw, complete) = match memchr::memchr(b'\n', rest) {
            Some(end) => (&rest[..end], true),
            None => (rest, false),
        };
        offset += raw.len() + usize::from(complete);
        if raw.first() == Some(&PENDING) {
            // A step whose write never finished (its first record still
            // marked pending): never acknowledged, dropped whole.
            out.dropped = Some(Dropped {
                line: number,
                bytes: (bytes.len() - line_start) as u64,
                what: "a write never acknowledged (still marked pending), never shown as taken"
                    .into(),
            });
            break;
        }
        if !complete && !whole_record(raw, &out) {
            // No newline and not a whole record: a write cut off before it
            // finished, never acknowledged.
            out.dropped = Some(Dropped {
                line: number,
                bytes: raw.len() as u64,
                what: "an unfinished write, never shown as taken".into(),
            });
            break;
        }
        if !complete {
            out.unterminated = Some(number);
        }
        // The quick check of the chain first, as bytes (most lines): an
        // entry, a hand header or a seal that passes it is checked as text
        // by its reader (see `Raw`); any other line here, before anything
        // else is said of it.
        let quick = out
            .chained_from
            .and_then(|_| chain::follows(raw, &out.head, &head_hex));
        // The kind's name, read once: it says whether the text is left to
        // the line's reader, and then the kind.
        let named = record_name(raw);
        let text_unchecked = quick.is_some()
            && matches!(
                named.and_then(Kind::named),
                Some(Kind::Entry | Kind::Hand | Kind::Seal)
            );
        if !text_unchecked && std::str::from_utf8(raw).is_err() {
            return Err(corrupt(number, NOT_TEXT.into()));
        }
        if raw.iter().all(u8::is_ascii_whitespace) {
            if out.chained_from.is_some() {
                return Err(corrupt(
                    number,
                    "the line is blank: a chained journal has no blank lines (one was inserted)."
                        .into(),
                ));
            }
            out.good_len = offset as u64;
            continue;
        }
        // The full reading says what is wrong, or starts the chain.
        let links = match quick {
            Some(_) => None,
            None => chain::links(raw),
        };
        let chained = quick.is_some() || links.is_some();
        let (time, hash) = match (quick, links) {
            (Some(q), _) => {
                let time = stamp_of(q.members).ok_or_else(|| bad_time(number))?;
                head_hex = q.hex;
                (Some(time), Some(q.hash))
            }
            (None, Some(l)) => {
                if out.chained_from.is_none() {
                    // The chain's first link covers every byte before it.
                    out.head = Head::genesis(&bytes[..line_start]);
                    out.chained_from = Some(number);
                }
                if l.prev != out.head {
                    return Err(corrupt(
                        number,
                        format!(
                            "the record does not follow the one before it: it links to {} but the chain's head there is {}. A record was removed, moved, repeated or inserted here.",
                            l.prev.short(),
                            out.head.short()
                        ),
                    ));
                }
                if l.computed() != l.hash {
                    return Err(corrupt(
                        number,
                        "the record was changed after it was written: its hash does not match its contents.".into(),
                    ));
                }
                if !l.lowercase {
                    return Err(corrupt(
                        number,
                        "the record was changed after it was written: its \"prev\" or \"hash\" has an upper-case hex digit, and the chain writes (and covers) them in lowercase.".into(),
                    ));
                }
                let time = stamp_of(l.members()).ok_or_else(|| bad_time(number))?;
                head_hex = l.hash.hex_bytes();
                (Some(time), Some(l.hash))
            }
            (None, None) if out.chained_from.is_some() => {
                return Err(corrupt(
                    number,
                    format!(
                        "the record carries no hash, but the chain starts at line {}: every record after it must be chained.",
                        out.chained_from.unwrap_or(1)
                    ),
                ));
            }
            (None, None) => (None, None),
        };
        let kind = kind_of(raw, named, chained).map_err(|e| corrupt(number, e))?;
        if out.chained_from == Some(number) && kind != Kind::Session {
            return Err(corrupt(
                number,
                format!(
                    "the chain starts with a {kind:?} record: it starts with a session record (the one before it was removed).",
                ),
            ));
        }
        match kind {
            Kind::Hand => {
                last_hand = Some(LastHand {
                    line: number,
                    start: line_start,
                    entries: 0,
                    head_before: out.head,
                    records_before: out.records,
                });
            }
            Kind::Entry => {
                if let Some(h) = last_hand.as_mut() {
                    h.entries += 1;
                }
            }
            Kind::Session | Kind::Seal | Kind::Table => {}
        }
        if let Some(hash) = hash {
            out.head = hash;
        }
        out.records += 1;
        visit(&Raw {
            line: number,
            kind,
            bytes: raw,
            chained,
            time,
            hash,
            text_unchecked,
        })
        .map_err(|bad| corrupt(bad.line.unwrap_or(number), bad.reason))?;
        out.good_len = offset as u64;
    }
    out.lines = number;
    if out.chained_from.is_none() {
        out.head = Head::genesis(&bytes[..out.good_len as usize]);
    }
    // A header and its hand's first entry are written in one call: a last
    // header without entries is part of a write that never finished.
    if let Some(h) = last_hand.filter(|h| h.entries == 0) {
        let torn = out.dropped.take();
        out.dropped = Some(Dropped {
            line: h.line,
            bytes: bytes.len() as u64 - h.start as u64,
            what: match torn {
                Some(_) => "a hand's start and an unfinished write, never shown as taken".into(),
                None => "a hand's start whose first entry was never written".into(),
            },
        });
        out.dropped_header = true;
        out.unterminated = None;
        out.good_len = h.start as u64;
        out.records = h.records_before;
        out.head = if out.chained_from.is_some_and(|l| l < h.line) {
            h.head_before
        } else {
            out.chained_from = None;
            Head::genesis(&bytes[..h.start])
        };
    }
    Ok(out)
}

/// Whether a last line without its newline is a whole record, so it was
/// written and only its newline is missing: a line in the chained form
/// (whose links the scan then checks like any other), or a format-1 record
/// that reads. A torn write is a prefix of its line, which has neither.
fn whole_record(raw: &[u8], out: &Scan) -> bool {
    match chain::links(raw) {
        Some(_) => true,
        None => out.chained_from.is_none() && read_v1(raw).is_ok(),
    }
}

/// The time members before `prev`: `,"time":"<24>","offset":"<6>"`.
fn stamp_of(members: &[u8]) -> Option<Stamp> {
    const TIME: &[u8] = b",\"time\":\"";
    const OFFSET: &[u8] = b"\",\"offset\":\"";
    let n = members.len();
    let len = TIME.len() + 24 + OFFSET.len() + 6 + 1;
    if n < len || members[n - 1] != b'"' {
        return None;
    }
    let at = n - len;
    let t = &members[at..];
    if &t[..TIME.len()] != TIME || &t[TIME.len() + 24..TIME.len() + 24 + OFFSET.len()] != OFFSET {
        return None;
    }
    Stamp::parse_bytes(
        &t[TIME.len()..TIME.len() + 24],
        &t[TIME.len() + 24 + OFFSET.len()..len - 1],
    )
}

/// The kind's name at the start of a line, `{"record":"NAME"`, as bytes
/// (the line may not yet be checked as text).
fn record_name(raw: &[u8]) -> Option<&[u8]> {
    let rest = raw.strip_prefix(b"{\"record\":\"")?;
    let end = memchr::memchr(b'"', rest)?;
    Some(&rest[..end])
}

/// The kind named at the start of a line (`named`, its `record_name`): a
/// chained line must begin so; a format-1 line is read whole when it does
/// not.
fn kind_of(raw: &[u8], named: Option<&[u8]>, chained: bool) -> Result<Kind, String> {
    let name: &[u8] = match named {
        Some(name) => name,
        None if chained => {
            return Err(
                "the line is not a journal record (it does not begin with its \"record\" kind)."
                    .into(),
            );
        }
        None => match read_v1(raw)? {
            Record::Hand(_) => b"hand",
            _ => b"entry",
        },
    };
    Kind::named(name).ok_or_else(|| {
        format!(
            "the line is a record of kind \"{}\", which is none of \"session\", \"hand\", \"entry\", \"seal\" and \"table\".",
            String::from_utf8_lossy(name)
        )
    })
}

/// Reads one line as a record: chained lines straight into their type
/// (hand headers and seals by position when they are in this floorcall's
/// form, `known_form`), format-1 lines as before.
pub(crate) fn read_record(raw: &[u8], chained: bool) -> Result<Record, String> {
    if !chained {
        return read_v1(raw);
    }
    let bad = |e: serde_json::Error| format!("the line is not a journal record ({e}).");
    match kind_of(raw, record_name(raw), true)? {
        Kind::Entry => serde_json::from_slice(raw).map(Record::Entry).map_err(bad),
        Kind::Hand => match known_form::hand(raw) {
            Some(header) => Ok(Record::Hand(header)),
            None => serde_json::from_slice(raw).map(Record::Hand).map_err(bad),
        },
        Kind::Seal => match known_form::seal(raw) {
            Some(seal) => Ok(Record::Seal(seal)),
            None => serde_json::from_slice(raw).map(Record::Seal).map_err(bad),
        },
        Kind::Table => serde_json::from_slice(raw).map(Record::Table).map_err(bad),
        Kind::Session => serde_json::from_slice(raw)
            .map(|s| Record::Session(Box::new(s)))
            .map_err(bad),
    }
}

/// Reads a line the scan handed on: a chained hand header or seal in
/// this floorcall's form by position (`known_form` reads every byte of it
/// as text), any other line checked as text, then read (`read_record`).
pub(crate) fn read_raw(raw: &Raw) -> Result<Record, Bad> {
    let known = match raw.kind {
        Kind::Hand if raw.chained => known_form::hand(raw.bytes).map(Record::Hand),
        Kind::Seal if raw.chained => known_form::seal(raw.bytes).map(Record::Seal),
        _ => None,
    };
    if let Some(record) = known {
        return Ok(record);
    }
    raw.check_text()?;
    Ok(read_record(raw.bytes, raw.chained)?)
}

/// Reads a format-1 line. (Through a JSON value first: serde's tagged
/// enums cannot read the header's numbered map keys directly.)
fn read_v1(raw: &[u8]) -> Result<Record, String> {
    let bad = |e: serde_json::Error| format!("the line is not a journal record ({e}).");
    let value: serde_json::Value = serde_json::from_slice(raw).map_err(bad)?;
    match value.get("record").and_then(|r| r.as_str()) {
        Some("hand") => serde_json::from_value(value).map(Record::Hand).map_err(bad),
        Some("entry") => serde_json::from_value(value)
            .map(Record::Entry)
            .map_err(bad),
        Some(other) => Err(format!(
            "the line is a record of kind \"{other}\", which is neither \"hand\" nor \"entry\"."
        )),
        None => Err("the line is not a journal record (it has no \"record\" kind).".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_time_members_read_back() {
        let s = Stamp {
            unix_ms: 1_763_814_961_123,
            offset_s: -5 * 3600,
        };
        let members = format!(
            "{{\"record\":\"x\",\"time\":\"{}\",\"offset\":\"{}\"",
            s.utc_text(),
            s.offset_text()
        );
        assert_eq!(stamp_of(members.as_bytes()), Some(s));
        assert_eq!(stamp_of(b"{\"record\":\"x\""), None);
    }
}
