//! The registry (`uhash_cli::family::FAMILIES`) is the one list of
//! families: every other per-family list of the workspace is checked
//! against it here, so that a family registered in one place and missing
//! in another fails.

use std::collections::BTreeSet;
use std::path::Path;

use uhash_cli::family::FAMILIES;

fn workspace() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

/// The `name`s of the `[[bin]]` sections of fuzz/Cargo.toml.
fn fuzz_bins() -> BTreeSet<String> {
    let text = std::fs::read_to_string(workspace().join("fuzz/Cargo.toml")).unwrap();
    let mut names = BTreeSet::new();
    let mut in_bin = false;
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            in_bin = line == "[[bin]]";
        } else if in_bin && let Some(v) = line.strip_prefix("name = ") {
            names.insert(v.trim_matches('"').to_owned());
        }
    }
    names
}

#[test]
fn every_family_has_its_fuzz_target_and_every_target_a_family() {
    let bins = fuzz_bins();
    let mut claimed = BTreeSet::new();
    for f in FAMILIES {
        assert!(
            bins.contains(f.fuzz_target),
            "{}: no fuzz bin {}",
            f.package,
            f.fuzz_target
        );
        let file = workspace().join(format!("fuzz/fuzz_targets/{}.rs", f.fuzz_target));
        assert!(file.is_file(), "{}: {} missing", f.package, file.display());
        assert!(
            claimed.insert(f.fuzz_target),
            "{} claimed twice",
            f.fuzz_target
        );
        // The long-message tier, where a family has one, goes with it.
        let long = format!("{}_long", f.fuzz_target);
        if let Some(b) = bins.get(&long) {
            claimed.insert(b.as_str());
        }
    }
    // The one target that is not a family's: the kat driver's parser.
    claimed.insert("kat_parser");
    let unclaimed: Vec<_> = bins
        .iter()
        .filter(|b| !claimed.contains(b.as_str()))
        .collect();
    assert!(
        unclaimed.is_empty(),
        "fuzz targets of no registered family: {unclaimed:?}"
    );
}

#[test]
fn every_family_is_a_package_of_the_workspace_and_answers_kat() {
    let manifest = std::fs::read_to_string(workspace().join("Cargo.toml")).unwrap();
    let mut names = BTreeSet::new();
    for f in FAMILIES {
        assert!(names.insert(f.package), "{} registered twice", f.package);
        assert!(
            manifest.contains(&format!("\n{} = {{ path = ", f.package)),
            "{} is not in [workspace.dependencies]",
            f.package
        );
        assert!(!f.kat.is_empty(), "{}: no kat rows", f.package);
    }
}
