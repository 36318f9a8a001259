//! The dispatch table's types: a decoded call, an answer, a handler and
//! a row ([`FnEntry`]), and which implementation answers ([`Impl`]). A
//! leaf: the families' files (`crate::family`) fill rows of these types,
//! and the driver (`kat/mod.rs`) looks them up.

use std::fmt;
use std::str::FromStr;

use serde_json::{Map, Value};
use uhash::base::Backend;

use super::backends::Engines;

/// How a handler's error text begins when it reports a bug of its own
/// rather than a problem with the record (and how a caught panic is
/// reported).
pub(crate) const INTERNAL: &str = "internal error";

/// Which implementation answers the calls.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Impl {
    /// The production family crates (`--impl production`, the default).
    #[default]
    Production,
    /// The big-integer reference crate `uhash-ref` (`--impl reference`).
    Reference,
}

impl Impl {
    /// Every implementation, in the order `--help` lists them.
    pub const ALL: [Impl; 2] = [Impl::Production, Impl::Reference];

    /// The name used on the command line (`production` or `reference`).
    pub const fn name(self) -> &'static str {
        match self {
            Impl::Production => "production",
            Impl::Reference => "reference",
        }
    }
}

impl fmt::Display for Impl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The error returned when parsing an unknown implementation name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownImpl(pub String);

impl fmt::Display for UnknownImpl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "unknown implementation '{}' (expected 'production' or 'reference')",
            self.0
        )
    }
}

impl std::error::Error for UnknownImpl {}

impl FromStr for Impl {
    type Err = UnknownImpl;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Impl::ALL
            .into_iter()
            .find(|i| i.name() == s)
            .ok_or_else(|| UnknownImpl(s.to_owned()))
    }
}

/// One decoded call: the fields of an input record after JSON and hex
/// decoding, before any function-specific check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    /// The canonical name of the function (aliases already resolved).
    pub name: &'static str,
    /// The key bytes (`key`).
    pub key: Vec<u8>,
    /// The message bytes (`msg`).
    pub msg: Vec<u8>,
    /// The nonce bytes (`nonce`), if the record has one.
    pub nonce: Option<Vec<u8>>,
    /// The parameters (`params`); only names listed in
    /// [`FnEntry::params`] can be present.
    pub params: Map<String, Value>,
    /// The backend of a production answer ([`crate::kat::KatOptions::backend`]);
    /// `None`: the fastest of the CPU. When it is set, the driver has
    /// checked that the name's [`Engines`] run it here.
    pub backend: Option<Backend>,
}

/// An answer: the output bytes, or the error text (without the `fn 'NAME': `
/// prefix, which the driver adds).
pub type Answer = Result<Vec<u8>, String>;

/// Computes one answer.
pub type Handler = fn(&Call) -> Answer;

/// One row of the dispatch table: a function name and who answers it.
#[derive(Clone, Copy, Debug)]
pub struct FnEntry {
    /// The canonical name, as written in the `fn` field.
    pub name: &'static str,
    /// Other names accepted for this function (e.g. the names used by the
    /// published vector files).
    pub aliases: &'static [&'static str],
    /// The names of the parameters the function accepts in `params`.
    pub params: &'static [&'static str],
    /// Whether the function takes a nonce. A record with a `nonce` for a
    /// function that takes none is an error.
    pub nonce: bool,
    /// The engine of the production handler: the backends `--backend`
    /// can choose for this name.
    pub engines: Engines,
    /// The `uhash-ref` implementation.
    pub reference: Option<Handler>,
    /// The production implementation; `None` until the family crate lands.
    pub production: Option<Handler>,
}

impl FnEntry {
    /// The handler of `imp`, if this function has one.
    pub fn handler(&self, imp: Impl) -> Option<Handler> {
        match imp {
            Impl::Production => self.production,
            Impl::Reference => self.reference,
        }
    }

    /// Whether `name` is this function's name or one of its aliases.
    pub fn answers_to(&self, name: &str) -> bool {
        self.name == name || self.aliases.contains(&name)
    }
}
