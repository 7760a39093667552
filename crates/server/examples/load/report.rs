//! What the load test measures: latencies by kind (p50, p99, max), errors by kind, and
//! counters; shared by every simulated player.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Duration;

#[derive(Default)]
pub struct Report {
    latencies: Mutex<BTreeMap<&'static str, Vec<Duration>>>,
    errors: Mutex<BTreeMap<String, u64>>,
    pub games_finished: AtomicU64,
    pub refusals: AtomicU64,
}

/// p50, p99 and the largest of a set of latencies.
pub struct Summary {
    pub count: usize,
    pub p50: Duration,
    pub p99: Duration,
    pub max: Duration,
}

impl Report {
    pub fn time(&self, kind: &'static str, took: Duration) {
        let mut all = self.latencies.lock().unwrap_or_else(|e| e.into_inner());
        all.entry(kind).or_default().push(took);
    }

    /// Counts an error; the first words name its kind, so that like errors add up.
    pub fn error(&self, what: String) {
        let kind: String = what.chars().take(90).collect();
        *self
            .errors
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(kind)
            .or_default() += 1;
    }

    pub fn error_count(&self) -> u64 {
        self.errors
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .sum()
    }

    pub fn summary(&self, kind: &str) -> Option<Summary> {
        let all = self.latencies.lock().unwrap_or_else(|e| e.into_inner());
        let mut v = all.get(kind)?.clone();
        if v.is_empty() {
            return None;
        }
        v.sort();
        let at = |q: f64| v[((v.len() as f64 * q).ceil() as usize).clamp(1, v.len()) - 1];
        Some(Summary {
            count: v.len(),
            p50: at(0.50),
            p99: at(0.99),
            max: v[v.len() - 1],
        })
    }

    pub fn print(&self) {
        let kinds: Vec<&'static str> = self
            .latencies
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .keys()
            .copied()
            .collect();
        println!("latency            count      p50      p99      max");
        for kind in kinds {
            if let Some(s) = self.summary(kind) {
                println!(
                    "{kind:<17} {:>6} {:>8} {:>8} {:>8}",
                    s.count,
                    ms(s.p50),
                    ms(s.p99),
                    ms(s.max)
                );
            }
        }
        println!(
            "games finished: {}   refused moves (rules, retried): {}",
            self.games_finished.load(Ordering::Relaxed),
            self.refusals.load(Ordering::Relaxed)
        );
        let errors = self.errors.lock().unwrap_or_else(|e| e.into_inner());
        println!("errors: {}", errors.values().sum::<u64>());
        for (what, n) in errors.iter() {
            println!("  {n:>5} x {what}");
        }
    }
}

pub fn ms(d: Duration) -> String {
    if d < Duration::from_millis(10) {
        format!("{:.2}ms", d.as_secs_f64() * 1000.0)
    } else {
        format!("{}ms", d.as_millis())
    }
}

/// The highest value seen, updated from many tasks.
#[derive(Default)]
pub struct Peak(AtomicU64);

impl Peak {
    pub fn see(&self, v: u64) {
        self.0.fetch_max(v, Ordering::Relaxed);
    }

    pub fn get(&self) -> u64 {
        self.0.load(Ordering::Relaxed)
    }
}
