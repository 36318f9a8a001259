//! The lines `uhash mac` and `uhash hash` write and `--check` reads:
//! `HEX  NAME` or `TAG NONCE  NAME` (two spaces before the name, as
//! sha256sum and b3sum), and how every name is shown (in those lines, in
//! the `NAME: OK` lines of `--check` and in messages). The JSON Lines of
//! `--json` are in `json`.
//!
//! A name is written as it is unless it holds a byte that could break the
//! line or fool a terminal. Then every such byte is escaped and a written
//! line starts with a backslash (as GNU coreutils and b3sum do):
//!
//! * `\` as `\\`, a newline as `\n`, a carriage return as `\r`;
//! * every other C0 control (0x00–0x1F) and DEL (0x7F) as `\xHH`;
//! * in valid UTF-8, the C1 controls U+0080–U+009F and the bidirectional
//!   controls U+202A–U+202E and U+2066–U+2069 as `\xHH` for each of their
//!   UTF-8 bytes (U+202E is `\xe2\x80\xae`);
//! * every byte that is not part of valid UTF-8 as `\xHH`.
//!
//! `HH` is two lower-case hex digits when written; `--check` reads either
//! case, and a line that starts with a backslash is read back to exactly
//! the original bytes. Lists written before `\xHH` existed (with `\\`,
//! `\n` and `\r` only) read as before.

use std::ffi::{OsStr, OsString};
use std::fmt::Write as _;

/// One line of a list.
#[derive(Debug, PartialEq, Eq)]
pub struct Entry {
    /// The tag or hash.
    pub out: Vec<u8>,
    /// The nonce, where the line has one.
    pub nonce: Option<Vec<u8>>,
    /// The input's name.
    pub name: OsString,
}

/// Whether `c` is shown as `\xHH` bytes: C0 controls and DEL (other than
/// `\n` and `\r`, which have their own escapes), C1 controls, and the
/// bidirectional embedding, override and isolate controls.
pub fn hidden(c: char) -> bool {
    matches!(c, '\0'..='\x1f' | '\x7f' | '\u{80}'..='\u{9f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// `name` as shown in lines and messages, and whether it had to be escaped
/// (then a written line starts with `\`). See the module docs for the
/// escapes; the text holds no control character, no bidirectional control
/// and no backslash that is not an escape. A name that needs no escape is
/// returned as it is, with `false`.
pub fn escape_name(name: &OsStr) -> (String, bool) {
    let raw = name.as_encoded_bytes();
    let mut text = String::with_capacity(raw.len());
    let mut escaped = false;
    for chunk in raw.utf8_chunks() {
        for c in chunk.valid().chars() {
            match c {
                '\\' => text.push_str("\\\\"),
                '\n' => text.push_str("\\n"),
                '\r' => text.push_str("\\r"),
                c if hidden(c) => push_hex(&mut text, c.encode_utf8(&mut [0; 4]).as_bytes()),
                c => {
                    text.push(c);
                    continue;
                }
            }
            escaped = true;
        }
        if !chunk.invalid().is_empty() {
            push_hex(&mut text, chunk.invalid());
            escaped = true;
        }
    }
    (text, escaped)
}

/// Appends `\xHH` for each byte.
fn push_hex(text: &mut String, bytes: &[u8]) {
    for b in bytes {
        let _ = write!(text, "\\x{b:02x}");
    }
}

/// `name` for a message on stderr: [`escape_name`]'s text.
pub fn display_name(name: &OsStr) -> String {
    escape_name(name).0
}

/// The text line for one input, with its newline.
pub fn format(out: &[u8], nonce: Option<&[u8]>, name: &OsStr) -> Vec<u8> {
    let (shown, escaped) = escape_name(name);
    let mut line = Vec::with_capacity(2 * out.len() + 36 + shown.len());
    if escaped {
        line.push(b'\\');
    }
    line.extend_from_slice(hex::encode(out).as_bytes());
    if let Some(n) = nonce {
        line.push(b' ');
        line.extend_from_slice(hex::encode(n).as_bytes());
    }
    line.extend_from_slice(b"  ");
    line.extend_from_slice(shown.as_bytes());
    line.push(b'\n');
    line
}

/// Parses one line (without its `\n`) of a list for an algorithm with
/// `out_bytes`-byte outputs and `nonce_bytes`-byte nonces.
pub fn parse(line: &[u8], out_bytes: usize, nonce_bytes: usize) -> Result<Entry, String> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let (escaped, rest) = match line.strip_prefix(b"\\") {
        Some(r) => (true, r),
        None => (false, line),
    };
    let hex_run = |s: &[u8]| s.iter().take_while(|b| b.is_ascii_hexdigit()).count();
    let n = hex_run(rest);
    if n != 2 * out_bytes {
        return Err(format!(
            "expected a tag of {} hex digits at the start, found {n}",
            2 * out_bytes
        ));
    }
    let out = hex::decode(&rest[..n]).map_err(|e| e.to_string())?;
    let rest = &rest[n..];
    let (nonce, rest) = if let Some(name) = rest.strip_prefix(b"  ") {
        (None, name)
    } else if let Some(r) = rest.strip_prefix(b" ") {
        let m = hex_run(r);
        if nonce_bytes == 0 || m != 2 * nonce_bytes {
            return Err(if nonce_bytes == 0 {
                "expected two spaces and a file name after the hash".into()
            } else {
                format!(
                    "expected two spaces and a file name, or a nonce of {} hex digits, after the tag",
                    2 * nonce_bytes
                )
            });
        }
        let nonce = hex::decode(&r[..m]).map_err(|e| e.to_string())?;
        match r[m..].strip_prefix(b"  ") {
            Some(name) => (Some(nonce), name),
            None => return Err("expected two spaces and a file name after the nonce".into()),
        }
    } else {
        return Err("expected two spaces and a file name after the tag".into());
    };
    if rest.is_empty() {
        return Err("no file name".into());
    }
    let name = if escaped {
        unescape(rest)?
    } else {
        rest.to_vec()
    };
    Ok(Entry {
        out,
        nonce,
        name: bytes_to_os(name)?,
    })
}

/// The bytes of an escaped name (`\\`, `\n`, `\r`, `\xHH`).
fn unescape(s: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::with_capacity(s.len());
    let mut it = s.iter();
    while let Some(&b) = it.next() {
        if b != b'\\' {
            out.push(b);
            continue;
        }
        match it.next() {
            Some(b'\\') => out.push(b'\\'),
            Some(b'n') => out.push(b'\n'),
            Some(b'r') => out.push(b'\r'),
            Some(b'x') => {
                let digit = |d: Option<&u8>| d.and_then(|&d| char::from(d).to_digit(16));
                match (digit(it.next()), digit(it.next())) {
                    (Some(h), Some(l)) => out.push((h * 16 + l) as u8),
                    _ => {
                        return Err("bad escape in the file name (\\x needs two hex digits)".into());
                    }
                }
            }
            _ => {
                return Err("bad escape in the file name (only \\\\, \\n, \\r, \\xHH)".into());
            }
        }
    }
    Ok(out)
}

/// The name of `b`'s bytes (not Unix: they must be UTF-8).
#[cfg(unix)]
pub fn bytes_to_os(b: Vec<u8>) -> Result<OsString, String> {
    use std::os::unix::ffi::OsStringExt;
    Ok(OsString::from_vec(b))
}

/// The name of `b`'s bytes (not Unix: they must be UTF-8).
#[cfg(not(unix))]
pub fn bytes_to_os(b: Vec<u8>) -> Result<OsString, String> {
    String::from_utf8(b)
        .map(OsString::from)
        .map_err(|_| "file name is not UTF-8".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn round_trip() {
        for name in [
            "a.txt",
            "two  spaces",
            "back\\slash",
            "new\nline",
            " lead",
            "cr\r",
        ] {
            for nonce in [None, Some(&[7u8; 16][..])] {
                let line = format(&[0xab; 16], nonce, OsStr::new(name));
                assert_eq!(line.iter().filter(|&&b| b == b'\n').count(), 1);
                let e = parse(&line[..line.len() - 1], 16, 16).unwrap();
                assert_eq!(e.out, vec![0xab; 16]);
                assert_eq!(e.nonce.as_deref(), nonce);
                assert_eq!(e.name, OsStr::new(name));
            }
        }
        assert_eq!(
            format(&[1, 2], None, OsStr::new("x")),
            b"0102  x\n".to_vec()
        );
        assert_eq!(
            format(&[1], Some(&[2]), OsStr::new("a\\b")),
            b"\\01 02  a\\\\b\n".to_vec()
        );
    }

    #[test]
    fn malformed() {
        for (line, why) in [
            (&b""[..], "found 0"),
            (b"0102 x", "after the tag"),
            (b"010203  x", "found 6"),
            (b"0102  ", "no file name"),
            (b"0102 0304 x", "after the nonce"),
            (b"0102 03  x", "nonce of 4"),
            (b"\\0102  a\\q", "bad escape"),
        ] {
            let err = parse(line, 2, 2).unwrap_err();
            assert!(err.contains(why), "{line:?}: {err}");
        }
        assert!(
            parse(b"0102 0304  x", 2, 0)
                .unwrap_err()
                .contains("after the hash")
        );
        assert_eq!(parse(b"0102  x\r", 2, 0).unwrap().name, OsStr::new("x"));
    }

    #[test]
    fn escapes() {
        for (name, shown, escaped) in [
            ("a.txt", "a.txt", false),
            ("é ü 日本", "é ü 日本", false),
            ("a\\b", "a\\\\b", true),
            ("n\nr\r", "n\\nr\\r", true),
            ("good.txt: OK\x1b[8m", "good.txt: OK\\x1b[8m", true),
            ("t\tnul\0del\x7f", "t\\x09nul\\x00del\\x7f", true),
            ("c1\u{85}\u{9b}", "c1\\xc2\\x85\\xc2\\x9b", true),
            ("evil\u{202E}txt.exe", "evil\\xe2\\x80\\xaetxt.exe", true),
            (
                "\u{202a}\u{2066}\u{2069}",
                "\\xe2\\x80\\xaa\\xe2\\x81\\xa6\\xe2\\x81\\xa9",
                true,
            ),
            // Neighbours that stay: U+00A0, U+2029, U+202F, U+206A.
            (
                "\u{a0}\u{2029}\u{202f}\u{206a}",
                "\u{a0}\u{2029}\u{202f}\u{206a}",
                false,
            ),
        ] {
            assert_eq!(
                escape_name(OsStr::new(name)),
                (shown.to_owned(), escaped),
                "{name:?}"
            );
            assert_eq!(display_name(OsStr::new(name)), shown);
        }
        let line = format(&[1], None, OsStr::new("evil\u{202E}txt.exe"));
        assert_eq!(line, b"\\01  evil\\xe2\\x80\\xaetxt.exe\n".to_vec());
    }

    #[cfg(unix)]
    #[test]
    fn invalid_utf8() {
        use std::os::unix::ffi::OsStrExt;
        let name = OsStr::from_bytes(b"a\xff\xe2\x80b\xc0");
        assert_eq!(
            escape_name(name),
            ("a\\xff\\xe2\\x80b\\xc0".to_owned(), true)
        );
        let line = format(&[1], None, name);
        assert_eq!(parse(&line[..line.len() - 1], 1, 0).unwrap().name, name);
    }

    #[test]
    fn reads_every_escape() {
        // Lists of earlier versions (\\, \n, \r only), and either case of hex.
        for (line, name) in [
            (&b"\\01 02  a\\\\b\\nc\\r"[..], "a\\b\nc\r"),
            (b"\\01  x\\x1B\\x1b\\x41", "x\x1b\x1bA"),
            (b"01  a\\x41", "a\\x41"),
        ] {
            assert_eq!(parse(line, 1, 1).unwrap().name, OsStr::new(name));
        }
        for line in [
            &b"\\01  a\\x4"[..],
            b"\\01  a\\x",
            b"\\01  a\\xg1",
            b"\\01  a\\",
        ] {
            assert!(
                parse(line, 1, 0).unwrap_err().contains("bad escape"),
                "{line:?}"
            );
        }
    }

    #[cfg(unix)]
    proptest::proptest! {
        /// Any name (any bytes) is written on one line of text without a
        /// control or bidirectional character and is read back exactly.
        #[test]
        fn any_name_round_trips(
            name in proptest::collection::vec(
                proptest::prop_oneof![
                    proptest::prelude::any::<u8>(),
                    proptest::sample::select(vec![
                        b'\\', b'\n', b'\r', b'x', b'0', 0x1b, 0x7f, 0xc2, 0x85, 0xe2, 0x80, 0xae, 0x81, 0xa6,
                    ]),
                ],
                1..48,
            ),
            nonce in proptest::option::of(proptest::prelude::any::<[u8; 2]>()),
        ) {
            use std::os::unix::ffi::OsStrExt;
            let name = OsStr::from_bytes(&name);
            let line = format(&[0x5a; 2], nonce.as_ref().map(|n| &n[..]), name);
            let text = std::str::from_utf8(&line).unwrap();
            let body = text.strip_suffix('\n').unwrap();
            proptest::prop_assert!(!body.chars().any(|c| c == '\n' || c == '\r' || hidden(c)), "{body:?}");
            let e = parse(body.as_bytes(), 2, 2).unwrap();
            proptest::prop_assert_eq!(e.name.as_os_str(), name);
            proptest::prop_assert_eq!(e.nonce.as_deref(), nonce.as_ref().map(|n| &n[..]));
            let (shown, escaped) = escape_name(name);
            proptest::prop_assert_eq!(escaped, body.starts_with('\\'));
            proptest::prop_assert!(!shown.chars().any(|c| c == '\n' || c == '\r' || hidden(c)));
        }
    }
}
