//! The tool's tests, one binary: `cli` (the commands as a user runs them),
//! `kat` (the known-answer driver, every backend, every published vector),
//! `epsilon` (the ε lab) and `epsilon_nhpoly1305` (the lab entries that
//! family registers), `parallel` (threaded MACs equal the one-thread
//! output; the algorithm table), `registry` (every per-family list agrees
//! with `uhash_cli::family::FAMILIES`).

mod cli;
mod epsilon;
mod epsilon_nhpoly1305;
mod kat;
mod parallel;
mod registry;
