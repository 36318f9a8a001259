//! Where the published vector sets are. Each set is stored once, in the
//! crate whose own tests need it (`crates/<family>/tests/vectors/`); every
//! other user (the reference's tests, the `uhash kat` tests, CI) reads it
//! there by path. [`records`] reads a file's JSON lines, [`hex()`] and
//! [`msg`] decode their fields.

use std::path::{Path, PathBuf};

use serde_json::Value;

/// The vector folders of the workspace, one per family that has a
/// published set: Poly1305 (the Poly1305-AES paper, RFC 8439), UMAC
/// (RFC 4418), DFC (NIST round 1) and NHPoly1305 (Linux's test vectors,
/// the Adiantum authors' NH vectors).
pub const SETS: [&str; 4] = ["poly1305-aes", "umac", "dfc-decorr", "nhpoly1305"];

/// The `crates/` folder of the workspace.
fn crates_dir() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

/// The path of the published vector file `file` (`poly1305_rfc8439.jsonl`,
/// `umac64_rfc4418.jsonl`, …), wherever its set is kept. Panics naming
/// the folders searched if no set holds it.
#[must_use]
pub fn path(file: &str) -> PathBuf {
    SETS.iter()
        .map(|set| crates_dir().join(set).join("tests/vectors").join(file))
        .find(|p| p.is_file())
        .unwrap_or_else(|| panic!("no vector set holds {file} (searched {SETS:?})"))
}

/// Every published vector file (`*.jsonl` of every set), sorted by name.
#[must_use]
pub fn all() -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = SETS
        .iter()
        .flat_map(|set| {
            let dir = crates_dir().join(set).join("tests/vectors");
            std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
                .map(|e| e.expect("directory entry").path())
                .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
                .collect::<Vec<_>>()
        })
        .collect();
    files.sort_by(|a, b| a.file_name().cmp(&b.file_name()));
    files
}

/// The JSON records of the vector file at `path`, one a line (blank lines
/// skipped). Panics naming the file and line of what does not parse.
#[must_use]
pub fn records(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(n, l)| {
            serde_json::from_str(l).unwrap_or_else(|e| panic!("{}:{}: {e}", path.display(), n + 1))
        })
        .collect()
}

/// The records of the published vector file `file` ([`path`]).
#[must_use]
pub fn read(file: &str) -> Vec<Value> {
    records(&path(file))
}

/// Field `field` of `v`, a hex string, decoded. Panics naming the field
/// and the record if it is missing or not hex.
#[must_use]
pub fn hex(v: &Value, field: &str) -> Vec<u8> {
    let s = v
        .get(field)
        .and_then(Value::as_str)
        .unwrap_or_else(|| panic!("{v}: missing {field}"));
    ::hex::decode(s).unwrap_or_else(|e| panic!("{v}: {field}: {e}"))
}

/// Field `field` of `v` as exactly `N` bytes ([`hex()`]).
#[must_use]
pub fn hex_n<const N: usize>(v: &Value, field: &str) -> [u8; N] {
    hex(v, field)
        .try_into()
        .unwrap_or_else(|b: Vec<u8>| panic!("{v}: {field}: {} bytes, not {N}", b.len()))
}

/// The message of record `v`: field `msg`, repeated up to `msg_len`
/// bytes where the record has one (the long records store a unit).
#[must_use]
pub fn msg(v: &Value) -> Vec<u8> {
    let unit = hex(v, "msg");
    match v.get("msg_len").and_then(Value::as_u64) {
        Some(len) => {
            let len = usize::try_from(len).expect("msg_len fits usize");
            let m: Vec<u8> = unit.iter().copied().cycle().take(len).collect();
            assert_eq!(m.len(), len, "{v}: msg_len with an empty msg");
            m
        }
        None => unit,
    }
}
