//! The page in a real headless browser, second part: the move list and game review, an
//! import error shown inside its dialog, resigning with confirmation, pausing computer
//! against computer, a server killed while the computer thinks, and the phone layout.
//!
//! Screenshots of the review go to the target folder, and to
//! `$FIVEINROW_REVIEW_SCREENSHOTS` (a folder) when set: docs/review.png and
//! docs/review-phone.png are made that way.

use std::path::Path;
use std::time::Duration;

use crate::browser_support::*;
use crate::web_support::{http, temp_dir, ServeProcess};
use fantoccini::Client;
use serde_json::Value;

/// 40 moves of renju from a balanced opening, played by the engine at small budgets
/// with a second-best move now and then: a review at a small budget marks some of them.
const GAME_40: &str = "h8i8f6g6j6i7h7h9h4i9i6j7k6h6g5i3k7i5j5i10\
                       i11k4k9k8d8e7l7i4m8n9j10l8m6l6h12g13m7m5j11i2";

fn post(server: &ServeProcess, path: &str, body: &str) -> Value {
    let (status, text) = http(&server.addr, "POST", path, body);
    assert!((200..300).contains(&status), "{path}: {status} {text}");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}: {text}"))
}

fn new_game(server: &ServeProcess, body: &str) -> i64 {
    post(server, "/api/games", body)["id"].as_i64().unwrap()
}

async fn open_game(c: &Client, server: &ServeProcess, id: i64) {
    c.goto(&format!("{}#game={id}", server.url))
        .await
        .expect("open the game");
    // A fresh page load with the same URL but another hash may not reload: make sure.
    c.refresh().await.expect("reload");
    wait_until(
        c,
        "the game to open",
        &format!("return location.hash === '#game={id}' && !!document.querySelector('#status[data-state]') && document.getElementById('status').dataset.state !== 'none'"),
    )
    .await;
}

async fn count(c: &Client, css: &str) -> u64 {
    let script = format!("return document.querySelectorAll('{css}').length");
    c.execute(&script, vec![])
        .await
        .expect("count")
        .as_u64()
        .unwrap_or(0)
}

/// Waits for the review's graph to be drawn.
async fn wait_graph(c: &Client, what: &str) {
    let script = "return !!document.querySelector('#review .result:not([hidden]) .graph polygon')";
    wait_until(c, what, script).await;
}

fn save(png: &[u8], name: &str) {
    assert!(png.starts_with(b"\x89PNG"), "the screenshot is not a PNG");
    std::fs::write(Path::new(env!("CARGO_TARGET_TMPDIR")).join(name), png).expect("write");
    if let Some(dir) = std::env::var_os("FIVEINROW_REVIEW_SCREENSHOTS") {
        std::fs::write(Path::new(&dir).join(name), png).expect("write the screenshot");
    }
}

#[tokio::test(flavor = "current_thread")]
async fn review_move_list_dialogs_pause_restart_and_phone_layout() {
    let chromium = find_program("CHROMIUM", "/usr/bin/chromium");
    let chromedriver = find_program("CHROMEDRIVER", "/usr/bin/chromedriver");
    let data = temp_dir("web-review-data");
    let mut server = ServeProcess::start(&data);
    let driver = Driver::start(&chromedriver);
    let profile = temp_dir("web-review-profile");
    let _browsers = BrowserGuard(profile.clone());
    let c = connect_sized(&driver, &chromium, &profile, (1280, 800)).await;
    c.goto(&server.url).await.expect("open the page");
    set_viewport(&c, 1280, 800).await;

    // ---- The move list: two columns, click to jump.
    let game = new_game(&server, &format!(r#"{{"mode":"pvp","moves":"{GAME_40}"}}"#));
    open_game(&c, &server, game).await;
    wait_stones(&c, 40).await;
    assert_eq!(count(&c, "#move-list td.mv").await, 40);
    assert_eq!(
        count(&c, "#move-list tr").await,
        20,
        "black and white side by side"
    );
    click(&c, "#move-list td[data-index='10']").await;
    wait_stones(&c, 10).await;
    assert_eq!(
        text_of(&c, "#move-list td.current").await,
        text_of(&c, "#move-list td[data-index=\"10\"]").await
    );
    assert!(text_of(&c, "#replay .where").await.contains("10"));

    // ---- Review at a small budget: progress, then the graph with marks; the marks
    // show in the move list too, and a marked move shows the engine's better move.
    c.execute(
        "document.getElementById('review-budget').innerHTML = '<option value=\"20000\">20000</option>';",
        vec![],
    )
    .await
    .expect("a small budget");
    click(&c, "#btn-review").await;
    wait_graph(&c, "the review graph").await;
    assert_eq!(
        c.execute(
            "return +document.querySelector('#review .graph').dataset.positions",
            vec![]
        )
        .await
        .unwrap()
        .as_u64(),
        Some(41)
    );
    assert!(count(&c, "#review .graph .mark").await >= 1);
    assert!(count(&c, "#move-list td[data-mark]").await >= 1);
    assert!(text_of(&c, "#review .summary").await.contains("blunders"));
    // Jump to the first marked move through the list: its note and the better move.
    c.execute(
        "document.querySelector('#move-list td[data-mark]').click()",
        vec![],
    )
    .await
    .expect("click a marked move");
    wait_until(
        &c,
        "the note of a marked move",
        "const n = document.querySelector('#review .move-note'); return !!n.dataset.mark",
    )
    .await;
    assert_eq!(
        count(&c, "#board .best-mark").await,
        1,
        "the better move is ringed"
    );
    // A click on the graph jumps too: its right end is the last position.
    c.execute(
        "const g = document.querySelector('#review .graph'); const r = g.getBoundingClientRect();
         g.dispatchEvent(new MouseEvent('click', { clientX: r.right - 1, clientY: r.top + 5, bubbles: true }));",
        vec![],
    )
    .await
    .expect("click the graph");
    wait_stones(&c, 40).await;
    save(&c.screenshot().await.expect("screenshot"), "review.png");

    // ---- Stored with the game: a reload shows the review at once.
    c.refresh().await.expect("reload");
    wait_graph(&c, "the stored review").await;

    // ---- From any position of a replay: a new game against the computer from there.
    click(&c, "#move-list td[data-index='10']").await;
    wait_stones(&c, 10).await;
    click(&c, "#btn-play-here").await;
    wait_until(
        &c,
        "a new game from move 10",
        &format!("return location.hash !== '#game={game}' && document.querySelectorAll('#board .stone').length === 10 && document.getElementById('replay').hidden"),
    )
    .await;
    assert!(text_of(&c, "#status").await.contains("your move"));

    // ---- An import error shows inside the dialog; an empty import is refused.
    click(&c, "#btn-records").await;
    click(&c, "#btn-import").await;
    wait_until(
        &c,
        "the empty-import message in the dialog",
        "const m = document.querySelector('#dlg-records .message'); return !!m && !m.hidden && m.textContent.length > 0",
    )
    .await;
    c.execute(
        "document.getElementById('record-text').value = 'h8 h8';",
        vec![],
    )
    .await
    .unwrap();
    click(&c, "#btn-import").await;
    wait_until(
        &c,
        "the import error in the dialog",
        "const m = document.querySelector('#dlg-records .message');
         const d = document.getElementById('dlg-records').getBoundingClientRect();
         const r = m.getBoundingClientRect();
         return !m.hidden && /occupied/.test(m.textContent) && r.top >= d.top && r.bottom <= d.bottom",
    )
    .await;
    c.execute("document.getElementById('dlg-records').close()", vec![])
        .await
        .unwrap();

    // ---- Resign asks first; cancelling changes nothing; undo takes back the
    // resignation alone.
    let pvp = new_game(&server, r#"{"mode":"pvp","moves":"h8i9j10"}"#);
    open_game(&c, &server, pvp).await;
    wait_stones(&c, 3).await;
    click(&c, "#btn-resign").await;
    wait_until(
        &c,
        "the confirmation",
        "return document.getElementById('dlg-confirm').open",
    )
    .await;
    click(&c, "#dlg-confirm button[value='no']").await;
    assert_eq!(text_of(&c, "#status").await, "White to move");
    click(&c, "#btn-resign").await;
    wait_until(
        &c,
        "the confirmation",
        "return document.getElementById('dlg-confirm').open",
    )
    .await;
    click(&c, "#confirm-yes").await;
    wait_until(
        &c,
        "the resignation",
        "return document.getElementById('status').dataset.state === 'resigned' && !document.getElementById('game-over').hidden",
    )
    .await;
    click(&c, "#btn-undo").await;
    wait_until(
        &c,
        "the resignation taken back",
        "return document.getElementById('status').dataset.state === 'ongoing'",
    )
    .await;
    assert_eq!(stone_count(&c).await, 3, "undo took back no move");

    // ---- Computer against computer: pause holds it, continue goes on.
    let cvc = new_game(&server, r#"{"mode":"cvc","level":1,"think_delay":true}"#);
    open_game(&c, &server, cvc).await;
    wait_until(
        &c,
        "two moves",
        "return document.querySelectorAll('#board .stone').length >= 2",
    )
    .await;
    click(&c, "#btn-pause").await;
    wait_until(
        &c,
        "the pause",
        "return document.getElementById('btn-pause').textContent === 'Continue' && document.getElementById('thinking').hidden",
    )
    .await;
    let held = stone_count(&c).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(stone_count(&c).await, held, "no move while paused");
    assert!(text_of(&c, "#status").await.contains("paused"));
    click(&c, "#btn-pause").await;
    wait_until(
        &c,
        "a move after continuing",
        &format!("return document.querySelectorAll('#board .stone').length > {held}"),
    )
    .await;
    click(&c, "#btn-pause").await; // leave it paused: nothing runs beside the next part

    // ---- The server is killed while the computer thinks; after a restart, opening the
    // game brings the computer's move.
    let pvc = new_game(
        &server,
        r#"{"mode":"pvc","human":"white","level":8,"think_delay":false,"moves":"h8i9"}"#,
    );
    open_game(&c, &server, pvc).await;
    wait_until(
        &c,
        "the computer thinking",
        "return !document.getElementById('thinking').hidden",
    )
    .await;
    assert_eq!(stone_count(&c).await, 2);
    server.child.kill().expect("SIGKILL the server");
    server.child.wait().expect("reaped");
    server = ServeProcess::start(&data);
    open_game(&c, &server, pvc).await;
    wait_stones(&c, 3).await;
    assert!(text_of(&c, "#status").await.contains("White to move"));

    // ---- A link to a game that is not there says so and opens no other game.
    c.goto(&format!("{}#game=99999", server.url)).await.unwrap();
    wait_until(
        &c,
        "the not-found message",
        "const m = document.getElementById('message');
         return !m.hidden && m.textContent.includes('99999') && document.getElementById('status').dataset.state === 'none'",
    )
    .await;

    // ---- Phone size: nothing past the right edge, on the page or in the dialogs.
    set_viewport(&c, 390, 844).await;
    open_game(&c, &server, game).await;
    wait_graph(&c, "the review on the phone").await;
    let width = c
        .execute("return document.documentElement.clientWidth", vec![])
        .await
        .unwrap()
        .as_u64()
        .unwrap();
    assert!(width <= 400, "a phone-sized viewport, got {width}");
    no_overflow(&c, "the game page").await;
    c.execute("document.getElementById('review').scrollIntoView()", vec![])
        .await
        .unwrap();
    save(
        &c.screenshot().await.expect("screenshot"),
        "review-phone.png",
    );
    click(&c, "#btn-games").await;
    wait_until(
        &c,
        "the saved games",
        "return document.querySelectorAll('#games-body tr').length >= 4",
    )
    .await;
    no_overflow(&c, "the saved games").await;
    c.execute("document.getElementById('dlg-games').close()", vec![])
        .await
        .unwrap();
    click(&c, "#btn-new").await;
    wait_until(
        &c,
        "the new-game dialog",
        "return document.getElementById('dlg-new').open",
    )
    .await;
    no_overflow(&c, "the new-game dialog").await;

    c.close().await.expect("close the browser");
    drop(driver);
    drop(server);
}
