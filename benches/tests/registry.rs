//! The constant-time registry (`uhash_bench::ct::targets`) against the one
//! list of families (`uhash_cli::family::FAMILIES`): every registered
//! family has keyed functions under test, and every target belongs to a
//! registered family (or is one of the planted leaks).

use std::collections::BTreeSet;

use uhash_cli::family::FAMILIES;

#[test]
fn every_family_is_in_the_constant_time_registry() {
    let families: BTreeSet<&str> = FAMILIES.iter().map(|f| f.package).collect();
    let targets = uhash_bench::ct::targets();
    let covered: BTreeSet<&str> = targets.iter().map(|t| t.family).collect();
    for f in &families {
        assert!(covered.contains(f), "{f}: no constant-time target");
    }
    for c in &covered {
        assert!(
            families.contains(c) || *c == "planted",
            "constant-time targets of an unregistered family: {c}"
        );
    }
}
