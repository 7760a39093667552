//! The real `fiveinrow play` in a pseudo-terminal: keys typed into it, its screen read
//! back through a terminal emulator, and the terminal checked after it quits, after a
//! signal, and after the terminal itself goes away.

use std::io::{Read, Write};
use std::os::fd::RawFd;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError, Sender};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::{Duration, Instant};

use portable_pty::{native_pty_system, Child, CommandBuilder, MasterPty, PtySize};

/// How long the program may take to show something.
const PATIENCE: Duration = Duration::from_secs(30);

/// How long the program may take to end after its terminal closes or a signal: the issue
/// asks for a second; a loaded test machine gets more.
const PROMPT_EXIT: Duration = Duration::from_secs(5);

/// The thread that copies the program's output, and the flag that stops it.
struct Reading {
    closing: Arc<AtomicBool>,
    thread: JoinHandle<()>,
}

struct Session {
    parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    /// The terminal's master side, with its writer and reader: `None` once closed.
    keys: Option<Box<dyn Write + Send>>,
    master: Option<Box<dyn MasterPty + Send>>,
    reading: Option<Reading>,
    child: Box<dyn Child + Send + Sync>,
}

impl Session {
    fn start(args: &[&str], cols: u16, rows: u16) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("a pseudo-terminal");
        let mut cmd = CommandBuilder::new(env!("CARGO_BIN_EXE_fiveinrow"));
        cmd.arg("play");
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.cwd(std::env::temp_dir());
        let child = pty.slave.spawn_command(cmd).expect("start fiveinrow play");
        // Only the child holds the terminal's other end: reads end when it exits.
        drop(pty.slave);
        let reader = pty.master.try_clone_reader().expect("pty reader");
        let fd = pty.master.as_raw_fd().expect("the pty's descriptor");
        let (tx, output) = channel();
        let closing = Arc::new(AtomicBool::new(false));
        let stop = Arc::clone(&closing);
        let thread = thread::spawn(move || copy_output(fd, reader, tx, &stop));
        let keys = pty.master.take_writer().expect("pty writer");
        Session {
            parser: vt100::Parser::new(rows, cols, 0),
            output,
            keys: Some(keys),
            master: Some(pty.master),
            reading: Some(Reading { closing, thread }),
            child,
        }
    }

    /// Closes the master side (reader, writer and master), as a terminal window or a
    /// tmux session does when it goes away.
    fn close_terminal(&mut self) {
        if let Some(reading) = self.reading.take() {
            reading.closing.store(true, Ordering::Relaxed);
            reading.thread.join().expect("the output thread");
        }
        self.keys = None;
        self.master = None;
    }

    /// Sends `signal` to the program.
    fn signal(&self, signal: libc::c_int) {
        let pid = self.child.process_id().expect("a running child");
        let pid = libc::pid_t::try_from(pid).expect("a pid");
        // SAFETY: kill only sends a signal; the pid is our own child's, not yet reaped.
        assert_eq!(unsafe { libc::kill(pid, signal) }, 0, "kill failed");
    }

    /// Waits (a short deadline) for the program to end after a close or a signal; its
    /// success, with the rest of its output read. Prints how long it took.
    fn wait_prompt_exit(&mut self, after: &str) -> bool {
        let start = Instant::now();
        loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                println!("fiveinrow ended {:?} after {after}", start.elapsed());
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(300)) {
                    self.parser.process(&bytes);
                }
                return status.success();
            }
            assert!(
                start.elapsed() < PROMPT_EXIT,
                "fiveinrow still runs {PROMPT_EXIT:?} after {after}"
            );
            while let Ok(bytes) = self.output.try_recv() {
                self.parser.process(&bytes);
            }
            thread::sleep(Duration::from_millis(10));
        }
    }

    fn send(&mut self, keys: &str) {
        let out = self.keys.as_mut().expect("the terminal is open");
        out.write_all(keys.as_bytes()).expect("send keys");
        out.flush().expect("send keys");
    }

    fn screen(&self) -> &vt100::Screen {
        self.parser.screen()
    }

    /// Reads output until `done` holds for the screen; fails with the screen if not.
    fn wait_for(&mut self, what: &str, done: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + PATIENCE;
        while !done(self.parser.screen()) {
            let left = deadline.saturating_duration_since(Instant::now());
            match self
                .output
                .recv_timeout(left.min(Duration::from_millis(100)))
            {
                Ok(bytes) => self.parser.process(&bytes),
                Err(RecvTimeoutError::Timeout) if !left.is_zero() => {}
                _ => panic!(
                    "waiting for {what}; the screen is:\n{}",
                    self.screen().contents()
                ),
            }
        }
    }

    fn wait_for_text(&mut self, text: &str) {
        self.wait_for(text, |s| s.contents().contains(text));
    }

    /// Waits for the character at (row, column).
    fn wait_for_char(&mut self, row: u16, col: u16, ch: &str) {
        let what = format!("{ch:?} at row {row}, column {col}");
        self.wait_for(&what, |s| char_at(s, row, col) == ch);
    }

    /// Waits for the program to exit; its success, with the rest of its output read.
    fn wait_exit(&mut self) -> bool {
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                while let Ok(bytes) = self.output.recv_timeout(Duration::from_millis(300)) {
                    self.parser.process(&bytes);
                }
                return status.success();
            }
            assert!(Instant::now() < deadline, "fiveinrow did not exit");
            while let Ok(bytes) = self.output.try_recv() {
                self.parser.process(&bytes);
            }
            thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A failed test must not leave the program running.
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        if let Some(reading) = self.reading.take() {
            reading.closing.store(true, Ordering::Relaxed);
            let _ = reading.thread.join();
        }
    }
}

/// Copies the program's output to `tx` until the program closes its side or `closing`
/// is set. It waits in poll, not in read, so that closing the terminal can stop it.
fn copy_output(
    fd: RawFd,
    mut reader: Box<dyn Read + Send>,
    tx: Sender<Vec<u8>>,
    closing: &AtomicBool,
) {
    let mut buf = [0u8; 4096];
    while !closing.load(Ordering::Relaxed) {
        let mut wanted = libc::pollfd {
            fd,
            events: libc::POLLIN,
            revents: 0,
        };
        // SAFETY: one valid pollfd; the descriptor stays open while this thread runs
        // (`close_terminal` joins it before dropping the master).
        let ready = unsafe { libc::poll(&mut wanted, 1, 50) };
        if ready == 0 {
            continue;
        }
        if ready < 0 {
            if std::io::Error::last_os_error().kind() == std::io::ErrorKind::Interrupted {
                continue;
            }
            break;
        }
        match reader.read(&mut buf) {
            Ok(n) if n > 0 && tx.send(buf[..n].to_vec()).is_ok() => {}
            _ => break,
        }
    }
}

fn char_at(s: &vt100::Screen, row: u16, col: u16) -> String {
    s.cell(row, col).map(|c| c.contents()).unwrap_or_default()
}

/// The screen cell of a point on 15x15 (x from the left, y from the top), as the
/// game draws it: two columns per point after the row numbers.
fn cell(x: u16, y: u16) -> (u16, u16) {
    (1 + y, 4 + 2 * x)
}

#[test]
fn two_people_play_by_keys_and_mouse_and_the_terminal_is_restored() {
    let mut s = Session::start(&["--white", "person"], 80, 24);
    s.wait_for_text("FiveInRow: a new game");
    assert!(s.screen().alternate_screen());
    s.send("\r");
    s.wait_for_text("a b c d e f g h i j k l m n o");
    s.wait_for_text("move 1: black (person) to move");

    // h8 typed: black at (7, 7).
    let (r, c) = cell(7, 7);
    s.send("h8");
    s.wait_for_char(r, c, "X");
    s.wait_for_text("black played h8");
    // i9 typed: white at (8, 6), the last move in brackets.
    let (r, c) = cell(8, 6);
    s.send("i9");
    s.wait_for_char(r, c, "O");
    assert_eq!(char_at(s.screen(), r, c - 1), "(");
    // The cursor is on i9: down arrow, then Space plays i8 for black.
    let (r, c) = cell(8, 7);
    s.send("\x1b[B");
    s.send(" ");
    s.wait_for_char(r, c, "X");
    // A click (SGR mouse report, 1-based) on g7 plays it for white.
    let (r, c) = cell(6, 8);
    s.send(&format!(
        "\x1b[<0;{};{}M\x1b[<0;{};{}m",
        c + 1,
        r + 1,
        c + 1,
        r + 1
    ));
    s.wait_for_char(r, c, "O");
    s.wait_for_text("move 5: black (person) to move");
    // Undo takes the click back.
    s.send("U");
    s.wait_for_char(r, c, ".");
    s.wait_for_text("took back 1 move(s)");
    // Occupied: refused, in words.
    s.send("h8");
    s.wait_for_text("refused: h8 is occupied");

    // Ctrl-C quits cleanly and puts the terminal back.
    s.send("\x03");
    assert!(s.wait_exit(), "fiveinrow play exited with an error");
    let screen = s.screen();
    assert!(!screen.alternate_screen(), "left the alternate screen");
    assert!(!screen.hide_cursor(), "the cursor is visible again");
    assert_eq!(
        screen.mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "mouse reports are off"
    );
}

#[test]
fn the_computer_answers_a_move_on_screen() {
    let mut s = Session::start(&["--start", "--level", "1", "--nodes", "500"], 80, 24);
    s.wait_for_text("move 1: black (person) to move");
    let (r, c) = cell(7, 7);
    s.send("h8");
    s.wait_for_char(r, c, "X");
    s.wait_for_text("move 3: black (person) to move");
    s.wait_for_text("white (computer) played");
    let board: String = (1..16)
        .map(|row| {
            (0..15)
                .map(|x| char_at(s.screen(), row, 4 + 2 * x))
                .collect::<String>()
        })
        .collect();
    assert_eq!(board.matches('O').count(), 1, "{board}");
    assert_eq!(board.matches('X').count(), 1, "{board}");
    s.send("Q");
    assert!(s.wait_exit());
    assert!(!s.screen().alternate_screen());
}

#[test]
fn a_small_terminal_gets_a_message() {
    let mut s = Session::start(&["--start", "--white", "person"], 50, 12);
    s.wait_for_text("too small for the 15x15 board");
    s.wait_for_text("this one is 50x12");
    s.send("Q");
    assert!(s.wait_exit());
    assert!(!s.screen().alternate_screen());
}

#[test]
fn a_hang_up_ends_the_game_and_restores_the_terminal() {
    let mut s = Session::start(&["--start", "--white", "person"], 80, 24);
    s.wait_for_text("move 1: black (person) to move");
    assert!(s.screen().alternate_screen());
    // What the terminal sends when its window is closed.
    s.child.clone_killer().kill().expect("send SIGHUP");
    assert!(s.wait_exit(), "a hang-up is a normal end");
    assert!(!s.screen().alternate_screen());
    assert!(!s.screen().hide_cursor());
}

#[test]
fn a_closed_terminal_ends_the_set_up_screen() {
    let mut s = Session::start(&[], 80, 24);
    s.wait_for_text("FiveInRow: a new game");
    s.close_terminal();
    assert!(
        s.wait_prompt_exit("its terminal closed on the set-up screen"),
        "a closed terminal is a normal end"
    );
}

#[test]
fn a_closed_terminal_ends_the_game_while_the_computer_thinks() {
    let mut s = Session::start(
        &[
            "--start", "--black", "computer", "--white", "computer", "--time", "30",
        ],
        80,
        24,
    );
    s.wait_for_text("is thinking");
    s.close_terminal();
    assert!(
        s.wait_prompt_exit("its terminal closed while the computer thinks"),
        "a closed terminal is a normal end"
    );
}

#[test]
fn sigterm_ends_the_game_while_the_computer_thinks_and_restores_the_terminal() {
    let mut s = Session::start(
        &[
            "--start", "--black", "computer", "--white", "computer", "--time", "30",
        ],
        80,
        24,
    );
    s.wait_for_text("is thinking");
    assert!(s.screen().alternate_screen());
    s.signal(libc::SIGTERM);
    assert!(s.wait_prompt_exit("SIGTERM"), "SIGTERM is a normal end");
    let screen = s.screen();
    assert!(!screen.alternate_screen(), "left the alternate screen");
    assert!(!screen.hide_cursor(), "the cursor is visible again");
    assert_eq!(
        screen.mouse_protocol_mode(),
        vt100::MouseProtocolMode::None,
        "mouse reports are off"
    );
}
