//! The page in a real headless browser (Debian's chromium over chromedriver): a game
//! against the computer played by clicking the board, a refused forbidden move explained,
//! undo and hint, analysis, a reload that resumes the game, and a screenshot.
//!
//! It never skips: without chromium or chromedriver it fails and says how to install
//! them (`scripts/install-browser.sh`). The screenshot is written to the target folder,
//! and also to `$FIVEINROW_SCREENSHOT` when set (docs/screenshot.png is made that way).

use crate::browser_support::*;
use crate::web_support::{temp_dir, ServeProcess};
use serde_json::Value;

#[tokio::test(flavor = "current_thread")]
async fn a_game_against_the_computer_in_a_real_browser() {
    let chromium = find_program("CHROMIUM", "/usr/bin/chromium");
    let chromedriver = find_program("CHROMEDRIVER", "/usr/bin/chromedriver");
    let server = ServeProcess::start(&temp_dir("web-e2e-data"));
    let driver = Driver::start(&chromedriver);
    let profile = temp_dir("web-e2e-profile");
    let _browsers = BrowserGuard(profile.clone());
    let c = connect(&driver, &chromium, &profile).await;

    c.goto(&server.url).await.expect("open the page");
    // No saved game yet: the new-game dialog opens by itself.
    wait_until(
        &c,
        "the new-game dialog",
        "return document.getElementById('dlg-new').open",
    )
    .await;
    // Renju, person (black) against the computer, level 1, no delay, from the demo
    // position whose h8 is a double-three for black.
    wait_until(
        &c,
        "the demo list",
        "return !!document.querySelector('#form-new select[name=demo] option[value=renju-cross]')",
    )
    .await;
    c.execute(
        "const f = document.getElementById('form-new');
         f.elements.demo.value = 'renju-cross';
         f.elements.level.value = '1';
         f.elements.think_delay.checked = false;
         f.dispatchEvent(new Event('input'));",
        vec![],
    )
    .await
    .expect("fill the form");
    click(&c, "#btn-start").await;
    wait_stones(&c, 8).await;
    assert!(text_of(&c, "#status").await.contains("Black to move"));

    // The forbidden point is marked, and playing it is refused with the reason.
    wait_until(
        &c,
        "the forbidden mark on h8",
        "return !!document.querySelector('#board .forbidden[data-x=\"7\"][data-y=\"7\"][data-kind=\"double-three\"]')",
    )
    .await;
    click_point(&c, 7, 7).await;
    wait_until(
        &c,
        "the refusal message",
        "const m = document.getElementById('message'); return !m.hidden && m.textContent.includes('double-three')",
    )
    .await;
    assert_eq!(stone_count(&c).await, 8, "a refused move adds no stone");
    assert_eq!(
        text_of(&c, "#message").await,
        "Forbidden for black: double-three."
    );

    // A legal move: the computer answers.
    click_point(&c, 11, 3).await; // l12
    wait_stones(&c, 10).await;
    let after_reply = stones_snapshot(&c).await;

    // Hint: a mark on a free point; nothing is played.
    click(&c, "#btn-hint").await;
    wait_until(
        &c,
        "the hint mark",
        "return !!document.querySelector('#board .hint-mark')",
    )
    .await;
    assert!(text_of(&c, "#message").await.starts_with("Hint: "));
    assert_eq!(stone_count(&c).await, 10);

    // Undo takes back the pair of moves; the same move again brings a reply.
    click(&c, "#btn-undo").await;
    wait_stones(&c, 8).await;
    click_point(&c, 11, 3).await;
    wait_stones(&c, 10).await;

    // Analysis: the best moves marked on the board, the panel filled.
    click(&c, "#btn-analyse").await;
    wait_until(
        &c,
        "best-move marks",
        "return document.querySelectorAll('#board .best-mark').length >= 2",
    )
    .await;
    assert!(!text_of(&c, "[data-field=depth]").await.is_empty());
    let png = c.screenshot().await.expect("screenshot");
    save_screenshot(&png);
    click(&c, "#btn-analyse").await; // stop the analysis
    let before_reload = stones_snapshot(&c).await;
    assert_ne!(before_reload, Value::Null);

    // A reload brings the game back, stone for stone.
    c.refresh().await.expect("reload");
    wait_stones(&c, 10).await;
    assert_eq!(stones_snapshot(&c).await, before_reload);
    assert!(text_of(&c, "#status").await.contains("Black to move"));
    let _ = after_reply;

    c.close().await.expect("close the browser");
    drop(driver);
    drop(server);
}
