//! Wall-clock times for journal records: the instant in UTC and the local
//! offset in force, so a disputed hand reads in the room's time and still
//! sorts with another table's.
//!
//! The clock is a parameter (`Clock`), so tests fix it. The system clock
//! reads the local offset with `chrono`, which parses the zone files itself
//! and is safe to call from any thread (libc's `localtime` is not), and
//! follows a change of summer time during a session.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

use chrono::{DateTime, FixedOffset, Offset, Utc};

/// When a record was written: milliseconds since 1970 (UTC) and the local
/// offset east of UTC in seconds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Stamp {
    /// Milliseconds since 1970-01-01T00:00:00Z.
    pub unix_ms: i64,
    /// The local offset, seconds east of UTC.
    pub offset_s: i32,
}

impl Stamp {
    /// The UTC time as written in the journal: `2026-11-22T12:36:01.123Z`.
    pub fn utc_text(&self) -> String {
        match DateTime::<Utc>::from_timestamp_millis(self.unix_ms) {
            Some(t) => t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string(),
            None => format!("{}ms", self.unix_ms),
        }
    }

    /// The offset as written in the journal: `+01:00`.
    pub fn offset_text(&self) -> String {
        let sign = if self.offset_s < 0 { '-' } else { '+' };
        let s = self.offset_s.unsigned_abs();
        format!("{sign}{:02}:{:02}", s / 3600, s / 60 % 60)
    }

    /// The local time with its offset, as the TD reads it:
    /// `2026-11-22 13:36:01 +01:00`.
    pub fn local_text(&self) -> String {
        let local = FixedOffset::east_opt(self.offset_s)
            .zip(DateTime::<Utc>::from_timestamp_millis(self.unix_ms))
            .map(|(off, t)| t.with_timezone(&off));
        match local {
            Some(t) => t.format("%Y-%m-%d %H:%M:%S %:z").to_string(),
            None => self.utc_text(),
        }
    }

    /// The local time of day: `13:36:01`.
    pub fn local_clock(&self) -> String {
        self.local_text()
            .split(' ')
            .nth(1)
            .unwrap_or_default()
            .to_string()
    }

    /// Reads the journal's two fields back. Checked, not trusted: a
    /// malformed time is a damaged record.
    pub fn parse(utc: &str, offset: &str) -> Option<Stamp> {
        Stamp::parse_bytes(utc.as_bytes(), offset.as_bytes())
    }

    /// `parse`, of the fields' bytes as they stand in a line (every
    /// character must be an ASCII one, so no text check is needed first).
    pub(crate) fn parse_bytes(utc: &[u8], offset: &[u8]) -> Option<Stamp> {
        Some(Stamp {
            unix_ms: parse_utc(utc)?,
            offset_s: parse_offset(offset)?,
        })
    }
}

impl fmt::Display for Stamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.local_text())
    }
}

fn digits(b: &[u8]) -> Option<u32> {
    b.iter().try_fold(0u32, |n, c| {
        c.is_ascii_digit().then(|| n * 10 + u32::from(c - b'0'))
    })
}

/// `YYYY-MM-DDTHH:MM:SS.mmmZ`, exactly (what the journal writes).
fn parse_utc(b: &[u8]) -> Option<i64> {
    if b.len() != 24
        || b[4] != b'-'
        || b[7] != b'-'
        || b[10] != b'T'
        || b[13] != b':'
        || b[16] != b':'
        || b[19] != b'.'
        || b[23] != b'Z'
    {
        return None;
    }
    let days = day_of(&b[..10])?;
    let (h, m, s, ms) = (
        digits(&b[11..13])?,
        digits(&b[14..16])?,
        digits(&b[17..19])?,
        digits(&b[20..23])?,
    );
    if h > 23 || m > 59 || s > 59 {
        return None;
    }
    let seconds = days * 86_400 + i64::from(h * 3600 + m * 60 + s);
    Some(seconds * 1000 + i64::from(ms))
}

/// The days from 1970-01-01 to the day `date` (`YYYY-MM-DD`) names. The
/// last day read on this thread is kept: the records of a journal come
/// day after day, thousands to a day, and `verify` reads a time on each.
fn day_of(date: &[u8]) -> Option<i64> {
    thread_local! {
        static LAST: std::cell::Cell<Option<([u8; 10], i64)>> = const { std::cell::Cell::new(None) };
    }
    let date: [u8; 10] = date.try_into().ok()?;
    if let Some((last, days)) = LAST.get()
        && last == date
    {
        return Some(days);
    }
    let days = days_from_civil(
        i64::from(digits(&date[0..4])?),
        digits(&date[5..7])?,
        digits(&date[8..10])?,
    )?;
    LAST.set(Some((date, days)));
    Some(days)
}

/// The days from 1970-01-01 to year `y`, month `m`, day `d` of the
/// Gregorian calendar, or `None` when there is no such day (Howard
/// Hinnant's `days_from_civil`; `verify` reads a time on every record,
/// and `chrono`'s general date was a few per cent of it).
fn days_from_civil(y: i64, m: u32, d: u32) -> Option<i64> {
    let leap = y % 4 == 0 && (y % 100 != 0 || y % 400 == 0);
    let month_days = [
        31,
        if leap { 29 } else { 28 },
        31,
        30,
        31,
        30,
        31,
        31,
        30,
        31,
        30,
        31,
    ];
    if !(1..=12).contains(&m) || d == 0 || d > month_days[m as usize - 1] {
        return None;
    }
    // Years begin in March, so that February's leap day ends them.
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let day_of_year = (153 * i64::from((m + 9) % 12) + 2) / 5 + i64::from(d) - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    Some(era * 146_097 + day_of_era - 719_468)
}

/// `+HH:MM` or `-HH:MM`, within a day.
fn parse_offset(b: &[u8]) -> Option<i32> {
    if b.len() != 6 || b[3] != b':' {
        return None;
    }
    let sign = match b[0] {
        b'+' => 1,
        b'-' => -1,
        _ => return None,
    };
    let (h, m) = (digits(&b[1..3])?, digits(&b[4..6])?);
    (h < 24 && m < 60).then(|| sign * (h * 3600 + m * 60) as i32)
}

/// Where a journal gets its times.
pub trait Clock: Send + Sync + fmt::Debug {
    /// Now.
    fn now(&self) -> Stamp;
}

/// The machine's clock and local offset.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Stamp {
        let now = chrono::Local::now();
        Stamp {
            unix_ms: now.timestamp_millis(),
            offset_s: now.offset().fix().local_minus_utc(),
        }
    }
}

/// A clock for tests: starts at a given time and moves on a fixed step at
/// every reading.
#[derive(Debug, Clone)]
pub struct SteppingClock {
    next_ms: Arc<AtomicI64>,
    step_ms: i64,
    offset_s: i32,
}

impl SteppingClock {
    /// Starts at `unix_ms` with the given offset; each reading moves on by
    /// `step_ms`.
    pub fn new(unix_ms: i64, step_ms: i64, offset_s: i32) -> SteppingClock {
        SteppingClock {
            next_ms: Arc::new(AtomicI64::new(unix_ms)),
            step_ms,
            offset_s,
        }
    }
}

impl SteppingClock {
    /// Moves the clock on by `ms` (shared by every clone): with a step of
    /// 0, a clock the test sets.
    pub fn advance(&self, ms: i64) {
        self.next_ms.fetch_add(ms, Ordering::Relaxed);
    }
}

impl Clock for SteppingClock {
    fn now(&self) -> Stamp {
        Stamp {
            unix_ms: self.next_ms.fetch_add(self.step_ms, Ordering::Relaxed),
            offset_s: self.offset_s,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stamp_reads_back_as_written() {
        let s = Stamp {
            unix_ms: 1_763_814_961_123,
            offset_s: 3600,
        };
        assert_eq!(s.utc_text(), "2025-11-22T12:36:01.123Z");
        assert_eq!(s.offset_text(), "+01:00");
        assert_eq!(s.local_text(), "2025-11-22 13:36:01 +01:00");
        assert_eq!(s.local_clock(), "13:36:01");
        assert_eq!(Stamp::parse(&s.utc_text(), &s.offset_text()), Some(s));
        let west = Stamp {
            offset_s: -(9 * 3600 + 30 * 60),
            ..s
        };
        assert_eq!(west.offset_text(), "-09:30");
        assert_eq!(Stamp::parse(&west.utc_text(), "-09:30"), Some(west));
        assert_eq!(Stamp::parse("2025-13-22T12:36:01.123Z", "+01:00"), None);
        assert_eq!(Stamp::parse("2025-11-22T12:36:01Z", "+01:00"), None);
        assert_eq!(Stamp::parse(&s.utc_text(), "+25:00"), None);
    }

    #[test]
    fn every_day_and_time_reads_as_chrono_reads_it() {
        use chrono::NaiveDate;
        let chrono_ms = |text: &str| {
            chrono::NaiveDateTime::parse_from_str(text, "%Y-%m-%dT%H:%M:%S%.3fZ")
                .ok()
                .map(|t| t.and_utc().timestamp_millis())
        };
        // Every day from 1899 to 2201, and the days no month has.
        for year in 1899..=2201 {
            for month in 0..=13 {
                for day in 0..=32 {
                    let text = format!("{year:04}-{month:02}-{day:02}T23:59:59.999Z");
                    let valid = NaiveDate::from_ymd_opt(year, month, day).is_some();
                    assert_eq!(parse_utc(text.as_bytes()), chrono_ms(&text), "{text}");
                    assert_eq!(parse_utc(text.as_bytes()).is_some(), valid, "{text}");
                }
            }
        }
        for text in [
            "0000-01-01T00:00:00.000Z",
            "0000-02-29T12:00:00.000Z",
            "1600-02-29T00:00:00.000Z",
            "1970-01-01T00:00:00.000Z",
            "9999-12-31T23:59:59.999Z",
        ] {
            assert_eq!(parse_utc(text.as_bytes()), chrono_ms(text), "{text}");
        }
        for text in [
            "2026-11-27T24:00:00.000Z",
            "2026-11-27T23:60:00.000Z",
            "2026-11-27T23:59:60.000Z",
            "2026-11-27T2a:00:00.000Z",
        ] {
            assert_eq!(parse_utc(text.as_bytes()), None, "{text}");
        }
    }

    #[test]
    fn a_day_read_again_reads_as_the_first_time() {
        // The last day read is kept: a day again, a day that does not
        // exist between (never kept), and a day before.
        let texts = [
            "2026-11-27T05:31:55.437Z",
            "2026-11-27T05:31:55.443Z",
            "2026-11-31T05:31:55.443Z",
            "2026-11-27T23:59:59.999Z",
            "2026-11-28T00:00:00.000Z",
            "2026-11-27T00:00:00.000Z",
            "2026-11-31T05:31:55.443Z",
        ];
        let first: Vec<Option<i64>> = texts.iter().map(|t| parse_utc(t.as_bytes())).collect();
        let again: Vec<Option<i64>> = texts.iter().map(|t| parse_utc(t.as_bytes())).collect();
        let day = 86_400_000;
        let at = 1_795_757_515_437; // 2026-11-27T05:31:55.437Z
        assert_eq!(
            first,
            vec![
                Some(at),
                Some(at + 6),
                None,
                Some(at - 19_915_437 + day - 1),
                Some(at - 19_915_437 + day),
                Some(at - 19_915_437),
                None
            ]
        );
        assert_eq!(again, first);
    }

    #[test]
    fn the_system_clock_reads_now() {
        let a = SystemClock.now();
        assert!(a.unix_ms > 1_700_000_000_000);
        assert!(a.offset_s.abs() < 24 * 3600);
    }
}
