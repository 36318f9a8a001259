//! The ceiling row: a plain read of the message.
//!
//! Xors all little-endian `u64` words of the buffer together (a tail shorter
//! than 8 bytes is zero-padded). Compiled three times, for AVX-512F, AVX2 and
//! the portable baseline; the widest one the CPU supports is selected at run
//! time. No hash can be faster than reading its input, so the issues quote
//! their figures against this row.

use crate::{KeyMode, Row, Runner, looped};

/// Code path used by [`xor_words`], chosen at run time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// `#[target_feature(enable = "avx512f")]`: 512-bit vectors.
    #[cfg(target_arch = "x86_64")]
    Avx512,
    /// `#[target_feature(enable = "avx2")]`: 256-bit vectors.
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// Baseline target features.
    Portable,
}

impl Level {
    /// The widest level this CPU supports.
    pub fn detect() -> Level {
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx512f") {
                return Level::Avx512;
            }
            if std::is_x86_feature_detected!("avx2") {
                return Level::Avx2;
            }
        }
        Level::Portable
    }

    /// Every level this CPU supports (for tests).
    pub fn available() -> Vec<Level> {
        #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
        let mut v = vec![Level::Portable];
        #[cfg(target_arch = "x86_64")]
        {
            if std::is_x86_feature_detected!("avx2") {
                v.push(Level::Avx2);
            }
            if std::is_x86_feature_detected!("avx512f") {
                v.push(Level::Avx512);
            }
        }
        v
    }

    /// Name for the row label.
    pub fn name(self) -> &'static str {
        match self {
            #[cfg(target_arch = "x86_64")]
            Level::Avx512 => "AVX-512F",
            #[cfg(target_arch = "x86_64")]
            Level::Avx2 => "AVX2",
            Level::Portable => "portable",
        }
    }
}

/// The memory-read row.
pub fn rows() -> Vec<Row> {
    let level = Level::detect();
    vec![
        Row::new(
            "memory",
            "read",
            format!("xor of u64 words, {} (ceiling)", level.name()),
            level.name(),
            KeyMode::Unkeyed,
            move |_len| runner(level),
        )
        .stream_in_quick(),
    ]
}

fn runner(level: Level) -> Box<dyn Runner> {
    // `assert_supported` runs here, once, so that the closures may call the
    // `target_feature` kernels.
    assert_supported(level);
    match level {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `assert_supported` checked that the CPU has AVX-512F.
        Level::Avx512 => looped(|m: &[u8]| unsafe { xor_avx512(m) }.to_le_bytes()),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `assert_supported` checked that the CPU has AVX2.
        Level::Avx2 => looped(|m: &[u8]| unsafe { xor_avx2(m) }.to_le_bytes()),
        Level::Portable => looped(|m: &[u8]| xor_kernel(m).to_le_bytes()),
    }
}

fn assert_supported(level: Level) {
    assert!(
        Level::available().contains(&level),
        "CPU lacks {}",
        level.name()
    );
}

/// The xor kernel of `level` as a plain function, checked once here so that
/// callers in a hot loop pay no per-call check.
///
/// # Panics
/// If the CPU does not support `level`.
pub fn xor_fn(level: Level) -> fn(&[u8]) -> u64 {
    assert_supported(level);
    match level {
        #[cfg(target_arch = "x86_64")]
        Level::Avx512 => |m| {
            // SAFETY: `xor_fn` checked that the CPU has AVX-512F before handing
            // out this function, and a CPU does not lose features.
            unsafe { xor_avx512(m) }
        },
        #[cfg(target_arch = "x86_64")]
        Level::Avx2 => |m| {
            // SAFETY: as above, for AVX2.
            unsafe { xor_avx2(m) }
        },
        Level::Portable => xor_kernel,
    }
}

/// Xor of all `u64` words of `buf` at `level`.
///
/// # Panics
/// If the CPU does not support `level`.
pub fn xor_words(buf: &[u8], level: Level) -> u64 {
    assert_supported(level);
    match level {
        #[cfg(target_arch = "x86_64")]
        // SAFETY: checked above that the CPU has AVX-512F.
        Level::Avx512 => unsafe { xor_avx512(buf) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: checked above that the CPU has AVX2.
        Level::Avx2 => unsafe { xor_avx2(buf) },
        Level::Portable => xor_kernel(buf),
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
fn xor_avx512(buf: &[u8]) -> u64 {
    xor_kernel(buf)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn xor_avx2(buf: &[u8]) -> u64 {
    xor_kernel(buf)
}

/// A plain xor-reduction over the words; LLVM's loop vectoriser turns it
/// into the widest vectors the enclosing `target_feature` allows, unrolled
/// into several independent accumulators.
#[inline(always)]
fn xor_kernel(buf: &[u8]) -> u64 {
    let (words, tail) = buf.as_chunks::<8>();
    let x = words.iter().fold(0, |x, w| x ^ u64::from_le_bytes(*w));
    let mut last = [0u8; 8];
    last[..tail.len()].copy_from_slice(tail);
    x ^ u64::from_le_bytes(last)
}
