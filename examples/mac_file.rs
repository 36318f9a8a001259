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

use uhash::base::Generate;
use uhash::base::mac::{MacHash, MacNonce, WegmanCarter};

type Result<T> = std::result::Result<T, Box<dyn std::error::Error>>;

/// The tag in hex, with what was checked.
fn report(name: &str, tag: &[u8]) {
    let hex: String = tag.iter().map(|b| format!("{b:02x}")).collect();
    println!("{name} tag of 1 MiB: {hex} (streamed tag verified; a one-bit change is rejected)");
}

/// A Wegman–Carter MAC of `uhash-base` (the long-hash MACs of mmh and sqh,
/// dfc-decorr's `DfcMac`): one tag, the same message streamed in 4 KiB
/// pieces verifies it, a one-bit change does not.
fn wegman_carter<H: MacHash>(name: &str, mac: &WegmanCarter<H>, msg: &mut [u8]) -> Result<()> {
    // One nonce per message, never reused under one key: a random 96-bit
    // nonce from the OS generator, sent with the tag. A sender that keeps
    // state may count instead: `MacNonce::from_counter(n)`.
    let nonce = MacNonce::try_generate()?;
    let tag = mac.authenticate(&nonce, msg);
    let mut state = mac.start();
    msg.chunks(4096).for_each(|p| state.update(p));
    state.verify(&nonce, &tag)?;
    msg[12_345] ^= 1;
    assert!(
        mac.verify(&nonce, msg, &tag).is_err(),
        "{name}: a changed message verified"
    );
    msg[12_345] ^= 1;
    report(name, tag.as_ref());
    Ok(())
}

fn main() -> Result<()> {
    let mut msg: Vec<u8> = (0..1u32 << 20)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    wegman_carter(
        "Nhx2Mac",
        &uhash::mmh::Nhx2Mac::from_seed(&[0x42; 16])?,
        &mut msg,
    )?;
    wegman_carter(
        "Asm2x128Mac",
        &uhash::sqh::Asm2x128Mac::from_seed(&[0x42; 16])?,
        &mut msg,
    )?;
    wegman_carter(
        "DfcMac",
        &uhash::dfc_decorr::DfcMac::from_seed(&[0x42; 16])?,
        &mut msg,
    )?;

    // Poly1305-AES: a random 128-bit nonce (or a poly1305-aes
    // `NonceCounter`, `PersistentNonces` across restarts).
    let mac = uhash::poly1305_aes::Poly1305Aes::new_clamped(&[0x42; 32]);
    let nonce = uhash::poly1305_aes::Nonce::try_generate()?;
    let tag = mac.authenticate(&nonce, &msg);
    let mut state = mac.start();
    msg.chunks(4096).for_each(|p| state.update(p));
    state.verify(&nonce, &tag)?;
    msg[12_345] ^= 1;
    assert!(
        mac.verify(&nonce, &msg, &tag).is_err(),
        "Poly1305Aes: a changed message verified"
    );
    msg[12_345] ^= 1;
    report("Poly1305Aes", tag.as_bytes());

    // UMAC: a counter (8 bytes, big-endian, the key's nonce length;
    // `Umac128::with_nonce_len` picks another, and a nonce of another
    // length is an error, as is a message fed after one).
    let mac = uhash::umac::Umac128::new(&[0x42; 16]);
    let nonce = uhash::umac::UmacNonce::from_counter(1);
    let tag = mac.authenticate(&nonce, &msg)?;
    let mut state = mac.start();
    for p in msg.chunks(4096) {
        state.update(p)?;
    }
    state.verify(&nonce, &tag)?;
    msg[12_345] ^= 1;
    assert!(
        mac.verify(&nonce, &msg, &tag).is_err(),
        "Umac128: a changed message verified"
    );
    report("Umac128", tag.as_bytes());
    Ok(())
}
