//! What a game is set up with: who sits at each colour, the rule, the board, and how
//! strong and how fast the computer plays. Flags fill it; the set-up screen edits it.

use std::time::Duration;

use fiveinrow_engine::{Level, Limits};
use fiveinrow_rules::opening::OpeningRule;
use fiveinrow_rules::{Color, Rule, Takeback};

/// Who plays a colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Seat {
    #[value(alias = "human")]
    Person,
    Computer,
}

impl Seat {
    pub fn name(self) -> &'static str {
        match self {
            Seat::Person => "person",
            Seat::Computer => "computer",
        }
    }

    pub fn other(self) -> Seat {
        match self {
            Seat::Person => Seat::Computer,
            Seat::Computer => Seat::Person,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Settings {
    pub black: Seat,
    pub white: Seat,
    pub rule: Rule,
    pub size: u8,
    pub level: Level,
    /// The computer's time for one move.
    pub move_time: Duration,
    /// A cap on the computer's nodes per move (quick games, tests).
    pub nodes: Option<u64>,
    /// The opening rule played first (the seat playing black at the start opens).
    pub opening: Option<OpeningRule>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            black: Seat::Person,
            white: Seat::Computer,
            rule: Rule::Renju,
            size: 15,
            level: Level::new(6),
            move_time: Duration::from_secs(3),
            nodes: None,
            opening: None,
        }
    }
}

impl Settings {
    pub fn seat(&self, color: Color) -> Seat {
        match color {
            Color::Black => self.black,
            Color::White => self.white,
        }
    }

    /// How far undo and redo go. A computer left to move waits for Enter here, so an
    /// undo may take back its opening move.
    pub fn takeback(&self) -> Takeback {
        Takeback::new(self.black == Seat::Person, self.white == Seat::Person).computer_can_wait()
    }

    /// The person's colour when exactly one person plays.
    pub fn person_color(&self) -> Option<Color> {
        match (self.black, self.white) {
            (Seat::Person, Seat::Computer) => Some(Color::Black),
            (Seat::Computer, Seat::Person) => Some(Color::White),
            _ => None,
        }
    }

    /// The limits of one computer move (and of a hint).
    pub fn limits(&self) -> Limits {
        Limits {
            move_time: Some(self.move_time),
            nodes: self.nodes,
            ..Limits::default()
        }
    }

    /// The limits of one opening decision: the move's, with the level's node cap.
    pub fn decision_limits(&self) -> Limits {
        let level = self.level.params().nodes;
        Limits {
            nodes: Some(self.nodes.map_or(level, |n| n.min(level))),
            ..self.limits()
        }
    }

    /// The opening rule's name, or `none`.
    pub fn opening_name(&self) -> &'static str {
        self.opening.map_or("none", OpeningRule::name)
    }

    /// `white (computer)`: a colour with who plays it.
    pub fn player(&self, color: Color) -> String {
        format!("{color} ({})", self.seat(color).name())
    }

    /// The time per move as people write it: `3 s`, `0.5 s`.
    pub fn time_words(&self) -> String {
        format!("{} s", self.move_time.as_secs_f64())
    }
}
