//! `uhash kat --backend NAME`: which engine computes each name's
//! production answer, and the engine a call runs on.
//!
//! Every name of the table says which engine of which family computes it
//! ([`Engines`]); `--backend NAME` then runs that engine on the backend
//! `NAME` (a [`Backend::name`], or the alias `asm`: the family's first
//! assembly backend this CPU runs). A name whose engine lacks the backend,
//! or whose backend this CPU or build cannot run, answers
//! [`unsupported`] on every line; a name with a single implementation
//! ([`Engines::NONE`]) has no backend to choose and answers it too.

use uhash::base::Backend;
use uhash::base::engine::Choose;

/// The engine behind a name's production answer: the backends
/// `--backend` can choose for it. Each family defines its own
/// (`family::mmh::ENGINE32`, …) beside the rows that use it; every engine
/// of the registry is [`crate::family::engines`].
#[derive(Clone, Copy)]
pub struct Engines {
    /// A name for messages and tests (`mmh32`, `poly1305`, …).
    pub name: &'static str,
    backends: fn() -> Vec<Backend>,
    supports: fn(Backend) -> bool,
    built: fn(Option<Backend>) -> Result<Backend, String>,
}

impl Engines {
    /// The names with a single implementation: no backend to choose.
    pub const NONE: Engines = Engines {
        name: "none",
        backends: Vec::new,
        supports: |_| false,
        built: |b| Err(b.map_or_else(|| "no engine".to_owned(), unsupported)),
    };

    /// An engine: its backends in order of preference (the engine's
    /// `BACKENDS`), whether it runs a backend here (`new(b).is_ok()`), and
    /// the backend of the engine a call with `--backend` (or none: the
    /// detected one) gets.
    #[must_use]
    pub const fn new(
        name: &'static str,
        backends: fn() -> Vec<Backend>,
        supports: fn(Backend) -> bool,
        built: fn(Option<Backend>) -> Result<Backend, String>,
    ) -> Self {
        Engines {
            name,
            backends,
            supports,
            built,
        }
    }

    /// The engine type `E` of a family (`uhash::mmh::Engine32`, …).
    #[must_use]
    pub const fn of<E: Choose>(name: &'static str) -> Self {
        Engines::new(name, backends_of::<E>, supports_of::<E>, |b| {
            chosen::<E>(b).map(E::backend)
        })
    }

    /// Every backend of the engine, supported here or not, in order of
    /// preference.
    #[must_use]
    pub fn backends(self) -> Vec<Backend> {
        (self.backends)()
    }

    /// Whether `--backend` `backend` runs here for this engine.
    #[must_use]
    pub fn supports(self, backend: Backend) -> bool {
        (self.supports)(backend)
    }

    /// The backends this CPU and build run, fastest first.
    #[must_use]
    pub fn supported(self) -> Vec<Backend> {
        self.backends()
            .into_iter()
            .filter(|&b| self.supports(b))
            .collect()
    }

    /// The backend of the engine a call with `--backend backend` gets
    /// (`None`: the detected one), or the unsupported error.
    ///
    /// # Errors
    /// [`unsupported`] when this engine cannot run `backend` here.
    pub fn built(self, backend: Option<Backend>) -> Result<Backend, String> {
        (self.built)(backend)
    }
}

impl PartialEq for Engines {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
    }
}

impl Eq for Engines {}

impl core::hash::Hash for Engines {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.name.hash(state);
    }
}

impl core::fmt::Debug for Engines {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Engines({})", self.name)
    }
}

/// The answer of a call whose `--backend` its engine cannot run here.
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

/// The engine `E` of a call's `--backend` `backend`, else the detected
/// (fastest) one. The driver has already answered [`unsupported`] for a
/// backend the engine lacks, so the error is only a safeguard.
pub(crate) fn chosen<E: Choose>(backend: Option<Backend>) -> Result<E, String> {
    match backend {
        None => Ok(E::detect()),
        Some(b) => E::new(b).map_err(|_| unsupported(b)),
    }
}

fn backends_of<E: Choose>() -> Vec<Backend> {
    E::BACKENDS.to_vec()
}

fn supports_of<E: Choose>(backend: Backend) -> bool {
    E::new(backend).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The engine a handler gets runs the backend `--backend` named (the
    /// alias `asm` a concrete assembly one), the detected one without it,
    /// and a backend the engine lacks is the unsupported error.
    fn check(engines: Engines) {
        let mut named = engines.supported();
        assert!(!named.is_empty(), "{engines:?}");
        if engines.supports(Backend::Asm) {
            named.push(Backend::Asm);
        }
        for b in named {
            let got = engines.built(Some(b)).unwrap();
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
                    engines.built(Some(b)).err(),
                    Some(unsupported(b)),
                    "{engines:?}"
                );
            }
        }
        let fastest = engines.built(None).unwrap();
        assert_eq!(fastest, engines.supported()[0], "{engines:?}: detected");
    }

    #[test]
    fn the_named_backend_is_the_engine_built() {
        for e in crate::family::engines() {
            check(e);
        }
    }

    #[test]
    fn names_parse_back() {
        for b in Backend::ALL {
            assert_eq!(parse(b.name()), Ok(b));
        }
        let e = parse("sse9").unwrap_err();
        assert!(e.starts_with("unknown backend 'sse9'"), "{e}");
        assert!(names().all(|n| e.contains(n)), "{e}");
        assert!(Engines::NONE.supported().is_empty());
    }
}
