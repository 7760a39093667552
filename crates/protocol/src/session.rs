//! The brain on a pair of streams: a reader thread feeds lines to the brain; a search
//! runs on its own thread so that STOP/YXSTOP and END are read while thinking. Other
//! lines that arrive during a search wait until it ends. Every reply is flushed at once.

use std::io::{BufRead, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use fiveinrow_engine::Engine;
use fiveinrow_rules::notation::to_human;

use crate::brain::{Brain, Outcome, Output, ThinkJob, ThinkKind};
use crate::command::{parse_command, Command};
use crate::error::ProtocolError;

type SharedOut<W> = Arc<Mutex<W>>;

fn send<W: Write>(out: &SharedOut<W>, line: &str) {
    if let Ok(mut w) = out.lock() {
        // A closed output (the manager went away) is not our error to report.
        let _ = writeln!(w, "{line}");
        let _ = w.flush();
    }
}

struct Running {
    job: ThinkJob,
    stop: Arc<AtomicBool>,
    handle: JoinHandle<(Engine, Outcome)>,
}

/// Runs a brain on `input` / `output` until END or end of input.
pub fn run<R, W>(input: R, output: W)
where
    R: BufRead + Send + 'static,
    W: Write + Send + 'static,
{
    let out: SharedOut<W> = Arc::new(Mutex::new(output));
    let (tx, rx) = channel::<String>();
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut brain = Brain::new();
    let mut running: Option<Running> = None;
    let mut queued: std::collections::VecDeque<String> = Default::default();
    loop {
        // Next line: a queued one when idle, else from the reader.
        let next = if running.is_none() {
            match queued.pop_front() {
                Some(l) => Some(l),
                None => match rx.recv() {
                    Ok(l) => Some(l),
                    Err(_) => break,
                },
            }
        } else {
            match rx.recv_timeout(Duration::from_millis(2)) {
                Ok(l) => Some(l),
                Err(RecvTimeoutError::Timeout) => None,
                Err(RecvTimeoutError::Disconnected) => {
                    // Input closed mid-search: finish the search, then stop.
                    if let Some(r) = running.take() {
                        finish(&mut brain, r, &out);
                    }
                    break;
                }
            }
        };
        if let Some(line) = next {
            if let Some(r) = running.as_ref() {
                match parse_command(&line) {
                    Ok(Command::Stop) => r.stop.store(true, Ordering::Relaxed),
                    Ok(Command::End) => {
                        r.stop.store(true, Ordering::Relaxed);
                        let r = running.take().expect("running");
                        let _ = r.handle.join();
                        return;
                    }
                    Ok(Command::Info(..)) => {
                        // Settings apply from the next search.
                        for o in brain.feed(&line) {
                            if let Output::Line(l) = o {
                                send(&out, &l);
                            }
                        }
                    }
                    _ => queued.push_back(line),
                }
            } else {
                for o in brain.feed(&line) {
                    match o {
                        Output::Line(l) => send(&out, &l),
                        Output::Exit => return,
                        Output::Think(job) => running = start(&mut brain, *job, &out),
                    }
                }
            }
        }
        if running.as_ref().is_some_and(|r| r.handle.is_finished()) {
            let r = running.take().expect("running");
            finish(&mut brain, r, &out);
        }
    }
}

fn start<W: Write + Send + 'static>(
    brain: &mut Brain,
    job: ThinkJob,
    out: &SharedOut<W>,
) -> Option<Running> {
    let Some(mut engine) = brain.take_engine() else {
        send(out, "ERROR the engine is busy");
        return None;
    };
    engine.set_options(job.options.clone());
    let stop = Arc::new(AtomicBool::new(false));
    let job2 = job.clone();
    let size = job.game.size();
    let out2 = Arc::clone(out);
    let stop2 = Arc::clone(&stop);
    let handle = std::thread::spawn(move || {
        let kind = job2.kind.clone();
        let outcome = job2.run(&mut engine, &stop2, &mut |info| {
                if kind == ThinkKind::Move || kind == ThinkKind::NBest {
                    let pv: Vec<String> = info.pv.iter().map(|&p| to_human(p, size)).collect();
                    send(
                        &out2,
                        &format!(
                            "MESSAGE Depth {}-{} | Eval {} | Node {} | Speed {} | Time {} ms | Bestline {}",
                            info.depth,
                            info.seldepth,
                            info.score,
                            info.nodes,
                            info.nps,
                            info.time_ms,
                            pv.join(" ")
                        ),
                    );
                }
            });
        (engine, outcome)
    });
    Some(Running { job, stop, handle })
}

fn finish<W: Write>(brain: &mut Brain, r: Running, out: &SharedOut<W>) {
    let (engine, outcome) = match r.handle.join() {
        Ok(x) => x,
        Err(_) => {
            // The search thread panicked (a bug): answer with a legal move anyway.
            brain.return_engine(Engine::new(r.job.options.clone()));
            let failed = Outcome::Search(Err(ProtocolError::SearchFailed));
            let outs = brain.finish(&r.job, failed);
            for o in outs {
                if let Output::Line(l) = o {
                    send(out, &l);
                }
            }
            return;
        }
    };
    brain.return_engine(engine);
    for o in brain.finish(&r.job, outcome) {
        if let Output::Line(l) = o {
            send(out, &l);
        }
    }
}

/// Helper for tests and the match runner: reads everything a receiver holds.
pub fn drain(rx: &Receiver<String>) -> Vec<String> {
    rx.try_iter().collect()
}
