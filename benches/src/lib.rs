//! Row registry for the uhash throughput comparison.
//!
//! A [`Row`] is one thing that gets timed: a family, a function of that
//! family, an implementation (ours or a peer's) and a [`KeyMode`], plus a
//! factory that, given a message length, builds a [`Runner`] which hashes a
//! message buffer with a fixed key (or a fresh key per call).
//!
//! Both front ends consume [`rows`]: the criterion benches
//! (`benches/throughput.rs`) and the `summary` command
//! (`src/bin/summary.rs`). To add rows, see [`rows`] and `benches/README.md`.

use std::hint::black_box;
use std::time::{Duration, Instant};

pub mod blake3_peers;
pub mod cli_algs;
pub mod core_rows;
pub mod ct;
pub mod dfc;
pub mod dfc_cipher;
pub mod digest_mw;
pub mod figures;
pub mod forgery;
pub mod memory;
pub mod mmh;
pub mod nhpoly1305;
#[cfg(uhash_bench_openssl)]
pub mod openssl;
pub mod plot;
pub mod poly1305_aes;
pub mod poly1305_peers;
pub mod sqh;
pub mod umac;

/// Every row of the comparison, in display order.
///
/// **How to add rows:** write a module `src/<family>.rs` with a
/// `pub fn rows() -> Vec<Row>` (see [`poly1305_peers`] for a template), add
/// `pub mod <family>;` above and one `rows.extend(<family>::rows());` line
/// below, and the family's crate to `benches/Cargo.toml`.
pub fn rows() -> Vec<Row> {
    let mut rows = Vec::new();
    // Ceiling: what reading the message costs.
    rows.extend(memory::rows());
    // ---- uhash rows: one line per family module, e.g. ----
    rows.extend(core_rows::rows());
    rows.extend(dfc::rows());
    rows.extend(dfc_cipher::rows());
    rows.extend(mmh::rows());
    rows.extend(digest_mw::rows());
    rows.extend(poly1305_aes::rows());
    rows.extend(sqh::rows());
    rows.extend(umac::rows());
    rows.extend(nhpoly1305::rows());
    // What `uhash mac` computes, on every core.
    rows.extend(cli_algs::rows());
    // ---- peers ----
    rows.extend(poly1305_peers::rows());
    rows.extend(blake3_peers::rows());
    rows
}

/// The clock both front ends time batches with.
///
/// The default is the CPU time of the measuring thread
/// (`CLOCK_THREAD_CPUTIME_ID`): on a shared machine, time the thread spends
/// descheduled while other processes run is excluded, which a wall clock
/// would count (several-fold errors under a parallel build). Cache and
/// memory-bandwidth interference from other processes still counts.
/// `UHASH_BENCH_CLOCK=wall` selects the monotonic wall clock instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// CPU time consumed by the calling thread.
    ThreadCpu,
    /// Monotonic wall-clock time ([`Instant`]).
    Wall,
}

impl Clock {
    /// [`Clock::Wall`] if `UHASH_BENCH_CLOCK=wall` or no thread CPU clock
    /// exists on this OS, else [`Clock::ThreadCpu`].
    pub fn from_env() -> Clock {
        let wall = std::env::var("UHASH_BENCH_CLOCK").is_ok_and(|v| v.eq_ignore_ascii_case("wall"));
        if wall || thread_cpu_time().is_none() {
            Clock::Wall
        } else {
            Clock::ThreadCpu
        }
    }

    /// Name for report headers.
    pub fn describe(self) -> &'static str {
        match self {
            Clock::ThreadCpu => "thread CPU time (CLOCK_THREAD_CPUTIME_ID)",
            Clock::Wall => "wall clock (Instant)",
        }
    }

    /// How long `f` takes on this clock.
    pub fn time(self, f: impl FnOnce()) -> Duration {
        match self {
            Clock::ThreadCpu => {
                let start = thread_cpu_time().unwrap_or_default();
                f();
                thread_cpu_time().unwrap_or_default().saturating_sub(start)
            }
            Clock::Wall => {
                let start = Instant::now();
                f();
                start.elapsed()
            }
        }
    }
}

/// CPU time consumed so far by the calling thread.
#[cfg(unix)]
pub fn thread_cpu_time() -> Option<Duration> {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    (rc == 0).then(|| Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32))
}

/// CPU time consumed so far by the calling thread (unavailable here).
#[cfg(not(unix))]
pub fn thread_cpu_time() -> Option<Duration> {
    None
}

/// How a row treats its key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyMode {
    /// No key (the memory-read ceiling).
    Unkeyed,
    /// One key for all messages: whatever the implementation can precompute
    /// from the key is computed once, outside the timed loop.
    LongTerm,
    /// A different key for every message, set inside the timed loop (key
    /// agility: what a one-time MAC such as Poly1305 pays per message).
    FreshPerCall,
}

impl KeyMode {
    /// Suffix of [`Row::id`] (empty for the common modes).
    pub fn id_suffix(self) -> &'static str {
        match self {
            KeyMode::Unkeyed | KeyMode::LongTerm => "",
            KeyMode::FreshPerCall => "/fresh-key",
        }
    }

    /// Human-readable name.
    pub fn describe(self) -> &'static str {
        match self {
            KeyMode::Unkeyed => "unkeyed",
            KeyMode::LongTerm => "long-term key",
            KeyMode::FreshPerCall => "fresh key per call",
        }
    }
}

/// Something that hashes message buffers; built by a [`Row`] for one length.
pub trait Runner {
    /// Hashes `msg` `iters` times, hiding input and output from the
    /// optimiser (`black_box`) so that no iteration can be skipped or hoisted.
    fn run(&mut self, msg: &[u8], iters: u64);
    /// Hashes `msg` once and returns the output (tests, sanity checks).
    fn once(&mut self, msg: &[u8]) -> Vec<u8>;
}

struct Looped<F>(F);

impl<F, T> Runner for Looped<F>
where
    F: FnMut(&[u8]) -> T,
    T: AsRef<[u8]>,
{
    fn run(&mut self, msg: &[u8], iters: u64) {
        for _ in 0..iters {
            black_box((self.0)(black_box(msg)));
        }
    }

    fn once(&mut self, msg: &[u8]) -> Vec<u8> {
        (self.0)(msg).as_ref().to_vec()
    }
}

/// Wraps a closure that hashes one message into a [`Runner`]. The loop is
/// monomorphised around the closure, so the only dynamic dispatch is one
/// call per batch.
pub fn looped<F, T>(f: F) -> Box<dyn Runner>
where
    F: FnMut(&[u8]) -> T + 'static,
    T: AsRef<[u8]>,
{
    Box::new(Looped(f))
}

/// Builds a [`Runner`] for a given message length.
pub type Factory = Box<dyn Fn(usize) -> Box<dyn Runner>>;

/// One row of the comparison.
pub struct Row {
    /// Family, e.g. `poly1305`, `mmh`; criterion group name.
    pub family: &'static str,
    /// Function within the family, e.g. `Poly1305`, `MMH32`.
    pub function: &'static str,
    /// Implementation or peer, e.g. `RustCrypto poly1305 0.9 (default backend)`.
    pub implementation: String,
    /// Short ASCII slug of the implementation for ids, e.g. `rustcrypto`.
    pub impl_id: &'static str,
    /// Key handling.
    pub key_mode: KeyMode,
    /// Longest message this row is timed at.
    pub max_len: usize,
    /// Time the 64 MiB streamed size in `summary --quick` too.
    pub stream_in_quick: bool,
    /// The output changes from call to call by design (a MAC with a new
    /// nonce per message), even under a long-term key.
    pub nonce_per_call: bool,
    /// Runs on every core (a rayon pool): timed with the wall clock, since
    /// the measuring thread's CPU time misses the other threads' work.
    pub all_cores: bool,
    factory: Factory,
}

/// Longest message a [`KeyMode::FreshPerCall`] row is timed at by default:
/// beyond this the key set-up is amortised and the long-term row says it all.
pub const FRESH_KEY_MAX_LEN: usize = 1024;

impl Row {
    /// A row timed at every size (at most [`FRESH_KEY_MAX_LEN`] for
    /// fresh-key rows).
    pub fn new(
        family: &'static str,
        function: &'static str,
        implementation: impl Into<String>,
        impl_id: &'static str,
        key_mode: KeyMode,
        factory: impl Fn(usize) -> Box<dyn Runner> + 'static,
    ) -> Row {
        Row {
            family,
            function,
            implementation: implementation.into(),
            impl_id,
            key_mode,
            max_len: match key_mode {
                KeyMode::FreshPerCall => FRESH_KEY_MAX_LEN,
                _ => usize::MAX,
            },
            stream_in_quick: false,
            nonce_per_call: false,
            all_cores: false,
            factory: Box::new(factory),
        }
    }

    /// Marks a row whose output changes per call by design (a new nonce for
    /// every message).
    #[must_use]
    pub fn nonce_per_call(mut self) -> Row {
        self.nonce_per_call = true;
        self
    }

    /// Marks a row that runs on every core (timed with the wall clock).
    #[must_use]
    pub fn all_cores(mut self) -> Row {
        self.all_cores = true;
        self
    }

    /// The clock this row is timed with: `clock`, or the wall clock for a
    /// row on every core.
    pub fn clock(&self, clock: Clock) -> Clock {
        if self.all_cores { Clock::Wall } else { clock }
    }

    /// A peer's row (OpenSSL, RustCrypto, BLAKE3), not one of ours.
    pub fn is_peer(&self) -> bool {
        ["openssl", "rustcrypto", "blake3"]
            .iter()
            .any(|p| self.impl_id.starts_with(p))
    }

    /// The ceiling row (a plain read of the message).
    pub fn is_ceiling(&self) -> bool {
        self.family == "memory"
    }

    /// A MAC (or a one-time authenticator such as Poly1305): a row doing
    /// the job of the peers.
    pub fn is_mac(&self) -> bool {
        let f = self.function.to_ascii_lowercase();
        if matches!(self.family, "core" | "long" | "memory") {
            return false;
        }
        f.contains("mac")
            || f.starts_with("poly1305")
            || f.starts_with("umac")
            || self.family == "blake3"
    }

    /// Times this row only at lengths up to `max_len`.
    #[must_use]
    pub fn max_len(mut self, max_len: usize) -> Row {
        self.max_len = max_len;
        self
    }

    /// Also times the 64 MiB size in `summary --quick`.
    #[must_use]
    pub fn stream_in_quick(mut self) -> Row {
        self.stream_in_quick = true;
        self
    }

    /// Whether this row is timed at `len`.
    pub fn runs_at(&self, len: usize) -> bool {
        len <= self.max_len
    }

    /// Builds a runner for messages of `len` bytes (key set-up happens here
    /// for long-term-key rows, outside any timing).
    pub fn runner(&self, len: usize) -> Box<dyn Runner> {
        (self.factory)(len)
    }

    /// Stable id, `family/function/impl[/fresh-key]`; criterion's benchmark
    /// id is this plus `/<size>`. Filters match against it.
    pub fn id(&self) -> String {
        format!(
            "{}/{}/{}{}",
            self.family,
            self.function,
            self.impl_id,
            self.key_mode.id_suffix()
        )
    }

    /// Display label: `family/function · implementation [key mode]`.
    pub fn label(&self) -> String {
        let mode = match self.key_mode {
            KeyMode::Unkeyed => String::new(),
            m => format!(" [{}]", m.describe()),
        };
        format!(
            "{}/{} · {}{}",
            self.family, self.function, self.implementation, mode
        )
    }

    /// Whether `filter` (case-insensitive substring) selects this row.
    pub fn matches(&self, filter: &str) -> bool {
        let f = filter.to_lowercase();
        self.id().to_lowercase().contains(&f) || self.label().to_lowercase().contains(&f)
    }
}

/// A message size of the comparison.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    /// Length in bytes.
    pub len: usize,
    /// Label used in ids, tables and plots (`16B`, `1KiB`, `64MiB`).
    pub label: &'static str,
    /// Larger than any cache: the message streams from memory.
    pub streamed: bool,
}

const fn size(len: usize, label: &'static str, streamed: bool) -> Size {
    Size {
        len,
        label,
        streamed,
    }
}

/// All sizes, ascending: 16 B … 64 KiB in cache (16 B, 64 B, 256 B, 1 KiB,
/// 4 KiB, 8 KiB, 64 KiB), then 64 MiB streamed from memory.
pub const SIZES: [Size; 8] = [
    size(16, "16B", false),
    size(64, "64B", false),
    size(256, "256B", false),
    size(1 << 10, "1KiB", false),
    size(4 << 10, "4KiB", false),
    size(8 << 10, "8KiB", false),
    size(64 << 10, "64KiB", false),
    size(64 << 20, "64MiB", true),
];

/// Length of the streamed size.
pub const STREAM_LEN: usize = 64 << 20;

/// A message buffer whose first byte is 64-byte aligned (so that every row
/// sees the same alignment from run to run).
pub struct Message {
    storage: Vec<u8>,
    offset: usize,
    len: usize,
}

impl Message {
    /// `len` pseudo-random bytes (fixed seed), 64-byte aligned.
    pub fn new(len: usize) -> Message {
        let mut storage = vec![0u8; len + 64];
        let offset = storage.as_ptr().align_offset(64);
        fill_pseudo_random(&mut storage[offset..offset + len], 0x5eed_0000 ^ len as u64);
        Message {
            storage,
            offset,
            len,
        }
    }

    /// The message bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.storage[self.offset..self.offset + self.len]
    }
}

/// Fills `buf` from xorshift64* seeded with `seed` (deterministic, not secret).
pub fn fill_pseudo_random(buf: &mut [u8], seed: u64) {
    uhash_testkit::data::fill(buf, seed);
}

/// A 32-byte key that changes on every [`next_key`](FreshKey::next_key) call; for
/// [`KeyMode::FreshPerCall`] rows. Costs one xor and one store per call.
#[derive(Clone, Debug)]
pub struct FreshKey {
    key: [u8; 32],
    counter: u64,
}

impl FreshKey {
    /// Starts from a pseudo-random key derived from `seed`.
    pub fn new(seed: u64) -> FreshKey {
        let mut key = [0u8; 32];
        fill_pseudo_random(&mut key, seed);
        FreshKey { key, counter: 0 }
    }

    /// The next key: the first 8 bytes are xored with a counter.
    pub fn next_key(&mut self) -> &[u8; 32] {
        self.counter = self.counter.wrapping_add(1);
        let first = u64::from_le_bytes(self.key[..8].try_into().expect("8 bytes"));
        self.key[..8].copy_from_slice(&(first ^ self.counter).to_le_bytes());
        &self.key
    }
}

/// The fixed key of long-term-key rows.
pub fn long_term_key() -> [u8; 32] {
    let mut key = [0u8; 32];
    fill_pseudo_random(&mut key, 0x6b65_795f_6c74);
    key
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The label of every size says its length, the sizes ascend, and only
    /// the last one streams (the tables and figures rely on all three).
    #[test]
    fn sizes_ascend_and_their_labels_say_their_length() {
        for s in SIZES {
            let digits = s.label.trim_end_matches(|c: char| c.is_ascii_alphabetic());
            let n: usize = digits.parse().expect(s.label);
            let unit = match &s.label[digits.len()..] {
                "B" => 1,
                "KiB" => 1 << 10,
                "MiB" => 1 << 20,
                other => panic!("unit {other}"),
            };
            assert_eq!(n * unit, s.len, "{}", s.label);
            assert_eq!(s.streamed, s.len == STREAM_LEN, "{}", s.label);
        }
        assert!(SIZES.windows(2).all(|w| w[0].len < w[1].len));
        // #33's sizes, in cache.
        for len in [4 << 10, 64 << 10] {
            assert!(SIZES.iter().any(|s| s.len == len && !s.streamed), "{len}");
        }
    }
}
