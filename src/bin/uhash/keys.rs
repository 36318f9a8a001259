//! Keys and nonces from the command line: `--key-file`/`--key-hex`,
//! `--nonce`, `--nonce-file`/`--new-nonce-file` (a crash-safe
//! `PersistentNonces` sequence; its 128-bit counters are written in the
//! algorithm's nonce width, little-endian).

use std::fs::File;
use std::io::Read;
use std::path::Path;

use poly1305_aes::nonce::{PersistError, PersistentNonces};
use uhash::alg::Alg;
use zeroize::Zeroizing;

use crate::Fail;

/// The largest key file read (every key is far shorter).
const KEY_FILE_MAX: u64 = 4096;

/// The key from `--key-file F` or `--key-hex HEX`, checked against `alg`'s
/// key size.
pub fn load_key(args: &crate::args::KeyArgs, alg: &Alg) -> Result<Zeroizing<Vec<u8>>, Fail> {
    let want = alg.key_bytes;
    if let Some(path) = &args.key_file {
        let what = format!("key file {}", path.display());
        let mut raw = Zeroizing::new(Vec::new());
        File::open(path)
            .and_then(|f| f.take(KEY_FILE_MAX + 1).read_to_end(&mut raw))
            .map_err(|e| Fail::input(format!("{what}: {e}")))?;
        if raw.len() == want {
            return Ok(raw);
        }
        let text = String::from_utf8_lossy(&raw);
        let text = Zeroizing::new(text.trim().to_owned());
        return parse_hex(&text, want).ok_or_else(|| {
            Fail::input(format!(
                "{what}: {} needs a key of {want} bytes: the file must hold exactly {want} bytes or \
                 {} hex digits, it holds {} bytes",
                alg.name,
                2 * want,
                raw.len()
            ))
        });
    }
    let hex = args.key_hex.as_deref().unwrap_or_default();
    parse_hex(hex, want).ok_or_else(|| {
        Fail::input(format!(
            "--key-hex: {} needs a key of {want} bytes ({} hex digits), got {}",
            alg.name,
            2 * want,
            describe_hex(hex)
        ))
    })
}

/// `hex` decoded if it is exactly `len` bytes of hex digits.
pub fn parse_hex(hex: &str, len: usize) -> Option<Zeroizing<Vec<u8>>> {
    if hex.len() != 2 * len {
        return None;
    }
    let mut out = Zeroizing::new(vec![0; len]);
    hex::decode_to_slice(hex, &mut out).ok()?;
    Some(out)
}

/// What a hex argument was, for an error message (never the digits: they
/// may be a key).
fn describe_hex(hex: &str) -> String {
    if hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        format!("{} hex digits", hex.len())
    } else {
        format!(
            "{} characters that are not all hex digits",
            hex.chars().count()
        )
    }
}

/// The nonce of `--nonce HEX` for `alg`.
pub fn parse_nonce(hex: &str, alg: &Alg) -> Result<Vec<u8>, Fail> {
    parse_hex(hex, alg.nonce_bytes)
        .map(|n| n.to_vec())
        .ok_or_else(|| {
            Fail::input(format!(
                "--nonce: {} takes a nonce of {} bytes ({} hex digits), got {}",
                alg.name,
                alg.nonce_bytes,
                2 * alg.nonce_bytes,
                describe_hex(hex)
            ))
        })
}

/// Where the nonces of one run come from.
pub enum Nonces {
    /// `--nonce HEX`: one input.
    Fixed(Vec<u8>),
    /// `--nonce-file`: one per input, from the crash-safe sequence.
    File(PersistentNonces),
}

impl Nonces {
    /// The nonces of `args` for `inputs` inputs of `alg`.
    pub fn open(args: &crate::args::NonceArgs, alg: &Alg, inputs: usize) -> Result<Self, Fail> {
        // One durable write covers the whole run; `close` stores the exact
        // next nonce, so a clean run skips none.
        let reserve = inputs.max(1) as u64;
        let persist = |path: &Path, e: PersistError| {
            let hint = match &e {
                PersistError::Io { source, .. }
                    if source.kind() == std::io::ErrorKind::NotFound =>
                {
                    " (create it once per key with --new-nonce-file)"
                }
                PersistError::Io { source, .. }
                    if source.kind() == std::io::ErrorKind::AlreadyExists =>
                {
                    " (it exists: use --nonce-file to go on with it)"
                }
                _ => "",
            };
            Fail::input(format!("nonce file {}: {e}{hint}", path.display()))
        };
        if let Some(hex) = &args.nonce {
            if inputs > 1 {
                return Err(Fail::usage(format!(
                    "--nonce takes one input, got {inputs}: a nonce must never repeat under a \
                     key, so several inputs need --nonce-file"
                )));
            }
            return parse_nonce(hex, alg).map(Nonces::Fixed);
        }
        if let Some(path) = &args.nonce_file {
            return PersistentNonces::open(path, reserve)
                .map(Nonces::File)
                .map_err(|e| persist(path, e));
        }
        if let Some(path) = &args.new_nonce_file {
            return PersistentNonces::create(path, 0, reserve)
                .map(Nonces::File)
                .map_err(|e| persist(path, e));
        }
        Err(Fail::usage(format!(
            "{} needs a nonce: --nonce HEX (one input) or --nonce-file F",
            alg.name
        )))
    }

    /// Whether each output line carries its nonce.
    pub fn per_input(&self) -> bool {
        matches!(self, Nonces::File(_))
    }

    /// The nonce for the next input, `width` bytes.
    pub fn next(&mut self, width: usize) -> Result<Vec<u8>, Fail> {
        match self {
            Nonces::Fixed(n) => Ok(n.clone()),
            Nonces::File(seq) => {
                let path = seq.path().display().to_string();
                let n = seq
                    .next_nonce()
                    .map_err(|e| Fail::input(format!("nonce file {path}: {e}")))?
                    .to_counter();
                counter_bytes(n, width).ok_or_else(|| {
                    Fail::input(format!(
                        "nonce file {path}: the counter no longer fits in {width} bytes (nonces \
                         exhausted: use a new key)"
                    ))
                })
            }
        }
    }

    /// Stores the exact next nonce of a nonce file.
    pub fn close(self) -> Result<(), Fail> {
        match self {
            Nonces::Fixed(_) => Ok(()),
            Nonces::File(seq) => {
                let path = seq.path().display().to_string();
                seq.close()
                    .map_err(|e| Fail::input(format!("nonce file {path}: {e}")))
            }
        }
    }
}

/// `n` as `width` little-endian bytes, if it fits.
pub fn counter_bytes(n: u128, width: usize) -> Option<Vec<u8>> {
    let b = n.to_le_bytes();
    b[width.min(16)..]
        .iter()
        .all(|&x| x == 0)
        .then(|| b[..width].to_vec())
}

/// A fresh key for `alg` from the operating system's generator, valid for
/// its definition (a Poly1305-AES r gets the paper's zero bits).
pub fn fresh_key(alg: &Alg) -> Result<Zeroizing<Vec<u8>>, Fail> {
    let mut key = Zeroizing::new(vec![0; alg.key_bytes]);
    getrandom::fill(&mut key)
        .map_err(|e| Fail::input(format!("no random numbers from the system: {e}")))?;
    alg.fix_random_key(&mut key);
    Ok(key)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counters_in_nonce_widths() {
        assert_eq!(counter_bytes(0x0102, 8), Some(vec![2, 1, 0, 0, 0, 0, 0, 0]));
        assert_eq!(counter_bytes(1 << 64, 8), None);
        assert_eq!(counter_bytes(u128::MAX, 16), Some(vec![0xff; 16]));
        assert_eq!(counter_bytes((1 << 96) - 1, 12), Some(vec![0xff; 12]));
    }

    #[test]
    fn hex_is_exact() {
        assert_eq!(
            parse_hex("0a0B", 2).as_deref().map(|v| v.as_slice()),
            Some(&[10u8, 11][..])
        );
        assert!(parse_hex("0a0", 2).is_none());
        assert!(parse_hex("0a0b0c", 2).is_none());
        assert!(parse_hex("zz0b", 2).is_none());
        assert_eq!(describe_hex("abc"), "3 hex digits");
        assert!(describe_hex("key!").contains("not all hex"));
    }
}
