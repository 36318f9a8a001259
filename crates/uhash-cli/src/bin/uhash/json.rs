//! The JSON Lines of `uhash mac --json` and `uhash hash --json`, and how
//! `--check` reads them back.
//!
//! One object per input, on one line:
//!
//! * `"alg"`: the algorithm's name (`uhash algs`);
//! * `"file"`: the input's name as a JSON string; every control, DEL, C1
//!   and bidirectional control is a `\uXXXX` escape (nothing a terminal
//!   acts on), and a name that is not UTF-8 has U+FFFD in place of its
//!   invalid bytes;
//! * `"file_hex"`: only for a name that is not UTF-8: its exact bytes in
//!   hex (`--check` opens this name, not `"file"`'s);
//! * `"nonce"` (MACs) and `"tag"`, or `"hash"` (keyed hashes): hex.
//!
//! `--check` reads a list line that starts with `{` (after blanks) as such
//! an object: `"alg"`, where present, must be the algorithm being checked;
//! a MAC's line without `"nonce"` takes `--nonce`; other fields are
//! ignored.

use std::ffi::OsStr;

use serde_json::{Map, Value};
use uhash_cli::alg::{Alg, Kind};

use crate::lines::{Entry, bytes_to_os, hidden};

/// The field of the output: `tag` for a MAC, `hash` for a keyed hash.
fn out_field(alg: &Alg) -> &'static str {
    if alg.kind == Kind::Mac { "tag" } else { "hash" }
}

/// The JSON line for one input, with its newline (module docs).
pub fn format(alg: &Alg, out: &[u8], nonce: Option<&[u8]>, name: &OsStr) -> Vec<u8> {
    let mut obj = Map::new();
    obj.insert("alg".into(), alg.name.into());
    obj.insert("file".into(), name.to_string_lossy().into_owned().into());
    let raw = name.as_encoded_bytes();
    if std::str::from_utf8(raw).is_err() {
        obj.insert("file_hex".into(), hex::encode(raw).into());
    }
    if let Some(n) = nonce {
        obj.insert("nonce".into(), hex::encode(n).into());
    }
    obj.insert(out_field(alg).into(), hex::encode(out).into());
    // serde_json escapes C0 controls; DEL, C1 and the bidirectional
    // controls are written as `\uXXXX` too (the same string to a JSON
    // reader, nothing a terminal acts on).
    let mut line = String::new();
    for c in Value::Object(obj).to_string().chars() {
        if hidden(c) {
            line.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            line.push(c);
        }
    }
    line.push('\n');
    line.into_bytes()
}

/// Parses one JSON line (without its `\n`) of a list for `alg`.
pub fn parse(line: &[u8], alg: &Alg) -> Result<Entry, String> {
    let value: Value =
        serde_json::from_slice(line).map_err(|e| format!("not a JSON object ({e})"))?;
    let Value::Object(obj) = value else {
        return Err("not a JSON object".into());
    };
    let text = |field: &str| -> Result<Option<&str>, String> {
        match obj.get(field) {
            None => Ok(None),
            Some(Value::String(s)) => Ok(Some(s)),
            Some(_) => Err(format!("\"{field}\" is not a string")),
        }
    };
    let hex_field = |field: &str, bytes: usize| -> Result<Option<Vec<u8>>, String> {
        let Some(h) = text(field)? else {
            return Ok(None);
        };
        if h.len() != 2 * bytes || !h.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(format!(
                "\"{field}\" must be {} hex digits, found {}",
                2 * bytes,
                crate::keys::describe_hex(h)
            ));
        }
        hex::decode(h).map(Some).map_err(|e| e.to_string())
    };
    if let Some(a) = text("alg")?
        && a != alg.name
    {
        return Err(format!(
            "a line of {}, not of {}",
            crate::lines::display_name(OsStr::new(a)),
            alg.name
        ));
    }
    let field = out_field(alg);
    let out = hex_field(field, alg.out_bytes)?.ok_or_else(|| format!("no \"{field}\" field"))?;
    let nonce = if alg.kind == Kind::Mac {
        hex_field("nonce", alg.nonce_bytes)?
    } else {
        None
    };
    let name = match (text("file_hex")?, text("file")?) {
        (Some(h), _) => hex::decode(h)
            .map_err(|_| "\"file_hex\" is not hex (two digits per byte of the name)".to_owned())?,
        (None, Some(f)) => f.as_bytes().to_vec(),
        (None, None) => return Err("no \"file\" field".into()),
    };
    if name.is_empty() {
        return Err("no file name".into());
    }
    Ok(Entry {
        out,
        nonce,
        name: bytes_to_os(name)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alg(name: &str) -> &'static Alg {
        uhash_cli::alg::find(name).unwrap()
    }

    #[test]
    fn writes() {
        let p = alg("poly1305-aes");
        let j = format(p, &[1; 16], Some(&[2; 16]), OsStr::new("a\"b"));
        let v: Value = serde_json::from_slice(&j).unwrap();
        assert_eq!(v["file"], "a\"b");
        assert_eq!(v["tag"], "01".repeat(16));
        assert_eq!(v["nonce"], "02".repeat(16));
        assert!(v.get("file_hex").is_none());
        // Controls a terminal acts on are JSON escapes, the same string.
        let name = "x\u{1b}[8m\u{7f}\u{9b}\u{202e}y";
        let j = format(p, &[1], None, OsStr::new(name));
        let text = std::str::from_utf8(&j).unwrap();
        assert!(
            !text.trim_end().chars().any(|c| c.is_control() || hidden(c)),
            "{text}"
        );
        assert!(text.contains("\\u001b[8m\\u007f\\u009b\\u202ey"), "{text}");
        let v: Value = serde_json::from_slice(&j).unwrap();
        assert_eq!(v["file"], name);
    }

    #[test]
    fn round_trips() {
        for a in uhash_cli::alg::listed() {
            let out = vec![0xa5; a.out_bytes];
            let nonce = (a.kind == Kind::Mac).then(|| vec![0x5a; a.nonce_bytes]);
            for name in ["a b.txt", "x\u{1b}\u{202e}\\\n\"y", "日本"] {
                let line = format(a, &out, nonce.as_deref(), OsStr::new(name));
                let e = parse(line.trim_ascii_end(), a).unwrap();
                assert_eq!(e.out, out);
                assert_eq!(e.nonce, nonce);
                assert_eq!(e.name, OsStr::new(name));
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn names_that_are_not_utf8() {
        use std::os::unix::ffi::OsStrExt;
        let name = OsStr::from_bytes(b"a\xff\xe2\x80b\xc0");
        let a = alg("nhx4-mac");
        let line = format(a, &vec![1; a.out_bytes], Some(&[2; 12]), name);
        let v: Value = serde_json::from_slice(&line).unwrap();
        assert_eq!(v["file"], "a\u{fffd}\u{fffd}b\u{fffd}");
        assert_eq!(v["file_hex"], "61ffe28062c0");
        assert_eq!(parse(line.trim_ascii_end(), a).unwrap().name, name);
    }

    #[test]
    fn malformed() {
        let h = alg("mmh32x4");
        let mac = alg("poly1305-aes");
        let tag = "00".repeat(16);
        for (a, line, why) in [
            (h, "{", "not a JSON object"),
            (h, "[1]", "not a JSON object"),
            (h, r#"{"file":"x"}"#, "no \"hash\""),
            (h, r#"{"hash":"00","file":"x"}"#, "found 2 hex digits"),
            (h, r#"{"hash":7,"file":"x"}"#, "not a string"),
            (mac, r#"{"hash":"0","file":"x"}"#, "no \"tag\""),
            (
                mac,
                &format!(r#"{{"alg":"nh-mac","tag":"{tag}"}}"#),
                "a line of nh-mac",
            ),
            (mac, &format!(r#"{{"tag":"{tag}"}}"#), "no \"file\""),
            (
                mac,
                &format!(r#"{{"tag":"{tag}","file":""}}"#),
                "no file name",
            ),
            (
                mac,
                &format!(r#"{{"tag":"{tag}","file":"x","file_hex":"6"}}"#),
                "\"file_hex\" is not hex",
            ),
            (
                mac,
                &format!(r#"{{"tag":"{tag}","nonce":"zz","file":"x"}}"#),
                "\"nonce\" must be 32 hex digits",
            ),
        ] {
            let err = parse(line.as_bytes(), a).unwrap_err();
            assert!(err.contains(why), "{line}: {err}");
        }
        // A MAC's line without a nonce parses (--check gives --nonce).
        let e = parse(format!(r#"{{"tag":"{tag}","file":"x"}}"#).as_bytes(), mac).unwrap();
        assert!(e.nonce.is_none());
    }
}
