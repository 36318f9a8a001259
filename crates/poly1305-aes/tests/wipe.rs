//! Every key-holding type of poly1305-aes, dropped in place, leaves no
//! 8-byte window of its key (AES key k, clamped r, s) in its own memory or
//! in heap memory it freed, and its `Debug` text shows none
//! (`uhash_testkit::wipe`) — on every backend this CPU has.
#![cfg(not(miri))]

use poly1305_aes::batch::Job;
use poly1305_aes::universal_hash::{KeyInit, UniversalHash};
use poly1305_aes::{
    Accumulator, Aes128Pad, Engine, IncrementalMac, LongTermR, Nonce, Poly1305, Poly1305Aes,
    Poly1305AesWithPowers,
};
use uhash_testkit::{assert_debug_hides, assert_key_holder, test_key};

uhash_testkit::scan_alloc!();

/// 32 key bytes whose second half is a clamped r (so that the stored r is
/// these very bytes).
fn key(seed: u64) -> [u8; 32] {
    let mut k: [u8; 32] = test_key(seed);
    for i in [3, 7, 11, 15] {
        k[16 + i] &= 15;
    }
    for i in [4, 8, 12] {
        k[16 + i] &= 252;
    }
    k
}

#[test]
fn poly1305_one_time_key() {
    for (i, &backend) in Engine::BACKENDS.iter().enumerate() {
        // RFC 8439 order: r ‖ s.
        let mut k = key(31 + i as u64);
        k.rotate_left(16);
        let (r, s) = k.split_at(16);
        let Ok(_) = Poly1305::new_with_backend(&k, backend) else {
            continue; // not on this CPU
        };
        assert_key_holder("Poly1305", &[r, s], || {
            let mut p = Poly1305::new_with_backend(&k, backend).unwrap();
            p.update(&[[0x11u8; 16].into(); 3]);
            p
        });
        // Long enough for the SIMD path (its powers of r are computed per
        // call and must not be left behind).
        assert_key_holder("Poly1305 (SIMD path)", &[r, s], || {
            let mut p = Poly1305::new_with_backend(&k, backend).unwrap();
            p.update(&[[0x11u8; 16].into(); 40]);
            p
        });
        assert_key_holder("Poly1305 (KeyInit)", &[r, s], || Poly1305::new(&k.into()));
    }
}

#[test]
fn long_term_r_and_its_accumulator() {
    for (i, &backend) in Engine::BACKENDS.iter().enumerate() {
        let k = key(61 + i as u64);
        let r: &[u8; 16] = k[16..].try_into().unwrap();
        let Ok(_) = LongTermR::new_with_backend(r, backend) else {
            continue;
        };
        assert_key_holder(&format!("LongTermR on {backend:?}"), &[r], || {
            LongTermR::new_with_backend(r, backend).unwrap()
        });
        // The accumulator after 288 bytes (the vector path with the kept
        // powers where the backend keeps some): its h is r's polynomial in
        // the blocks, kept as h or h + p (h₂ ≤ 4 < 2p): both from the
        // reference.
        let msg = [0x66u8; 288];
        let h = uhash_ref::poly1305::poly1305_mod_p(r, &msg);
        let p = (uhash_ref::BigUint::from(1u8) << 130usize) - 5u8;
        let (h, h_p) = (h.to_bytes_le(), (h + p).to_bytes_le());
        let poly = LongTermR::new_with_backend(r, backend).unwrap();
        assert_key_holder(&format!("Accumulator on {backend:?}"), &[&h, &h_p], || {
            let mut acc = Accumulator::new();
            poly.absorb_padded(&mut acc, &msg[..160]);
            poly.absorb_padded(&mut acc, &msg[160..]);
            acc
        });
    }
}

#[test]
fn poly1305_aes_and_its_forms() {
    for (i, &backend) in Engine::BACKENDS.iter().enumerate() {
        let k = key(41 + i as u64);
        let (aes_k, r) = k.split_at(16);
        let Ok(_) = Poly1305Aes::new(&k).unwrap().with_backend(backend) else {
            continue;
        };
        let make = || Poly1305Aes::new(&k).unwrap().with_backend(backend).unwrap();
        assert_key_holder("Poly1305Aes", &[aes_k, r], make);
        assert_key_holder(
            &format!("Poly1305AesWithPowers on {backend:?}"),
            &[aes_k, r],
            || Poly1305AesWithPowers::new(make()),
        );
        // The incremental state borrows the key; it holds r and a partial
        // block of its own.
        let mac = make();
        assert_key_holder("Poly1305AesState", &[r], || {
            let mut st = mac.start();
            st.update(&[0x22; 2000]);
            st.update(&[0x22; 7]);
            st
        });
        // The incremental form keeps the polynomial value H, from which
        // (with the message) r could be solved: H must be wiped too (its
        // bytes from the reference, uhash-ref).
        let msg = [0x44u8; 3000];
        let mut new_msg = msg;
        new_msg[80..96].copy_from_slice(&[0x55; 16]);
        let h = uhash_ref::poly1305::poly1305_mod_p(r.try_into().unwrap(), &new_msg).to_bytes_le();
        assert_key_holder("IncrementalMac", &[r, &h], || {
            let mut inc = IncrementalMac::new(&mac, &msg);
            inc.replace_chunk(5, &msg[80..96], &[0x55; 16]).unwrap();
            inc
        });
        // The streaming state of a long-term key: its powers lent.
        let with_powers = Poly1305AesWithPowers::new(make());
        assert_key_holder("Poly1305AesWithPowers state", &[r], || {
            let mut st = with_powers.start();
            st.update(&[0x33; 700]);
            st
        });
    }
    let k = key(50);
    assert_key_holder("Aes128Pad", &[&k[..16]], || {
        Aes128Pad::new(k[..16].try_into().unwrap())
    });
}

#[test]
fn batch_job_debug_hides_the_key() {
    let k = key(60);
    let nonce = Nonce::from_u128(5);
    let job = Job {
        key: &k,
        nonce: &nonce,
        msg: b"hello",
    };
    let shown = format!("{job:?}");
    assert_debug_hides("batch::Job", &shown, &[&k]);
    assert!(shown.contains("msg_len: 5"), "{shown}");
}
