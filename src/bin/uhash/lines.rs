//! The lines `uhash mac` and `uhash hash` write and `--check` reads:
//! `HEX  NAME` or `TAG NONCE  NAME` (two spaces before the name, as
//! sha256sum and b3sum). A name holding a backslash, a newline or a
//! carriage return is escaped (`\\`, `\n`, `\r`) and its line starts with
//! a backslash, as GNU coreutils do.

use std::ffi::OsString;

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

/// The bytes of a name (raw on Unix).
fn name_bytes(name: &std::ffi::OsStr) -> &[u8] {
    name.as_encoded_bytes()
}

/// The text line for one input, with its newline.
pub fn format(out: &[u8], nonce: Option<&[u8]>, name: &std::ffi::OsStr) -> Vec<u8> {
    let raw = name_bytes(name);
    let escape = raw.iter().any(|b| matches!(b, b'\\' | b'\n' | b'\r'));
    let mut line = Vec::with_capacity(2 * out.len() + 36 + raw.len());
    if escape {
        line.push(b'\\');
    }
    line.extend_from_slice(hex::encode(out).as_bytes());
    if let Some(n) = nonce {
        line.push(b' ');
        line.extend_from_slice(hex::encode(n).as_bytes());
    }
    line.extend_from_slice(b"  ");
    for &b in raw {
        match b {
            b'\\' if escape => line.extend_from_slice(b"\\\\"),
            b'\n' => line.extend_from_slice(b"\\n"),
            b'\r' => line.extend_from_slice(b"\\r"),
            b => line.push(b),
        }
    }
    line.push(b'\n');
    line
}

/// The JSON line for one input (a name that is not UTF-8 is written with
/// U+FFFD in place of its invalid bytes).
pub fn format_json(
    alg: &str,
    field: &str,
    out: &[u8],
    nonce: Option<&[u8]>,
    name: &std::ffi::OsStr,
) -> Vec<u8> {
    let mut obj = serde_json::Map::new();
    obj.insert("alg".into(), alg.into());
    obj.insert("file".into(), name.to_string_lossy().into_owned().into());
    if let Some(n) = nonce {
        obj.insert("nonce".into(), hex::encode(n).into());
    }
    obj.insert(field.into(), hex::encode(out).into());
    let mut line = serde_json::Value::Object(obj).to_string().into_bytes();
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
            _ => return Err("bad escape in the file name (only \\\\, \\n, \\r)".into()),
        }
    }
    Ok(out)
}

#[cfg(unix)]
fn bytes_to_os(b: Vec<u8>) -> Result<OsString, String> {
    use std::os::unix::ffi::OsStringExt;
    Ok(OsString::from_vec(b))
}

#[cfg(not(unix))]
fn bytes_to_os(b: Vec<u8>) -> Result<OsString, String> {
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
    fn json() {
        let j = format_json("poly1305-aes", "tag", &[1], Some(&[2]), OsStr::new("a\"b"));
        let v: serde_json::Value = serde_json::from_slice(&j).unwrap();
        assert_eq!(v["file"], "a\"b");
        assert_eq!(v["tag"], "01");
        assert_eq!(v["nonce"], "02");
    }
}
