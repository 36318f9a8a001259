//! The search plan of the measurement engine ([`super::engine::Plan::Search`]):
//! the construction's structured candidates, seeded uniform random pairs
//! measured a chunk at a time (memory independent of `samples`), then hill
//! climbing from the best pairs found.

use super::engine::{Construction, Extras, Measured, Rng, measure_list, merge};

/// A message near `m`: one bit flipped, or ±1, or a fresh random message.
fn mutate(c: &dyn Construction, m: u64, rng: &mut Rng) -> u64 {
    let count = c.message_count();
    let bits = 64 - (count - 1).leading_zeros().min(63);
    let out = match rng.below(4) {
        0 | 1 => m ^ (1 << rng.below(u64::from(bits))),
        2 => m.wrapping_add(if rng.below(2) == 0 { 1 } else { count - 1 }),
        _ => rng.below(count),
    };
    out % count
}

/// Pairs per call of [`measure_list`] in the search: the search's memory
/// does not grow with `samples` (the candidates, bounded by the family,
/// and one chunk of pairs at a time).
const SEARCH_CHUNK: usize = 1 << 16;

/// Hill-climbing starts per statistic (Δ and collisions).
const CLIMBERS: usize = 4;

/// Structured candidates, random pairs, then hill climbing.
pub(super) fn search(c: &dyn Construction, extras: Extras, samples: u64, seed: u64) -> Measured {
    search_in_chunks(c, extras, samples, seed, SEARCH_CHUNK)
}

/// [`search`], measuring `chunk` pairs at a time (the result does not
/// depend on `chunk`).
fn search_in_chunks(
    c: &dyn Construction,
    extras: Extras,
    samples: u64,
    seed: u64,
    chunk: usize,
) -> Measured {
    let count = c.message_count();
    let chunk = chunk.max(1);
    let mut rng = Rng::new(seed);
    let mut pairs: Vec<(u64, u64)> = c
        .candidates()
        .into_iter()
        .filter(|&(a, b)| a != b && a < count && b < count)
        .collect();
    // At most `samples` candidates: the first samples/2 as given (families
    // list their targeted pairs first), the rest a seeded subset (partial
    // Fisher–Yates) of the others, in their original order.
    let keep = usize::try_from(samples.max(1)).unwrap_or(usize::MAX);
    if pairs.len() > keep {
        let head = keep / 2;
        let mut idx: Vec<usize> = (head..pairs.len()).collect();
        for i in 0..keep - head {
            let j = i + rng.below((idx.len() - i) as u64) as usize;
            idx.swap(i, j);
        }
        idx.truncate(keep - head);
        idx.sort_unstable();
        pairs = (0..head).chain(idx).map(|i| pairs[i]).collect();
    }
    let mut out = Measured::default();
    // The best pairs by Δ (kind 0) and by collisions (kind 1) so far, as
    // (score, pair): highest score first, ties in measuring order.
    let mut top: [Vec<(u64, (u64, u64))>; 2] = Default::default();
    let mut order = 0u64;
    let mut measure = |list: &[(u64, u64)]| {
        let (part, scores) = measure_list(c, list, extras, order);
        order += list.len() as u64;
        merge(&mut out, &part);
        for (&pair, &(delta, coll)) in list.iter().zip(&scores) {
            for (kind, score) in [(0, delta), (1, coll)] {
                let best = &mut top[kind];
                let at = best.partition_point(|&(s, _)| s >= score);
                if at < CLIMBERS {
                    best.insert(at, (score, pair));
                    best.truncate(CLIMBERS);
                }
            }
        }
    };
    for list in pairs.chunks(chunk) {
        measure(list);
    }
    // The random pairs, drawn and measured a chunk at a time.
    let mut batch = Vec::with_capacity(chunk.min(usize::try_from(samples).unwrap_or(usize::MAX)));
    let mut left = samples;
    while left > 0 {
        batch.clear();
        while left > 0 && batch.len() < chunk {
            let a = rng.below(count);
            let mut b = rng.below(count);
            while b == a {
                b = rng.below(count);
            }
            batch.push((a, b));
            left -= 1;
        }
        measure(&batch);
    }
    drop(batch);
    // Hill climbing from the best pairs by Δ (kind 0) and by collisions (1).
    let mut best: Vec<(u64, (u64, u64), usize)> = Vec::new();
    for (kind, list) in top.iter().enumerate() {
        best.extend(list.iter().map(|&(score, pair)| (score, pair, kind)));
    }
    let steps = (samples / 2) / best.len().max(1) as u64;
    for _ in 0..steps {
        let trial: Vec<(u64, u64)> = best
            .iter()
            .map(|&(_, (a, b), _)| {
                let (mut a, mut b) = (a, b);
                if rng.below(2) == 0 {
                    a = mutate(c, a, &mut rng);
                } else {
                    b = mutate(c, b, &mut rng);
                }
                if a == b { (a, (a + 1) % count) } else { (a, b) }
            })
            .collect();
        let (part, scores) = measure_list(c, &trial, extras, order);
        order += trial.len() as u64;
        merge(&mut out, &part);
        for (slot, (pair, s)) in best.iter_mut().zip(trial.iter().zip(&scores)) {
            let score = if slot.2 == 0 { s.0 } else { s.1 };
            if score >= slot.0 {
                *slot = (score, *pair, slot.2);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::epsilon::dfc::DfcModule;
    use crate::epsilon::mmh::{Mmh, Variant};

    /// The search measures the same pairs in the same order whatever its
    /// chunk, so its result does not depend on the chunk.
    #[test]
    fn search_does_not_depend_on_the_chunk() {
        let cons: [Box<dyn Construction>; 2] = [
            Box::new(Mmh::new(3, 2, Variant::Mmh)),
            Box::new(DfcModule::new(3)),
        ];
        for c in &cons {
            for (samples, seed) in [(0, 1), (1, 2), (9, 1), (300, 7)] {
                let extras = Extras {
                    joint: true,
                    dist: false,
                };
                let whole = search(c.as_ref(), extras, samples, seed);
                for chunk in [1, 4, 7] {
                    let part = search_in_chunks(c.as_ref(), extras, samples, seed, chunk);
                    assert_eq!(
                        format!("{whole:?}"),
                        format!("{part:?}"),
                        "{samples} {chunk}"
                    );
                }
            }
        }
    }
}
