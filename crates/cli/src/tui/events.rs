//! The terminal's events, read in a thread of their own. crossterm's reader retries a
//! closed terminal for ever (end of input and read errors are read again at once, without
//! returning), so the game loop never calls it: it waits on a channel for at most a tick,
//! and between waits it can see a signal or a terminal that has gone.

use std::io;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::Duration;

use crossterm::event::Event;

/// What came from the terminal within a wait.
pub enum Next {
    Event(Event),
    /// Nothing yet.
    Quiet,
    /// The terminal cannot be read any more: the game ends.
    Closed,
}

/// The receiving end of the reader thread. The thread ends when a read fails or the game
/// drops this; one stuck inside crossterm ends with the process.
pub struct Events {
    received: Receiver<io::Result<Event>>,
}

impl Events {
    /// Starts reading the terminal.
    pub fn start() -> io::Result<Events> {
        let (sender, received) = mpsc::channel();
        thread::Builder::new()
            .name("terminal input".into())
            .spawn(move || loop {
                let read = crossterm::event::read();
                let failed = read.is_err();
                if sender.send(read).is_err() || failed {
                    return;
                }
            })?;
        Ok(Events { received })
    }

    /// The next event, waiting up to `wait` for it.
    pub fn next(&self, wait: Duration) -> Next {
        match self.received.recv_timeout(wait) {
            Ok(Ok(event)) => Next::Event(event),
            Err(RecvTimeoutError::Timeout) => Next::Quiet,
            Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => Next::Closed,
        }
    }
}
