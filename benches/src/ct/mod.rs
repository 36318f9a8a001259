//! The constant-time registry: every keyed public function of every
//! family, on every backend this CPU (or valgrind's simulated CPU) runs,
//! as a [`Target`] that takes its secret inputs as bytes.
//!
//! Two front ends consume [`targets`]:
//!
//! * `ctgrind` (`src/bin/ctgrind.rs`): runs each target once under
//!   valgrind memcheck with the key, nonce and message bytes marked
//!   undefined (the ctgrind technique), so that any branch or memory
//!   address computed from them is reported; CI runs it (step "constant
//!   time under valgrind").
//! * `dudect` (`src/bin/dudect.rs`): times each target on a fixed input
//!   class against a random one and applies Welch's t-test (dudect), for
//!   the backends valgrind cannot execute (AVX-512, IFMA, ADX).
//!
//! A target builds its keyed object from the key bytes inside the call, so
//! key expansion, key validity checks and precomputation are checked with
//! the rest. Everything a target returns is public (a hash value, a tag, a
//! verification verdict); the front ends mark it defined before they look
//! at it.

use uhash_base::Backend;

mod core_fns;
mod dfc;
mod digest;
mod long;
mod mmh;
mod nhpoly1305;
mod planted;
mod poly1305;
mod sqh;
mod umac;

/// The inputs of one call: the bytes a target must treat as secret.
#[derive(Clone, Copy, Debug)]
pub struct Input<'a> {
    /// Key (or seed) bytes, `key_len` of them.
    pub key: &'a [u8],
    /// Nonce bytes, `nonce_len` of them (empty for an unkeyed-nonce function).
    pub nonce: &'a [u8],
    /// The message.
    pub msg: &'a [u8],
}

/// The function of a target: inputs to its public output bytes.
pub type RunFn = Box<dyn Fn(&Input<'_>) -> Vec<u8>>;

/// A keyed object's function: nonce and message to public output bytes.
pub type KeyedFn = Box<dyn Fn(&[u8], &[u8]) -> Vec<u8>>;

/// Key bytes to the keyed object (as its [`KeyedFn`]).
pub type KeyFn = Box<dyn Fn(&[u8]) -> KeyedFn>;

/// One keyed public function on one backend.
pub struct Target {
    /// The package (`uhash-mmh`, `poly1305-aes`, …, `uhash-base`: a
    /// `uhash_cli::family::Family::package`), or `planted`.
    pub family: &'static str,
    /// What runs, as a caller writes it (`Mmh32Mac::authenticate`).
    pub function: String,
    /// The backend name (`Backend::name`), or `-` for scalar code that has
    /// no backend choice.
    pub backend: String,
    /// Key bytes the function takes.
    pub key_len: usize,
    /// The bits of the key that are secret and free (1) — the others are
    /// fixed to 0 by the key format and public. `None`: every bit.
    /// Poly1305-AES: the 22 bits of r that the paper requires to be 0.
    pub key_mask: Option<Vec<u8>>,
    /// Nonce bytes.
    pub nonce_len: usize,
    /// The bits of the nonce treated as secret (1). `None`: every bit. A
    /// nonce is public (it travels with the message); it is marked secret
    /// anyway, so that nothing depends on it by accident, except for the
    /// bits whose value a definition uses to choose work (UMAC-32/64's pad
    /// index, UMAC's pad cache), which [`Target::note`] names.
    pub nonce_mask: Option<Vec<u8>>,
    /// What the target declares public beyond its outputs, and why.
    pub note: Option<&'static str>,
    /// Message lengths to run: short ones for the scalar paths, and ones
    /// that reach every vector path (≥ 256 B, ≥ 1 KiB) and full chunks of
    /// the long hashes.
    pub msg_lens: Vec<usize>,
    /// For the planted self-test only: valgrind must report the target.
    pub planted: bool,
    /// For the planted self-test only: `dudect` must find the target's
    /// timing difference too (a branch that skips work; a branch or an L1
    /// table read that costs nothing measurable need not show).
    pub planted_timing: bool,
    /// The function.
    pub run: RunFn,
    /// The same split into key set-up and use, where the set-up costs far
    /// more than the use and does not depend on the backend (the long
    /// hashes' AES key expansion of a 16 KiB chunk key, UMAC's KDF): `dudect`
    /// then times the use under keys drawn from two pools (fixed, random)
    /// built beforehand. `ctgrind` always runs [`Target::run`], set-up
    /// included.
    pub keyed: Option<KeyFn>,
}

impl Target {
    /// A target whose every key bit is secret.
    pub fn new(
        family: &'static str,
        function: impl Into<String>,
        backend: impl Into<String>,
        key_len: usize,
        nonce_len: usize,
        msg_lens: &[usize],
        run: impl Fn(&Input<'_>) -> Vec<u8> + 'static,
    ) -> Self {
        Self {
            family,
            function: function.into(),
            backend: backend.into(),
            key_len,
            key_mask: None,
            nonce_len,
            nonce_mask: None,
            note: None,
            msg_lens: msg_lens.to_vec(),
            planted: false,
            planted_timing: false,
            run: Box::new(run),
            keyed: None,
        }
    }

    /// The same with only the bits of `mask` secret (and free).
    #[must_use]
    pub fn with_key_mask(mut self, mask: Vec<u8>) -> Self {
        assert_eq!(
            mask.len(),
            self.key_len,
            "{}: key mask length",
            self.function
        );
        self.key_mask = Some(mask);
        self
    }

    /// The same with its split form (see [`Target::keyed`]).
    #[must_use]
    pub fn with_keyed(mut self, f: impl Fn(&[u8]) -> KeyedFn + 'static) -> Self {
        self.keyed = Some(Box::new(f));
        self
    }

    /// The same with only the nonce bits of `mask` secret; `note` says why
    /// the others are public.
    #[must_use]
    pub fn with_public_nonce_bits(mut self, mask: Vec<u8>, note: &'static str) -> Self {
        assert_eq!(
            mask.len(),
            self.nonce_len,
            "{}: nonce mask length",
            self.function
        );
        self.nonce_mask = Some(mask);
        self.note = Some(note);
        self
    }

    /// `family function [backend]`, for reports and filters.
    #[must_use]
    pub fn id(&self) -> String {
        format!("{} {} [{}]", self.family, self.function, self.backend)
    }

    /// A valid key from arbitrary bytes: the fixed bits cleared.
    pub fn normalize_key(&self, key: &mut [u8]) {
        if let Some(m) = &self.key_mask {
            for (k, m) in key.iter_mut().zip(m) {
                *k &= m;
            }
        }
    }
}

/// Every target of every family on the backends this CPU runs, the
/// planted ones (which must be reported) first.
#[must_use]
pub fn targets() -> Vec<Target> {
    let mut t = Vec::new();
    planted::targets(&mut t);
    core_fns::targets(&mut t);
    mmh::targets(&mut t);
    digest::targets(&mut t);
    sqh::targets(&mut t);
    poly1305::targets(&mut t);
    dfc::targets(&mut t);
    umac::targets(&mut t);
    nhpoly1305::targets(&mut t);
    t
}

/// Backends valgrind 3.19 cannot execute (it runs x86-64 code up to AVX2,
/// without ADX or any AVX-512): the `dudect` front end covers these.
pub const NOT_UNDER_VALGRIND: &[Backend] = &[
    Backend::Avx512,
    Backend::Ifma,
    Backend::Mulx,
    Backend::Avx512Asm,
    Backend::IfmaAsm,
    Backend::MulxAsm,
];

/// Whether `name` (a [`Target::backend`]) is one of [`NOT_UNDER_VALGRIND`].
#[must_use]
pub fn needs_statistics(name: &str) -> bool {
    NOT_UNDER_VALGRIND.iter().any(|b| b.name() == name)
}

// ---------------------------------------------------------------------------
// Helpers for the family modules.

/// Little-endian 32-bit words of `b` (a trailing partial word is dropped).
pub(crate) fn words32(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4)
        .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect()
}

/// Little-endian 64-bit words of `b`.
pub(crate) fn words64(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])))
        .collect()
}

/// The first `N` bytes of `b` as an array (zeros past its end).
pub(crate) fn array<const N: usize>(b: &[u8]) -> [u8; N] {
    let mut a = [0u8; N];
    let n = b.len().min(N);
    a[..n].copy_from_slice(&b[..n]);
    a
}

/// The message split at two public points (a third, at most 1/3 and the
/// rest), for the streaming APIs.
pub(crate) fn pieces(msg: &[u8]) -> [&[u8]; 3] {
    let a = msg.len() / 3;
    let b = (msg.len() - a) / 2 + a;
    [&msg[..a], &msg[a..b], &msg[b..]]
}

/// A small deterministic generator (splitmix64, `uhash_testkit::rng`) for
/// the inputs: the front ends need reproducible bytes, not cryptographic
/// ones.
pub use uhash_testkit::rng::SplitMix64 as Rng;

/// A verification verdict as one output byte (1 = accepted).
pub(crate) fn verdict<E>(r: &Result<(), E>) -> u8 {
    u8::from(r.is_ok())
}
