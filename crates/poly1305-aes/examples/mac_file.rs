//! MAC 1 MiB with Poly1305-AES (16-byte tag).
//!
//! `cargo run -p poly1305-aes --example mac_file`: one tag over 1 MiB, the same tag from
//! the message fed in 4 KiB pieces, a verification, and a rejected
//! one-bit change. (The key is fixed here; a real key is secret, uniformly
//! random bytes. The nonce is random, so the printed tag differs per run.)

use poly1305_aes::{Generate, Nonce, Poly1305Aes};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut msg: Vec<u8> = (0..1u32 << 20)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let mac = Poly1305Aes::new_clamped(&[0x42; 32]);
    // One nonce per message, never reused under one key: a random 128-bit
    // nonce from the OS generator (feature `getrandom`), sent with the tag.
    // A sender that keeps state may count instead: a `NonceCounter` (or `PersistentNonces` across restarts).
    let nonce = Nonce::try_generate()?;
    let tag = mac.authenticate(&nonce, &msg);
    let mut state = mac.start();
    for piece in msg.chunks(4096) {
        state.update(piece);
    }
    assert!(state.verify(&nonce, &tag).is_ok(), "streamed tag differs");
    mac.verify(&nonce, &msg, &tag)?;
    msg[12_345] ^= 1;
    assert!(
        mac.verify(&nonce, &msg, &tag).is_err(),
        "a changed message verified"
    );
    let hex: String = tag.as_bytes().iter().map(|b| format!("{b:02x}")).collect();
    println!("Poly1305Aes tag of 1 MiB: {hex} (verified; a one-bit change is rejected)");
    Ok(())
}
