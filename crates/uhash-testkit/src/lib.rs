//! Test helpers shared by the uhash crates. Not published; used as a
//! dev-dependency only.
//!
//! | module | what |
//! |---|---|
//! | [`wipe`] | does a dropped key-holding value leave its key behind, in its own memory or in memory it freed? |
//! | [`ct`] | valgrind memcheck client requests: mark secrets undefined, so that a secret-dependent branch or address is reported |
//! | [`expect`] | which backends CI requires on this machine (`UHASH_EXPECT_X86`, `UHASH_EXPECT_ASM`) |
//! | [`vectors`] | where each published vector set is kept (once, in its family's crate), and its JSON-lines reader |
//! | [`long`] | the long-message hashes: the reference compositions of the families' kernels, the production hash fed in pieces |
//! | [`mac`] | the paths of a Wegman–Carter MAC over one message: one-shot, streaming, verification, rejection |
//! | [`reference`](mod@reference) | the reference functions by their production names |
//! | [`rng`] | the seeded generators of the tests, benches and fuzz targets (SplitMix64, xorshift64, xorshift64*) |
//! | [`data`] | deterministic inputs: word patterns and byte strings from a seed |
//! | [`umac`] | UMAC inputs from a key: the natural L1 key words, a chunk whose L1 output lands in POLY's escape range |
//! | [`kernel`] | the inputs of the kernel-level tests (every backend against the portable one): edge counts and alignments, proptest keys and misaligned messages |

pub mod ct;
pub mod data;
pub mod expect;
pub mod kernel;
pub mod long;
pub mod mac;
pub mod reference;
pub mod rng;
pub mod umac;
pub mod vectors;
pub mod wipe;

pub use wipe::{
    ScanAlloc, assert_debug_hides, assert_key_holder, assert_seeded_key_holder, assert_wiped,
    seeded_keys, test_key,
};
