//! Sorting the found pairs: a counting sort on the first index (`O(n + k)`
//! for `n` boxes and `k` pairs), then each first index's few partners.

/// Writes `found` into `sorted` in `(i, j)` order; every `i` is below `n`.
/// `counts` is scratch.
pub(super) fn sort(
    found: &[(usize, usize)],
    n: usize,
    counts: &mut Vec<usize>,
    sorted: &mut Vec<(usize, usize)>,
) {
    sorted.clear();
    if found.len() < 2 {
        sorted.extend_from_slice(found);
        return;
    }
    // counts[i + 1] = pairs starting with i, then the running sum: where
    // i's pairs start.
    counts.clear();
    counts.resize(n + 1, 0);
    for &(i, _) in found {
        counts[i + 1] += 1;
    }
    for i in 1..=n {
        counts[i] += counts[i - 1];
    }
    sorted.resize(found.len(), (0, 0));
    for &pair in found {
        let slot = &mut counts[pair.0];
        sorted[*slot] = pair;
        *slot += 1;
    }
    // counts[i] is now where i's pairs end; sort each run by partner.
    let mut start = 0;
    for &end in &counts[..n] {
        match end - start {
            0 | 1 => {}
            2..=SHORT_RUN => insertion_sort(&mut sorted[start..end]),
            _ => sorted[start..end].sort_unstable(),
        }
        start = end;
    }
}

/// Runs up to this long (the usual case: a sprite touches few others) are
/// sorted in place without calling the general sort.
const SHORT_RUN: usize = 16;

fn insertion_sort(run: &mut [(usize, usize)]) {
    for i in 1..run.len() {
        let item = run[i];
        let mut j = i;
        while j > 0 && run[j - 1] > item {
            run[j] = run[j - 1];
            j -= 1;
        }
        run[j] = item;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_sort() {
        let mut rng = fastrand::Rng::with_seed(15);
        let (mut counts, mut sorted) = (Vec::new(), Vec::new());
        for _ in 0..200 {
            let n = rng.usize(1..40);
            let most = if rng.bool() { 80 } else { 400 };
            let found: Vec<(usize, usize)> = (0..rng.usize(0..most))
                .map(|_| (rng.usize(0..n), rng.usize(0..1000)))
                .collect();
            sort(&found, n, &mut counts, &mut sorted);
            let mut expected = found.clone();
            expected.sort_unstable();
            assert_eq!(sorted, expected);
        }
    }
}
