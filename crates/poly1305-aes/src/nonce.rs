//! Nonces (placeholder).
