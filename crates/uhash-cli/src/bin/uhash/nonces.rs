//! Where the nonces of `uhash mac` come from.
//!
//! - **Nothing given** (the default): a fresh random nonce per input from
//!   the operating system, for every MAC whose nonce has at least 12 bytes
//!   (Poly1305-AES: 16; the Wegman–Carter MACs: 12). Two of q random
//!   b-bit nonces collide with probability at most q²/2^(b+1): for 96-bit
//!   nonces below 2^−32 after 2^32 tags under one key (2^−33), for 128-bit
//!   nonces 2^−65 after 2^32 tags. UMAC's 8-byte nonces are too short for
//!   this (a collision after about 2^32 tags): it is refused, naming
//!   `--nonce-file`.
//! - `--nonce HEX`: one input; reusing it in another run is a forgery that
//!   no tool can detect.
//! - `--nonce-file F` / `--new-nonce-file F` / `--adopt-nonce-file F`: a
//!   crash-safe counter on disk (`uhash::base::nonce_file`), bound to the key
//!   and the algorithm (a salted key check value in the file), starting at
//!   a random point of the nonce space, one nonce per input.

use std::path::Path;

use uhash::base::nonce_file::{NonceFileError, NonceStore};
use uhash_cli::alg::Alg;

use crate::Fail;
use crate::args::NonceArgs;
use crate::keys::{self, Key};

/// The shortest nonce drawn at random (bytes).
pub const RANDOM_MIN_BYTES: usize = 12;

/// Where the nonces of one run come from.
pub enum Nonces {
    /// `--nonce HEX`: one input.
    Fixed(Vec<u8>),
    /// No option: a random nonce per input.
    Random,
    /// A nonce file: one per input, from the crash-safe sequence.
    File(NonceStore),
}

/// The nonce of `--nonce HEX` for `alg`.
pub fn parse_nonce(hex: &str, alg: &Alg) -> Result<Vec<u8>, Fail> {
    keys::parse_hex(hex, alg.nonce_bytes)
        .map(|n| n.to_vec())
        .ok_or_else(|| {
            Fail::input(format!(
                "--nonce: {} takes a nonce of {} bytes ({} hex digits), got {}",
                alg.name,
                alg.nonce_bytes,
                2 * alg.nonce_bytes,
                keys::describe_hex(hex)
            ))
        })
}

/// The message for a nonce file error, with what to do about it.
fn file_error(path: &Path, e: &NonceFileError) -> Fail {
    let hint = match e {
        NonceFileError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
            " (create it once per key with --new-nonce-file)"
        }
        NonceFileError::Io { source, .. } if source.kind() == std::io::ErrorKind::AlreadyExists => {
            " (it exists: use --nonce-file to go on with it)"
        }
        NonceFileError::WrongKey | NonceFileError::WrongAlgorithm { .. } => {
            " (a nonce file serves one key and one algorithm: nothing was written; make one for \
             this key with --new-nonce-file, or drop the nonce options for random nonces)"
        }
        NonceFileError::Legacy => {
            " (it has no key check value: if it was only ever used with this key, bind it to the \
             key once with --adopt-nonce-file)"
        }
        NonceFileError::Exhausted => " (nonces exhausted: use a new key)",
        _ => "",
    };
    Fail::input(format!(
        "nonce file {}: {e}{hint}",
        crate::lines::display_name(path.as_os_str())
    ))
}

impl Nonces {
    /// The nonces of `args` for `inputs` inputs under `key`.
    pub fn open(args: &NonceArgs, key: &Key, inputs: usize) -> Result<Self, Fail> {
        let alg = key.alg;
        // One durable write covers the whole run; `close` stores the exact
        // next nonce, so a clean run skips none.
        let reserve = inputs.max(1) as u64;
        let (name, width, k) = (alg.name, alg.nonce_bytes, &key.bytes[..]);
        if let Some(hex) = &args.nonce {
            if inputs > 1 {
                return Err(Fail::usage(format!(
                    "--nonce takes one input, got {inputs}: a nonce must never repeat under a \
                     key (leave the nonce options out for a random nonce per input, or use --nonce-file)"
                )));
            }
            return parse_nonce(hex, alg).map(Nonces::Fixed);
        }
        let file = if let Some(p) = &args.nonce_file {
            NonceStore::open(p, name, width, k, reserve).map_err(|e| file_error(p, &e))?
        } else if let Some(p) = &args.new_nonce_file {
            NonceStore::create(p, name, width, k, reserve).map_err(|e| file_error(p, &e))?
        } else if let Some(p) = &args.adopt_nonce_file {
            NonceStore::adopt(p, name, width, k, reserve).map_err(|e| file_error(p, &e))?
        } else if width >= RANDOM_MIN_BYTES {
            return Ok(Nonces::Random);
        } else {
            return Err(Fail::usage(format!(
                "{name} has {width}-byte nonces, too short to draw at random (two would collide \
                 after about 2^{} tags): use --nonce-file F (create it once per key with \
                 --new-nonce-file F), or --nonce HEX for one input",
                4 * width
            )));
        };
        Ok(Nonces::File(file))
    }

    /// The nonce for the next input, `width` bytes.
    pub fn next(&mut self, width: usize) -> Result<Vec<u8>, Fail> {
        match self {
            Nonces::Fixed(n) => Ok(n.clone()),
            Nonces::Random => {
                let mut n = vec![0; width];
                getrandom::fill(&mut n)
                    .map_err(|e| Fail::input(format!("no random nonce from the system: {e}")))?;
                Ok(n)
            }
            Nonces::File(seq) => {
                let path = seq.path().to_path_buf();
                seq.next_bytes().map_err(|e| file_error(&path, &e))
            }
        }
    }

    /// Whether each output line carries its nonce.
    pub fn per_input(&self) -> bool {
        !matches!(self, Nonces::Fixed(_))
    }

    /// Stores the exact next nonce of a nonce file.
    pub fn close(self) -> Result<(), Fail> {
        match self {
            Nonces::Fixed(_) | Nonces::Random => Ok(()),
            Nonces::File(seq) => {
                let path = seq.path().to_path_buf();
                seq.close().map_err(|e| file_error(&path, &e))
            }
        }
    }
}
