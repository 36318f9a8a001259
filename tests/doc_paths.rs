//! The documentation names only paths that exist.
//!
//! Every inline code span (`` `like/this.rs` ``) and every relative
//! markdown link target in the top-level documents, `docs/*.md` and each
//! package's `README.md` that looks like a path of the repository — it
//! contains a `/` and ends in a known file extension or in `/` — must name
//! a file or directory, relative to the document's own directory, to the
//! repository root, or to a package's directory or its `src/` (the
//! architecture notes name a crate's files from inside its section).
//! Placeholders and patterns (`<family>`, `{a,b}`, `*`, `…`, `$VAR`), URLs,
//! absolute paths, Rust paths (`::`), the outputs of builds and runs
//! (`target/`, `fuzz/work/`) and the few spans of `NOT_PATHS` are skipped.
//! `CHANGELOG.md` is history and is not checked. A trailing `:LINE` is
//! ignored.

use std::path::{Path, PathBuf};

/// Extensions of the files the documents point at.
const EXTENSIONS: &[&str] = &[
    "rs", "md", "toml", "S", "s", "sh", "py", "json", "jsonl", "txt", "csv", "c", "h", "yml",
    "yaml", "lock", "supp", "svg", "png", "ttf", "tsv",
];

/// Prefixes of paths that builds and runs create: not in the repository.
const GENERATED: &[&str] = &["target/", "fuzz/work/", "fuzz/artifacts/", "fuzz/coverage/"];

/// Spans that look like paths and are not: the files a criterion run
/// writes per cell, and benchmark row ids given as `--filter` substrings.
const NOT_PATHS: &[&str] = &["new/estimates.json", "digest/digest/"];

/// The package directories (relative to the root): a document that
/// describes a package may name its files relative to the package or to
/// its `src/`.
fn packages(root: &Path) -> Vec<PathBuf> {
    let mut out = vec![
        root.to_owned(),
        root.join("asm"),
        root.join("benches"),
        root.join("fuzz"),
    ];
    if let Ok(entries) = std::fs::read_dir(root.join("crates")) {
        out.extend(entries.flatten().map(|e| e.path()));
    }
    out.retain(|p| p.join("Cargo.toml").is_file());
    out.sort();
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The documents checked: top-level markdown files but the changelog,
/// `docs/*.md`, and the `README.md` of every package directory.
fn documents() -> Vec<PathBuf> {
    let root = root();
    let mut out = Vec::new();
    let md_in = |dir: &Path, out: &mut Vec<PathBuf>| {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let p = e.path();
            if p.extension().is_some_and(|x| x == "md")
                && p.file_name().is_some_and(|n| n != "CHANGELOG.md")
            {
                out.push(p);
            }
        }
    };
    md_in(&root, &mut out);
    md_in(&root.join("docs"), &mut out);
    for d in packages(&root).into_iter().filter(|d| *d != root) {
        let readme = d.join("README.md");
        if readme.is_file() {
            out.push(readme);
        }
    }
    out.sort();
    out
}

/// The inline code spans and relative link targets of a markdown text,
/// outside fenced code blocks, with their line numbers.
fn candidates(text: &str) -> Vec<(usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        // Inline code: the text between pairs of single backticks (a run
        // of several backticks delimits a span that is skipped whole).
        let mut rest = line;
        while let Some(start) = rest.find('`') {
            let ticks = rest[start..].chars().take_while(|&c| c == '`').count();
            let after = &rest[start + ticks..];
            let close = "`".repeat(ticks);
            let Some(end) = after.find(&close) else { break };
            if ticks == 1 {
                out.push((i + 1, after[..end].to_owned()));
            }
            rest = &after[end + ticks..];
        }
        // Link targets: `](target)`.
        let mut rest = line;
        while let Some(start) = rest.find("](") {
            let after = &rest[start + 2..];
            let Some(end) = after.find(')') else { break };
            let target = after[..end].split('#').next().unwrap_or("");
            if !target.is_empty() {
                out.push((i + 1, target.to_owned()));
            }
            rest = &after[end..];
        }
    }
    out
}

/// The repository path a candidate names, if it looks like one.
fn as_repo_path(s: &str) -> Option<&str> {
    let s = s.trim();
    // `file.rs:12` or `file.rs:12-30`: the file.
    let s = match s.rsplit_once(':') {
        Some((p, line))
            if !line.is_empty() && line.chars().all(|c| c.is_ascii_digit() || c == '-') =>
        {
            p
        }
        _ => s,
    };
    let placeholder = |c: char| "<>{}*?…$ \t|\"'=,()[]~@".contains(c);
    if !s.contains('/')
        || s.chars().any(placeholder)
        || s.starts_with('/')
        || s.contains("://")
        || s.contains("::")
        || s.contains("...")
        || s.starts_with('-')
        || GENERATED.iter().any(|g| s.starts_with(g))
        || NOT_PATHS.contains(&s)
    {
        return None;
    }
    let known = s.ends_with('/')
        || s.rsplit_once('.').is_some_and(|(stem, ext)| {
            !stem.is_empty() && !stem.ends_with('/') && EXTENSIONS.contains(&ext)
        });
    known.then_some(s)
}

#[test]
fn every_path_in_the_docs_exists() {
    let root = root();
    let docs = documents();
    // Where a path may be rooted: the document's directory, the repository
    // root, a package, a package's `src/`.
    let mut bases: Vec<PathBuf> = Vec::new();
    for p in packages(&root) {
        bases.push(p.join("src"));
        bases.push(p);
    }
    assert!(
        docs.iter().any(|d| d.ends_with("README.md")) && docs.len() > 5,
        "found too few documents: {docs:?}"
    );
    let mut missing = Vec::new();
    let mut checked = 0;
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        let dir = doc.parent().unwrap();
        for (line, c) in candidates(&text) {
            let Some(p) = as_repo_path(&c) else { continue };
            checked += 1;
            if !dir.join(p).exists() && !bases.iter().any(|b| b.join(p).exists()) {
                let shown = doc.strip_prefix(&root).unwrap_or(doc);
                missing.push(format!("{}:{line}: `{p}`", shown.display()));
            }
        }
    }
    assert!(
        checked > 50,
        "only {checked} paths found: is the parser broken?"
    );
    assert!(
        missing.is_empty(),
        "paths named in the docs that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn the_parser_finds_paths_and_skips_placeholders() {
    let text = "see `src/lib.rs:12` and [x](docs/kat.md#top)\n\
                ```\n`not/checked.rs`\n```\n\
                `benches/src/<family>.rs` `{a,b}/c.rs` `*.rs` `uhash::base` `a/b` ``x/y.rs``\n";
    let found: Vec<String> = candidates(text)
        .iter()
        .filter_map(|(_, c)| as_repo_path(c).map(str::to_owned))
        .collect();
    assert_eq!(found, ["src/lib.rs", "docs/kat.md"]);
}
