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
use crate::store::ChatLine;
use crate::wire::{ChatLog, ChatMessage, Event, GameView, SeatGranted, SeatOf};

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

/// The whole link, when the server knows the address others reach it at.
fn full_link(app: &App, public_id: &str) -> Option<String> {
    let base = app.config.public_url.as_deref()?;
    Some(format!(
        "{}{}",
        base.trim_end_matches('/'),
        link_path(public_id)
    ))
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
    let mut online = Online::new(public_id.clone(), new.clock.map(Clock::new));
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
        link: full_link(app, &public_id),
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
        link: full_link(app, public_id),
    })
}

/// The game as anyone with the link sees it.
pub fn view(app: &Arc<App>, public_id: &str) -> Result<GameView, ApiError> {
    let live = app.online_game(public_id)?;
    let st = live.lock();
    Ok(st.view())
}

/// The seat a token holds (a page that was given a token by a link checks it).
pub fn seat_of(app: &Arc<App>, public_id: &str, token: Option<&str>) -> Result<SeatOf, ApiError> {
    let live = app.online_game(public_id)?;
    let st = live.lock();
    Ok(SeatOf {
        seat: seat(&st, token)?.name(),
    })
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
    let (st, colour) = seated_in_play(app, live, token)?;
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
    void_offers(&mut st);
    actions::play_locked(app, &live, &mut st, target)
}

/// A move or a decision answers the offers still waiting: they lapse. (Kept only if the
/// move is refused, since then nothing is saved.)
fn void_offers(st: &mut LiveState) {
    if let Some(o) = st.entry.online.as_mut() {
        o.undo_request = None;
        o.draw_offer = None;
    }
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
    void_offers(&mut st);
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

/// The longest chat line, in characters.
pub const CHAT_MAX_CHARS: usize = 300;
/// Chat lines a log answer holds.
const CHAT_LOG_LINES: i64 = 100;

/// Locks the game for a seat's offer or answer: the seat, the game going on (a flag that
/// fell ends it first) and both seats taken.
fn seated_in_play<'a>(
    app: &Arc<App>,
    live: &'a Arc<LiveGame>,
    token: Option<&str>,
) -> Result<(std::sync::MutexGuard<'a, LiveState>, Color), ApiError> {
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
    Ok((st, colour))
}

fn online_mut(st: &mut LiveState) -> &mut Online {
    st.entry
        .online
        .as_mut()
        .expect("checked by seat(): an online game")
}

/// How many moves an undo asked by `colour` takes back: to that player's turn (the
/// rules core's policy with that player as the only person).
fn undo_count(st: &LiveState, colour: Color) -> usize {
    let policy = fiveinrow_rules::Takeback::new(colour == Color::Black, colour == Color::White);
    let stones = st
        .entry
        .opening
        .as_ref()
        .map_or(0, |o| o.game().move_count());
    let after = st.entry.game.move_count().saturating_sub(stones);
    policy.undo_count(&st.entry.game).min(after)
}

/// A seat's offer or answer during play: `change` edits the locked game for the seat's
/// colour; then it is saved and sent.
fn seat_change(
    app: &Arc<App>,
    public_id: &str,
    token: Option<&str>,
    change: impl FnOnce(&mut LiveState, Color) -> Result<(), ApiError>,
) -> Result<GameView, ApiError> {
    let live = app.online_game(public_id)?;
    let (mut st, colour) = seated_in_play(app, &live, token)?;
    change(&mut st, colour)?;
    app.commit(&live, &mut st)?;
    Ok(st.view())
}

/// A seat asks to take back its last move (to its turn); the other seat answers.
pub fn request_undo(
    app: &Arc<App>,
    public_id: &str,
    token: Option<&str>,
) -> Result<GameView, ApiError> {
    seat_change(app, public_id, token, |st, colour| {
        if undo_count(st, colour) == 0 {
            return Err(ApiError::NothingToUndo);
        }
        online_mut(st).undo_request = Some(colour);
        Ok(())
    })
}

/// The other seat accepts (the moves go back) or declines an undo request.
pub fn answer_undo(
    app: &Arc<App>,
    public_id: &str,
    token: Option<&str>,
    accept: bool,
) -> Result<GameView, ApiError> {
    seat_change(app, public_id, token, |st, colour| {
        let asker = match st.entry.online.as_ref().and_then(|o| o.undo_request) {
            Some(c) if c != colour => c,
            _ => return Err(ApiError::NoOffer("no undo request from the other player")),
        };
        online_mut(st).undo_request = None;
        if accept {
            let k = undo_count(st, asker);
            st.entry.game.undo(k);
            // What was taken back is not to be replayed in a game between two people.
            st.entry.game.clear_redo();
            online_mut(st).draw_offer = None;
        }
        Ok(())
    })
}

/// A seat offers a draw; the other seat answers.
pub fn offer_draw(
    app: &Arc<App>,
    public_id: &str,
    token: Option<&str>,
) -> Result<GameView, ApiError> {
    seat_change(app, public_id, token, |st, colour| {
        online_mut(st).draw_offer = Some(colour);
        Ok(())
    })
}

/// The other seat accepts (the game ends drawn) or declines a draw offer.
pub fn answer_draw(
    app: &Arc<App>,
    public_id: &str,
    token: Option<&str>,
    accept: bool,
) -> Result<GameView, ApiError> {
    seat_change(app, public_id, token, |st, colour| {
        let o = online_mut(st);
        if o.draw_offer.is_none_or(|c| c == colour) {
            return Err(ApiError::NoOffer("no draw offer from the other player"));
        }
        o.draw_offer = None;
        o.undo_request = None;
        o.draw_agreed = accept;
        Ok(())
    })
}

/// After the game a seat asks for a rematch; once both have, a new game starts with the
/// colours swapped, the same rules and clock, each player keeping their token.
pub fn rematch(
    app: &Arc<App>,
    public_id: &str,
    token: Option<&str>,
    ticket: GameTicket,
) -> Result<GameView, ApiError> {
    let live = app.online_game(public_id)?;
    let mut st = live.lock();
    let colour = seat(&st, token)?;
    if !st.entry.is_over() {
        return Err(ApiError::NotOnline("a rematch is for a game that is over"));
    }
    let o = online_mut(&mut st);
    if o.rematch_id.is_some() {
        return Ok(st.view());
    }
    match o.rematch_offer {
        Some(c) if c != colour => {}
        _ => {
            o.rematch_offer = Some(colour);
            app.commit(&live, &mut st)?;
            return Ok(st.view());
        }
    }
    // Both asked: the new game, colours swapped.
    let new_id = random_hex().ok_or(ApiError::NoRandomness)?;
    let old = &st.entry;
    let game = Game::new(old.game.rule(), u32::from(old.game.size()))
        .map_err(fiveinrow_rules::RecordError::from)?;
    let opening = old
        .opening
        .as_ref()
        .and_then(|op| Opening::new(op.rule(), game.rule(), game.size()));
    let o = old.online.as_ref().expect("an online game");
    let mut online = Online::new(
        new_id.clone(),
        o.clock.as_ref().map(|c| Clock::new(c.control)),
    );
    online.seats = [o.seats[1].clone(), o.seats[0].clone()];
    let now = now_ms();
    let entry = GameEntry {
        id: 0,
        game,
        players: old.players,
        settings: old.settings,
        resigned: None,
        paused: false,
        opening,
        online: Some(online),
        created_at: now,
        updated_at: now,
    };
    actions::insert(app, entry, ticket)?;
    let o = online_mut(&mut st);
    o.rematch_offer = None;
    o.rematch_id = Some(new_id);
    app.commit(&live, &mut st)?;
    Ok(st.view())
}

/// A seat's chat line (at most [`CHAT_MAX_CHARS`] characters), sent to every page of
/// the game and kept with it.
pub fn chat(
    app: &Arc<App>,
    public_id: &str,
    token: Option<&str>,
    text: &str,
) -> Result<ChatMessage, ApiError> {
    let live = app.online_game(public_id)?;
    let st = live.lock();
    let colour = seat(&st, token)?;
    let text = text.trim();
    if text.is_empty() {
        return Err(ApiError::bad_request("an empty chat line"));
    }
    let chars = text.chars().count();
    if chars > CHAT_MAX_CHARS {
        return Err(ApiError::bad_request(format!(
            "a chat line is at most {CHAT_MAX_CHARS} characters, not {chars}"
        )));
    }
    // Control characters (but not the line's own spaces) are dropped.
    let text: String = text.chars().filter(|c| !c.is_control()).collect();
    let line = ChatLine {
        at: now_ms(),
        color: colour,
        text,
    };
    app.store.add_chat(st.entry.id, &line)?;
    let message = ChatMessage {
        color: colour.name(),
        text: line.text,
        at: line.at,
    };
    live.send(Event::Chat(message.clone()));
    Ok(message)
}

/// The chat's last lines (anyone with the link reads them).
pub fn chat_log(app: &Arc<App>, public_id: &str) -> Result<ChatLog, ApiError> {
    let live = app.online_game(public_id)?;
    let id = live.lock().entry.id;
    let messages = app
        .store
        .chat(id, CHAT_LOG_LINES)?
        .into_iter()
        .map(|l| ChatMessage {
            color: l.color.name(),
            text: l.text,
            at: l.at,
        })
        .collect();
    Ok(ChatLog { messages })
}
