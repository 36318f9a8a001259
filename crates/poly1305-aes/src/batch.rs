//! Key agility: many (key, nonce, message) triples authenticated at once.
//!
//! The paper's primary design goal is that a new key costs nothing beyond
//! its use ("no precomputation", §1): a server may hold thousands of keys.
//! [`Batch`] takes raw keys and computes, for each triple, exactly what
//! [`crate::Poly1305Aes::authenticate`] (or [`crate::Poly1305::mac`])
//! computes, keeping nothing between calls. With AVX-512 IFMA (the `ifma`
//! and `ifma-asm` backends), eight messages under eight different r run in
//! the eight lanes of one vector (one r per lane, no powers); other
//! backends run the triples one by one.

use subtle::Choice;

use crate::clamp::{UNCLAMPED_R, r_is_valid, r_limbs_clamped};
use crate::kernels::{Engine, Kernels};
use crate::mac::MacTag;
use crate::nonce::Nonce;
use crate::pad::{Aes128Pad, PadCipher};
use crate::poly1305::Tag;
use crate::state::State;
use crate::{Backend, Error};

/// One Poly1305-AES job: key k ‖ r (the paper's 32-byte layout), nonce and
/// message. `Debug` prints the nonce and the message length, never the key.
#[derive(Clone, Copy)]
pub struct Job<'a> {
    /// The key k ‖ r; r must satisfy the paper's constraints.
    pub key: &'a [u8; 32],
    /// The nonce n (never reused under one key).
    pub nonce: &'a Nonce,
    /// The message.
    pub msg: &'a [u8],
}

impl core::fmt::Debug for Job<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Job")
            .field("nonce", self.nonce)
            .field("msg_len", &self.msg.len())
            .finish_non_exhaustive()
    }
}

/// The batch authenticator: a backend, nothing else (no key material is
/// kept between calls).
#[derive(Clone, Copy, Debug)]
pub struct Batch {
    engine: Engine,
}

impl Default for Batch {
    fn default() -> Self {
        Self::new()
    }
}

impl Batch {
    /// The fastest backend of this CPU.
    #[must_use]
    pub fn new() -> Self {
        Self {
            engine: Engine::detect(),
        }
    }

    /// A forced backend.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] if this crate has no such backend or
    /// the CPU cannot run it.
    pub fn with_backend(backend: Backend) -> Result<Self, Error> {
        Ok(Self {
            engine: Engine::new(backend)?,
        })
    }

    /// The backend in use.
    #[must_use]
    pub fn backend(&self) -> Backend {
        self.engine.backend()
    }

    /// Poly1305-AES of every job into `tags` (same length), each the tag
    /// [`crate::Poly1305Aes::authenticate`] gives.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if `tags.len() != jobs.len()`;
    /// [`Error::InvalidKey`] if a key's r violates the paper's constraints
    /// (checked before anything is computed: then no tag is written).
    pub fn poly1305_aes(&self, jobs: &[Job<'_>], tags: &mut [MacTag]) -> Result<(), Error> {
        check_len(jobs.len(), tags.len())?;
        // Every r checked without a branch, one branch on the result (it
        // reveals only that some key is invalid, as the error does).
        let all_valid = jobs.iter().fold(Choice::from(1), |ok, job| {
            ok & r_is_valid(&job.key[16..].try_into().unwrap_or([0xff; 16]))
        });
        if !bool::from(all_valid) {
            return Err(Error::InvalidKey {
                reason: UNCLAMPED_R,
            });
        }
        let pad = |job: &Job<'_>| {
            let k: [u8; 16] = job.key[..16].try_into().unwrap_or([0; 16]);
            let mut b = *job.nonce.as_bytes();
            Aes128Pad::new(&k).encrypt_pad(&mut b);
            u128::from_le_bytes(b)
        };
        self.run(
            jobs.len(),
            // valid keys: clamping leaves them as they are
            |i| r_limbs_clamped(&jobs[i].key[16..].try_into().unwrap_or([0; 16])),
            |i| jobs[i].msg,
            |i| pad(&jobs[i]),
            |i, t| tags[i] = MacTag::from_bytes(t),
        );
        Ok(())
    }

    /// Poly1305 (RFC 8439, one-time keys r ‖ s with r clamped) of
    /// `msgs[i]` under `keys[i]` into `tags[i]`, each the tag
    /// [`crate::Poly1305::compute_unpadded`] gives.
    ///
    /// # Errors
    /// [`Error::InvalidParameter`] if the three slices differ in length.
    pub fn poly1305(
        &self,
        keys: &[[u8; 32]],
        msgs: &[&[u8]],
        tags: &mut [Tag],
    ) -> Result<(), Error> {
        check_len(keys.len(), msgs.len())?;
        check_len(keys.len(), tags.len())?;
        self.run(
            keys.len(),
            |i| r_limbs_clamped(&keys[i][..16].try_into().unwrap_or([0; 16])),
            |i| msgs[i],
            |i| u128::from_le_bytes(keys[i][16..].try_into().unwrap_or([0; 16])),
            |i, t| tags[i] = t.into(),
        );
        Ok(())
    }

    /// The tag of job i (key r(i), message msg(i), pad pad(i)) to
    /// `out(i, tag)`, for i < n: eight at a time on a backend with eight
    /// lanes (while at least two are left), the rest one by one.
    fn run<'m>(
        &self,
        n: usize,
        r: impl Fn(usize) -> [u64; 2],
        msg: impl Fn(usize) -> &'m [u8],
        pad: impl Fn(usize) -> u128,
        mut out: impl FnMut(usize, [u8; 16]),
    ) {
        let mut i = 0;
        if self.engine.batch_lanes() == 8 {
            while n - i >= 2 {
                let k = (n - i).min(8);
                let rs: [[u64; 2]; 8] =
                    core::array::from_fn(|j| if j < k { r(i + j) } else { [0; 2] });
                let ms: [&[u8]; 8] = core::array::from_fn(|j| if j < k { msg(i + j) } else { &[] });
                let ss: [u128; 8] = core::array::from_fn(|j| if j < k { pad(i + j) } else { 0 });
                let ts = self.engine.batch8(&rs, &ss, &ms);
                for (j, t) in ts.into_iter().take(k).enumerate() {
                    out(i + j, t);
                }
                i += k;
            }
        }
        while i < n {
            let mut st = State::new(r(i), self.engine);
            st.message(msg(i));
            out(i, st.finish(pad(i)));
            i += 1;
        }
    }
}

fn check_len(a: usize, b: usize) -> Result<(), Error> {
    if a == b {
        Ok(())
    } else {
        Err(Error::InvalidParameter {
            name: "tags",
            reason: "one tag per job: the slices must have equal lengths",
        })
    }
}
