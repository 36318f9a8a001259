//! Test helpers shared by the uhash crates. Not published; used as a
//! dev-dependency only.
//!
//! | module | what |
//! |---|---|
//! | [`wipe`] | does a dropped key-holding value leave its key behind, in its own memory or in memory it freed? |
//! | [`ct`] | valgrind memcheck client requests: mark secrets undefined, so that a secret-dependent branch or address is reported |
//! | [`expect`] | which backends CI requires on this machine (`UHASH_EXPECT_X86`, `UHASH_EXPECT_ASM`) |
//! | [`vectors`] | where each published vector set is kept (once, in its family's crate) |

pub mod ct;
pub mod expect;
pub mod vectors;
pub mod wipe;

pub use wipe::{
    ScanAlloc, assert_debug_hides, assert_key_holder, assert_seeded_key_holder, assert_wiped,
    seeded_keys, test_key,
};
