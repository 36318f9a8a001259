//! MAC 1 MiB with UMAC-128 (RFC 4418, 16-byte tag).
//!
//! `cargo run -p umac --example mac_file`: one tag over 1 MiB, the same tag from
//! the message fed in 4 KiB pieces, a verification, and a rejected
//! one-bit change. (The key is fixed here so that the run is repeatable;
//! a real key is 16 or 32 secret, uniformly random bytes.)

use umac::{Umac128, UmacNonce};

fn main() -> Result<(), umac::Error> {
    let mut msg: Vec<u8> = (0..1u32 << 20)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8)
        .collect();
    let mac = Umac128::new(&[0x42; 16]);
    // One nonce per message, never reused under one key: a counter (8 bytes,
    // big-endian, the key's nonce length; `Umac128::with_nonce_len` picks
    // another, and a nonce of another length is an error).
    let nonce = UmacNonce::from_counter(1);
    let tag = mac.authenticate(&nonce, &msg)?;
    let mut state = mac.start();
    for piece in msg.chunks(4096) {
        state.update(piece)?;
    }
    assert!(state.verify(&nonce, &tag).is_ok(), "streamed tag differs");
    mac.verify(&nonce, &msg, &tag)?;
    msg[12_345] ^= 1;
    assert!(
        mac.verify(&nonce, &msg, &tag).is_err(),
        "a changed message verified"
    );
    let hex: String = tag.as_bytes().iter().map(|b| format!("{b:02x}")).collect();
    println!("Umac128 tag of 1 MiB: {hex} (verified; a one-bit change is rejected)");
    Ok(())
}
