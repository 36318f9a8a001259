//! One dispatch mechanism for every family: [`engine!`](crate::engine!).
//!
//! A family writes its engine out as an ordinary enum: a `Copy` enum with
//! one tuple variant per backend, named after the [`Backend`] and holding
//! that backend's witness ([`crate::backend::Implementation`]: a value
//! exists only where the backend can run), so that an engine value is proof
//! that its backend runs here. It declares its kernel operations once, as a
//! trait whose default bodies are the portable code. [`engine!`](crate::engine!)
//! takes that trait (and passes it through unchanged: the macro needs the
//! operations' signatures to write the dispatch) and the engine's variants,
//! in order of preference, and implements for the enum
//!
//! * `BACKENDS` (every backend the family offers on any target, in order of
//!   preference), `portable()`, `detect()` (the first backend of the
//!   `detect` list this CPU has, else the portable one), `new(Backend)`
//!   (that backend, or [`Error::UnsupportedBackend`]; the alias
//!   [`Backend::Asm`] resolves to the first supported assembly backend),
//!   `backend()`, `all_supported()`, [`Choose`], `Default` (= `detect()`)
//!   and `Display` (the backend's name);
//! * the kernel trait by dispatch: one `match` per operation, written by
//!   the macro, never by hand;
//! * a compile-time check that each variant's witness is the backend the
//!   variant names.
//!
//! The macro makes no type of its own: it emits the trait as written and
//! takes each variant's witness type from the enum (the variant's
//! constructor, through [`detect_as`] and [`backend_of`]). Each backend then is one file implementing the trait
//! for its witness type (`impl Kernels for uhash_base::backend::Avx2 { … }`),
//! overriding the operations it accelerates; adding a backend is that file,
//! one variant and one line in the macro's list (the compiler rejects a
//! variant missing from the list: the macro's `match`es are exhaustive).
//!
//! ```
//! use uhash_base::Backend;
//!
//! /// The backend of the toy family.
//! ///
//! /// A value holds the witness of its backend: it exists only where that
//! /// backend runs.
//! #[derive(Clone, Copy, Debug, PartialEq, Eq)]
//! #[non_exhaustive]
//! pub enum Engine {
//!     /// [`Backend::Avx2`](uhash_base::Backend::Avx2).
//!     #[cfg(target_arch = "x86_64")]
//!     Avx2(uhash_base::backend::Avx2),
//!     /// [`Backend::Soft`](uhash_base::Backend::Soft).
//!     Soft(uhash_base::backend::Soft),
//!     /// [`Backend::Soft32`](uhash_base::Backend::Soft32).
//!     Soft32(uhash_base::backend::Soft32),
//! }
//!
//! uhash_base::engine! {
//!     /// The kernels of a toy family.
//!     pub trait Kernels: Copy {
//!         /// The wrapping sum of `words`.
//!         fn sum<const N: usize>(self, words: &[u32; N]) -> u64 {
//!             words.iter().map(|&w| u64::from(w)).fold(0, u64::wrapping_add)
//!         }
//!     }
//!     impl Kernels for Engine {
//!         detect: [#[cfg(target_arch = "x86_64")] Avx2],
//!         portable: Soft,
//!         request: [Soft32],
//!     }
//! }
//! impl Kernels for uhash_base::backend::Soft {}
//! impl Kernels for uhash_base::backend::Soft32 {}
//! #[cfg(target_arch = "x86_64")]
//! impl Kernels for uhash_base::backend::Avx2 {}
//!
//! assert_eq!(Engine::new(Backend::Soft32).unwrap().sum(&[1, 2, 3]), 6);
//! assert_eq!(Engine::detect().sum(&[u32::MAX; 2]), 2 * u64::from(u32::MAX));
//! assert!(Engine::new(Backend::Neon).is_err());
//! assert_eq!(Engine::BACKENDS, &[Backend::Avx2, Backend::Soft, Backend::Soft32]);
//! ```

use crate::backend::Implementation;
use crate::{Backend, Error};

/// What every engine of [`engine!`](crate::engine!) offers, for code that handles the
/// engines of several families alike (the tool's `uhash kat --backend`):
/// the same items as the engine's inherent `BACKENDS`, `new`, `detect` and
/// `backend`.
pub trait Choose: Copy + Sized {
    /// Every backend of the family, in order of preference.
    const BACKENDS: &'static [Backend];

    /// The engine that runs `backend`.
    ///
    /// # Errors
    /// [`Error::UnsupportedBackend`] when this family has no such backend,
    /// or this CPU or build cannot run it.
    fn new(backend: Backend) -> Result<Self, Error>;

    /// The fastest backend this CPU supports.
    fn detect() -> Self;

    /// The backend in use.
    fn backend(self) -> Backend;
}

/// The engine variant `variant` (a tuple-variant constructor such as
/// `Engine::Avx2`) holding the witness of its backend, if this CPU and
/// build run that backend ([`Implementation::detect`]). The witness type is
/// the variant's field type, so a list of variants names each backend once.
///
/// ```
/// use uhash_base::engine::detect_as;
/// #[derive(Debug, PartialEq)]
/// enum Engine {
///     Soft(uhash_base::backend::Soft),
/// }
/// assert_eq!(
///     detect_as(Engine::Soft),
///     Some(Engine::Soft(uhash_base::backend::Soft::default()))
/// );
/// ```
#[inline(always)]
pub fn detect_as<W: Implementation, E>(variant: impl FnOnce(W) -> E) -> Option<E> {
    W::detect().map(variant)
}

/// The backend whose witness the tuple variant `variant` holds
/// ([`Implementation::BACKEND`]), at compile time: [`engine!`](crate::engine!)
/// checks with it that each variant's name is its witness's backend.
///
/// ```
/// use uhash_base::{Backend, engine::backend_of};
/// enum Engine {
///     Soft(uhash_base::backend::Soft),
/// }
/// const _: () = assert!(matches!(backend_of(Engine::Soft), Backend::Soft));
/// ```
#[must_use]
pub const fn backend_of<W: Implementation, E>(_variant: fn(W) -> E) -> Backend {
    W::BACKEND
}

/// Implements a family's engine: its methods, [`Choose`], `Default`,
/// `Display` and its kernel trait by dispatch. See the
/// [module docs](mod@crate::engine).
///
/// ```text
/// /// engine docs
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// #[non_exhaustive]
/// pub enum Engine {
///     /// [`Backend::Name`](uhash_base::Backend::Name).
///     #[cfg(…)]
///     Name(WitnessType),
///     …
/// }
///
/// engine! {
///     /// trait docs
///     pub trait Kernels: Copy {
///         /// op docs
///         fn op<const N: usize, …>(self, arg: Type, …) -> Ret { portable body }
///         …
///     }
///     impl Kernels for Engine {
///         detect: [ #[cfg(…)] Name, … ],   // tried by detect(), in order
///         portable: Name,                  // detect()'s fallback; Default
///         request: [ #[cfg(…)] Name, … ],  // only by new(Backend)
///     }
/// }
/// ```
///
/// The family writes the enum; the macro emits the trait unchanged and no
/// type. Each `Name` is a variant of the enum and the
/// [`Backend`](crate::Backend) variant of its witness (checked at compile
/// time against `Implementation::BACKEND`), with the `cfg` of its variant;
/// every variant is listed once (the generated `match`es are exhaustive).
/// Operations take `self` by value and may have const generic parameters;
/// each witness type must implement the trait. The dispatch is a `match`
/// per operation, `#[inline]`, calling the witness type's method directly.
///
/// A variant whose witness is not the backend it names does not compile:
///
/// ```compile_fail
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// pub enum Engine {
///     Soft32(uhash_base::backend::Soft),
/// }
/// uhash_base::engine! {
///     pub trait Kernels: Copy {}
///     impl Kernels for Engine { detect: [], portable: Soft32, request: [] }
/// }
/// impl Kernels for uhash_base::backend::Soft {}
/// ```
#[macro_export]
macro_rules! engine {
    (
        $(#[$tdoc:meta])*
        $tvis:vis trait $trait:ident: Copy { $($ops:tt)* }
        impl $itrait:ident for $engine:ident {
            detect: [$($(#[$dc:meta])* $dn:ident),* $(,)?],
            portable: $pn:ident,
            request: [$($(#[$rc:meta])* $rn:ident),* $(,)?] $(,)?
        }
    ) => {
        $(#[$tdoc])*
        $tvis trait $trait: Copy { $($ops)* }

        // Each variant holds the witness of the backend it names.
        const _: () = {
            $($(#[$dc])* assert!(matches!(
                $crate::engine::backend_of($engine::$dn),
                $crate::Backend::$dn
            ));)*
            assert!(matches!(
                $crate::engine::backend_of($engine::$pn),
                $crate::Backend::$pn
            ));
            $($(#[$rc])* assert!(matches!(
                $crate::engine::backend_of($engine::$rn),
                $crate::Backend::$rn
            ));)*
        };

        impl $engine {
            /// Every backend this family offers (on some target and build),
            /// in order of preference: the detected ones, the portable one,
            /// then those chosen only on request.
            pub const BACKENDS: &'static [$crate::Backend] = &[
                $($crate::Backend::$dn,)*
                $crate::Backend::$pn,
                $($crate::Backend::$rn,)*
            ];

            /// The portable backend (always available).
            #[must_use]
            pub fn portable() -> Self {
                Self::$pn(::core::default::Default::default())
            }

            /// The fastest backend this CPU supports (the first of the
            /// detected list found here, else the portable one). Inlined:
            /// a few cached flag reads, cheaper than a call where a key is
            /// set up per message.
            #[inline]
            #[must_use]
            pub fn detect() -> Self {
                $($(#[$dc])* {
                    if let Some(e) = $crate::engine::detect_as(Self::$dn) {
                        return e;
                    }
                })*
                Self::portable()
            }

            /// The engine that runs `backend`; [`Backend::Asm`]($crate::Backend::Asm)
            /// is the first supported assembly backend of [`Self::BACKENDS`].
            ///
            /// # Errors
            /// [`Error::UnsupportedBackend`]($crate::Error::UnsupportedBackend)
            /// when this family has no such backend, or this CPU or build
            /// cannot run it.
            pub fn new(backend: $crate::Backend) -> ::core::result::Result<Self, $crate::Error> {
                let found = match backend {
                    $($(#[$dc])* $crate::Backend::$dn => $crate::engine::detect_as(Self::$dn),)*
                    $crate::Backend::$pn => $crate::engine::detect_as(Self::$pn),
                    $($(#[$rc])* $crate::Backend::$rn => $crate::engine::detect_as(Self::$rn),)*
                    $crate::Backend::Asm => Self::BACKENDS
                        .iter()
                        .filter(|b| b.is_asm())
                        .find_map(|&b| Self::new(b).ok()),
                    #[allow(unreachable_patterns)]
                    _ => None,
                };
                found.ok_or($crate::Error::UnsupportedBackend(backend))
            }

            /// Every engine this CPU and build can run, in
            /// [`Self::BACKENDS`] order (tests and fuzzing compare them all).
            pub fn all_supported() -> impl Iterator<Item = Self> {
                Self::BACKENDS
                    .iter()
                    .filter_map(|&b| Self::new(b).ok())
            }

            /// The backend in use.
            #[must_use]
            pub const fn backend(self) -> $crate::Backend {
                match self {
                    $($(#[$dc])* Self::$dn(_) => $crate::Backend::$dn,)*
                    Self::$pn(_) => $crate::Backend::$pn,
                    $($(#[$rc])* Self::$rn(_) => $crate::Backend::$rn,)*
                }
            }
        }

        impl $crate::engine::Choose for $engine {
            const BACKENDS: &'static [$crate::Backend] = Self::BACKENDS;

            fn new(backend: $crate::Backend) -> ::core::result::Result<Self, $crate::Error> {
                Self::new(backend)
            }

            fn detect() -> Self {
                Self::detect()
            }

            fn backend(self) -> $crate::Backend {
                Self::backend(self)
            }
        }

        impl ::core::default::Default for $engine {
            /// The detected backend.
            fn default() -> Self {
                Self::detect()
            }
        }

        impl ::core::fmt::Display for $engine {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.backend().name())
            }
        }

        impl $itrait for $engine {
            $crate::engine!(@ops $itrait,
                [$($(#[$dc])* $dn,)* $pn, $($(#[$rc])* $rn,)*];
                $($ops)*);
        }
    };

    // One dispatching method per operation.
    (@ops $trait:ident, $list:tt;) => {};
    (@ops $trait:ident, $list:tt;
        $(#[$m:meta])*
        fn $op:ident $(<$(const $cg:ident : $cgt:ty),+ $(,)?>)?
            (self $(, $arg:ident : $argt:ty)* $(,)?) $(-> $ret:ty)? $body:block
        $($rest:tt)*
    ) => {
        #[inline]
        fn $op $(<$(const $cg: $cgt),+>)? (self $(, $arg: $argt)*) $(-> $ret)? {
            $crate::engine!(@arms self, $trait, $op, [$(::<$($cg),+>)?], [$($arg),*], []; $list)
        }
        $crate::engine!(@ops $trait, $list; $($rest)*);
    };

    // The arms of one dispatching `match`, one backend at a time (a
    // backend list nested inside an operation's repetition cannot be
    // expanded in one step). The witness type comes from the pattern.
    (@arms $self:ident, $trait:ident, $op:ident, [$($tf:tt)*], [$($arg:ident),*], [$($acc:tt)*];
        [$(#[$c:meta])* $n:ident, $($rest:tt)*]
    ) => {
        $crate::engine!(@arms $self, $trait, $op, [$($tf)*], [$($arg),*],
            [$($acc)* $(#[$c])* Self::$n(w) => $trait::$op $($tf)* (w $(, $arg)*),];
            [$($rest)*])
    };
    (@arms $self:ident, $trait:ident, $op:ident, [$($tf:tt)*], [$($arg:ident),*], [$($acc:tt)*]; []) => {
        match $self { $($acc)* }
    };
}

#[cfg(test)]
mod tests {
    use crate::Backend;
    #[cfg(target_arch = "x86_64")]
    use crate::backend::Avx2;
    #[cfg(target_arch = "aarch64")]
    use crate::backend::Neon;
    use crate::backend::{Float, Soft, Words32};

    /// Test engine.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    #[non_exhaustive]
    pub enum Engine {
        #[cfg(target_arch = "x86_64")]
        Avx2(Avx2),
        #[cfg(target_arch = "aarch64")]
        Neon(Neon),
        Soft(Soft),
        Float(Float),
        Words32(Words32),
    }

    crate::engine! {
        /// Test kernels.
        pub trait Kernels: Copy {
            /// Sum of squares of N words, with a flag.
            fn squares<const N: usize, const DOUBLE: bool>(self, w: &[u32; N]) -> u64 {
                let s = w.iter().map(|&x| u64::from(x) * u64::from(x)).sum::<u64>();
                if DOUBLE { 2 * s } else { s }
            }
            /// No generics, no return value.
            fn touch(self, out: &mut u8) {
                *out += 1;
            }
        }
        impl Kernels for Engine {
            detect: [
                #[cfg(target_arch = "x86_64")] Avx2,
                #[cfg(target_arch = "aarch64")] Neon,
            ],
            portable: Soft,
            request: [Float, Words32],
        }
    }

    impl Kernels for Soft {}
    impl Kernels for Float {
        fn touch(self, out: &mut u8) {
            *out += 2;
        }
    }
    impl Kernels for Words32 {}
    #[cfg(target_arch = "x86_64")]
    impl Kernels for Avx2 {}
    #[cfg(target_arch = "aarch64")]
    impl Kernels for Neon {}

    #[test]
    fn dispatch_names_and_errors() {
        assert_eq!(
            Engine::BACKENDS,
            &[
                Backend::Avx2,
                Backend::Neon,
                Backend::Soft,
                Backend::Float,
                Backend::Words32
            ]
        );
        for e in Engine::all_supported() {
            assert_eq!(Engine::new(e.backend()), Ok(e));
            assert_eq!(e.squares::<3, true>(&[1, 2, 3]), 28);
            assert_eq!(e.squares::<2, false>(&[3, 4]), 25);
        }
        let mut x = 0;
        Engine::new(Backend::Float).unwrap().touch(&mut x);
        Engine::portable().touch(&mut x);
        assert_eq!(x, 3);
        assert_eq!(
            Engine::new(Backend::Ifma),
            Err(crate::Error::UnsupportedBackend(Backend::Ifma))
        );
        // No assembly backend here: the alias finds none.
        assert_eq!(
            Engine::new(Backend::Asm),
            Err(crate::Error::UnsupportedBackend(Backend::Asm))
        );
        assert_eq!(Engine::default(), Engine::detect());
        #[cfg(target_arch = "x86_64")]
        if Avx2::detect().is_some() {
            assert_eq!(Engine::detect().backend(), Backend::Avx2);
        }
        extern crate std;
        assert_eq!(std::format!("{}", Engine::portable()), "soft");
    }
}
