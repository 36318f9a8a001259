//! `uhash kat --backend NAME`: which engine computes each name's
//! production answer, and the engine a call runs on.
//!
//! Every name of the table says which engine of which family computes it
//! ([`Engines`]); `--backend NAME` then runs that engine on the backend
//! `NAME` (a [`Backend::name`], or the alias `asm`: the family's first
//! assembly backend this CPU runs). A name whose engine lacks the backend,
//! or whose backend this CPU or build cannot run, answers
//! [`unsupported`] on every line; a name with a single implementation
//! ([`Engines::None`]) has no backend to choose and answers it too.

use uhash::base::Backend;

use super::Call;

/// The engine behind a name's production answer: the backends
/// `--backend` can choose for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Engines {
    /// One implementation, no backend to choose (`expand`, `wc_mac`,
    /// `dfc_hash`).
    None,
    /// `uhash::mmh::Engine32`: MMH32, NMH32, NH (and their Toeplitz forms), the
    /// long hashes over MMH32 and NH, and UMAC's NH.
    Mmh32,
    /// `uhash::mmh::Engine64`: MMH64.
    Mmh64,
    /// `uhash::digest_mw::Engine`: digest, digestMW, trunc, digest′ and the
    /// long hash over digestMW.
    DigestMw,
    /// `uhash::poly1305_aes::Engine`: Poly1305 and Poly1305-AES.
    Poly1305,
    /// `uhash::dfc_decorr::Engine`: the strategies of the decorrelation module.
    DfcModule,
    /// The DFC cipher: `uhash::dfc_decorr::cipher::CipherEngine` (how `RT` is
    /// read), or with a module strategy of [`Engines::DfcModule`] the
    /// cipher whose key schedule and rounds run that strategy.
    DfcCipher,
    /// `uhash::sqh::Engine`: every Square Hash variant.
    Sqh,
}

impl Engines {
    /// Every backend the engine offers in this build (on any CPU), in its
    /// order of preference.
    #[must_use]
    pub fn backends(self) -> Vec<Backend> {
        match self {
            Engines::None => Vec::new(),
            Engines::Mmh32 => uhash::mmh::Engine32::BACKENDS.to_vec(),
            Engines::Mmh64 => uhash::mmh::Engine64::BACKENDS.to_vec(),
            Engines::DigestMw => uhash::digest_mw::Engine::BACKENDS.to_vec(),
            Engines::Poly1305 => uhash::poly1305_aes::Engine::BACKENDS.to_vec(),
            Engines::DfcModule => uhash::dfc_decorr::Engine::BACKENDS.to_vec(),
            Engines::DfcCipher => {
                let mut all = uhash::dfc_decorr::cipher::CipherEngine::BACKENDS.to_vec();
                for &b in uhash::dfc_decorr::Engine::BACKENDS {
                    if !all.contains(&b) {
                        all.push(b);
                    }
                }
                all
            }
            Engines::Sqh => uhash::sqh::Engine::BACKENDS.to_vec(),
        }
    }

    /// Whether this CPU and build run `backend` for this engine (the alias
    /// [`Backend::Asm`] when the engine has an assembly backend here).
    #[must_use]
    pub fn supports(self, backend: Backend) -> bool {
        match self {
            Engines::None => false,
            Engines::Mmh32 => uhash::mmh::Engine32::new(backend).is_ok(),
            Engines::Mmh64 => uhash::mmh::Engine64::new(backend).is_ok(),
            Engines::DigestMw => uhash::digest_mw::Engine::new(backend).is_ok(),
            Engines::Poly1305 => uhash::poly1305_aes::Engine::new(backend).is_ok(),
            Engines::DfcModule => uhash::dfc_decorr::Engine::new(backend).is_ok(),
            Engines::DfcCipher => {
                uhash::dfc_decorr::cipher::CipherEngine::new(backend).is_ok()
                    || uhash::dfc_decorr::Engine::new(backend).is_ok()
            }
            Engines::Sqh => uhash::sqh::Engine::new(backend).is_ok(),
        }
    }

    /// The concrete backends this CPU and build run for this engine.
    #[must_use]
    pub fn supported(self) -> Vec<Backend> {
        self.backends()
            .into_iter()
            .filter(|&b| self.supports(b))
            .collect()
    }
}

/// The answer of every line whose name cannot run on `backend`.
#[must_use]
pub fn unsupported(backend: Backend) -> String {
    format!("backend {backend} is not supported on this CPU or build")
}

/// Every backend name `--backend` accepts, in [`Backend::ALL`] order.
pub fn names() -> impl Iterator<Item = &'static str> {
    Backend::ALL.into_iter().map(Backend::name)
}

/// The backend named `name` (`--backend NAME`).
///
/// # Errors
/// The usage error text for a name that is no backend at all.
pub fn parse(name: &str) -> Result<Backend, String> {
    Backend::from_name(name).map_err(|_| {
        format!(
            "unknown backend '{}' (expected one of: {})",
            name.escape_debug(),
            names().collect::<Vec<_>>().join(", ")
        )
    })
}

/// The engine of `call`: its `--backend`, else `detect` (the fastest).
/// `new` is the family's `Engine::new`; the driver has already answered
/// [`unsupported`] for a backend the engine lacks, so the error is only a
/// safeguard.
pub(super) fn engine<E, X>(
    call: &Call,
    new: fn(Backend) -> Result<E, X>,
    detect: fn() -> E,
) -> Result<E, String> {
    match call.backend {
        None => Ok(detect()),
        Some(b) => new(b).map_err(|_| unsupported(b)),
    }
}

/// `uhash::mmh::Engine32` of `call`.
pub(super) fn mmh32(call: &Call) -> Result<uhash::mmh::Engine32, String> {
    engine(call, uhash::mmh::Engine32::new, uhash::mmh::Engine32::detect)
}

/// `uhash::mmh::Engine64` of `call`.
pub(super) fn mmh64(call: &Call) -> Result<uhash::mmh::Engine64, String> {
    engine(call, uhash::mmh::Engine64::new, uhash::mmh::Engine64::detect)
}

/// `uhash::digest_mw::Engine` of `call`.
pub(super) fn digest_mw(call: &Call) -> Result<uhash::digest_mw::Engine, String> {
    engine(call, uhash::digest_mw::Engine::new, uhash::digest_mw::Engine::detect)
}

/// `uhash::sqh::Engine` of `call`.
pub(super) fn sqh(call: &Call) -> Result<uhash::sqh::Engine, String> {
    engine(call, uhash::sqh::Engine::new, uhash::sqh::Engine::detect)
}

/// `uhash::dfc_decorr::Engine` (the module strategy) of `call`.
pub(super) fn dfc_module(call: &Call) -> Result<uhash::dfc_decorr::Engine, String> {
    engine(call, uhash::dfc_decorr::Engine::new, uhash::dfc_decorr::Engine::detect)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn call(backend: Option<Backend>) -> Call {
        Call {
            name: "mmh32",
            key: Vec::new(),
            msg: Vec::new(),
            nonce: None,
            params: serde_json::Map::new(),
            backend,
        }
    }

    /// The engine a handler gets runs the backend `--backend` named (the
    /// alias `asm` a concrete assembly one), the detected one without it,
    /// and a backend the engine lacks is the unsupported error.
    fn check<E>(
        engines: Engines,
        make: fn(&Call) -> Result<E, String>,
        backend: fn(&E) -> Backend,
    ) {
        let mut named = engines.supported();
        assert!(!named.is_empty(), "{engines:?}");
        if engines.supports(Backend::Asm) {
            named.push(Backend::Asm);
        }
        for b in named {
            let got = backend(&make(&call(Some(b))).unwrap());
            if b == Backend::Asm {
                assert!(
                    got.is_asm() && got != Backend::Asm,
                    "{engines:?}: asm is {got}"
                );
            } else {
                assert_eq!(got, b, "{engines:?}");
            }
        }
        for b in Backend::ALL {
            if !engines.supports(b) {
                assert_eq!(
                    make(&call(Some(b))).err(),
                    Some(unsupported(b)),
                    "{engines:?}"
                );
            }
        }
        let fastest = backend(&make(&call(None)).unwrap());
        assert_eq!(fastest, engines.supported()[0], "{engines:?}: detected");
    }

    #[test]
    fn the_named_backend_is_the_engine_built() {
        check(Engines::Mmh32, mmh32, |e| e.backend());
        check(Engines::Mmh64, mmh64, |e| e.backend());
        check(Engines::DigestMw, digest_mw, |e| e.backend());
        check(Engines::Sqh, sqh, |e| e.backend());
        check(Engines::DfcModule, dfc_module, |e| e.backend());
    }

    #[test]
    fn names_parse_back() {
        for b in Backend::ALL {
            assert_eq!(parse(b.name()), Ok(b));
        }
        let e = parse("sse9").unwrap_err();
        assert!(e.starts_with("unknown backend 'sse9'"), "{e}");
        assert!(names().all(|n| e.contains(n)), "{e}");
        assert!(Engines::None.supported().is_empty());
    }
}
