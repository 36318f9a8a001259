//! Backends (skeleton).
pub(crate) mod float;
pub(crate) mod soft32;
