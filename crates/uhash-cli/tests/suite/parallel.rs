//! The algorithms of `uhash mac`/`hash` (`uhash_cli::alg`): on any number of
//! threads, the same output bit for bit as one thread, as the streaming
//! state fed the message in pieces, and as the family crate's own API.

use uhash_cli::alg::{self, Alg, Keyed, Kind};

/// Every row of the table.
fn algs() -> Vec<&'static Alg> {
    alg::all().collect()
}

/// Deterministic bytes (xorshift64*).
fn bytes(len: usize, seed: u64) -> Vec<u8> {
    let mut r = uhash_testkit::rng::XorShift64Star::new(seed);
    (0..len).map(|_| (r.next_u64() >> 56) as u8).collect()
}

fn key_for(a: &Alg, seed: u64) -> Vec<u8> {
    let mut k = bytes(a.key_bytes, seed);
    a.fix_random_key(&mut k);
    k
}

fn pool(threads: usize) -> rayon::ThreadPool {
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
}

/// Lengths around the edges that matter: empty, short, around a chunk,
/// and several 1 MiB segments (the parallel path's unit) with ragged tails.
const LENGTHS: [usize; 9] = [
    0,
    1,
    17,
    1000,
    4097,
    1 << 20,
    (2 << 20) + 3,
    (3 << 20) + 1024,
    (5 << 20) + 4099,
];

fn streamed(k: &dyn Keyed, nonce: &[u8], msg: &[u8], seed: u64) -> Vec<u8> {
    let mut st = k.start();
    let mut rest = msg;
    let mut s = seed;
    while !rest.is_empty() {
        s = s
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let n = ((s >> 33) as usize % 70_001).min(rest.len());
        st.update(&rest[..n]).unwrap();
        rest = &rest[n..];
    }
    st.finish(nonce).unwrap()
}

#[test]
fn every_thread_count_gives_the_one_thread_output() {
    let msg = bytes(*LENGTHS.iter().max().unwrap(), 7);
    let pools: Vec<_> = [1, 2, 3, 5].into_iter().map(|t| (t, pool(t))).collect();
    for (i, a) in algs().iter().enumerate() {
        let k = a.key(&key_for(a, i as u64 + 1)).unwrap();
        let nonce = bytes(a.nonce_bytes, 99 + i as u64);
        // The one-thread algorithms are checked at the shorter lengths only
        // (their `compute` runs on one thread whatever the pool).
        let lengths = LENGTHS.iter().filter(|&&l| a.parallel || l <= 4097);
        for &len in lengths {
            let m = &msg[..len];
            let one = pools[0].1.install(|| k.compute(&nonce, m)).unwrap();
            assert_eq!(one.len(), a.out_bytes, "{} output size", a.name);
            assert_eq!(
                streamed(&*k, &nonce, m, len as u64),
                one,
                "{} stream, {len} B",
                a.name
            );
            for (t, p) in &pools[1..] {
                let got = p.install(|| k.compute(&nonce, m)).unwrap();
                assert_eq!(got, one, "{} on {t} threads, {len} B", a.name);
            }
        }
    }
}

/// A message handed out in pieces of pseudo-random multiples of the unit
/// (as a file read on every thread is), failing with an I/O error at
/// offset `fail_at` when set.
struct Ragged<'a> {
    msg: &'a [u8],
    fail_at: Option<u64>,
}

use uhash::base::pieces::{Pieces, Sink};

impl Pieces for Ragged<'_> {
    type Error = std::io::Error;

    fn len(&self) -> u64 {
        self.msg.len() as u64
    }

    fn visit(
        &self,
        at: u64,
        len: u64,
        unit: usize,
        f: &mut Sink<'_>,
    ) -> Result<(), std::io::Error> {
        let (mut pos, end) = (at as usize, (at + len) as usize);
        let mut s = at ^ len;
        while pos < end {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let n = (((s >> 33) as usize % 9) * unit).clamp(unit, end - pos);
            if self
                .fail_at
                .is_some_and(|f| (pos as u64..(pos + n) as u64).contains(&f))
            {
                return Err(std::io::Error::other("planted read error"));
            }
            f(&self.msg[pos..pos + n]);
            pos += n;
        }
        Ok(())
    }
}

/// `compute_from` (a message read in pieces on every thread: `uhash mac
/// --io pread`) gives `compute`'s output for every algorithm with a
/// parallel path, on every pool size, with pieces of any multiple of the
/// unit; a read error stops it with that error; the one-thread algorithms
/// have no such path.
#[test]
fn pieces_give_the_slice_output() {
    use uhash_cli::alg::ReadError;
    let msg = bytes(*LENGTHS.iter().max().unwrap(), 11);
    let pools: Vec<_> = [1, 2, 3].into_iter().map(|t| (t, pool(t))).collect();
    for (i, a) in algs().iter().enumerate() {
        let k = a.key(&key_for(a, i as u64 + 5)).unwrap();
        let nonce = bytes(a.nonce_bytes, 7 + i as u64);
        if !a.parallel {
            let r = Ragged {
                msg: &msg[..100],
                fail_at: None,
            };
            assert!(k.compute_from(&nonce, &r).is_none(), "{}", a.name);
            continue;
        }
        for &len in &LENGTHS {
            let m = &msg[..len];
            let want = k.compute(&nonce, m).unwrap();
            for (t, p) in &pools {
                let r = Ragged {
                    msg: m,
                    fail_at: None,
                };
                let got = p.install(|| k.compute_from(&nonce, &r)).unwrap().unwrap();
                assert_eq!(got, want, "{} on {t} threads, {len} B", a.name);
            }
            if len > 0 {
                let r = Ragged {
                    msg: m,
                    fail_at: Some(len as u64 / 2),
                };
                let got = pools[1].1.install(|| k.compute_from(&nonce, &r)).unwrap();
                assert!(
                    matches!(got, Err(ReadError::Read(_))),
                    "{} {len} B: {got:?}",
                    a.name
                );
            }
        }
    }
}

/// The table's long-hash MACs are the families' `…Mac::from_seed` (the
/// pad key derived as `WegmanCarter::from_seed` does), and its hashes their
/// `…Hash::from_seed(seed).compute`.
#[test]
fn table_rows_are_the_family_functions() {
    use uhash::base::mac::{MacNonce, WegmanCarter};
    let seed: [u8; 16] = bytes(16, 3).try_into().unwrap();
    let nonce: [u8; 12] = bytes(12, 4).try_into().unwrap();
    let msg = bytes((2 << 20) + 77, 5);
    let p = pool(2);
    macro_rules! check {
        ($($name:literal => $ty:ty),* $(,)?) => {$(
            for len in [0, 5, 4096, msg.len()] {
                let m = &msg[..len];
                let mac = alg::find(concat!($name, "-mac")).unwrap().key(&seed).unwrap();
                let want = WegmanCarter::<$ty>::from_seed(&seed)
                    .unwrap()
                    .authenticate(&MacNonce::from_bytes(nonce), m);
                assert_eq!(p.install(|| mac.compute(&nonce, m)).unwrap(), want.as_ref(), "{} {len}", $name);
                let hash = alg::find($name).unwrap().key(&seed).unwrap();
                let want = <$ty>::from_seed(&seed).compute(m);
                assert_eq!(p.install(|| hash.compute(&[], m)).unwrap(), want.as_ref(), "{} {len}", $name);
            }
        )*};
    }
    check!(
        "mmh32" => uhash::mmh::Mmh32Hash,
        "mmh32x2" => uhash::mmh::Mmh32x2Hash,
        "mmh32x4" => uhash::mmh::Mmh32x4Hash,
        "nmh32" => uhash::mmh::Nmh32Hash,
        "mmh64" => uhash::mmh::Mmh64Hash,
        "nh" => uhash::mmh::NhHash,
        "nhx2" => uhash::mmh::Nhx2Hash,
        "nhx4" => uhash::mmh::Nhx4Hash,
        "sqhasm2x32" => uhash::sqh::Asm2x32Hash,
        "sqhasm2x64" => uhash::sqh::Asm2x64Hash,
        "sqhasm2x96" => uhash::sqh::Asm2x96Hash,
        "sqhasm2x128" => uhash::sqh::Asm2x128Hash,
        "sqhe32" => uhash::sqh::Sqhe32Hash,
        "sqhe64" => uhash::sqh::Sqhe64Hash,
        "sqhe96" => uhash::sqh::Sqhe96Hash,
        "sqhe128" => uhash::sqh::Sqhe128Hash,
        "digestmw32" => uhash::digest_mw::DigestMw32Hash,
        "digestmw64" => uhash::digest_mw::DigestMw64Hash,
        "digestmw128" => uhash::digest_mw::DigestMw128Hash,
        "digestmw256" => uhash::digest_mw::DigestMw256Hash,
    );

    // The rows with a construction of their own.
    let m = &msg[..1000];
    let k32: [u8; 32] = key_for(alg::find("poly1305-aes").unwrap(), 9)
        .try_into()
        .unwrap();
    let n16: [u8; 16] = bytes(16, 10).try_into().unwrap();
    let want = uhash::poly1305_aes::Poly1305Aes::new(&k32)
        .unwrap()
        .authenticate(&uhash::poly1305_aes::Nonce::from_bytes(n16), m);
    let got = alg::find("poly1305-aes")
        .unwrap()
        .key(&k32)
        .unwrap()
        .compute(&n16, m);
    assert_eq!(got.unwrap(), want.as_bytes());
    let want = uhash::poly1305_aes::Poly1305::mac(&k32, m);
    let got = alg::find("poly1305")
        .unwrap()
        .key(&k32)
        .unwrap()
        .compute(&[], m);
    assert_eq!(got.unwrap(), want.as_slice());
    let n8: [u8; 8] = bytes(8, 11).try_into().unwrap();
    let want = uhash::umac::Umac64::new(&seed)
        .authenticate(&uhash::base::Nonce::from_bytes(n8), m)
        .unwrap();
    let got = alg::find("umac64")
        .unwrap()
        .key(&seed)
        .unwrap()
        .compute(&n8, m);
    assert_eq!(got.unwrap(), want.as_bytes());
    let want = uhash::dfc_decorr::DfcHash::from_key(&seed).compute(m);
    let got = alg::find("dfc")
        .unwrap()
        .key(&seed)
        .unwrap()
        .compute(&[], m);
    assert_eq!(got.unwrap(), want.to_le_bytes());
    let want = uhash::dfc_decorr::DfcMac::from_seed(&seed)
        .unwrap()
        .authenticate(&MacNonce::from_bytes(nonce), m);
    let got = alg::find("dfc-mac")
        .unwrap()
        .key(&seed)
        .unwrap()
        .compute(&nonce, m);
    assert_eq!(got.unwrap(), want.as_ref());
}

#[test]
fn table_is_consistent() {
    for (i, a) in algs().iter().enumerate() {
        assert!(
            a.name
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-'),
            "{}",
            a.name
        );
        assert!(
            algs()[..i].iter().all(|b| b.name != a.name),
            "{} twice",
            a.name
        );
        assert_eq!(a.kind == Kind::Mac, a.nonce_bytes > 0, "{}", a.name);
        // Wrong key and nonce lengths are typed errors.
        assert!(a.key(&vec![0; a.key_bytes + 1]).is_err());
        assert!(a.key(&vec![0; a.key_bytes.saturating_sub(1)]).is_err());
        let k = a.key(&key_for(a, 1)).unwrap();
        assert!(
            k.compute(&vec![0; a.nonce_bytes + 1], b"m").is_err(),
            "{}",
            a.name
        );
        let st = k.start();
        assert!(
            st.finish(&vec![0; a.nonce_bytes + 1]).is_err(),
            "{}",
            a.name
        );
    }
    assert_eq!(alg::find(alg::DEFAULT_MAC).map(|a| a.kind), Some(Kind::Mac));
    assert_eq!(
        alg::find(alg::DEFAULT_HASH).map(|a| a.kind),
        Some(Kind::Hash)
    );
    // Every family's MAC is in the table.
    for name in [
        "poly1305-aes",
        "mmh32x4-mac",
        "nhx4-mac",
        "sqhe64-mac",
        "digestmw128-mac",
        "dfc-mac",
        "umac64",
        "umac128",
    ] {
        assert!(alg::find(name).is_some(), "{name}");
    }
    // An r that Poly1305-AES forbids is rejected, and `fix_random_key` makes
    // any 32 bytes valid.
    let a = alg::find("poly1305-aes").unwrap();
    assert!(a.key(&[0xff; 32]).is_err());
    let mut k = [0xff; 32];
    a.fix_random_key(&mut k);
    assert!(a.key(&k).is_ok());
}
