//! A Soosõrv-8 opening against the computer in a real browser: chosen in the new-game
//! dialog, stones and offers placed by clicking the board, decisions taken with the
//! panel's buttons, whatever the computer decides in its turns; then normal play. The
//! screenshot (the opening under way) goes to the target folder and to
//! `$FIVEINROW_OPENING_SCREENSHOT` when set (docs/opening.png is made that way).

use std::path::Path;
use std::time::{Duration, Instant};

use crate::browser_support::*;
use crate::web_support::{http, temp_dir, ServeProcess};
use serde_json::Value;

fn state(server: &ServeProcess, id: &str) -> Value {
    let (status, body) = http(&server.addr, "GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200, "{body}");
    serde_json::from_str(&body).expect("JSON")
}

/// Free points of the central area, nearest the centre first.
fn free_points(game: &Value, area: u64) -> Vec<(u32, u32)> {
    let taken: Vec<(u64, u64)> = game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .chain(game["opening"]["offers"].as_array().unwrap())
        .map(|p| (p["x"].as_u64().unwrap(), p["y"].as_u64().unwrap()))
        .collect();
    let r = (area / 2) as i64;
    let mut out = Vec::new();
    for d in 0..=r {
        for y in 7 - d..=7 + d {
            for x in 7 - d..=7 + d {
                let ring = (x - 7).abs().max((y - 7).abs()) == d;
                if ring && !taken.contains(&(x as u64, y as u64)) {
                    out.push((x as u32, y as u32));
                }
            }
        }
    }
    out
}

#[tokio::test(flavor = "current_thread")]
async fn a_soosorv8_opening_against_the_computer() {
    let chromium = find_program("CHROMIUM", "/usr/bin/chromium");
    let chromedriver = find_program("CHROMEDRIVER", "/usr/bin/chromedriver");
    let server = ServeProcess::start(&temp_dir("web-opening-data"));
    let driver = Driver::start(&chromedriver);
    let profile = temp_dir("web-opening-profile");
    let _browsers = BrowserGuard(profile.clone());
    let c = connect_sized(&driver, &chromium, &profile, (1280, 800)).await;
    c.goto(&server.url).await.expect("open the page");
    set_viewport(&c, 1280, 800).await;

    // The dialog: renju, the person opens (black seat), Soosõrv-8, level 1.
    wait_until(
        &c,
        "the new-game dialog",
        "return document.getElementById('dlg-new').open",
    )
    .await;
    c.execute(
        "const f = document.getElementById('form-new');
         f.elements.rule.value = 'renju';
         f.elements.level.value = '1';
         f.elements.think_delay.checked = false;
         f.dispatchEvent(new Event('input'));
         f.elements.opening.value = 'soosorv8';
         f.dispatchEvent(new Event('input'));",
        vec![],
    )
    .await
    .expect("fill the form");
    click(&c, "#btn-start").await;
    wait_until(
        &c,
        "the opening panel",
        "return !document.getElementById('opening').hidden && /place/.test(document.querySelector('#opening .step').textContent)",
    )
    .await;
    let id = c
        .execute("return location.hash.split('=')[1]", vec![])
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .to_string();

    let deadline = Instant::now() + Duration::from_secs(120);
    let mut shot = false;
    let mut decisions = Vec::new();
    loop {
        assert!(
            Instant::now() < deadline,
            "the opening did not end: {}",
            state(&server, &id)
        );
        let g = state(&server, &id);
        let o = &g["opening"];
        if o["step"] == "done" {
            break;
        }
        if o["decider"] != "human" || g["thinking"].is_string() {
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        }
        let step = o["step"].as_str().unwrap().to_string();
        let before = o["record"].as_str().unwrap().to_string();
        // The opening under way, with the step in words: the first decision after the
        // three stones, replaced by the pick (the offers on the board) when it comes.
        if (!shot && step != "place") || step == "pick" {
            let png = c.screenshot().await.expect("screenshot");
            std::fs::write(
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("opening.png"),
                &png,
            )
            .unwrap();
            if let Some(path) = std::env::var_os("FIVEINROW_OPENING_SCREENSHOT") {
                std::fs::write(path, &png).unwrap();
            }
            shot = true;
        }
        match step.as_str() {
            "place" | "offer" => {
                let area = o["area"].as_u64().unwrap_or(9);
                // Points refused (off the canonical shape, symmetric offers) are tried
                // past: the next free point nearest the centre.
                for (x, y) in free_points(&g, area) {
                    click_point(&c, x, y).await;
                    tokio::time::sleep(Duration::from_millis(150)).await;
                    if state(&server, &id)["opening"]["record"] != before.as_str() {
                        break;
                    }
                }
            }
            "pick" => {
                let p = &o["offers"][0];
                click_point(
                    &c,
                    p["x"].as_u64().unwrap() as u32,
                    p["y"].as_u64().unwrap() as u32,
                )
                .await;
            }
            "declare" => click(&c, "#btn-declare").await,
            "swap_option" => click(&c, "#opening button[data-decision='stay']").await,
            other => panic!("step {other} is not Soosõrv-8's: {g}"),
        }
        wait_until(
            &c,
            "the decision taken",
            &format!(
                "return fetch('/api/games/{id}').then(r => r.json()).then(g => g.opening.record !== {before:?})"
            ),
        )
        .await;
        decisions.push(step);
    }
    assert!(decisions.iter().any(|d| d == "place"), "{decisions:?}");
    // The opening is over: five stones on the board, normal play, the panel gone.
    let g = state(&server, &id);
    assert_eq!(g["moves"].as_array().unwrap().len(), 5, "{g}");
    assert!(
        g["opening"]["record"].as_str().unwrap().contains("pick-"),
        "{g}"
    );
    wait_until(
        &c,
        "the panel hidden",
        "return document.getElementById('opening').hidden",
    )
    .await;
    wait_until(
        &c,
        "normal play",
        "return /to move/.test(document.getElementById('status').textContent)",
    )
    .await;
    assert!(
        shot,
        "a decision of the person's after the three stones: {decisions:?}"
    );
    c.close().await.expect("close the browser");
    drop(driver);
    drop(server);
}
