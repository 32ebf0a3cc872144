//! The hash chain: each chained record ends with the SHA-256 of the chain's
//! head before it and its own canonical bytes, so changing, removing or
//! reordering any record breaks every link after it.
//!
//! A chained line is the record's JSON with two last members in a fixed
//! form, `,"prev":"<64 hex>","hash":"<64 hex>"}`. Its canonical bytes are
//! the line without the `,"hash":...` member (so `prev` is hashed too):
//! `hash = SHA-256(prev's 32 bytes ‖ canonical bytes)`. The fixed tail lets
//! `verify` find both hashes without parsing the JSON, and a record is
//! hashed exactly as it was written, byte for byte.
//!
//! The chain's first record links to the SHA-256 of every byte before it:
//! of nothing (`e3b0c442…`) in a new journal, or of the version-1 lines of
//! a journal written before the chain existed, which it thereby covers.

use std::fmt;

use sha2::{Digest, Sha256};

/// A chain head: the SHA-256 of one record (or of the bytes before the
/// first).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Head(pub [u8; 32]);

impl Head {
    /// The SHA-256 of `bytes`: the head before the chain's first record.
    pub fn genesis(bytes: &[u8]) -> Head {
        Head(Sha256::digest(bytes).into())
    }

    /// The whole head in lowercase hex (64 digits).
    pub fn hex(&self) -> String {
        self.hex_bytes().iter().map(|&d| d as char).collect()
    }

    /// The whole head in lowercase hex, as the chain writes it. (`verify`
    /// writes the hex of every record's hash to compare it with the
    /// line's: written a digit at a time from a table, it was 4% of its
    /// time; the crate writes 32 bytes at once where the processor can.)
    #[inline]
    pub fn hex_bytes(&self) -> [u8; 64] {
        let mut out = [0u8; 64];
        // Cannot fail: 64 digits for 32 bytes is the length it asks.
        let _ = const_hex::encode_to_slice(self.0, &mut out);
        out
    }

    /// The first 16 hex digits, as the screen shows them and a TD notes them.
    pub fn short(&self) -> String {
        self.hex()[..16].to_string()
    }

    /// Reads 64 hex digits (either case).
    pub fn from_hex(text: &[u8]) -> Option<Head> {
        // The crate also takes a `0x` before the digits: 64 bytes so
        // begun hold 31 bytes, too few.
        if text.len() != 64 {
            return None;
        }
        let mut out = [0u8; 32];
        const_hex::decode_to_slice(text, &mut out).ok()?;
        Some(Head(out))
    }

    /// Whether this head's hex begins with `prefix` (hex digits, either case).
    pub fn starts_with(&self, prefix: &str) -> bool {
        prefix.len() <= 64 && self.hex().starts_with(&prefix.to_ascii_lowercase())
    }
}

impl Default for Head {
    /// The head of an empty journal: the SHA-256 of nothing.
    fn default() -> Head {
        Head::genesis(b"")
    }
}

impl fmt::Debug for Head {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Head({})", self.short())
    }
}

impl fmt::Display for Head {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.hex())
    }
}

const PREV: &[u8] = b",\"prev\":\"";
const HASH: &[u8] = b"\",\"hash\":\"";
const END: &[u8] = b"\"}";
/// The fixed tail of a chained line: `,"prev":"` 64 `","hash":"` 64 `"}`.
pub(crate) const TAIL: usize = PREV.len() + 64 + HASH.len() + 64 + END.len();

/// The chain members of a line, found by position.
#[derive(Debug, Clone, Copy)]
pub struct Links<'a> {
    /// The head the record says it follows.
    pub prev: Head,
    /// The hash the record carries.
    pub hash: Head,
    /// Whether both hashes are written in lowercase hex, as the chain
    /// writes them: the chain covers bytes, so an upper-cased digit (the
    /// same value) is a changed byte.
    pub lowercase: bool,
    /// The bytes before `,"hash":` (the canonical bytes less their `}`).
    body: &'a [u8],
    /// Where `,"prev":` begins.
    prev_key: usize,
}

impl<'a> Links<'a> {
    /// The hash the record's bytes give after `prev`.
    pub fn computed(&self) -> Head {
        link(&self.prev, self.body)
    }

    /// The line before its `,"prev":` member.
    pub fn members(&self) -> &'a [u8] {
        &self.body[..self.prev_key]
    }
}

/// Where a chained line's `,"prev":"HEX","hash":"HEX"}` members sit.
struct Tail {
    /// The `,"prev":"` key.
    prev_key: usize,
    /// The prev's hex.
    prev_at: usize,
    /// The `","hash":"` key.
    hash_key: usize,
    /// The hash's hex.
    hash_at: usize,
}

impl Tail {
    /// The members' places in `line` (no newline), or `None` if it does
    /// not end in the chained form.
    fn of(line: &[u8]) -> Option<Tail> {
        let n = line.len();
        if n < TAIL + 2 || !line.ends_with(END) {
            return None;
        }
        let hash_at = n - END.len() - 64;
        let hash_key = hash_at - HASH.len();
        let prev_at = hash_key - 64;
        let prev_key = prev_at - PREV.len();
        (&line[hash_key..hash_at] == HASH && &line[prev_key..prev_at] == PREV).then_some(Tail {
            prev_key,
            prev_at,
            hash_key,
            hash_at,
        })
    }
}

/// The chain members of `line` (no newline), or `None` if it does not end
/// in the chained form.
pub fn links(line: &[u8]) -> Option<Links<'_>> {
    let Tail {
        prev_key,
        prev_at,
        hash_key,
        hash_at,
    } = Tail::of(line)?;
    let n = line.len();
    Some(Links {
        prev: Head::from_hex(&line[prev_at..hash_key])?,
        hash: Head::from_hex(&line[hash_at..n - END.len()])?,
        lowercase: !line[prev_at..n - END.len()]
            .iter()
            .any(u8::is_ascii_uppercase),
        // Up to and including the closing quote of prev.
        body: &line[..hash_key + 1],
        prev_key,
    })
}

/// A chained line checked the quick way, as bytes.
#[derive(Debug, Clone, Copy)]
pub struct Followed<'a> {
    /// The record's hash.
    pub hash: Head,
    /// Its hex, as written: the next line's `prev`.
    pub hex: [u8; 64],
    /// The line before its `,"prev":` member.
    pub members: &'a [u8],
}

/// Checks that `line` follows the chain's `head` (whose hex, as the chain
/// writes it, is `head_hex`) the way the chain-check limit does: its
/// `prev` must be `head_hex`, byte for byte, and its `hash` the lowercase
/// hex of the hash its bytes give after `head`. Nothing is decoded.
/// `None` when the line is not so (not chained, or it does not follow, or
/// it was changed): `links` then says what is wrong.
pub fn follows<'a>(line: &'a [u8], head: &Head, head_hex: &[u8; 64]) -> Option<Followed<'a>> {
    let Tail {
        prev_key,
        prev_at,
        hash_key,
        hash_at,
    } = Tail::of(line)?;
    let n = line.len();
    if &line[prev_at..hash_key] != head_hex {
        return None;
    }
    let hash = link(head, &line[..hash_key + 1]);
    let hex = hash.hex_bytes();
    (hex == line[hash_at..n - END.len()]).then_some(Followed {
        hash,
        hex,
        members: &line[..prev_key],
    })
}

/// `SHA-256(prev ‖ body ‖ "}")`: the hash of a record whose line, less its
/// `,"hash":...` member and closing brace, is `body`.
pub fn link(prev: &Head, body: &[u8]) -> Head {
    let mut h = Sha256::new();
    h.update(prev.0);
    h.update(body);
    h.update(b"}");
    Head(h.finalize().into())
}

/// Closes a record's JSON object (`{...}`) into a chained line after
/// `prev`, with its newline; returns the line and its hash.
pub fn seal_line(prev: &Head, object: &str) -> (String, Head) {
    let open = object.strip_suffix('}').unwrap_or(object);
    let mut line = String::with_capacity(open.len() + TAIL + 1);
    line.push_str(open);
    line.push_str(",\"prev\":\"");
    line.push_str(&prev.hex());
    line.push('"');
    let hash = link(prev, line.as_bytes());
    line.push_str(",\"hash\":\"");
    line.push_str(&hash.hex());
    line.push_str("\"}\n");
    (line, hash)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_head_is_written_in_lowercase_hex_for_every_byte_in_every_place() {
        for byte in 0..=255u8 {
            for place in 0..32 {
                let mut head = Head([0xa5; 32]);
                head.0[place] = byte;
                let hex: String = head.0.iter().map(|b| format!("{b:02x}")).collect();
                assert_eq!(head.hex(), hex);
                assert_eq!(Head::from_hex(hex.as_bytes()), Some(head));
                let upper = hex.to_ascii_uppercase();
                assert_eq!(Head::from_hex(upper.as_bytes()), Some(head));
            }
        }
        let digits = Head([7; 32]).hex();
        for not_a_head in [
            format!("0x{}", &digits[2..]),
            format!("{}g", &digits[1..]),
            format!("{} ", &digits[1..]),
            digits[1..].to_string(),
            format!("{digits}0"),
        ] {
            assert_eq!(Head::from_hex(not_a_head.as_bytes()), None, "{not_a_head}");
        }
    }

    #[test]
    fn a_sealed_line_reads_back_and_checks() {
        let prev = Head::genesis(b"");
        assert!(
            prev.hex().starts_with("e3b0c44298fc1c14"),
            "the SHA-256 of nothing"
        );
        let (line, hash) = seal_line(&prev, "{\"record\":\"entry\",\"seq\":3}");
        let bytes = line.trim_end().as_bytes();
        let l = links(bytes).expect("chained");
        assert_eq!(l.prev, prev);
        assert_eq!(l.hash, hash);
        assert_eq!(l.computed(), hash);
        // One byte changed, and the hash no longer matches.
        let edited = line.replace("\"seq\":3", "\"seq\":4");
        let l = links(edited.trim_end().as_bytes()).expect("still chained in form");
        assert_ne!(l.computed(), l.hash);
        assert!(links(b"{\"record\":\"entry\",\"seq\":3}").is_none());
        assert_eq!(Head::from_hex(hash.hex().as_bytes()), Some(hash));
        assert!(hash.starts_with(&hash.short().to_uppercase()));
        // The quick check agrees, and says nothing of a line that does not
        // follow, of a changed one, or of an upper-cased digit.
        let quick = follows(bytes, &prev, &prev.hex_bytes()).expect("follows");
        assert_eq!(quick.hash, hash);
        assert_eq!(quick.members, b"{\"record\":\"entry\",\"seq\":3");
        assert!(follows(bytes, &hash, &hash.hex_bytes()).is_none());
        assert!(follows(edited.trim_end().as_bytes(), &prev, &prev.hex_bytes()).is_none());
        let upper = line
            .trim_end()
            .replace(&hash.hex(), &hash.hex().to_uppercase());
        assert!(follows(upper.as_bytes(), &prev, &prev.hex_bytes()).is_none());
    }
}
