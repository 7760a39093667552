//! What the page is sent: a game's whole state and the engine's progress, filled into
//! the wire types ([`crate::wire`]). Everything here is read from the rules core and
//! the engine, never recomputed.

use fiveinrow_engine::{Info, Score};
use fiveinrow_rules::notation::{format_move_string, to_human};
use fiveinrow_rules::opening::{Opening, Step};
use fiveinrow_rules::{Color, Pos, Status};

use crate::model::{now_ms, GameEntry};
use crate::online::clock::TimeControl;
use crate::online::Online;
use crate::wire;

pub fn point(p: Pos, size: u8) -> wire::Point {
    wire::Point {
        x: p.x(),
        y: p.y(),
        name: to_human(p, size),
    }
}

pub fn points(ps: &[Pos], size: u8) -> Vec<wire::Point> {
    ps.iter().map(|&p| point(p, size)).collect()
}

/// The whole state of a game. `thinking` names the search running now, if any.
pub fn game_view(e: &GameEntry, thinking: Option<&'static str>) -> wire::GameView {
    let g = &e.game;
    let size = g.size();
    let setup = g
        .setup()
        .iter()
        .map(|&(p, c)| wire::SetupStone {
            at: point(p, size),
            color: c.name(),
        })
        .collect();
    let win_line = match g.status() {
        Status::Won { line, .. } if e.resigned.is_none() => points(line, size),
        _ => Vec::new(),
    };
    let forbidden = g
        .forbidden_points()
        .into_iter()
        .map(|(p, kind)| wire::ForbiddenPoint {
            at: point(p, size),
            kind: kind.name(),
        })
        .collect();
    let status = if e.resigned.is_some() {
        "resigned"
    } else if e.lost_on_time().is_some() {
        "time"
    } else if e.draw_agreed() {
        "agreed"
    } else {
        match g.status() {
            Status::Ongoing => "ongoing",
            Status::Won { .. } => "won",
            Status::Draw => "draw",
        }
    };
    wire::GameView {
        id: e.id,
        rule: g.rule().name(),
        size,
        mode: e.players.mode(),
        players: wire::PlayersView {
            black: e.players.black,
            white: e.players.white,
        },
        level: e.settings.level,
        think_delay: e.settings.think_delay,
        setup,
        first_to_move: g.first_to_move().name(),
        moves: points(&g.moves(), size),
        move_string: format_move_string(&g.moves(), size),
        redo: points(&g.redo_moves(), size),
        to_move: g.to_move().name(),
        player_to_move: e.player_deciding(),
        status,
        over: e.is_over(),
        winner: e.winner().map(Color::name),
        resigned: e.resigned.map(Color::name),
        result: e.result(),
        win_line,
        forbidden,
        thinking,
        paused: e.paused,
        opening: e.opening.as_ref().map(|o| opening(e, o)),
        online: e.online.as_ref().map(|o| online(o, now_ms())),
        created_at: e.created_at,
        updated_at: e.updated_at,
    }
}

/// An online game's seats and clocks as of `now`.
fn online(o: &Online, now: i64) -> wire::OnlineView {
    let seat = |c: Color| wire::SeatView {
        taken: o.seats[usize::from(c == Color::White)].is_some(),
        connected: o.is_connected(c),
    };
    let clock = o.clock.as_ref().map(|c| {
        let (control, main_ms, increment_ms, move_ms) = match c.control {
            TimeControl::Fischer {
                main_ms,
                increment_ms,
            } => ("fischer", main_ms, increment_ms, 0),
            TimeControl::PerMove { move_ms } => ("move", 0, 0, move_ms),
        };
        wire::ClockView {
            control,
            main_ms,
            increment_ms,
            move_ms,
            black_ms: c.left(Color::Black, now).max(0),
            white_ms: c.left(Color::White, now).max(0),
            running: c.running.map(|(colour, _)| colour.name()),
        }
    });
    wire::OnlineView {
        public_id: o.public_id.clone(),
        black: seat(Color::Black),
        white: seat(Color::White),
        clock,
        lost_on_time: o.lost_on_time.map(Color::name),
        undo_request: o.undo_request.map(Color::name),
        draw_offer: o.draw_offer.map(Color::name),
        rematch_offer: o.rematch_offer.map(Color::name),
        rematch_id: o.rematch_id.clone(),
        server_time: now,
    }
}

/// Where an opening rule stands, for the page.
fn opening(e: &GameEntry, o: &Opening) -> wire::OpeningView {
    let size = e.game.size();
    let (step, color, area, wanted, placed) = match o.step() {
        Step::Place { color, area } => ("place", Some(color.name()), *area, 0, 0),
        Step::SwapOption => ("swap_option", None, None, 0, 0),
        Step::ChooseColor => ("choose_color", None, None, 0, 0),
        Step::Swap2Choice => ("swap2_choice", None, None, 0, 0),
        Step::Declare => ("declare", None, None, 0, 0),
        Step::TaraguchiChoice => ("taraguchi_choice", None, None, 0, 0),
        Step::Offer { wanted, placed } => ("offer", None, None, *wanted, *placed),
        Step::Pick => ("pick", None, None, 0, 0),
        Step::Done => ("done", None, None, 0, 0),
    };
    let decider_color = if o.decider() == o.black_seat() {
        Color::Black
    } else {
        Color::White
    };
    wire::OpeningView {
        rule: o.rule().name(),
        step,
        color,
        area,
        decider: e.players.of(decider_color),
        decider_color: decider_color.name(),
        wanted,
        placed,
        offers: points(o.offers(), size),
        record: o.record(),
    }
}

/// A score for people: the engine's words and its chance of winning for the side to
/// move ([`Score::win_rate`], the one curve the engine, review and page share).
pub fn score(s: Score) -> wire::Score {
    let (kind, value) = match s {
        Score::Eval(v) => ("eval", i64::from(v)),
        Score::WinIn(n) => ("win", i64::from(n)),
        Score::LossIn(n) => ("loss", i64::from(n)),
    };
    wire::Score {
        kind,
        value,
        text: s.to_string(),
        winrate: s.win_rate(),
    }
}

/// One progress report of a search, for the side `mover` (whose view the score takes).
pub fn info(i: &Info, kind: &'static str, mover: Color, size: u8) -> wire::InfoEvent {
    wire::InfoEvent {
        kind,
        mover: mover.name(),
        depth: i.depth,
        seldepth: i.seldepth,
        multipv: i.multipv,
        score: score(i.score),
        nodes: i.nodes,
        nps: i.nps,
        time_ms: i.time_ms,
        pv: points(&i.pv, size),
    }
}
