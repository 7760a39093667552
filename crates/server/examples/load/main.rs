//! Load test of the web app, on this machine only and bounded in time:
//!
//! ```sh
//! cargo run --release -p fiveinrow-server --example load -- [--games 200] [--strong 3]
//!     [--secs 120] [--think-ms 500] [--max-searches N] [--seed N]
//! ```
//!
//! Starts the server in a child process (this program with `--child`, default settings
//! but for the per-client limits, since every player here is 127.0.0.1), then at once:
//! `--games` people each playing one game to the end against the computer at level 1
//! (thinking about `--think-ms` before each move; they look one move ahead),
//! `--strong` computer games at full strength (level 8, long searches), and two people
//! playing each other quickly. Reports the latency of moves (p50, p99), errors, the
//! server's memory (RSS from /proc) and the searches running at once against the cap
//! (`GET /api/stats`). Exits 1 on any error or if the cap was ever exceeded.
//!
//! With `--online N` (and `--moves M`, 40 by default) it plays N online games between
//! two simulated people instead (2N WebSockets, see `online.rs`) and reports the time
//! from a move's sending to the opponent's socket showing it; it fails on any lost,
//! skipped or reordered move and when that time's p99 reaches 50 ms. `--waves K` plays
//! K such rounds one after the other and prints the server's memory and games loaded
//! after each (finished games leave memory: it should not grow from wave to wave).

mod child;
mod http;
mod online;
mod players;
mod report;

use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use child::{ChildSettings, ServerProcess};
use http::Http;
use players::Rng;
use report::{Peak, Report};

struct Options {
    games: usize,
    strong: usize,
    secs: u64,
    think_ms: u64,
    max_searches: Option<usize>,
    seed: u64,
    online: usize,
    moves: usize,
    waves: usize,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        games: 200,
        strong: 3,
        secs: 120,
        think_ms: 500,
        max_searches: None,
        seed: 1,
        online: 0,
        moves: 40,
        waves: 1,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or(format!("{flag} needs a value"))?;
        let n: u64 = value
            .parse()
            .map_err(|_| format!("{flag}: '{value}' is not a number"))?;
        match flag.as_str() {
            "--games" => o.games = n as usize,
            "--strong" => o.strong = n as usize,
            "--secs" => o.secs = n.clamp(1, 600),
            "--think-ms" => o.think_ms = n,
            "--max-searches" => o.max_searches = Some(n as usize),
            "--seed" => o.seed = n,
            "--online" => o.online = n as usize,
            "--moves" => o.moves = (n as usize).max(1),
            "--waves" => o.waves = (n as usize).clamp(1, 20),
            _ => return Err(format!("unknown flag {flag}")),
        }
    }
    Ok(o)
}

fn child_settings(args: &[String]) -> Result<ChildSettings, String> {
    let value = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
            .cloned()
    };
    Ok(ChildSettings {
        data_dir: value("--data-dir").ok_or("--data-dir")?.into(),
        max_searches: value("--max-searches").and_then(|v| v.parse().ok()),
        clients: value("--clients")
            .and_then(|v| v.parse().ok())
            .unwrap_or(100),
    })
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = if args.first().map(String::as_str) == Some("--child") {
        child_settings(&args)
            .and_then(|s| child::serve(&s))
            .map(|()| true)
    } else {
        parse(&args).and_then(|o| run(&o))
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Searches running at once as polled, and the server's own figures at the end.
#[derive(Default)]
struct Watch {
    running: Peak,
    waiting: Peak,
    rss_kib: Peak,
    /// Polls that saw more searches running than the cap.
    over_cap: AtomicU64,
}

fn run(o: &Options) -> Result<bool, String> {
    if o.online > 0 {
        return run_online(o);
    }
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "machine: {cores} cores, load average {} at start",
        child::load_average()
    );
    let data_dir = child::data_dir();
    let server = ServerProcess::start(&ChildSettings {
        data_dir: data_dir.clone(),
        max_searches: o.max_searches,
        clients: o.games + o.strong + 16,
    })?;
    let (rss_start, _) = server.memory_kib().unwrap_or_default();
    println!(
        "server pid {} on {}: {} beginners (think {} ms), {} strong games, {} s at most, \
         seed {}",
        server.pid(),
        server.addr,
        o.games,
        o.think_ms,
        o.strong,
        o.secs,
        o.seed
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let report = Arc::new(Report::default());
    let watch = Arc::new(Watch::default());
    let started = Instant::now();
    let stats = runtime.block_on(drive(o, &server, report.clone(), watch.clone()));
    let elapsed = started.elapsed();
    let (rss_end, rss_peak) = server.memory_kib().unwrap_or_default();
    server.stop();
    child::remove(&data_dir);

    report.print();
    let searches = &stats["searches"];
    let cap = searches["cap"].as_u64().unwrap_or(0);
    let peak = searches["peak"].as_u64().unwrap_or(u64::MAX);
    println!(
        "searches: cap {cap} (long {}), peak running {peak} (server's count), \
         {} (polled), most waiting {}, {} started; polls over the cap: {}",
        searches["long_cap"],
        watch.running.get(),
        watch.waiting.get(),
        searches["started"],
        watch.over_cap.load(Ordering::Relaxed)
    );
    println!(
        "server memory (RSS): {} MiB at start, {} MiB at the end, {} MiB at most \
         (sampled {} MiB); {} games loaded",
        rss_start / 1024,
        rss_end / 1024,
        rss_peak / 1024,
        watch.rss_kib.get() / 1024,
        stats["games_loaded"]
    );
    println!(
        "took {:.1} s; load average {} at the end",
        elapsed.as_secs_f64(),
        child::load_average()
    );
    let ok =
        report.error_count() == 0 && peak <= cap && watch.over_cap.load(Ordering::Relaxed) == 0;
    println!("{}", if ok { "PASS" } else { "FAIL" });
    Ok(ok)
}

/// The online scenario: `o.online` games of two people, their moves and sockets.
fn run_online(o: &Options) -> Result<bool, String> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    println!(
        "machine: {cores} cores, load average {} at start",
        child::load_average()
    );
    let data_dir = child::data_dir();
    let server = ServerProcess::start(&ChildSettings {
        data_dir: data_dir.clone(),
        max_searches: o.max_searches,
        clients: 2 * o.online + 16,
    })?;
    let (rss_start, _) = server.memory_kib().unwrap_or_default();
    println!(
        "server pid {} on {}: {} online games ({} sockets), {} moves each, {} s at most, seed {}",
        server.pid(),
        server.addr,
        o.online,
        2 * o.online,
        o.moves,
        o.secs,
        o.seed
    );
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    let report = Arc::new(Report::default());
    let watch = Arc::new(Watch::default());
    let started = Instant::now();
    runtime.block_on(async {
        let done = Arc::new(AtomicBool::new(false));
        let monitor = tokio::spawn(monitor(
            server.addr.clone(),
            server.pid(),
            watch.clone(),
            done.clone(),
        ));
        for wave in 0..o.waves {
            let until = Instant::now() + Duration::from_secs(o.secs);
            let mut games = Vec::new();
            for k in 0..o.online {
                let seed = o.seed.wrapping_mul(1_000_003) ^ (wave * o.online + k) as u64;
                games.push(tokio::spawn(online::game(
                    server.addr.clone(),
                    report.clone(),
                    Rng(seed | 1),
                    o.moves,
                    until,
                )));
                // People arrive over a few seconds, not all in the same millisecond.
                tokio::time::sleep(Duration::from_millis(5)).await;
            }
            for g in games {
                if let Err(e) = g.await {
                    report.error(format!("a game failed: {e}"));
                }
            }
            // The finished games leave memory within a few seconds.
            tokio::time::sleep(Duration::from_secs(7)).await;
            let loaded = match Http::new(&server.addr)
                .request("GET", "/api/stats", "")
                .await
            {
                Ok((200, s)) => s["games_loaded"].to_string(),
                _ => "?".into(),
            };
            let (rss, _) = server.memory_kib().unwrap_or_default();
            println!(
                "after wave {}: server memory {} MiB, {loaded} games loaded",
                wave + 1,
                rss / 1024
            );
        }
        done.store(true, Ordering::Relaxed);
        let _ = monitor.await;
    });
    let elapsed = started.elapsed();
    let (rss_end, rss_peak) = server.memory_kib().unwrap_or_default();
    server.stop();
    child::remove(&data_dir);
    report.print();
    println!(
        "server memory (RSS): {} MiB at start, {} MiB at the end, {} MiB at most (sampled {} MiB)",
        rss_start / 1024,
        rss_end / 1024,
        rss_peak / 1024,
        watch.rss_kib.get() / 1024
    );
    println!(
        "took {:.1} s; load average {} at the end",
        elapsed.as_secs_f64(),
        child::load_average()
    );
    let p99 = report
        .summary("move to opponent")
        .map_or(Duration::MAX, |s| s.p99);
    let ok = report.error_count() == 0 && p99 < Duration::from_millis(50);
    println!("{}", if ok { "PASS" } else { "FAIL" });
    Ok(ok)
}

/// Runs every player and the monitor; returns the server's last `GET /api/stats`.
async fn drive(
    o: &Options,
    server: &ServerProcess,
    report: Arc<Report>,
    watch: Arc<Watch>,
) -> serde_json::Value {
    let addr = server.addr.clone();
    let until = Instant::now() + Duration::from_secs(o.secs);
    let done = Arc::new(AtomicBool::new(false));
    let monitor = tokio::spawn(monitor(addr.clone(), server.pid(), watch, done.clone()));

    let mut strong = Vec::new();
    for _ in 0..o.strong {
        strong.extend(players::strong(&addr, &report).await);
    }
    let people = tokio::spawn(players::people(
        addr.clone(),
        report.clone(),
        Rng(o.seed ^ 0x9E37_79B9),
        done.clone(),
    ));
    let beginners: Vec<_> = (0..o.games)
        .map(|k| {
            let rng = Rng((o.seed.wrapping_mul(1_000_003) ^ k as u64) | 1);
            let think = Duration::from_millis(o.think_ms);
            tokio::spawn(players::beginner(
                addr.clone(),
                report.clone(),
                rng,
                think,
                until,
            ))
        })
        .collect();
    for b in beginners {
        if let Err(e) = b.await {
            report.error(format!("a player failed: {e}"));
        }
    }
    done.store(true, Ordering::Relaxed);
    let _ = people.await;
    let _ = monitor.await;
    let mut http = Http::new(&addr);
    let stats = match http.request("GET", "/api/stats", "").await {
        Ok((200, s)) => s,
        other => {
            report.error(format!("stats: {other:?}"));
            serde_json::Value::Null
        }
    };
    let mut strong_moves = 0;
    for id in &strong {
        if let Ok((200, g)) = http.request("GET", &format!("/api/games/{id}"), "").await {
            strong_moves += g["moves"]
                .as_array()
                .map_or(0, |m| m.len().saturating_sub(3));
        }
        let _ = http
            .request("DELETE", &format!("/api/games/{id}"), "")
            .await;
    }
    println!("strong games: {strong_moves} full-strength moves played meanwhile");
    stats
}

/// Polls the searches running (every 20 ms) and the server's memory until `done`.
async fn monitor(addr: String, pid: u32, watch: Arc<Watch>, done: Arc<AtomicBool>) {
    let mut http = Http::new(&addr);
    while !done.load(Ordering::Relaxed) {
        if let Ok((200, s)) = http.request("GET", "/api/stats", "").await {
            let running = s["searches"]["running"].as_u64().unwrap_or(0);
            watch.running.see(running);
            watch
                .waiting
                .see(s["searches"]["waiting"].as_u64().unwrap_or(0));
            if running > s["searches"]["cap"].as_u64().unwrap_or(0) {
                watch.over_cap.fetch_add(1, Ordering::Relaxed);
            }
        }
        if let Some((rss, _)) = child::memory_kib(pid) {
            watch.rss_kib.see(rss);
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}
