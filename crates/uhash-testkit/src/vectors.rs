//! Where the published vector sets are. Each set is stored once, in the
//! crate whose own tests need it (`crates/<family>/tests/vectors/`); every
//! other user (the reference's tests, the `uhash kat` tests, CI) reads it
//! there by path.

use std::path::{Path, PathBuf};

/// The vector folders of the workspace, one per family that has a
/// published set: Poly1305 (the Poly1305-AES paper, RFC 8439), UMAC
/// (RFC 4418) and DFC (NIST round 1).
pub const SETS: [&str; 3] = ["poly1305-aes", "umac", "dfc-decorr"];

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
