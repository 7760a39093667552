//! What a person can do to a game: create, play, undo, redo, resign, hint, analyse, stop,
//! delete. Each one checks who may act, goes through the rules core, saves and tells the
//! game's sockets. The HTTP layer only parses requests and calls these.

use std::sync::Arc;

use fiveinrow_rules::notation::parse_move_string;
use fiveinrow_rules::{Color, Game, Pos};
use tokio::sync::oneshot;

use crate::app::App;
use crate::clients::GameTicket;
use crate::computer;
use crate::error::ApiError;
use crate::live::{JobKind, LiveGame, LiveState};
use crate::model::{now_ms, GameEntry, Player, Players, Settings};
use crate::wire::{Event, GameView};
use fiveinrow_rules::opening::{Action, Opening, OpeningError, Step};

/// Saves a new game, counts it against the client that `ticket` admitted, and starts the
/// computer if it moves first. Returns its state.
pub fn create(
    app: &Arc<App>,
    game: Game,
    players: Players,
    settings: Settings,
    opening: Option<Opening>,
    ticket: GameTicket,
) -> Result<GameView, ApiError> {
    let now = now_ms();
    let entry = GameEntry {
        id: 0,
        game,
        players,
        settings,
        resigned: None,
        paused: false,
        opening,
        online: None,
        created_at: now,
        updated_at: now,
    };
    insert(app, entry, ticket)
}

/// Saves a new game entry (any kind) and announces it; see [`create`].
pub fn insert(
    app: &Arc<App>,
    mut entry: GameEntry,
    ticket: GameTicket,
) -> Result<GameView, ApiError> {
    entry.id = app.store.insert(&entry)?;
    ticket.bind(entry.id);
    let live = app.live.insert(entry.id, LiveGame::new(entry));
    let mut st = live.lock();
    app.announce(&live, &mut st);
    Ok(st.view())
}

/// Where a person wants to play: coordinates or a point's name (`h8`).
pub enum Target {
    Xy(i64, i64),
    Name(String),
}

/// A person's move for the side to move. A refused move changes nothing and says why.
pub fn play(app: &Arc<App>, id: &str, target: Target) -> Result<GameView, ApiError> {
    let live = app.game(id)?;
    let mut st = live.lock();
    if !st.entry.game.is_over() && st.entry.player_deciding() == Player::Computer {
        return Err(ApiError::NotYourTurn);
    }
    play_locked(app, &live, &mut st, target)
}

/// A move (or, during an opening, a stone, an offer or a pick) for whoever acts now, once
/// the caller has checked that it may: through the rules core, then saved and sent.
pub fn play_locked(
    app: &Arc<App>,
    live: &Arc<LiveGame>,
    st: &mut LiveState,
    target: Target,
) -> Result<GameView, ApiError> {
    if st.entry.is_over() {
        return Err(fiveinrow_rules::MoveError::GameOver.into());
    }
    let (x, y) = match target {
        Target::Xy(x, y) => (x, y),
        Target::Name(name) => {
            let size = st.entry.game.size();
            match parse_move_string(&name, size).as_deref() {
                Ok([p]) => (p.x().into(), p.y().into()),
                _ => {
                    let name: String = name.chars().take(20).collect();
                    return Err(ApiError::bad_request(format!(
                        "'{name}' is not a point of the {size}x{size} board (like h8)"
                    )));
                }
            }
        }
    };
    if let Some(o) = st.entry.opening_in_progress() {
        // During an opening a point on the board places a stone, an offer, or picks one.
        let size = st.entry.game.size();
        let p = Pos::on_board(x, y, size).ok_or(fiveinrow_rules::MoveError::OutOfBoard {
            x,
            y,
            size,
        })?;
        let action = if *o.step() == Step::Pick {
            Action::Pick(p)
        } else {
            Action::Place(p)
        };
        return decide_now(app, live, st, action);
    }
    st.entry.game.play_xy(x, y)?;
    // A hint or analysis was for the old position.
    cancel(live, st);
    app.commit(live, st)?;
    Ok(st.view())
}

/// A person's decision in the game's opening (a word of an opening record: `swap`,
/// `stay`, `place-two`, `n=3`, `ten`, `h8`, `pick-h8`...).
pub fn decide(app: &Arc<App>, id: &str, word: &str) -> Result<GameView, ApiError> {
    let live = app.game(id)?;
    let mut st = live.lock();
    if st.entry.opening_in_progress().is_some() && st.entry.player_deciding() == Player::Computer {
        return Err(ApiError::NotYourTurn);
    }
    decide_locked(app, &live, &mut st, word)
}

/// An opening decision by its word, once the caller has checked who may take it.
pub fn decide_locked(
    app: &Arc<App>,
    live: &Arc<LiveGame>,
    st: &mut LiveState,
    word: &str,
) -> Result<GameView, ApiError> {
    if st.entry.opening_in_progress().is_none() || st.entry.is_over() {
        return Err(ApiError::Opening(OpeningError::Over));
    }
    let size = st.entry.game.size();
    let action = Action::from_word(word, size).ok_or_else(|| {
        ApiError::bad_request(format!(
            "'{}' is not an opening decision (a point, swap, stay, play-white, take-black, \
             place-two, n=N, one, ten or pick-POINT)",
            word.chars().take(20).collect::<String>()
        ))
    })?;
    decide_now(app, live, st, action)
}

/// Takes an opening decision (the person's or the computer's) and saves it.
pub fn decide_now(
    app: &Arc<App>,
    live: &Arc<LiveGame>,
    st: &mut LiveState,
    action: Action,
) -> Result<GameView, ApiError> {
    st.entry.decide(action).map_err(ApiError::Opening)?;
    cancel(live, st);
    app.commit(live, st)?;
    Ok(st.view())
}

/// Takes back moves (see [`Players::takeback`]); a search running is stopped and its result
/// discarded. After a resignation, undo takes back the resignation alone: the position
/// stays as it was when the player gave up.
pub fn undo(app: &Arc<App>, id: &str) -> Result<GameView, ApiError> {
    let live = app.game(id)?;
    let mut st = live.lock();
    if st.entry.resigned.is_some() {
        st.entry.resigned = None;
        app.commit(&live, &mut st)?;
        return Ok(st.view());
    }
    // Moves after the opening are taken back down to its end; then its decisions, one
    // at a time.
    let opening_stones = st.entry.opening.as_ref().map(|o| o.game().move_count());
    let k = st.entry.players.takeback().undo_count(&st.entry.game);
    let k = match opening_stones {
        Some(n) => k.min(st.entry.game.move_count().saturating_sub(n)),
        None => k,
    };
    if k == 0 {
        // Into the opening's decisions (the moves undone after it are dropped).
        if opening_stones == Some(st.entry.game.move_count()) {
            cancel(&live, &mut st);
            if st.entry.undo_decision() {
                app.commit(&live, &mut st)?;
                return Ok(st.view());
            }
        }
        return Err(ApiError::NothingToUndo);
    }
    cancel(&live, &mut st);
    st.entry.game.undo(k);
    app.commit(&live, &mut st)?;
    Ok(st.view())
}

/// Replays moves that undo took back (see [`Players::takeback`]).
pub fn redo(app: &Arc<App>, id: &str) -> Result<GameView, ApiError> {
    let live = app.game(id)?;
    let mut st = live.lock();
    if st.entry.opening_in_progress().is_some() {
        cancel(&live, &mut st);
        if !st.entry.redo_decision() {
            return Err(ApiError::NothingToRedo);
        }
        app.commit(&live, &mut st)?;
        return Ok(st.view());
    }
    let k = st.entry.players.takeback().redo_count(&st.entry.game);
    if k == 0 || st.entry.resigned.is_some() {
        return Err(ApiError::NothingToRedo);
    }
    cancel(&live, &mut st);
    st.entry.game.redo(k);
    app.commit(&live, &mut st)?;
    Ok(st.view())
}

fn cancel(live: &LiveGame, st: &mut LiveState) {
    if let Some(kind) = st.cancel_job() {
        live.send_thinking(kind, false);
    }
}

/// The person resigns: against the computer, the person's colour; between people, the
/// side to move. Computer-against-computer games cannot be resigned.
pub fn resign(app: &Arc<App>, id: &str) -> Result<GameView, ApiError> {
    let live = app.game(id)?;
    let mut st = live.lock();
    if st.entry.is_over() {
        return Err(fiveinrow_rules::MoveError::GameOver.into());
    }
    let players = st.entry.players;
    let loser = match (players.black, players.white) {
        (Player::Human, Player::Computer) => Color::Black,
        (Player::Computer, Player::Human) => Color::White,
        (Player::Human, Player::Human) => st.entry.game.to_move(),
        (Player::Computer, Player::Computer) => {
            return Err(ApiError::bad_request("no person plays in this game"))
        }
    };
    cancel(&live, &mut st);
    st.entry.resigned = Some(loser);
    app.commit(&live, &mut st)?;
    Ok(st.view())
}

/// Pauses (or resumes) a computer-against-computer game: a pause ends the search of the
/// move under way (nothing is played), a resume starts it again. Kept across restarts.
pub fn pause(app: &Arc<App>, id: &str, paused: bool) -> Result<GameView, ApiError> {
    let live = app.game(id)?;
    let mut st = live.lock();
    if st.entry.players.mode() != "cvc" {
        return Err(ApiError::bad_request(
            "only a computer-against-computer game can be paused",
        ));
    }
    if paused && st.job_kind() == Some(JobKind::Move) {
        cancel(&live, &mut st);
    }
    st.entry.paused = paused;
    app.commit(&live, &mut st)?;
    Ok(st.view())
}

/// A suggested move for the person to move (not played).
pub async fn hint(app: &Arc<App>, id: &str) -> Result<Pos, ApiError> {
    let live = app.game(id)?;
    let (tx, rx) = oneshot::channel();
    {
        let mut st = live.lock();
        ready_for_search(&st)?;
        if st.entry.player_to_move() == Player::Computer {
            return Err(ApiError::NotYourTurn);
        }
        cancel(&live, &mut st);
        computer::start_hint(app, &live, &mut st, tx);
    }
    match rx.await {
        Ok(Ok(r)) => Ok(r.best),
        Ok(Err(message)) => Err(ApiError::NoSuggestion(message)),
        Err(_) => Err(ApiError::NoSuggestion("the search was stopped".into())),
    }
}

/// Starts "analyse this position" for the `lines` best moves (1..=10).
pub fn analyse(app: &Arc<App>, id: &str, lines: usize) -> Result<(), ApiError> {
    if !(1..=10).contains(&lines) {
        return Err(ApiError::bad_request("lines must be 1 to 10"));
    }
    let live = app.game(id)?;
    let mut st = live.lock();
    ready_for_search(&st)?;
    cancel(&live, &mut st);
    computer::start_analysis(app, &live, &mut st, lines);
    Ok(())
}

fn ready_for_search(st: &LiveState) -> Result<(), ApiError> {
    if st.entry.is_over() {
        return Err(ApiError::NoSuggestion("the game is over".into()));
    }
    if st.job_kind() == Some(JobKind::Move) {
        return Err(ApiError::Busy);
    }
    Ok(())
}

/// Stops the running search: the computer plays its best move so far; an analysis
/// reports what it found. Returns whether a search was running.
pub fn stop(app: &Arc<App>, id: &str) -> Result<bool, ApiError> {
    let live = app.game(id)?;
    let st = live.lock();
    Ok(match &st.job {
        Some(job) => {
            job.stop.store(true, std::sync::atomic::Ordering::Relaxed);
            true
        }
        None => false,
    })
}

/// Deletes a game: its search ends and its sockets are told.
pub fn delete(app: &Arc<App>, id: &str) -> Result<(), ApiError> {
    let live = app.game(id)?;
    let n = live.lock().entry.id;
    live.lock().cancel_job();
    live.lock().cancel_review();
    app.live.remove(n);
    app.store.delete(n)?;
    live.send(Event::Deleted);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiveinrow_rules::notation::parse_moves;
    use fiveinrow_rules::Rule;

    fn entry(moves: &str, black: Player, white: Player) -> GameEntry {
        GameEntry {
            id: 1,
            game: Game::from_moves(Rule::Renju, 15, &parse_moves(moves, 15).unwrap()).unwrap(),
            players: Players { black, white },
            settings: Settings {
                level: 1,
                think_delay: false,
            },
            resigned: None,
            paused: false,
            opening: None,
            online: None,
            created_at: 0,
            updated_at: 0,
        }
    }

    /// The cases themselves are the rules core's (`Takeback`); here, that the page's
    /// players map onto it and that its computer's opening move is not taken back alone.
    #[test]
    fn the_pages_players_choose_the_takeback() {
        use Player::{Computer as C, Human as H};
        let undo = |e: &GameEntry| e.players.takeback().undo_count(&e.game);
        assert_eq!(undo(&entry("h8i9j10", H, H)), 1);
        assert_eq!(undo(&entry("h8i9", H, C)), 2);
        assert_eq!(undo(&entry("h8", C, H)), 0);
        assert_eq!(undo(&entry("h8i9j10", C, H)), 2);
        let mut e = entry("h8i9j10k11", H, C);
        e.game.undo(2);
        assert_eq!(e.players.takeback().redo_count(&e.game), 2);
    }
}
