//! A reader for the TOML that PHH files are written in, purpose-built for
//! speed: an import of thousands of hands spent a quarter of its time in
//! the generic TOML parser (issue 21).
//!
//! It reads the subset PHH writers use: `key = value` lines with bare
//! keys, comments, blank lines; values that are basic strings without
//! escapes, literal strings, decimal integers, floats, booleans and arrays
//! of those (over several lines, with comments and a trailing comma).
//! Anything else, valid TOML or not (tables, quoted or dotted keys,
//! escapes, multi-line strings, dates, hex, underscores, a repeated key, a
//! known key of the wrong type, a missing one), gives `None`: the caller
//! then reads the file with the `toml` crate, which either accepts it or
//! names the line and column of what is wrong. So the reader never
//! accepts what the `toml` crate refuses, and what it accepts it reads
//! exactly as `toml` and serde do (the tests compare the two on every
//! shared hand and on each construct).

use std::borrow::Cow;

use super::raw::{Amount, RawPhh};
use crate::table::seat::MAX_SEATS;

/// The most keys a file the reader reads may have (PHH files have a
/// dozen or so; the `toml` crate reads one with more).
const KEYS: usize = 40;

/// A value of the subset other than an array.
#[derive(Debug, Clone, Copy)]
enum Scalar {
    /// A string (the reader reads a wanted one with `Reader::string`).
    Str,
    Int(i64),
    Float(f64),
    Bool,
}

/// A PHH file's keys: read by the purpose-built reader when the file is in
/// the TOML subset it knows (every file PokerKit or floorcall writes), else
/// by the `toml` crate, which also names what is wrong.
pub(super) fn read_raw(text: &str) -> Result<RawPhh<'_>, toml::de::Error> {
    match read(text) {
        Some(raw) => Ok(raw),
        None => toml::from_str(text),
    }
}

/// Reads a PHH file's text; `None` when it is not in the subset (see the
/// module comment).
pub(super) fn read(text: &str) -> Option<RawPhh<'_>> {
    let mut r = Reader {
        text,
        bytes: text.as_bytes(),
        at: 0,
    };
    let mut f = Fields::default();
    // The keys read so far, to refuse a repeated one: PHH files have a
    // dozen or so; a file with more than room is left to the `toml` crate.
    let mut seen = [""; KEYS];
    let mut keys = 0;
    loop {
        r.blank_lines()?;
        if r.at == r.bytes.len() {
            break;
        }
        let key = r.bare_key()?;
        if keys == KEYS || seen[..keys].contains(&key) {
            return None;
        }
        seen[keys] = key;
        keys += 1;
        r.spaces();
        r.eat(b'=')?;
        r.spaces();
        // Each known key's value read as its type, or `None`.
        match key {
            "variant" => f.variant = Some(Cow::Borrowed(r.string()?)),
            "antes" => f.antes = Some(r.amounts()?),
            "blinds_or_straddles" => f.blinds_or_straddles = Some(r.amounts()?),
            "min_bet" => f.min_bet = Some(r.amount()?),
            "starting_stacks" => f.starting_stacks = Some(r.amounts()?),
            "actions" => f.actions = Some(r.strings(32)?),
            "players" => f.players = Some(r.strings(MAX_SEATS)?),
            "finishing_stacks" => f.finishing_stacks = Some(r.amounts()?),
            "_floorcall_denominations" => f.denominations = Some(r.amounts()?),
            _ => r.skip_value()?,
        }
        r.spaces();
        r.comment()?;
        r.line_end()?;
    }
    Some(RawPhh {
        variant: f.variant?,
        antes: f.antes,
        blinds_or_straddles: f.blinds_or_straddles,
        min_bet: f.min_bet,
        starting_stacks: f.starting_stacks?,
        actions: f.actions.unwrap_or_default(),
        players: f.players,
        finishing_stacks: f.finishing_stacks,
        denominations: f.denominations.unwrap_or_default(),
    })
}

/// The fields being gathered.
#[derive(Default)]
struct Fields<'a> {
    variant: Option<Cow<'a, str>>,
    antes: Option<Vec<Amount>>,
    blinds_or_straddles: Option<Vec<Amount>>,
    min_bet: Option<Amount>,
    starting_stacks: Option<Vec<Amount>>,
    actions: Option<Vec<Cow<'a, str>>>,
    players: Option<Vec<Cow<'a, str>>>,
    finishing_stacks: Option<Vec<Amount>>,
    denominations: Option<Vec<Amount>>,
}

/// An amount as `Amount`'s deserialiser takes it: not negative, finite.
fn amount(value: Scalar) -> Option<Amount> {
    match value {
        Scalar::Int(v) if v >= 0 => Some(Amount(v as f64)),
        Scalar::Float(v) if v >= 0.0 && v.is_finite() => Some(Amount(v)),
        _ => None,
    }
}

/// A decimal integer already read as `-?[0-9]+`, as `i64` parses it
/// (`None` beyond its range) without the generic parser's checks of what
/// the reader has checked already.
fn integer(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(digits) => (true, digits),
        None => (false, text),
    };
    let mut value: i64 = 0;
    for digit in digits.bytes() {
        let digit = i64::from(digit - b'0');
        // Built downwards when negative, so that `i64::MIN` fits.
        value = value.checked_mul(10)?;
        value = if negative {
            value.checked_sub(digit)?
        } else {
            value.checked_add(digit)?
        };
    }
    Some(value)
}

struct Reader<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// Spaces and tabs.
    fn spaces(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t')) {
            self.at += 1;
        }
    }

    /// A comment, if one starts here, to the end of its line (not the
    /// newline). TOML allows no control character in it but the tab.
    fn comment(&mut self) -> Option<()> {
        if self.peek() != Some(b'#') {
            return Some(());
        }
        let rest = &self.bytes[self.at..];
        let end = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        let body = &rest[..end];
        // A `\r` is allowed only as the `\r\n` that ends the line.
        let body = body.strip_suffix(b"\r").unwrap_or(body);
        if body.iter().any(|&b| (b < 0x20 && b != b'\t') || b == 0x7f) {
            return None;
        }
        self.at += body.len();
        Some(())
    }

    /// A newline (`\n` or `\r\n`), or the end of the text.
    fn line_end(&mut self) -> Option<()> {
        match self.peek() {
            None => Some(()),
            Some(b'\n') => {
                self.at += 1;
                Some(())
            }
            Some(b'\r') if self.bytes.get(self.at + 1) == Some(&b'\n') => {
                self.at += 2;
                Some(())
            }
            _ => None,
        }
    }

    /// Blank and comment lines.
    fn blank_lines(&mut self) -> Option<()> {
        loop {
            let start = self.at;
            self.spaces();
            self.comment()?;
            if self.at == self.bytes.len() {
                return Some(());
            }
            if self.line_end().is_none() {
                // Something on this line: the caller reads it from its
                // start (spaces before a key are allowed).
                self.at = start;
                self.spaces();
                return Some(());
            }
        }
    }

    /// Whitespace, newlines and comments inside an array. Most often
    /// there are none (a value, a comma or a bracket comes next): that is
    /// told here, where the reading of each item is, and the rest passed
    /// by `more_array_space`.
    #[inline]
    fn array_space(&mut self) -> Option<()> {
        match self.peek() {
            Some(b' ' | b'\t' | b'#' | b'\n' | b'\r') => self.more_array_space(),
            _ => Some(()),
        }
    }

    /// `array_space` where there is some.
    fn more_array_space(&mut self) -> Option<()> {
        loop {
            self.spaces();
            match self.peek() {
                Some(b'#') => self.comment()?,
                Some(b'\n' | b'\r') => {}
                // A value, a comma or a bracket (or the end): nothing more
                // to pass.
                _ => return Some(()),
            }
            if self.peek().is_none() || self.line_end().is_none() {
                return Some(());
            }
        }
    }

    fn bare_key(&mut self) -> Option<&'a str> {
        let start = self.at;
        while matches!(
            self.peek(),
            Some(b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-')
        ) {
            self.at += 1;
        }
        (self.at > start).then(|| &self.text[start..self.at])
    }

    /// A value other than an array.
    fn scalar(&mut self) -> Option<Scalar> {
        match self.peek()? {
            quote @ (b'"' | b'\'') => self.quoted(quote).map(|_| Scalar::Str),
            b't' => self.word("true"),
            b'f' => self.word("false"),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }

    /// A value that is a string.
    fn string(&mut self) -> Option<&'a str> {
        // Only a quote starts one (`scalar` would read anything else as
        // another type, or nothing).
        match self.peek()? {
            quote @ (b'"' | b'\'') => self.quoted(quote),
            _ => None,
        }
    }

    /// A value that is an amount: a number (`scalar` would read anything
    /// else as another type, or nothing), as `amount` takes it.
    fn amount(&mut self) -> Option<Amount> {
        match self.peek()? {
            b'-' | b'0'..=b'9' => amount(self.number()?),
            _ => None,
        }
    }

    /// An array of strings, borrowed from the text, with room made for
    /// `room` (what a hand usually has: one allocation, not a few).
    fn strings(&mut self, room: usize) -> Option<Vec<Cow<'a, str>>> {
        let mut out = Vec::with_capacity(room);
        self.array(|r| {
            out.push(Cow::Borrowed(r.string()?));
            Some(())
        })?;
        Some(out)
    }

    /// An array of amounts (one for each player, usually: room is made
    /// for the most players a table seats).
    fn amounts(&mut self) -> Option<Vec<Amount>> {
        let mut out = Vec::with_capacity(MAX_SEATS);
        self.array(|r| {
            out.push(r.amount()?);
            Some(())
        })?;
        Some(out)
    }

    /// Any value of the subset, read and let go.
    fn skip_value(&mut self) -> Option<()> {
        if self.peek()? == b'[' {
            self.array(Self::skip_value)
        } else {
            self.scalar().map(drop)
        }
    }

    fn word(&mut self, word: &str) -> Option<Scalar> {
        if !self.bytes[self.at..].starts_with(word.as_bytes()) {
            return None;
        }
        self.at += word.len();
        // `trueish` is no boolean.
        match self.peek() {
            Some(b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-') => None,
            _ => Some(Scalar::Bool),
        }
    }

    /// A one-line string without escapes (`quote` is `"` or `'`); a
    /// multi-line one, an escape or a control character gives `None`.
    fn quoted(&mut self, quote: u8) -> Option<&'a str> {
        let start = self.at + 1;
        let rest = &self.bytes[start..];
        let bad = |b: u8| (b < 0x20 && b != b'\t') || b == 0x7f || (quote == b'"' && b == b'\\');
        // One pass to the closing quote, checking each byte on the way
        // (strings are a few bytes: no search first, then a check).
        let mut len = 0;
        loop {
            let b = *rest.get(len)?;
            if b == quote {
                break;
            }
            if bad(b) {
                return None;
            }
            len += 1;
        }
        if len == 0 && rest.get(1) == Some(&quote) {
            return None; // `"""` or `'''`
        }
        self.at = start + len + 1;
        Some(&self.text[start..start + len])
    }

    /// `-?(0|[1-9][0-9]*)`, then optionally `.[0-9]+` and
    /// `[eE][+-]?[0-9]+`: an integer without them, else a float.
    fn number(&mut self) -> Option<Scalar> {
        let start = self.at;
        let digits = |r: &mut Self| {
            let from = r.at;
            while matches!(r.peek(), Some(b'0'..=b'9')) {
                r.at += 1;
            }
            r.at - from
        };
        if self.peek() == Some(b'-') {
            self.at += 1;
        }
        let first = self.peek()?;
        let whole = digits(self);
        if whole == 0 || (first == b'0' && whole > 1) {
            return None;
        }
        let mut float = false;
        if self.peek() == Some(b'.') {
            self.at += 1;
            if digits(self) == 0 {
                return None;
            }
            float = true;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if digits(self) == 0 {
                return None;
            }
            float = true;
        }
        // What follows a number ends it (`12abc`, `1_000`, `1979-05-27`
        // are not this subset's).
        if matches!(
            self.peek(),
            Some(b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'_' | b'-' | b'.' | b':' | b'+')
        ) {
            return None;
        }
        let text = &self.text[start..self.at];
        if float {
            text.parse().ok().map(Scalar::Float)
        } else {
            integer(text).map(Scalar::Int)
        }
    }

    /// An array, each item read by `item`.
    fn array(&mut self, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        self.eat(b'[')?;
        loop {
            self.array_space()?;
            if self.eat(b']').is_some() {
                return Some(());
            }
            item(self)?;
            self.array_space()?;
            if self.eat(b',').is_none() {
                return self.eat(b']');
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the `toml` crate reads, where it reads anything.
    fn generic(text: &str) -> Option<RawPhh<'_>> {
        toml::from_str(text).ok()
    }

    /// The reader agrees with the `toml` crate: when it reads a text, the
    /// crate reads the same fields from it.
    fn agrees(text: &str) -> Option<RawPhh<'_>> {
        let read = read(text);
        if let Some(raw) = &read {
            assert_eq!(Some(raw), generic(text).as_ref(), "{text}");
        }
        read
    }

    #[test]
    fn every_shared_hand_is_read_as_the_toml_crate_reads_it() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/phh");
        let mut read = 0;
        for folder in ["famous", "pluribus"] {
            let dir = root.join(folder);
            for entry in std::fs::read_dir(&dir).expect("the shared hands") {
                let text = std::fs::read_to_string(entry.expect("an entry").path()).expect("read");
                assert!(agrees(&text).is_some(), "the reader reads it: {text}");
                read += 1;
            }
        }
        assert_eq!(read, 500);
    }

    /// Integers read in place are what `i64`'s parser reads, to its
    /// bounds.
    #[test]
    fn integers_read_as_i64_parses_them() {
        for text in [
            "0",
            "-0",
            "7",
            "-7",
            "10000",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775808",
            "-9223372036854775809",
            "99999999999999999999",
        ] {
            assert_eq!(integer(text), text.parse::<i64>().ok(), "{text}");
        }
    }

    const BASE: &str = "variant = 'NT'\nstarting_stacks = [1000, 1000]\n";

    #[test]
    fn the_subset_reads_as_toml_does() {
        for extra in [
            "",
            "actions = []",
            "actions = [\n  # pre-flop\n\n  \"d dh p1 AcKd\",  # Ann\n  'p2 f',\n]\n",
            "actions = ['p1 cc' , 'p2 cc']   # trailing\r\n",
            "antes = [0, 0.0]\nmin_bet = 100\nfinishing_stacks = [999.5, 1000.5]",
            "min_bet = 1e2",
            "min_bet = 1.5E+2",
            "min_bet = -0",
            "min_bet = -0.0",
            "players = ['Ann', \"Bé\", '\\no escape in a literal']",
            "hand = 64\nyear = 2009\nante_trimming_status = true\nother = false",
            "nested = [[1, 2], ['a'], []]",
            "  indented = 1\n\t\n# a comment\n",
            "_floorcall_denominations = [25, 100, 500]",
            "empty = \"\"",
        ] {
            let text = format!("{BASE}{extra}");
            assert!(agrees(&text).is_some(), "the reader reads {text:?}");
        }
    }

    /// Everything outside the subset, valid TOML or not, is left to the
    /// `toml` crate.
    #[test]
    fn anything_else_is_left_to_the_toml_crate() {
        for extra in [
            "[table]\nx = 1",
            "a.b = 1",
            "\"quoted\" = 1",
            "x = \"an \\\"escape\\\"\"",
            "x = \"\"\"multi\nline\"\"\"",
            "x = '''multi'''",
            "x = 1_000",
            "x = +1",
            "x = 0x1f",
            "x = 012",
            "x = 1.",
            "x = .5",
            "x = inf",
            "x = nan",
            "x = 1979-05-27",
            "x = { a = 1 }",
            "x = 99999999999999999999",
            "x = true1",
            "x = 1 y = 2",
            "x = [1,,2]",
            "x = [1 2]",
            "x = 'unterminated",
            "x = \"tab\tok but bell \u{7}\"",
            "x = 1 # bell \u{7}",
            "x = 1\ry = 2",
            "x",
            "= 1",
            "variant = 'NT'",
            "variant = 5",
            "starting_stacks = [-5, 1000]",
            "min_bet = -1",
            "min_bet = '100'",
            "actions = ['p1 f', 5]",
            "actions = 'p1 f'",
            "\u{feff}x = 1",
        ] {
            let text = format!("{BASE}{extra}");
            assert!(read(&text).is_none(), "left to the toml crate: {text:?}");
        }
        // More keys than the reader keeps to refuse a repeated one.
        let many: String = (0..KEYS).map(|i| format!("k{i} = {i}\n")).collect();
        let text = format!("{BASE}{many}");
        assert!(read(&text).is_none(), "{KEYS} more keys");
        assert!(read_raw(&text).is_ok(), "the toml crate reads them");
        let fewer: String = (0..KEYS - 2).map(|i| format!("k{i} = {i}\n")).collect();
        assert!(agrees(&format!("{BASE}{fewer}")).is_some(), "{KEYS} keys");
        assert!(
            read(&format!("{BASE}k0 = 0\nk1 = 1\nk0 = 2")).is_none(),
            "repeated"
        );
        assert!(
            read("starting_stacks = [1000, 1000]").is_none(),
            "no variant"
        );
        assert!(read("variant = 'NT'").is_none(), "no stacks");
    }
}
