//! `uhash mac`, `verify`, `hash`, `keygen`, `algs` as a user runs them:
//! `basics` (output lines, nonce files, bad input), `check` (`--check` of
//! JSON lines, malformed lines counted), `hash` (every algorithm
//! through its `keygen` key file, `algs`, `kat`, `epsilon`), `misuse` (the attacks
//! of SECURITY.md's misuse list, each performed against the tool), `names`
//! (names that try to fool a terminal, counts too large to run), helpers in
//! `common`.

mod basics;
mod check;
mod common;
mod hash;
mod misuse;
mod names;
