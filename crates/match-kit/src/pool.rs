//! The worker pool behind `-j`, the shards behind `--shard`, and the progress line on stderr.

use std::fmt::Display;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::thread;

/// Runs `work(state, index)` for every `index` in `0..count` on `jobs` threads and hands each
/// result to `each(index, result)` on the calling thread as it arrives (in the order the work
/// finishes). Each thread makes its own `state` with `init` (an engine kept for every game it
/// plays, for instance).
///
/// # Errors
/// The first error `each` returns; the workers then stop after their current item.
pub fn run<S, R: Send>(
    jobs: usize,
    count: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> R + Sync,
    mut each: impl FnMut(usize, R) -> Result<(), String>,
) -> Result<(), String> {
    run_until(jobs, count, init, work, |index, result| each(index, result).map(|()| true))
}

/// [`run`], where `each` may also stop the work early by returning `Ok(false)` (a sequential
/// test has decided): the workers stop after their current item and its result is dropped.
///
/// # Errors
/// The first error `each` returns.
pub fn run_until<S, R: Send>(
    jobs: usize,
    count: usize,
    init: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, usize) -> R + Sync,
    mut each: impl FnMut(usize, R) -> Result<bool, String>,
) -> Result<(), String> {
    let next = AtomicUsize::new(0);
    let (sender, results) = mpsc::channel::<(usize, R)>();
    thread::scope(|scope| {
        for _ in 0..jobs.clamp(1, count.max(1)) {
            let sender = sender.clone();
            let (next, init, work) = (&next, &init, &work);
            scope.spawn(move || {
                let mut state = init();
                loop {
                    let index = next.fetch_add(1, Ordering::SeqCst);
                    if index >= count || sender.send((index, work(&mut state, index))).is_err() {
                        return;
                    }
                }
            });
        }
        drop(sender);
        for (index, result) in results {
            let more = each(index, result);
            if more != Ok(true) {
                next.store(count, Ordering::SeqCst);
                return more.map(|_| ());
            }
        }
        Ok(())
    })
}

/// `--shard K/N`: the K-th (1-based) of N disjoint parts of a match, so that a job runner can spread
/// one match over machines; the parts' outputs merge into the whole match's summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    pub index: usize,
    pub count: usize,
}

impl Shard {
    /// Parses `K/N` with `1 <= K <= N`.
    ///
    /// # Errors
    /// Anything else.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("expected K/N with 1 <= K <= N (e.g. 2/4), found {text:?}");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) = (index.parse().map_err(|_| bad())?, count.parse().map_err(|_| bad())?);
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// This shard's units among `units` (games, seeds, opening pairs): a contiguous block, the
    /// blocks' sizes differing by at most one.
    pub fn range(&self, units: usize) -> std::ops::Range<usize> {
        units * (self.index - 1) / self.count..units * self.index / self.count
    }
}

/// Results handed out in index order although they arrive in any order: what [`run`] finished,
/// reordered for output that must not depend on `-j`.
pub struct InOrder<R> {
    pending: std::collections::BTreeMap<usize, R>,
    next: usize,
}

impl<R> Default for InOrder<R> {
    fn default() -> Self {
        InOrder { pending: std::collections::BTreeMap::new(), next: 0 }
    }
}

impl<R> InOrder<R> {
    /// Takes result `index`; returns every result now ready, in order.
    pub fn push(&mut self, index: usize, result: R) -> Vec<R> {
        self.pending.insert(index, result);
        let mut ready = Vec::new();
        while let Some(result) = self.pending.remove(&self.next) {
            ready.push(result);
            self.next += 1;
        }
        ready
    }
}

/// `[done/total] text` lines on stderr as items finish (`[   3/100] ...`), unless quiet.
pub struct Progress {
    total: usize,
    done: usize,
    quiet: bool,
}

impl Progress {
    pub fn new(total: usize, quiet: bool) -> Progress {
        Progress { total, done: 0, quiet }
    }

    /// Counts one finished item and prints its line.
    pub fn finished(&mut self, text: impl Display) {
        self.done += 1;
        if !self.quiet {
            eprintln!("[{:>4}/{}] {text}", self.done, self.total);
        }
    }

    /// Items finished so far.
    pub fn done(&self) -> usize {
        self.done
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_item_once_with_per_thread_state() {
        let mut seen = Vec::new();
        let result = run(
            3,
            50,
            || 0usize,
            |calls, index| {
                *calls += 1;
                index * 2
            },
            |index, doubled| {
                assert_eq!(doubled, index * 2);
                seen.push(index);
                Ok(())
            },
        );
        assert_eq!(result, Ok(()));
        seen.sort_unstable();
        assert_eq!(seen, (0..50).collect::<Vec<_>>());
        assert_eq!(run(4, 0, || (), |_, i| i, |_, _| Ok(())), Ok(()));
    }

    #[test]
    fn the_first_error_stops_the_pool() {
        let mut handed = 0;
        let result = run(
            2,
            1000,
            || (),
            |_, index| index,
            |_, _| {
                handed += 1;
                if handed == 3 {
                    Err("stop".to_string())
                } else {
                    Ok(())
                }
            },
        );
        assert_eq!(result, Err("stop".to_string()));
        assert_eq!(handed, 3);
    }

    #[test]
    fn each_can_stop_the_pool_early() {
        let mut handed = Vec::new();
        let result = run_until(
            2,
            1000,
            || (),
            |_, index| index,
            |index, _| {
                handed.push(index);
                Ok(handed.len() < 5)
            },
        );
        assert_eq!(result, Ok(()));
        assert_eq!(handed.len(), 5);
    }

    #[test]
    fn shards_split_the_units_into_disjoint_blocks() {
        for units in [0, 1, 7, 10, 121] {
            for count in 1..=5 {
                let ranges: Vec<_> = (1..=count).map(|index| Shard { index, count }.range(units)).collect();
                assert_eq!(ranges[0].start, 0);
                assert_eq!(ranges[count - 1].end, units);
                assert!(ranges.windows(2).all(|w| w[0].end == w[1].start));
                assert!(ranges.iter().all(|r| r.len() + 1 >= units / count && r.len() <= units / count + 1));
            }
        }
        assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, count: 4 }));
        for bad in ["0/4", "5/4", "2", "a/b", "1/0"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn results_come_back_in_order() {
        let mut order = InOrder::default();
        assert!(order.push(1, "b").is_empty());
        assert_eq!(order.push(0, "a"), ["a", "b"]);
        assert!(order.push(3, "d").is_empty());
        assert_eq!(order.push(2, "c"), ["c", "d"]);
    }
}
