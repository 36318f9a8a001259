//! MAC 1 MiB with the recommended MAC of each family, through the facade:
//! `uhash::mmh::Nhx2Mac` (NH, two lanes, 16-byte tag), `uhash::sqh::Asm2x128Mac`
//! (SQHasm2, 16-byte tag), `uhash::poly1305_aes::Poly1305Aes` (16-byte tag),
//! `uhash::dfc_decorr::DfcMac` (the Horner hash over Z_(2^64+13), 8-byte tag)
//! and `uhash::umac::Umac128` (RFC 4418, 16-byte tag).
//!
//! `cargo run -p uhash --example mac_file`: for each, one tag over 1 MiB,
//! the same tag from the message fed in 4 KiB pieces, a verification, and a
//! rejected one-bit change. (The keys are fixed here; a real key is secret,
//! uniformly random bytes. The nonces but UMAC's are random, so the printed
//! tags differ per run.)

use std::error::Error;

use uhash::base::Generate;

type Result<T> = std::result::Result<T, Box<dyn Error>>;

/// A message in pieces.
type Pieces<'m> = &'m mut dyn Iterator<Item = &'m [u8]>;

/// One MAC under one key and nonce: `tag` the one-shot tag of a message,
/// `streamed_verifies` whether the message fed in the pieces given
/// verifies the tag, `verifies` whether a message verifies it.
struct Mac<'a, T> {
    name: &'a str,
    tag: &'a dyn Fn(&[u8]) -> Result<T>,
    streamed_verifies: &'a dyn Fn(Pieces<'_>, &T) -> Result<bool>,
    verifies: &'a dyn Fn(&[u8], &T) -> bool,
    bytes: &'a dyn Fn(&T) -> &[u8],
}

impl<T> Mac<'_, T> {
    /// Tags `msg`, checks the streamed tag and the verification, and that
    /// a one-bit change is rejected; prints the tag.
    fn run(&self, msg: &[u8]) -> Result<()> {
        let tag = (self.tag)(msg)?;
        let name = self.name;
        assert!(
            (self.streamed_verifies)(&mut msg.chunks(4096), &tag)?,
            "{name}: streamed tag differs"
        );
        assert!(
            (self.verifies)(msg, &tag),
            "{name}: the tag does not verify"
        );
        let mut changed = msg.to_vec();
        changed[12_345] ^= 1;
        assert!(
            !(self.verifies)(&changed, &tag),
            "{name}: a changed message verified"
        );
        let hex: String = (self.bytes)(&tag)
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        println!("{name} tag of 1 MiB: {hex} (verified; a one-bit change is rejected)");
        Ok(())
    }
}

/// Runs [`Mac::run`] over `msg` for each family whose MAC's
/// `authenticate` and `verify` cannot fail: `name: mac, nonce;`.
macro_rules! infallible {
    ($msg:expr; $($name:literal: $mac:expr, $nonce:expr;)*) => {$({
        let (mac, nonce) = ($mac, $nonce);
        Mac {
            name: $name,
            tag: &|m| Ok(mac.authenticate(&nonce, m)),
            streamed_verifies: &|pieces, t| {
                let mut state = mac.start();
                pieces.for_each(|p| state.update(p));
                Ok(state.verify(&nonce, t).is_ok())
            },
            verifies: &|m, t| mac.verify(&nonce, m, t).is_ok(),
            bytes: &|t| t.as_bytes(),
        }
        .run($msg)?;
    })*};
}

fn main() -> Result<()> {
    let msg: Vec<u8> = (0..1u32 << 20)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    // One nonce per message, never reused under one key: a random nonce
    // from the OS generator (`Generate::try_generate`, through uhash-base's
    // feature `getrandom`), sent with the tag: 96 bits (`MacNonce`,
    // `Nonce<12>`), 128 for Poly1305-AES. A sender that keeps state may
    // count instead: `MacNonce::from_counter(n)`, a poly1305-aes
    // `NonceCounter` (or `PersistentNonces` across restarts).
    use uhash::base::mac::MacNonce;
    infallible! { &msg;
        "Nhx2Mac": uhash::mmh::Nhx2Mac::from_seed(&[0x42; 16])?, MacNonce::try_generate()?;
        "Asm2x128Mac": uhash::sqh::Asm2x128Mac::from_seed(&[0x42; 16])?, MacNonce::try_generate()?;
        "Poly1305Aes": uhash::poly1305_aes::Poly1305Aes::new_clamped(&[0x42; 32]),
            uhash::poly1305_aes::Nonce::try_generate()?;
        "DfcMac": uhash::dfc_decorr::DfcMac::from_seed(&[0x42; 16])?,
            uhash::dfc_decorr::Nonce::<12>::try_generate()?;
    }
    // UMAC: a counter (8 bytes, big-endian, the key's nonce length;
    // `Umac128::with_nonce_len` picks another, and a nonce of another
    // length is an error, as is a message fed after one).
    let mac = uhash::umac::Umac128::new(&[0x42; 16]);
    let nonce = uhash::umac::UmacNonce::from_counter(1);
    Mac {
        name: "Umac128",
        tag: &|m| Ok(mac.authenticate(&nonce, m)?),
        streamed_verifies: &|pieces, t| {
            let mut state = mac.start();
            for p in pieces {
                state.update(p)?;
            }
            Ok(state.verify(&nonce, t).is_ok())
        },
        verifies: &|m, t| mac.verify(&nonce, m, t).is_ok(),
        bytes: &|t| t.as_bytes(),
    }
    .run(&msg)
}
