//! Runs a [`Plan`]: every pair and key ([`Plan::Exhaustive`]) or a
//! random search ([`Plan::Search`]), then the extras it asks for.

use super::engine::{Construction, Extras, Measured, Plan, distribution, exhaustive};
use super::search;

/// Runs the plan.
pub fn measure(c: &dyn Construction, plan: Plan, extras: Extras) -> Measured {
    let mut out = match plan {
        Plan::Exhaustive => exhaustive(c, extras),
        Plan::Search { samples, seed } => search::search(c, extras, samples, seed),
    };
    out.keys = c.key_count();
    if extras.dist {
        let seed = match plan {
            Plan::Exhaustive => 1,
            Plan::Search { seed, .. } => seed,
        };
        out.dist = Some(distribution(c, seed));
    }
    out
}
