//! Playing a friend online in real browsers: three separate browser sessions (separate
//! profiles, so separate storage), one creating the game from the dialog, one opening its
//! link (the free seat), one opening it after them (watching). The QR code of the link is
//! read back with zbarimg; renju's forbidden move is refused on the way; an undo request
//! declined then accepted; a draw offer declined; a five wins; a rematch swaps the
//! colours; chat reaches everyone. Screenshots of both players' screens go to the target
//! folder and to `$FIVEINROW_ONLINE_SCREENSHOTS` when set (docs/online-*.png).

use std::path::Path;
use std::process::Command;

use fantoccini::{Client, Locator};

use crate::browser_support::*;
use crate::web_support::{temp_dir, ServeProcess};

fn save(png: &[u8], name: &str) {
    assert!(png.starts_with(b"\x89PNG"), "the screenshot is not a PNG");
    std::fs::write(Path::new(env!("CARGO_TARGET_TMPDIR")).join(name), png).expect("write");
    if let Some(dir) = std::env::var_os("FIVEINROW_ONLINE_SCREENSHOTS") {
        std::fs::write(Path::new(&dir).join(name), png).expect("write the screenshot");
    }
}

/// A point's (x, y) from its name on 15x15 (`h8` is 7, 7).
fn xy(name: &str) -> (u32, u32) {
    let col = u32::from(name.as_bytes()[0] - b'a');
    let row: u32 = name[1..].parse().unwrap();
    (col, 15 - row)
}

async fn wait_all(cs: &[&Client], stones: usize) {
    for c in cs {
        wait_stones(c, stones).await;
    }
}

/// Plays `name` from `c`, then waits until every page shows `stones` stones.
async fn play(c: &Client, name: &str, all: &[&Client], stones: usize) {
    let (x, y) = xy(name);
    click_point(c, x, y).await;
    wait_all(all, stones).await;
}

async fn role(c: &Client) -> String {
    text_of(c, "#online .role").await
}

/// Creates an online game from the new-game dialog (black's seat); returns its link once
/// the invitation shows it.
async fn create_by_dialog(c: &Client, rule: &str, clock: &str, opening: &str) -> String {
    wait_until(
        c,
        "the dialog",
        "return document.getElementById('dlg-new').open",
    )
    .await;
    c.execute(
        "const f = document.getElementById('form-new');
         f.elements.mode.value = 'friend';
         f.elements.rule.value = arguments[0];
         f.dispatchEvent(new Event('input'));
         f.elements.seat.value = 'black';
         f.elements.clock.value = arguments[1];
         f.elements.opening.value = arguments[2];
         f.dispatchEvent(new Event('input'));",
        vec![rule.into(), clock.into(), opening.into()],
    )
    .await
    .expect("fill the form");
    click(c, "#btn-start").await;
    wait_until(
        c,
        "the invitation",
        "return !document.querySelector('#online .invite').hidden
            && /#online=[0-9a-f]{32}$/.test(document.querySelector('#online .invite input').value)",
    )
    .await;
    c.execute(
        "return document.querySelector('#online .invite input').value",
        vec![],
    )
    .await
    .unwrap()
    .as_str()
    .unwrap()
    .to_string()
}

#[tokio::test(flavor = "current_thread")]
async fn two_friends_and_a_watcher_play_online() {
    let chromium = find_program("CHROMIUM", "/usr/bin/chromium");
    let chromedriver = find_program("CHROMEDRIVER", "/usr/bin/chromedriver");
    let zbarimg = find_program("ZBARIMG", "/usr/bin/zbarimg");
    let server = ServeProcess::start(&temp_dir("web-online-data"));
    let driver = Driver::start(&chromedriver);
    let profiles: Vec<_> = ["a", "b", "c"]
        .iter()
        .map(|n| temp_dir(&format!("web-online-profile-{n}")))
        .collect();
    let _guards: Vec<_> = profiles.iter().map(|p| BrowserGuard(p.clone())).collect();
    let black = connect_sized(&driver, &chromium, &profiles[0], (1280, 900)).await;
    let white = connect_sized(&driver, &chromium, &profiles[1], (1280, 900)).await;
    let watcher = connect_sized(&driver, &chromium, &profiles[2], (1280, 900)).await;

    // The first friend: "Play a friend online" in the dialog, renju, black, 5 min + 3 s.
    black.goto(&server.url).await.expect("open the page");
    set_viewport(&black, 1280, 900).await;
    let link = create_by_dialog(&black, "renju", "fischer:300000:3000", "").await;
    assert!(
        role(&black).await.contains("you play Black"),
        "{}",
        role(&black).await
    );
    save(
        &black.screenshot().await.expect("screenshot"),
        "online-invite.png",
    );
    // On a phone the invitation, its QR code and the panel fit the width.
    set_viewport(&black, 390, 844).await;
    no_overflow(&black, "the online panel on a phone").await;
    save(
        &black.screenshot().await.expect("screenshot"),
        "online-phone.png",
    );
    set_viewport(&black, 1280, 900).await;

    // The QR code says the link.
    let qr = black
        .find(Locator::Css("#online .qr svg"))
        .await
        .expect("a QR code");
    let png = qr.screenshot().await.expect("QR screenshot");
    let qr_file = Path::new(env!("CARGO_TARGET_TMPDIR")).join("online-qr.png");
    std::fs::write(&qr_file, &png).unwrap();
    let out = Command::new(&zbarimg)
        .args(["-q", "--raw"])
        .arg(&qr_file)
        .output()
        .expect("run zbarimg");
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        link,
        "the QR code"
    );

    // The friend opens the link and takes white; the watcher comes after.
    white.goto(&link).await.expect("open the link");
    set_viewport(&white, 1280, 900).await;
    wait_until(
        &white,
        "white's seat",
        "return /you play White/.test(document.querySelector('#online .role').textContent)",
    )
    .await;
    wait_until(
        &black,
        "white shown connected",
        "return document.querySelector('#online .player[data-color=white]').dataset.connected === 'true'
            && document.querySelector('#online .invite').hidden",
    )
    .await;
    watcher.goto(&link).await.expect("open the link");
    wait_until(
        &watcher,
        "watching",
        "return /watching/.test(document.querySelector('#online .role').textContent)",
    )
    .await;
    let all = [&black, &white, &watcher];

    // Renju refereed as everywhere: black's double-three at i8 is refused with its reason.
    let moves = ["h8", "a1", "j8", "a3", "i9", "a5", "i10", "a7"];
    for (k, name) in moves.iter().enumerate() {
        let c = if k % 2 == 0 { &black } else { &white };
        play(c, name, &all, k + 1).await;
    }
    // Nobody moves out of turn, and a watcher never moves.
    let (x, y) = xy("m12");
    click_point(&white, x, y).await;
    click_point(&watcher, x, y).await;
    let (x, y) = xy("i8");
    click_point(&black, x, y).await;
    wait_until(
        &black,
        "the refusal",
        "return /double-three/i.test(document.getElementById('message').textContent)",
    )
    .await;
    assert_eq!(stone_count(&watcher).await, 8);
    // The clocks run for the side to move.
    wait_until(
        &white,
        "black's clock running",
        "return document.querySelector('#online .clock[data-color=black]').classList.contains('running')",
    )
    .await;
    save(
        &black.screenshot().await.expect("screenshot"),
        "online-black.png",
    );

    // Black asks to take back (to its turn: i10 and a7); white declines, then accepts.
    click(&black, "#online .ask-undo").await;
    wait_until(
        &white,
        "the request",
        "return !document.querySelector('#online .offer').hidden
            && !document.querySelector('#online .offer .answers').hidden",
    )
    .await;
    click(&white, "#online .decline").await;
    wait_until(
        &black,
        "the request gone",
        "return document.querySelector('#online .offer').hidden",
    )
    .await;
    assert_eq!(stone_count(&black).await, 8);
    click(&black, "#online .ask-undo").await;
    wait_until(
        &white,
        "the second request",
        "return !document.querySelector('#online .offer .answers').hidden",
    )
    .await;
    click(&white, "#online .accept").await;
    wait_all(&all, 6).await;

    // White offers a draw; black declines.
    click(&white, "#online .offer-draw").await;
    wait_until(
        &black,
        "the draw offer",
        "return /draw/.test(document.querySelector('#online .offer .text').textContent)",
    )
    .await;
    click(&black, "#online .decline").await;
    wait_until(
        &white,
        "the offer declined",
        "return document.querySelector('#online .offer').hidden",
    )
    .await;

    // Chat reaches the other player and the watcher.
    black
        .find(Locator::Css("#online .chat input[name=text]"))
        .await
        .unwrap()
        .send_keys("good luck")
        .await
        .unwrap();
    click(&black, "#online .chat button").await;
    for c in [&white, &watcher] {
        wait_until(
            c,
            "the chat line",
            "return /good luck/.test(document.querySelector('#online .chat ol').textContent)",
        )
        .await;
    }
    save(
        &white.screenshot().await.expect("screenshot"),
        "online-white.png",
    );

    // Black makes five: i8 (no double-three now), k8, g8.
    play(&black, "i8", &all, 7).await;
    play(&white, "a9", &all, 8).await;
    play(&black, "k8", &all, 9).await;
    play(&white, "a11", &all, 10).await;
    play(&black, "g8", &all, 11).await;
    for c in all {
        wait_until(
            c,
            "black's win",
            "return /Black wins/.test(document.getElementById('status').textContent)",
        )
        .await;
    }

    // A rematch: both ask; everyone follows to the new game, the colours swapped.
    click(&black, "#online .rematch").await;
    wait_until(
        &white,
        "the rematch asked",
        "return /Accept the rematch/.test(document.querySelector('#online .rematch').textContent)",
    )
    .await;
    click(&white, "#online .rematch").await;
    wait_until(
        &black,
        "black now plays white",
        "return /you play White/.test(document.querySelector('#online .role').textContent)",
    )
    .await;
    wait_until(
        &white,
        "white now plays black",
        "return /you play Black/.test(document.querySelector('#online .role').textContent)",
    )
    .await;
    wait_until(
        &watcher,
        "the watcher follows",
        &format!(
            "return location.hash.startsWith('#online=') && location.hash !== {:?}",
            link.split_once('#').map(|(_, h)| format!("#{h}")).unwrap()
        ),
    )
    .await;
    wait_all(&all, 0).await;
    play(&white, "h8", &all, 1).await;

    // An opening rule online: swap1, the first browser opens with three stones, the
    // second takes black; each page follows its seat to the other colour.
    black.goto(&server.url).await.expect("open the page");
    let link = create_by_dialog(&black, "freestyle", "", "swap1").await;
    white.goto(&link).await.expect("open the link");
    wait_until(
        &white,
        "white's seat",
        "return /you play White/.test(document.querySelector('#online .role').textContent)",
    )
    .await;
    let pair = [&black, &white];
    for (k, name) in ["h8", "i9", "j10"].iter().enumerate() {
        play(&black, name, &pair, k + 1).await;
    }
    wait_until(
        &white,
        "the colour choice",
        "return !document.querySelector('#opening button[data-decision=take-black]').hidden
            && !document.querySelector('#opening button[data-decision=take-black]').disabled",
    )
    .await;
    click(&white, "#opening button[data-decision=take-black]").await;
    wait_until(
        &white,
        "now black",
        "return /you play Black/.test(document.querySelector('#online .role').textContent)",
    )
    .await;
    wait_until(
        &black,
        "now white",
        "return /you play White/.test(document.querySelector('#online .role').textContent)
            && /your move/.test(document.getElementById('status').textContent)",
    )
    .await;
    play(&black, "k11", &pair, 4).await;
    // The games list shows this browser's online games (three: the first, its rematch and
    // this one) and opens them.
    click(&white, "#btn-games").await;
    wait_until(
        &white,
        "the online games listed",
        "return document.querySelectorAll('#online-games li').length === 3",
    )
    .await;
    click(&white, "#online-games li:last-child button").await;
    wait_until(
        &white,
        "the first game opened from the list",
        "return /Black wins/.test(document.getElementById('status').textContent)",
    )
    .await;

    for c in [black, white, watcher] {
        c.close().await.expect("close the browser");
    }
    drop(driver);
    drop(server);
}
