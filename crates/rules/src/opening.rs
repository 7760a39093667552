//! Opening rules (see `docs/OPENINGS.md`): the steps of swap1, swap2, Soosõrv-8 and
//! Taraguchi-10 as a state machine. At each step one seat (the player who opened, or the
//! other) has one decision to make; [`Opening::act`] takes it or refuses it with a reason,
//! and a refusal changes nothing. The stones go on a [`Game`] in move order (black,
//! white, black...), so every position the opening reaches is a legal game; offered 5th
//! moves wait beside the board until white picks one. Undo and redo replay the decisions
//! from the start: slow enough not to matter, obviously right.

use crate::game::Game;
use crate::notation::{parse_moves, to_human};
use crate::symmetry::{classes, in_centre, is_canonical_opening};
use crate::types::{Color, Pos, Rule};
use crate::MoveError;

/// Which opening rule a game starts with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OpeningRule {
    Swap1,
    Swap2,
    Soosorv8,
    Taraguchi10,
}

impl OpeningRule {
    pub const ALL: [OpeningRule; 4] = [
        OpeningRule::Swap1,
        OpeningRule::Swap2,
        OpeningRule::Soosorv8,
        OpeningRule::Taraguchi10,
    ];

    pub fn name(self) -> &'static str {
        match self {
            OpeningRule::Swap1 => "swap1",
            OpeningRule::Swap2 => "swap2",
            OpeningRule::Soosorv8 => "soosorv8",
            OpeningRule::Taraguchi10 => "taraguchi10",
        }
    }

    pub fn parse(name: &str) -> Option<OpeningRule> {
        OpeningRule::ALL.into_iter().find(|r| r.name() == name)
    }

    /// Whether the opening rule is played under `rule` (swap2 is a gomoku rule; the
    /// canonical-opening rules are renju's).
    pub fn fits(self, rule: Rule) -> bool {
        match self {
            OpeningRule::Swap1 => true,
            OpeningRule::Swap2 => rule != Rule::Renju,
            OpeningRule::Soosorv8 | OpeningRule::Taraguchi10 => rule == Rule::Renju,
        }
    }
}

/// The two players, by their part in the opening.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seat {
    /// The player who opens (places the first stones).
    First,
    Second,
}

impl Seat {
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

/// swap2's three answers to the first three stones.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Swap2Choice {
    /// Play white and place the 4th stone.
    PlayWhite,
    /// Take black.
    TakeBlack,
    /// Place a 4th and a 5th stone; the first player then chooses a colour.
    PlaceTwo,
}

/// Taraguchi-10's choice for the 5th move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TaraguchiChoice {
    /// Swap option, the 5th in the central 9x9, swap option again.
    One,
    /// Ten offered 5th moves anywhere.
    Ten,
}

/// One decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Action {
    /// Place the next stone (or the next offered 5th move).
    Place(Pos),
    /// Take the other side (or, when a colour is to be chosen, take black).
    Swap,
    /// Keep the side (or, when a colour is to be chosen, take white).
    Stay,
    /// swap2's answer to the first three stones.
    Swap2(Swap2Choice),
    /// Soosõrv-8: the number of 5th moves black must offer (1..=8).
    Declare(u8),
    /// Taraguchi-10's choice.
    Taraguchi(TaraguchiChoice),
    /// White picks one of the offered 5th moves.
    Pick(Pos),
}

impl Action {
    /// The decision as one word of an opening record: a point (`h8`), `swap`, `stay`,
    /// `play-white`, `take-black`, `place-two`, `n=3`, `one`, `ten`, `pick-h8`.
    pub fn to_word(&self, size: u8) -> String {
        match self {
            Action::Place(p) => to_human(*p, size),
            Action::Swap => "swap".into(),
            Action::Stay => "stay".into(),
            Action::Swap2(Swap2Choice::PlayWhite) => "play-white".into(),
            Action::Swap2(Swap2Choice::TakeBlack) => "take-black".into(),
            Action::Swap2(Swap2Choice::PlaceTwo) => "place-two".into(),
            Action::Declare(n) => format!("n={n}"),
            Action::Taraguchi(TaraguchiChoice::One) => "one".into(),
            Action::Taraguchi(TaraguchiChoice::Ten) => "ten".into(),
            Action::Pick(p) => format!("pick-{}", to_human(*p, size)),
        }
    }

    /// Reads [`Action::to_word`]'s words back.
    pub fn from_word(word: &str, size: u8) -> Option<Action> {
        let point = |w: &str| match parse_moves(w, size).ok()?.as_slice() {
            [p] => Some(*p),
            _ => None,
        };
        Some(match word {
            "swap" => Action::Swap,
            "stay" => Action::Stay,
            "play-white" => Action::Swap2(Swap2Choice::PlayWhite),
            "take-black" => Action::Swap2(Swap2Choice::TakeBlack),
            "place-two" => Action::Swap2(Swap2Choice::PlaceTwo),
            "one" => Action::Taraguchi(TaraguchiChoice::One),
            "ten" => Action::Taraguchi(TaraguchiChoice::Ten),
            w => {
                if let Some(n) = w.strip_prefix("n=") {
                    Action::Declare(n.parse().ok()?)
                } else if let Some(p) = w.strip_prefix("pick-") {
                    Action::Pick(point(p)?)
                } else {
                    Action::Place(point(w)?)
                }
            }
        })
    }
}

/// What is asked now.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// Place a stone of `color` (the game's next move), within the central `area` x
    /// `area` square when given.
    Place { color: Color, area: Option<u8> },
    /// Swap or stay.
    SwapOption,
    /// Choose a colour: [`Action::Swap`] takes black, [`Action::Stay`] white.
    ChooseColor,
    /// swap2's three choices.
    Swap2Choice,
    /// Declare N for Soosõrv-8 (after placing the 4th stone).
    Declare,
    /// Taraguchi-10: one 5th move in the centre, or ten offers.
    TaraguchiChoice,
    /// Offer `wanted` different 5th moves; `placed` are on offer so far.
    Offer { wanted: u8, placed: u8 },
    /// White picks one of the offered 5th moves.
    Pick,
    /// The opening is over: the game goes on normally.
    Done,
}

/// Why a decision was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum OpeningError {
    #[error("that is not the decision asked for now ({asked})")]
    NotNow { asked: &'static str },
    #[error("this stone goes in the central {area}x{area} square")]
    OutsideArea { area: u8 },
    #[error("the first three stones must be one of the 26 canonical openings (the 1st on the centre, the 2nd next to it, the 3rd in the central 5x5)")]
    NotCanonical,
    #[error("this 5th move is the same as an offered one up to a symmetry of the board")]
    SymmetricOffer,
    #[error("N is 1 to 8")]
    BadNumber,
    #[error("that point is not one of the offered 5th moves")]
    NotOffered,
    #[error("the game's opening is over")]
    Over,
    #[error(transparent)]
    Move(#[from] MoveError),
}

/// An opening in progress (or done), with its history for undo and redo.
#[derive(Debug, Clone)]
pub struct Opening {
    rule: OpeningRule,
    board_rule: Rule,
    size: u8,
    /// Every decision taken, in order.
    actions: Vec<Action>,
    /// Decisions taken back, the next to redo last.
    redo: Vec<Action>,
    state: State,
}

/// Everything that follows from the decisions.
#[derive(Debug, Clone)]
struct State {
    game: Game,
    /// Which seat plays black now.
    black: Seat,
    step: Step,
    /// Who decides the step.
    decider: Seat,
    /// Soosõrv-8's N.
    declared: u8,
    offers: Vec<Pos>,
    /// swap2's stone count before the colour choice (3 or 5); Taraguchi's choice.
    stage: u8,
}

impl Opening {
    /// A new opening on an empty board; `None` when the opening rule is not played under
    /// `rule` or the size is not a board size.
    pub fn new(rule: OpeningRule, board_rule: Rule, size: u8) -> Option<Opening> {
        if !rule.fits(board_rule) {
            return None;
        }
        let game = Game::new(board_rule, u32::from(size)).ok()?;
        Some(Opening {
            rule,
            board_rule,
            size,
            actions: Vec::new(),
            redo: Vec::new(),
            state: State::start(rule, game),
        })
    }

    pub fn rule(&self) -> OpeningRule {
        self.rule
    }

    /// The stones so far, as a game (the opening's stones are its first moves).
    pub fn game(&self) -> &Game {
        &self.state.game
    }

    pub fn step(&self) -> &Step {
        &self.state.step
    }

    /// Who decides the current step.
    pub fn decider(&self) -> Seat {
        self.state.decider
    }

    /// Which seat plays black (for now: swaps change it).
    pub fn black_seat(&self) -> Seat {
        self.state.black
    }

    /// The 5th moves on offer.
    pub fn offers(&self) -> &[Pos] {
        &self.state.offers
    }

    pub fn is_done(&self) -> bool {
        self.state.step == Step::Done
    }

    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The opening as one line of text, its rule then its decisions
    /// (`soosorv8 h8 h9 h10 stay h6 n=2 swap g8 k11 pick-k11`): how records and the
    /// store keep the steps that a list of moves loses (swaps, N, the offers).
    pub fn record(&self) -> String {
        let mut out = self.rule.name().to_string();
        for a in &self.actions {
            out.push(' ');
            out.push_str(&a.to_word(self.size));
        }
        out
    }

    /// Replays a [`Opening::record`] under `board_rule` on a board of side `size`; the
    /// reason when it is not one.
    pub fn from_record(text: &str, board_rule: Rule, size: u8) -> Result<Opening, String> {
        let mut words = text.split_whitespace();
        let name = words.next().ok_or("an empty opening record")?;
        let rule =
            OpeningRule::parse(name).ok_or_else(|| format!("no opening rule named '{name}'"))?;
        let mut o = Opening::new(rule, board_rule, size)
            .ok_or_else(|| format!("{name} is not played under {}", board_rule.name()))?;
        for (k, w) in words.enumerate() {
            let a = Action::from_word(w, size)
                .ok_or_else(|| format!("decision {}: '{w}' is not a decision", k + 1))?;
            o.act(a)
                .map_err(|e| format!("decision {} ('{w}'): {e}", k + 1))?;
        }
        Ok(o)
    }

    /// Replays the opening record that came with `game` (a saved or imported game), and
    /// checks that its stones are the game's first moves (all of them while the opening
    /// still asks for decisions); the reason when they are not.
    pub fn from_record_of(text: &str, game: &Game) -> Result<Opening, String> {
        let o = Opening::from_record(text, game.rule(), game.size())?;
        let (stones, moves) = (o.game().moves(), game.moves());
        if !moves.starts_with(&stones) {
            return Err("the opening's stones are not the game's first moves".into());
        }
        if !o.is_done() && moves.len() > stones.len() {
            return Err("the game has moves after an opening that is not over".into());
        }
        Ok(o)
    }

    /// Takes a decision for the seat that decides now; a refusal changes nothing.
    pub fn act(&mut self, action: Action) -> Result<(), OpeningError> {
        let mut next = self.state.clone();
        next.apply(self.rule, &action, self.size)?;
        self.state = next;
        self.actions.push(action.clone());
        if self.redo.last() == Some(&action) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(())
    }

    /// Takes back the last decision; false when there is none.
    pub fn undo(&mut self) -> bool {
        let Some(last) = self.actions.pop() else {
            return false;
        };
        self.redo.push(last);
        self.replay();
        true
    }

    /// Takes the last decision undone again; false when there is none.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.redo.pop() else {
            return false;
        };
        let keep = std::mem::take(&mut self.redo);
        let ok = self.act(next).is_ok();
        self.redo = keep;
        ok
    }

    fn replay(&mut self) {
        let game = Game::new(self.board_rule, u32::from(self.size)).expect("checked in new");
        let mut state = State::start(self.rule, game);
        for a in &self.actions {
            state
                .apply(self.rule, a, self.size)
                .expect("a decision taken once is taken again");
        }
        self.state = state;
    }
}

impl State {
    fn start(rule: OpeningRule, game: Game) -> State {
        let area = match rule {
            OpeningRule::Taraguchi10 | OpeningRule::Soosorv8 => Some(1),
            _ => None,
        };
        State {
            game,
            black: Seat::First,
            step: Step::Place {
                color: Color::Black,
                area,
            },
            decider: Seat::First,
            declared: 0,
            offers: Vec::new(),
            stage: 0,
        }
    }

    fn white(&self) -> Seat {
        self.black.other()
    }

    fn seat_of(&self, color: Color) -> Seat {
        match color {
            Color::Black => self.black,
            Color::White => self.white(),
        }
    }

    fn place_next(&mut self, area: Option<u8>, decider: Seat) {
        self.step = Step::Place {
            color: self.game.to_move(),
            area,
        };
        self.decider = decider;
    }

    fn swap_option(&mut self, decider: Seat) {
        self.step = Step::SwapOption;
        self.decider = decider;
    }

    fn done(&mut self) {
        self.step = Step::Done;
        self.decider = self.seat_of(self.game.to_move());
    }

    /// Plays a stone in the allowed area (a point off the board is the rules core's
    /// refusal).
    fn place(&mut self, p: Pos, area: Option<u8>, size: u8) -> Result<(), OpeningError> {
        if let Some(k) = area {
            if p.is_on(size) && !in_centre(p, size, k) {
                return Err(OpeningError::OutsideArea { area: k });
            }
        }
        self.game.play(p)?;
        Ok(())
    }

    fn apply(&mut self, rule: OpeningRule, action: &Action, size: u8) -> Result<(), OpeningError> {
        let asked = step_name(&self.step);
        let not_now = || OpeningError::NotNow { asked };
        let n = self.game.move_count();
        match (self.step.clone(), action) {
            (Step::Done, _) => return Err(OpeningError::Over),
            (Step::Place { area, .. }, Action::Place(p)) => {
                if rule == OpeningRule::Soosorv8 && n == 2 {
                    let stones = self.game.moves();
                    if !is_canonical_opening([stones[0], stones[1], *p], size) {
                        return Err(OpeningError::NotCanonical);
                    }
                }
                if rule == OpeningRule::Soosorv8 && n == 1 {
                    let c = Pos::centre(size);
                    let near = (i16::from(p.x()) - i16::from(c.x())).abs() <= 1
                        && (i16::from(p.y()) - i16::from(c.y())).abs() <= 1;
                    if !near {
                        return Err(OpeningError::NotCanonical);
                    }
                }
                self.place(*p, area, size)?;
                self.after_place(rule, size);
            }
            (Step::SwapOption, Action::Swap | Action::Stay) => {
                if *action == Action::Swap {
                    self.black = self.black.other();
                }
                self.after_swap(rule, size);
            }
            (Step::ChooseColor, Action::Swap | Action::Stay) => {
                // The decider takes black with Swap, white with Stay.
                let decider = self.decider;
                self.black = if *action == Action::Swap {
                    decider
                } else {
                    decider.other()
                };
                self.done();
            }
            (Step::Swap2Choice, Action::Swap2(choice)) => match choice {
                Swap2Choice::PlayWhite => {
                    self.black = Seat::First;
                    self.place_next(None, Seat::Second);
                    self.stage = 4;
                }
                Swap2Choice::TakeBlack => {
                    self.black = Seat::Second;
                    self.done();
                }
                Swap2Choice::PlaceTwo => {
                    self.place_next(None, Seat::Second);
                    self.stage = 5;
                }
            },
            (Step::Declare, Action::Declare(k)) => {
                if !(1..=8).contains(k) {
                    return Err(OpeningError::BadNumber);
                }
                self.declared = *k;
                self.swap_option(self.black);
                self.stage = 1;
            }
            (Step::TaraguchiChoice, Action::Taraguchi(choice)) => match choice {
                TaraguchiChoice::One => {
                    self.stage = 1;
                    self.swap_option(self.white());
                }
                TaraguchiChoice::Ten => {
                    self.declared = 10;
                    self.step = Step::Offer {
                        wanted: 10,
                        placed: 0,
                    };
                    self.decider = self.black;
                }
            },
            (Step::Offer { wanted, placed }, Action::Place(p)) => {
                self.game.check(*p)?;
                let mut stones = Vec::with_capacity(n);
                let mut color = self.game.first_to_move();
                for m in self.game.moves() {
                    stones.push((m, color));
                    color = color.opponent();
                }
                let class = classes(&stones, size);
                let idx = |q: Pos| usize::from(q.y()) * usize::from(size) + usize::from(q.x());
                if self
                    .offers
                    .iter()
                    .any(|&o| o == *p || class[idx(o)] == class[idx(*p)])
                {
                    return Err(OpeningError::SymmetricOffer);
                }
                self.offers.push(*p);
                let placed = placed + 1;
                if placed == wanted {
                    self.step = Step::Pick;
                    self.decider = self.white();
                } else {
                    self.step = Step::Offer { wanted, placed };
                }
            }
            (Step::Pick, Action::Pick(p)) => {
                if !self.offers.contains(p) {
                    return Err(OpeningError::NotOffered);
                }
                self.game.play(*p)?;
                self.offers.clear();
                self.done();
            }
            _ => return Err(not_now()),
        }
        Ok(())
    }

    /// What follows a placed stone.
    fn after_place(&mut self, rule: OpeningRule, _size: u8) {
        let n = self.game.move_count();
        match rule {
            OpeningRule::Swap1 => {
                if n < 3 {
                    self.place_next(None, Seat::First);
                } else if n == 3 {
                    self.step = Step::ChooseColor;
                    self.decider = Seat::Second;
                } else {
                    self.done();
                }
            }
            OpeningRule::Swap2 => match (n, self.stage) {
                (1 | 2, _) => self.place_next(None, Seat::First),
                (3, _) => {
                    self.step = Step::Swap2Choice;
                    self.decider = Seat::Second;
                }
                (4, 5) => self.place_next(None, Seat::Second),
                (5, 5) => {
                    self.step = Step::ChooseColor;
                    self.decider = Seat::First;
                }
                _ => self.done(),
            },
            OpeningRule::Soosorv8 => match n {
                1 => self.place_next(Some(3), Seat::First),
                2 => self.place_next(Some(5), Seat::First),
                3 => self.swap_option(Seat::Second),
                4 => {
                    self.step = Step::Declare;
                    self.decider = self.white();
                }
                _ => self.done(),
            },
            OpeningRule::Taraguchi10 => match n {
                1..=3 => self.swap_option(self.seat_of(self.game.to_move())),
                4 => {
                    self.step = Step::TaraguchiChoice;
                    self.decider = self.black;
                }
                5 => self.swap_option(self.white()),
                _ => self.done(),
            },
        }
    }

    /// What follows a swap decision.
    fn after_swap(&mut self, rule: OpeningRule, _size: u8) {
        let n = self.game.move_count();
        let next = self.seat_of(self.game.to_move());
        match rule {
            OpeningRule::Soosorv8 => {
                if self.stage == 0 {
                    // After the three stones: white places the 4th.
                    self.place_next(None, next);
                } else {
                    self.step = Step::Offer {
                        wanted: self.declared,
                        placed: 0,
                    };
                    self.decider = self.black;
                }
            }
            OpeningRule::Taraguchi10 => match n {
                1 => self.place_next(Some(3), next),
                2 => self.place_next(Some(5), next),
                3 => self.place_next(Some(7), next),
                // Choice one: the swap before the 5th, then the 5th in the 9x9.
                4 => self.place_next(Some(9), next),
                _ => self.done(),
            },
            _ => self.done(),
        }
    }
}

fn step_name(step: &Step) -> &'static str {
    match step {
        Step::Place { .. } => "place a stone",
        Step::SwapOption => "swap or stay",
        Step::ChooseColor => "choose a colour",
        Step::Swap2Choice => "play white, take black or place two more",
        Step::Declare => "declare how many 5th moves",
        Step::TaraguchiChoice => "one 5th move or ten offers",
        Step::Offer { .. } => "offer a 5th move",
        Step::Pick => "pick one of the offered 5th moves",
        Step::Done => "none: the opening is over",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::parse_moves;

    fn at(name: &str) -> Pos {
        parse_moves(name, 15).unwrap()[0]
    }

    fn run(o: &mut Opening, actions: &[Action]) {
        for a in actions {
            o.act(a.clone())
                .unwrap_or_else(|e| panic!("{a:?} at {:?}: {e}", o.step()));
        }
    }

    fn place(names: &str) -> Vec<Action> {
        parse_moves(names, 15)
            .unwrap()
            .into_iter()
            .map(Action::Place)
            .collect()
    }

    #[test]
    fn swap1_and_swap2_reach_a_game_with_the_chosen_colours() {
        let mut o = Opening::new(OpeningRule::Swap1, Rule::Renju, 15).unwrap();
        run(&mut o, &place("h8i9g7"));
        assert_eq!((o.step(), o.decider()), (&Step::ChooseColor, Seat::Second));
        run(&mut o, &[Action::Swap]);
        assert!(o.is_done());
        assert_eq!(o.black_seat(), Seat::Second, "the second player took black");
        assert_eq!(o.game().to_move(), Color::White);
        assert_eq!(
            o.decider(),
            Seat::First,
            "white, the first player, plays the 4th"
        );

        // swap2, third answer: two more stones, then the first player chooses.
        let mut o = Opening::new(OpeningRule::Swap2, Rule::Freestyle, 15).unwrap();
        run(&mut o, &place("h8i9g7"));
        run(&mut o, &[Action::Swap2(Swap2Choice::PlaceTwo)]);
        assert_eq!(o.decider(), Seat::Second);
        run(&mut o, &place("j10k11"));
        assert_eq!((o.step(), o.decider()), (&Step::ChooseColor, Seat::First));
        run(&mut o, &[Action::Stay]);
        assert_eq!(o.black_seat(), Seat::Second);
        assert_eq!(
            (o.game().move_count(), o.game().to_move()),
            (5, Color::White)
        );
        assert_eq!(o.decider(), Seat::First);
        assert!(Opening::new(OpeningRule::Swap2, Rule::Renju, 15).is_none());
    }

    #[test]
    fn soosorv8_runs_its_steps_and_refuses_what_it_must() {
        let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
        assert_eq!(
            o.act(Action::Place(at("h9"))),
            Err(OpeningError::OutsideArea { area: 1 })
        );
        assert_eq!(
            o.act(Action::Swap),
            Err(OpeningError::NotNow {
                asked: "place a stone"
            })
        );
        run(&mut o, &place("h8"));
        assert_eq!(
            o.act(Action::Place(at("h10"))),
            Err(OpeningError::NotCanonical)
        );
        run(&mut o, &place("h9"));
        assert_eq!(
            o.act(Action::Place(at("h11"))),
            Err(OpeningError::NotCanonical)
        );
        run(&mut o, &place("h10"));
        // The second player stays white; white places the 4th and declares 2.
        run(&mut o, &[Action::Stay]);
        run(&mut o, &place("h6"));
        assert_eq!(o.act(Action::Declare(9)), Err(OpeningError::BadNumber));
        run(&mut o, &[Action::Declare(2)]);
        assert_eq!((o.step(), o.decider()), (&Step::SwapOption, Seat::First));
        run(&mut o, &[Action::Swap]);
        assert_eq!(o.black_seat(), Seat::Second);
        assert_eq!(
            o.step(),
            &Step::Offer {
                wanted: 2,
                placed: 0
            }
        );
        assert_eq!(
            o.decider(),
            Seat::Second,
            "black, now the second player, offers"
        );
        run(&mut o, &place("g8"));
        // All four stones on the h file: the mirror left to right keeps them, so i8 is
        // g8 again; g8 itself too.
        let before = (o.game().moves(), o.offers().to_vec(), o.step().clone());
        assert_eq!(
            o.act(Action::Place(at("i8"))),
            Err(OpeningError::SymmetricOffer)
        );
        assert_eq!(
            o.act(Action::Place(at("g8"))),
            Err(OpeningError::SymmetricOffer)
        );
        assert_eq!(
            (o.game().moves(), o.offers().to_vec(), o.step().clone()),
            before
        );
        run(&mut o, &place("k11"));
        assert_eq!((o.step(), o.decider()), (&Step::Pick, Seat::First));
        assert_eq!(o.act(Action::Pick(at("a1"))), Err(OpeningError::NotOffered));
        run(&mut o, &[Action::Pick(at("k11"))]);
        assert!(o.is_done());
        assert_eq!(o.game().move_count(), 5);
        assert_eq!(o.act(Action::Stay), Err(OpeningError::Over));
    }

    #[test]
    fn taraguchi10_grows_its_area_and_offers_ten() {
        let mut o = Opening::new(OpeningRule::Taraguchi10, Rule::Renju, 15).unwrap();
        run(&mut o, &place("h8"));
        run(&mut o, &[Action::Stay]);
        assert_eq!(
            o.act(Action::Place(at("k8"))),
            Err(OpeningError::OutsideArea { area: 3 })
        );
        run(&mut o, &place("i9"));
        run(&mut o, &[Action::Stay]);
        assert_eq!(
            o.act(Action::Place(at("l8"))),
            Err(OpeningError::OutsideArea { area: 5 })
        );
        run(&mut o, &place("j8"));
        run(&mut o, &[Action::Swap]);
        run(&mut o, &place("e8"));
        assert_eq!(o.step(), &Step::TaraguchiChoice);
        let mut ten = o.clone();
        run(
            &mut o,
            &[Action::Taraguchi(TaraguchiChoice::One), Action::Stay],
        );
        assert_eq!(
            o.act(Action::Place(at("a1"))),
            Err(OpeningError::OutsideArea { area: 9 })
        );
        run(&mut o, &place("g6"));
        run(&mut o, &[Action::Stay]);
        assert!(o.is_done());
        assert_eq!(
            (o.game().move_count(), o.game().to_move()),
            (5, Color::White)
        );

        run(&mut ten, &[Action::Taraguchi(TaraguchiChoice::Ten)]);
        run(&mut ten, &place("a1b1c1d1e1f1g1a2a3a4"));
        assert_eq!(ten.step(), &Step::Pick);
        run(&mut ten, &[Action::Pick(at("c1"))]);
        assert!(ten.is_done());
        assert_eq!(ten.game().moves().last(), Some(&at("c1")));
    }

    #[test]
    fn undo_and_redo_walk_the_decisions() {
        let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
        run(&mut o, &place("h8h9h10"));
        run(&mut o, &[Action::Swap]);
        let swapped = (o.game().moves(), o.step().clone(), o.black_seat());
        assert!(o.undo());
        assert_eq!(o.step(), &Step::SwapOption);
        assert_eq!(o.black_seat(), Seat::First);
        assert!(o.redo());
        assert_eq!(
            (o.game().moves(), o.step().clone(), o.black_seat()),
            swapped
        );
        while o.undo() {}
        assert_eq!(o.game().move_count(), 0);
        assert!(!o.undo());
        for _ in 0..4 {
            assert!(o.redo());
        }
        assert_eq!(
            (o.game().moves(), o.step().clone(), o.black_seat()),
            swapped
        );
        assert!(!o.redo());
    }

    #[test]
    fn an_opening_record_reads_back_as_the_same_opening() {
        let mut o = Opening::new(OpeningRule::Soosorv8, Rule::Renju, 15).unwrap();
        run(&mut o, &place("h8h9h10"));
        run(&mut o, &[Action::Stay]);
        run(&mut o, &place("h6"));
        run(&mut o, &[Action::Declare(2), Action::Swap]);
        run(&mut o, &place("g8k11"));
        run(&mut o, &[Action::Pick(at("k11"))]);
        let text = o.record();
        assert_eq!(text, "soosorv8 h8 h9 h10 stay h6 n=2 swap g8 k11 pick-k11");
        let back = Opening::from_record(&text, Rule::Renju, 15).unwrap();
        assert_eq!(snapshot(&back), snapshot(&o));
        assert_eq!(back.record(), text);
        for (bad, why) in [
            ("", "empty"),
            ("swap9 h8", "no opening rule"),
            ("swap2 h8", "not played under renju"),
            ("soosorv8 h9", "central 1x1"),
            ("soosorv8 h8 maybe", "not a decision"),
        ] {
            let e = Opening::from_record(bad, Rule::Renju, 15).unwrap_err();
            assert!(e.contains(why), "{bad}: {e}");
        }
        let words = [
            Action::Swap2(Swap2Choice::PlaceTwo),
            Action::Taraguchi(TaraguchiChoice::Ten),
            Action::Declare(8),
            Action::Pick(at("a1")),
        ];
        for a in words {
            assert_eq!(Action::from_word(&a.to_word(15), 15), Some(a));
        }
    }

    /// What can be compared of an opening: refusals must leave all of it as it was.
    fn snapshot(o: &Opening) -> (Vec<Pos>, Step, Seat, Seat, Vec<Pos>, usize) {
        (
            o.game().moves(),
            o.step().clone(),
            o.decider(),
            o.black_seat(),
            o.offers().to_vec(),
            o.actions().len(),
        )
    }

    /// A random decision of any kind, mostly near the centre; often refused.
    fn any_action(rng: &mut u64, o: &Opening) -> Action {
        let mut next = || {
            *rng ^= *rng << 13;
            *rng ^= *rng >> 7;
            *rng ^= *rng << 17;
            *rng
        };
        let spread: u64 = if next() % 4 == 0 { 15 } else { 9 };
        let base = (15 - spread) / 2;
        let pos = |r: u64| Pos::at((base + r % spread) as u8, (base + (r / 16) % spread) as u8);
        match next() % 10 {
            0..=3 => Action::Place(pos(next())),
            4 => Action::Swap,
            5 => Action::Stay,
            6 => Action::Swap2(
                [
                    Swap2Choice::PlayWhite,
                    Swap2Choice::TakeBlack,
                    Swap2Choice::PlaceTwo,
                ][(next() % 3) as usize],
            ),
            7 => Action::Declare((next() % 10) as u8),
            8 => Action::Taraguchi(if next() % 2 == 0 {
                TaraguchiChoice::One
            } else {
                TaraguchiChoice::Ten
            }),
            _ => match o.offers() {
                [] => Action::Pick(pos(next())),
                offers => Action::Pick(offers[(next() % offers.len() as u64) as usize]),
            },
        }
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

        /// Random decisions: a refusal changes nothing; an accepted one keeps a legal
        /// game and can be undone and redone; taking only accepted ones, every rule's
        /// opening ends within a bounded number of decisions.
        #[test]
        fn random_decisions_keep_a_legal_game(seed in 1u64.., which in 0usize..4) {
            let rule = OpeningRule::ALL[which];
            let board = if rule == OpeningRule::Swap2 { Rule::Freestyle } else { Rule::Renju };
            let mut o = Opening::new(rule, board, 15).unwrap();
            let mut rng = seed;
            let mut accepted = 0;
            for _ in 0..3000 {
                if o.is_done() {
                    break;
                }
                let before = snapshot(&o);
                let action = any_action(&mut rng, &o);
                match o.act(action.clone()) {
                    Err(_) => proptest::prop_assert_eq!(snapshot(&o), before),
                    Ok(()) => {
                        accepted += 1;
                        let replayed = Game::from_moves(board, 15, &o.game().moves());
                        proptest::prop_assert!(replayed.is_ok(), "{:?}", o.game().moves());
                        let after = snapshot(&o);
                        proptest::prop_assert!(o.undo());
                        proptest::prop_assert_eq!(snapshot(&o).0, before.0.clone());
                        proptest::prop_assert!(o.redo());
                        proptest::prop_assert_eq!(snapshot(&o), after);
                    }
                }
            }
            proptest::prop_assert!(o.is_done(), "{rule:?} stuck at {:?} after {accepted}", o.step());
            proptest::prop_assert!(accepted <= 20, "{accepted} decisions");
            proptest::prop_assert!(matches!(o.act(Action::Stay), Err(OpeningError::Over)));
        }
    }
}
