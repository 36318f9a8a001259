//! Keys from the command line: `--key-file F` (`-`: standard input) or
//! `--key-hex HEX`, and `uhash keygen`'s key files.
//!
//! A key serves one algorithm. A key file written by `uhash keygen` names
//! it — one line `uhash-key v1 ALG HEX` — and `mac`, `verify` and `hash`
//! take the algorithm from it, refusing a key file made for another one
//! (one key for a hash and a MAC, or for two MACs, can give forgeries or
//! the key away: SECURITY.md). A raw key — exactly the key's bytes, or its
//! bare hex digits, in a file or after `--key-hex` — names no algorithm:
//! it needs an explicit `--alg`, and keeping it to that one algorithm is
//! the user's responsibility.
//!
//! A key file that is a regular file must not be accessible to group or
//! others (mode `0600` or stricter, as OpenSSH requires of private keys);
//! `uhash keygen --out F` creates one so.

use std::fs::File;
use std::io::{self, Read, Write};
use std::path::Path;

use uhash_cli::alg::{self, Alg, Kind};
use zeroize::Zeroizing;

use crate::Fail;
use crate::args::KeyArgs;

/// The largest key file read (every key is far shorter).
const KEY_FILE_MAX: u64 = 4096;

/// The first word of a typed key file, and its format version.
const KEY_FILE_MAGIC: &str = "uhash-key";
const KEY_FILE_VERSION: &str = "v1";

/// A key and the algorithm it is for.
pub struct Key {
    /// The algorithm (from the key file, or `--alg` for a raw key).
    pub alg: &'static Alg,
    /// Exactly `alg.key_bytes` bytes.
    pub bytes: Zeroizing<Vec<u8>>,
}

/// Where the key's bytes came from, for messages.
fn source_name(args: &KeyArgs) -> String {
    match &args.key_file {
        Some(p) if p.as_os_str() == "-" => "key from standard input".into(),
        Some(p) => format!("key file {}", crate::lines::display_name(p.as_os_str())),
        None => "--key-hex".into(),
    }
}

/// The key of `args` for a command of `kind`, and its algorithm: the key
/// file's own, or `alg_arg` (required for a raw key; refused when it
/// differs from the key file's). `stdin_taken`: standard input is an input
/// or the list, so `--key-file -` cannot read it.
pub fn load(
    args: &KeyArgs,
    alg_arg: Option<&str>,
    kind: Kind,
    stdin_taken: bool,
) -> Result<Key, Fail> {
    let what = source_name(args);
    let text: Zeroizing<Vec<u8>> = match &args.key_file {
        Some(p) if p.as_os_str() == "-" => {
            if stdin_taken {
                return Err(Fail::usage(
                    "--key-file - reads the key from standard input, which is also an input here \
                     (name the inputs, or give the key another way)"
                        .into(),
                ));
            }
            read_capped(io::stdin().lock()).map_err(|e| Fail::input(format!("{what}: {e}")))?
        }
        Some(p) => read_key_file(p, &what)?,
        None => Zeroizing::new(args.key_hex.clone().unwrap_or_default().into_bytes()),
    };
    let parsed = parse(&text, &what)?;
    let alg = match (parsed.alg, alg_arg) {
        (Some(typed), Some(asked)) if typed != asked => {
            return Err(Fail::input(format!(
                "{what} is a key for {typed}, not for {asked}: a key serves one algorithm (one key \
                 for two can give forgeries or the key away); make a key for {asked} with \
                 'uhash keygen --alg {asked} --out FILE'"
            )));
        }
        (Some(typed), _) => {
            if alg::find(typed).is_none() {
                return Err(Fail::input(format!(
                    "{what} is a key for '{typed}', which this uhash does not know"
                )));
            }
            find(typed, kind).map_err(|e| {
                Fail::input(format!(
                    "{what} is a key for {typed}: {}; make a key for one of them with 'uhash \
                     keygen --alg NAME --out FILE'",
                    e.message()
                ))
            })?
        }
        (None, Some(asked)) => find(asked, kind)?,
        (None, None) => {
            return Err(Fail::usage(format!(
                "{what} is a raw key, which names no algorithm: give --alg NAME (and use the key \
                 for that algorithm only), or make a key file with 'uhash keygen --alg NAME --out \
                 FILE', which names its algorithm"
            )));
        }
    };
    let want = alg.key_bytes;
    // What the key should be, and for a typed key file which algorithm it
    // says it is for (then its key has the wrong length only if edited).
    let (who, needs) = match parsed.alg {
        Some(_) => (
            format!("{what} (a key for {}, as the file says)", alg.name),
            format!(
                "{} needs {} hex digits ({want} bytes): the file is damaged (make a new one with \
                 'uhash keygen --alg {} --out FILE')",
                alg.name,
                2 * want,
                alg.name
            ),
        ),
        None => (
            what.clone(),
            format!(
                "--alg {} needs {} hex digits ({want} bytes)",
                alg.name,
                2 * want
            ),
        ),
    };
    let hex_error = |h: &str| Fail::input(format!("{who} holds {}; {needs}", held_hex(h)));
    let bytes = match parsed.body {
        Body::Hex(h) => parse_hex(&h, want).ok_or_else(|| hex_error(&h))?,
        Body::Raw(b) if b.len() == want && args.key_file.is_some() => b,
        Body::Raw(b) if args.key_file.is_none() => {
            let h = Zeroizing::new(String::from_utf8_lossy(&b).into_owned());
            parse_hex(&h, want).ok_or_else(|| hex_error(&h))?
        }
        Body::Raw(b) => {
            let trimmed = b.trim_ascii();
            let h = Zeroizing::new(String::from_utf8_lossy(trimmed).into_owned());
            parse_hex(&h, want).ok_or_else(|| {
                if !trimmed.is_empty() && trimmed.iter().all(u8::is_ascii_hexdigit) {
                    hex_error(&h)
                } else {
                    Fail::input(format!(
                        "{who} holds {} bytes, not hex digits; --alg {} needs a key of {want} \
                         bytes: a file of exactly {want} bytes or {} hex digits",
                        b.len(),
                        alg.name,
                        2 * want
                    ))
                }
            })?
        }
    };
    Ok(Key { alg, bytes })
}

/// What a key source holds.
struct Parsed<'a> {
    /// The algorithm a typed key file names.
    alg: Option<&'a str>,
    body: Body,
}

/// The key material: hex digits to decode (a typed key file), or a raw
/// key's text: exactly the key's bytes, or its hex digits.
enum Body {
    Hex(Zeroizing<String>),
    Raw(Zeroizing<Vec<u8>>),
}

/// A typed key file (`uhash-key v1 ALG HEX`, whitespace around it
/// ignored), bare hex digits, or raw bytes.
fn parse<'a>(raw: &'a [u8], what: &str) -> Result<Parsed<'a>, Fail> {
    let trimmed = raw.trim_ascii();
    if let Some(rest) = trimmed.strip_prefix(KEY_FILE_MAGIC.as_bytes())
        && rest.first().is_some_and(u8::is_ascii_whitespace)
    {
        let bad = |why: &str| {
            Fail::input(format!(
                "{what}: not a valid uhash key file ({why}; the format is one line 'uhash-key v1 \
                 ALG HEX')"
            ))
        };
        let text = std::str::from_utf8(rest).map_err(|_| bad("not text"))?;
        let mut words = text.split_ascii_whitespace();
        match (words.next(), words.next(), words.next(), words.next()) {
            (Some(KEY_FILE_VERSION), Some(alg), Some(hex), None) => {
                return Ok(Parsed {
                    alg: Some(alg),
                    body: Body::Hex(Zeroizing::new(hex.to_owned())),
                });
            }
            (Some(v), Some(_), Some(_), None) if v != KEY_FILE_VERSION => {
                return Err(bad("a format version this uhash does not read"));
            }
            _ => return Err(bad("not three words after 'uhash-key'")),
        }
    }
    Ok(Parsed {
        alg: None,
        body: Body::Raw(Zeroizing::new(raw.to_vec())),
    })
}

/// At most `KEY_FILE_MAX` bytes of `r` (more is an error: no key is that
/// long).
fn read_capped(r: impl Read) -> io::Result<Zeroizing<Vec<u8>>> {
    let mut raw = Zeroizing::new(Vec::new());
    r.take(KEY_FILE_MAX + 1).read_to_end(&mut raw)?;
    if raw.len() as u64 > KEY_FILE_MAX {
        return Err(io::Error::other(format!(
            "longer than {KEY_FILE_MAX} bytes: not a key"
        )));
    }
    Ok(raw)
}

/// The bytes of the key file at `path`; a regular file accessible to group
/// or others is refused (checked on the opened file, not the name).
fn read_key_file(path: &Path, what: &str) -> Result<Zeroizing<Vec<u8>>, Fail> {
    let fail = |e: io::Error| Fail::input(format!("{what}: {}", crate::input::plain(&e)));
    let file = File::open(path).map_err(fail)?;
    let meta = file.metadata().map_err(fail)?;
    if meta.is_dir() {
        return Err(Fail::input(format!("{what}: is a directory")));
    }
    if let Some(mode) = exposed_mode(&meta) {
        return Err(Fail::input(format!(
            "{what} is accessible by group or others (mode {mode:04o}): a secret key must be \
             private; run 'chmod 600 {}' (uhash keygen --out creates key files so)",
            crate::lines::display_name(path.as_os_str())
        )));
    }
    read_capped(file).map_err(fail)
}

/// `hex` decoded if it is exactly `len` bytes of hex digits.
pub fn parse_hex(hex: &str, len: usize) -> Option<Zeroizing<Vec<u8>>> {
    if hex.len() != 2 * len {
        return None;
    }
    let mut out = Zeroizing::new(vec![0; len]);
    hex::decode_to_slice(hex, &mut out).ok()?;
    Some(out)
}

/// What a hex argument was, for an error message (never the digits: they
/// may be a key).
pub fn describe_hex(hex: &str) -> String {
    if hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        format!("{} hex digits", hex.len())
    } else {
        format!(
            "{} characters that are not all hex digits",
            hex.chars().count()
        )
    }
}

/// How many hex digits (and bytes) a hex key holds, for an error message
/// (never the digits).
fn held_hex(hex: &str) -> String {
    let n = hex.len();
    if !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        describe_hex(hex)
    } else if n % 2 == 1 {
        format!("{n} hex digits (an odd number: not whole bytes)")
    } else {
        format!("{n} hex digits ({} bytes)", n / 2)
    }
}

/// A fresh key for `alg` from the operating system's generator, valid for
/// its definition (a Poly1305-AES r gets the paper's zero bits).
pub fn fresh_key(alg: &Alg) -> Result<Zeroizing<Vec<u8>>, Fail> {
    let mut key = Zeroizing::new(vec![0; alg.key_bytes]);
    getrandom::fill(&mut key)
        .map_err(|e| Fail::input(format!("no random numbers from the system: {e}")))?;
    alg.fix_random_key(&mut key);
    Ok(key)
}

/// The text of a key file for `alg` holding `key`: `uhash-key v1 ALG HEX`
/// and a newline.
pub fn key_file_text(alg: &Alg, key: &[u8]) -> Zeroizing<String> {
    let mut t = Zeroizing::new(format!("{KEY_FILE_MAGIC} {KEY_FILE_VERSION} {} ", alg.name));
    t.push_str(&Zeroizing::new(hex::encode(key)));
    t.push('\n');
    t
}

/// Creates the key file `path` (it must not exist) readable by its owner
/// only (mode 0600 on Unix, set at creation), writes `text` and syncs it.
pub fn write_key_file(path: &Path, text: &[u8]) -> Result<(), Fail> {
    let shown = crate::lines::display_name(path.as_os_str());
    let mut opts = std::fs::OpenOptions::new();
    opts.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut opts, 0o600);
    let mut f = opts.open(path).map_err(|e| {
        let hint = if e.kind() == io::ErrorKind::AlreadyExists {
            " (a key file is never overwritten: remove it yourself if it is no longer needed)"
        } else {
            ""
        };
        Fail::input(format!(
            "key file {shown}: {}{hint}",
            crate::input::plain(&e)
        ))
    })?;
    f.write_all(text)
        .and_then(|()| f.sync_all())
        .map_err(|e| Fail::input(format!("key file {shown}: {}", crate::input::plain(&e))))
}

/// The mode of a regular file that group or others can access (any of
/// the bits 0o077, as OpenSSH checks private keys); `None` for anything else
/// (a pipe, a terminal, a private file, a system without these bits).
fn exposed_mode(meta: &std::fs::Metadata) -> Option<u32> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let mode = meta.permissions().mode() & 0o7777;
        (meta.is_file() && mode & 0o077 != 0).then_some(mode)
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        None
    }
}

/// Whether standard output is a regular file that group or others can read
/// (`uhash keygen > k` under a umask of 022): the key should not stay so.
#[cfg(unix)]
pub fn stdout_is_exposed_file() -> bool {
    use std::os::fd::AsFd;
    io::stdout()
        .as_fd()
        .try_clone_to_owned()
        .map(File::from)
        .and_then(|f| f.metadata())
        .is_ok_and(|m| exposed_mode(&m).is_some())
}

/// Not Unix: no group/other mode bits to read.
#[cfg(not(unix))]
pub fn stdout_is_exposed_file() -> bool {
    false
}

/// The algorithm `name` of `kind`, or an error listing the right ones.
pub fn find(name: &str, kind: Kind) -> Result<&'static Alg, Fail> {
    let names = |k| {
        alg::of_kind(k)
            .map(|a| a.name)
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (what, whats, cmd) = match kind {
        Kind::Mac => ("MAC", "MACs", "uhash mac"),
        Kind::Hash => ("keyed hash", "keyed hashes", "uhash hash"),
    };
    match alg::find(name) {
        Some(a) if a.kind == kind => Ok(a),
        Some(a) => {
            let other = if a.kind == Kind::Mac {
                "uhash mac"
            } else {
                "uhash hash"
            };
            Err(Fail::usage(format!(
                "'{name}' is not a {what} (use it with '{other}'); the {whats} of '{cmd}': {}",
                names(kind)
            )))
        }
        None => Err(Fail::usage(format!(
            "unknown algorithm '{name}'; the {whats} of '{cmd}': {}",
            names(kind)
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_is_exact() {
        assert_eq!(
            parse_hex("0a0B", 2).as_deref().map(|v| v.as_slice()),
            Some(&[10u8, 11][..])
        );
        assert!(parse_hex("0a0", 2).is_none());
        assert!(parse_hex("0a0b0c", 2).is_none());
        assert!(parse_hex("zz0b", 2).is_none());
        assert_eq!(describe_hex("abc"), "3 hex digits");
        assert_eq!(held_hex("00ff"), "4 hex digits (2 bytes)");
        assert_eq!(
            held_hex("0ff"),
            "3 hex digits (an odd number: not whole bytes)"
        );
        assert!(held_hex("0g").contains("not all hex"));
        assert!(describe_hex("key!").contains("not all hex"));
    }

    #[test]
    fn typed_key_files_round_trip() {
        let a = alg::find("nhx4-mac").unwrap();
        let key = vec![0xa5; a.key_bytes];
        let text = key_file_text(a, &key);
        assert!(text.starts_with("uhash-key v1 nhx4-mac a5a5"));
        let p = parse(text.as_bytes(), "k").ok().unwrap();
        assert_eq!(p.alg, Some("nhx4-mac"));
        assert!(matches!(p.body, Body::Hex(h) if h.as_str() == hex::encode(&key)));
        let raw = parse(b"00ff\n", "k").ok().unwrap();
        assert!(raw.alg.is_none() && matches!(raw.body, Body::Raw(_)));
        // Malformed typed files are errors, not raw keys.
        for bad in [
            "uhash-key v1 nhx4-mac",
            "uhash-key v2 nhx4-mac 00",
            "uhash-key v1 a b c",
        ] {
            assert!(parse(bad.as_bytes(), "k").is_err(), "{bad}");
        }
        // Bare hex and raw bytes name no algorithm.
        assert!(parse(b"00ff\n", "k").ok().unwrap().alg.is_none());
        assert!(parse(&[0xff; 32], "k").ok().unwrap().alg.is_none());
    }
}
