//! The real terminal: raw mode, the alternate screen, mouse reports, and drawing a
//! `Screen` (only the lines that changed). The terminal is put back as it was when the
//! guard is dropped, and also from the panic hook, so a crash leaves a usable shell.

use std::io::{self, IsTerminal, Stdout, Write};
use std::sync::Once;

use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use crossterm::style::{
    Attribute, Color as TermColor, Print, SetAttribute, SetBackgroundColor, SetForegroundColor,
};
use crossterm::terminal::{
    disable_raw_mode, enable_raw_mode, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen,
};
use crossterm::{execute, queue};

use crate::tui::screen::{Cell, Screen, Style};

/// Holds the terminal in game mode while it lives.
pub struct Terminal {
    out: Stdout,
    shown: Option<Screen>,
}

impl Terminal {
    pub fn enter() -> io::Result<Terminal> {
        install_panic_hook();
        enable_raw_mode()?;
        let mut out = io::stdout();
        let entered = execute!(
            out,
            EnterAlternateScreen,
            Hide,
            EnableMouseCapture,
            Clear(ClearType::All)
        );
        if let Err(e) = entered {
            restore();
            return Err(e);
        }
        Ok(Terminal { out, shown: None })
    }

    /// The terminal's size (columns, rows).
    pub fn size() -> io::Result<(u16, u16)> {
        crossterm::terminal::size()
    }

    /// Whether the terminal has gone (its window closed, its connection hung up): a hung-up
    /// terminal answers no terminal request, so it no longer counts as one.
    pub fn is_gone() -> bool {
        !(io::stdin().is_terminal() && io::stdout().is_terminal())
    }

    /// Forgets what is on the terminal, so the next draw paints every line (a resize).
    pub fn invalidate(&mut self) {
        self.shown = None;
    }

    pub fn draw(&mut self, screen: &Screen) -> io::Result<()> {
        let same_size = self
            .shown
            .as_ref()
            .is_some_and(|s| s.width() == screen.width() && s.height() == screen.height());
        if !same_size {
            queue!(self.out, Clear(ClearType::All))?;
        }
        for y in 0..screen.height() {
            let row = screen.row(y);
            let unchanged = same_size && self.shown.as_ref().is_some_and(|s| s.row(y) == row);
            if !unchanged {
                self.draw_row(y, row)?;
            }
        }
        self.out.flush()?;
        self.shown = Some(screen.clone());
        Ok(())
    }

    fn draw_row(&mut self, y: u16, row: &[Cell]) -> io::Result<()> {
        queue!(self.out, MoveTo(0, y), SetAttribute(Attribute::Reset))?;
        // Trailing blanks are cleared rather than written: no write to the last column
        // of the last line, which scrolls some terminals.
        let end = row
            .iter()
            .rposition(|c| c.ch != ' ' || c.reverse)
            .map_or(0, |i| i + 1);
        let mut current: Option<(Style, bool)> = None;
        for cell in &row[..end] {
            if current != Some((cell.style, cell.reverse)) {
                set_style(&mut self.out, cell.style, cell.reverse)?;
                current = Some((cell.style, cell.reverse));
            }
            queue!(self.out, Print(cell.ch))?;
        }
        queue!(
            self.out,
            SetAttribute(Attribute::Reset),
            Clear(ClearType::UntilNewLine)
        )
    }
}

impl Drop for Terminal {
    fn drop(&mut self) {
        restore();
    }
}

fn set_style(out: &mut Stdout, style: Style, reverse: bool) -> io::Result<()> {
    queue!(out, SetAttribute(Attribute::Reset))?;
    let (fg, bg, bold) = match style {
        Style::Plain => (None, None, false),
        Style::Dim => (Some(TermColor::DarkGrey), None, false),
        Style::Title => (None, None, true),
        Style::BlackStone => (Some(TermColor::Red), None, true),
        Style::WhiteStone => (Some(TermColor::Cyan), None, true),
        Style::LastMove => (Some(TermColor::Yellow), None, true),
        Style::Win => (Some(TermColor::Black), Some(TermColor::Green), true),
        Style::Hint => (Some(TermColor::Magenta), None, true),
        Style::Offer => (Some(TermColor::Green), None, true),
        Style::Forbidden => (Some(TermColor::DarkRed), None, false),
        Style::Warn => (Some(TermColor::Red), None, true),
        Style::Selected => (Some(TermColor::Yellow), None, true),
    };
    if let Some(c) = fg {
        queue!(out, SetForegroundColor(c))?;
    }
    if let Some(c) = bg {
        queue!(out, SetBackgroundColor(c))?;
    }
    if bold {
        queue!(out, SetAttribute(Attribute::Bold))?;
    }
    if reverse {
        queue!(out, SetAttribute(Attribute::Reverse))?;
    }
    Ok(())
}

/// Puts the terminal back: cooked mode, the normal screen, a visible cursor, no mouse
/// reports. Safe to call more than once.
pub fn restore() {
    let mut out = io::stdout();
    let _ = execute!(
        out,
        SetAttribute(Attribute::Reset),
        DisableMouseCapture,
        Show,
        LeaveAlternateScreen
    );
    let _ = disable_raw_mode();
}

/// Restores the terminal before the panic message is printed, so it can be read.
fn install_panic_hook() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore();
            previous(info);
        }));
    });
}
