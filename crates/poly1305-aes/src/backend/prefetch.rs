//! How far ahead the x86 vector loops (IFMA, and the radix-2^26 loops of
//! AVX2 and AVX-512F) prefetch a long message. A long message is read from
//! memory, where the kernels' long multiply chains keep the core from
//! running far enough ahead to have many lines in flight, and the hardware
//! prefetcher starts over at every 4 KiB page.

/// Bytes ahead of the current step that a vector loop prefetches the
/// message, when it is at least [`PREFETCH_MIN`] bytes long. Measured on a
/// 1 GiB file hashed from a mapping (`uhash mac --threads 1`, 2-core Intel
/// VM, medians of 11), IFMA: 0.234 s without, 0.204 s at 2 KiB, 0.198 s at
/// 8 KiB, 0.193 s at 16 KiB; in cache, 64 KiB messages 0.127–0.128
/// cycles/byte with it, 0.125–0.137 without (three runs each). The AVX2
/// loop takes the same distance (with it, one thread on the same file
/// 0.383 → 0.317 s, medians of 11, AVX2 forced; other distances not
/// tried); on AVX-512F (CPUs without IFMA, the same loop as AVX2) its
/// effect is not measured.
pub(crate) const PREFETCH: usize = 8192;

/// Messages at least this long are prefetched (a shorter one is taken to
/// be in cache, and lines past its end would only be fetched for nothing).
pub(crate) const PREFETCH_MIN: usize = 16 * 1024;
