//! What the two seats of an online game (and its visitors) can do: create the game and
//! take the first seat, join (the free seat, else nothing: a visitor watches), and act
//! with a seat's token. Every action checks the token's seat first, then runs the same
//! action as every game (the rules core referees; renju's forbidden moves are refused
//! with their reason); a side whose time ran out has lost before its move counts.

use std::sync::Arc;

use fiveinrow_rules::opening::Opening;
use fiveinrow_rules::{Color, Game};

use super::clock::{Clock, TimeControl};
use super::keeper::flag_if_out_of_time;
use super::tokens::random_hex;
use super::Online;
use crate::actions::{self, Target};
use crate::app::App;
use crate::clients::GameTicket;
use crate::error::ApiError;
use crate::live::{LiveGame, LiveState};
use crate::model::{now_ms, GameEntry, Player, Players, Settings};
use crate::wire::{GameView, SeatGranted};

/// Which colour the creator takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColourChoice {
    Black,
    White,
    Random,
}

/// A new online game as asked for.
pub struct NewOnline {
    pub game: Game,
    pub opening: Option<Opening>,
    pub colour: ColourChoice,
    pub clock: Option<TimeControl>,
}

/// The link's path for a public id.
pub fn link_path(public_id: &str) -> String {
    format!("/#online={public_id}")
}

/// Creates the game and gives its creator a seat.
pub fn create(app: &Arc<App>, new: NewOnline, ticket: GameTicket) -> Result<SeatGranted, ApiError> {
    let public_id = random_hex().ok_or(ApiError::NoRandomness)?;
    let token = random_hex().ok_or(ApiError::NoRandomness)?;
    let colour = match new.colour {
        ColourChoice::Black => Color::Black,
        ColourChoice::White => Color::White,
        ColourChoice::Random => {
            let coin = random_hex().ok_or(ApiError::NoRandomness)?;
            if coin.as_bytes()[0] % 2 == 0 {
                Color::Black
            } else {
                Color::White
            }
        }
    };
    let mut online = Online {
        public_id: public_id.clone(),
        seats: [None, None],
        clock: new.clock.map(Clock::new),
        lost_on_time: None,
        connected: [0, 0],
    };
    online.take_seat(colour, &token);
    let now = now_ms();
    let entry = GameEntry {
        id: 0,
        game: new.game,
        players: Players {
            black: Player::Human,
            white: Player::Human,
        },
        settings: Settings {
            level: 1,
            think_delay: false,
        },
        resigned: None,
        paused: false,
        opening: new.opening,
        online: Some(online),
        created_at: now,
        updated_at: now,
    };
    let view = actions::insert(app, entry, ticket)?;
    Ok(SeatGranted {
        game: view,
        seat: colour.name(),
        token,
        path: link_path(&public_id),
    })
}

/// Takes the free seat for a visitor; with both taken, the visitor only watches.
pub fn join(app: &Arc<App>, public_id: &str) -> Result<SeatGranted, ApiError> {
    let live = app.online_game(public_id)?;
    let mut st = live.lock();
    let online = st.entry.online.as_mut().ok_or(ApiError::SeatsTaken)?;
    let colour = online.free_seat().ok_or(ApiError::SeatsTaken)?;
    let token = random_hex().ok_or(ApiError::NoRandomness)?;
    online.take_seat(colour, &token);
    // Both seated: the clock of the side to act starts now (App::commit).
    app.commit(&live, &mut st)?;
    Ok(SeatGranted {
        game: st.view(),
        seat: colour.name(),
        token,
        path: link_path(public_id),
    })
}

/// The game as anyone with the link sees it.
pub fn view(app: &Arc<App>, public_id: &str) -> Result<GameView, ApiError> {
    let live = app.online_game(public_id)?;
    let st = live.lock();
    Ok(st.view())
}

/// The colour whose seat `token` holds in this game, or 403.
pub fn seat(st: &LiveState, token: Option<&str>) -> Result<Color, ApiError> {
    let online = st.entry.online.as_ref().ok_or(ApiError::NotYourSeat)?;
    token
        .and_then(|t| online.seat_of(t))
        .ok_or(ApiError::NotYourSeat)
}

/// Locks the game for an action of the seat `token` holds, which must act now: the
/// game must go on (a flag that fell ends it first), both seats be taken, and it be
/// that seat's turn.
fn acting_seat<'a>(
    app: &Arc<App>,
    live: &'a Arc<LiveGame>,
    token: Option<&str>,
) -> Result<std::sync::MutexGuard<'a, LiveState>, ApiError> {
    let mut st = live.lock();
    let colour = seat(&st, token)?;
    if flag_if_out_of_time(app, live, &mut st, now_ms()) || st.entry.is_over() {
        return Err(fiveinrow_rules::MoveError::GameOver.into());
    }
    if !st.entry.online.as_ref().is_some_and(Online::both_seated) {
        return Err(ApiError::NotOnline(
            "the game starts when the second player joins",
        ));
    }
    if st.entry.acting_color() != colour {
        return Err(ApiError::OpponentsTurn);
    }
    Ok(st)
}

/// A move (or an opening's stone, offer or pick) by the seat to act.
pub fn play(
    app: &Arc<App>,
    public_id: &str,
    token: Option<&str>,
    target: Target,
) -> Result<GameView, ApiError> {
    let live = app.online_game(public_id)?;
    let mut st = acting_seat(app, &live, token)?;
    actions::play_locked(app, &live, &mut st, target)
}

/// An opening decision (swap, stay, N...) by the seat to decide.
pub fn decide(
    app: &Arc<App>,
    public_id: &str,
    token: Option<&str>,
    word: &str,
) -> Result<GameView, ApiError> {
    let live = app.online_game(public_id)?;
    let mut st = acting_seat(app, &live, token)?;
    actions::decide_locked(app, &live, &mut st, word)
}

/// A seat resigns (at any time of the game, its turn or not).
pub fn resign(app: &Arc<App>, public_id: &str, token: Option<&str>) -> Result<GameView, ApiError> {
    let live = app.online_game(public_id)?;
    let mut st = live.lock();
    let colour = seat(&st, token)?;
    if flag_if_out_of_time(app, &live, &mut st, now_ms()) || st.entry.is_over() {
        return Err(fiveinrow_rules::MoveError::GameOver.into());
    }
    st.entry.resigned = Some(colour);
    app.commit(&live, &mut st)?;
    Ok(st.view())
}
