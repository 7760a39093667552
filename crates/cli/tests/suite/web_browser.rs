//! The page in a real headless browser (Debian's chromium over chromedriver): a game
//! against the computer played by clicking the board, a refused forbidden move explained,
//! undo and hint, analysis, a reload that resumes the game, and a screenshot.
//!
//! It never skips: without chromium or chromedriver it fails and says how to install
//! them (`scripts/install-browser.sh`). The screenshot is written to the target folder,
//! and also to `$FIVEINROW_SCREENSHOT` when set (docs/screenshot.png is made that way).

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::web_support::{temp_dir, ServeProcess};
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

const WAIT: Duration = Duration::from_secs(30);

fn find_program(env: &str, default: &str) -> PathBuf {
    let path = std::env::var_os(env).map_or_else(|| PathBuf::from(default), PathBuf::from);
    assert!(
        path.exists(),
        "{} not found: the browser test needs Debian's chromium and chromium-driver. \
         Run scripts/install-browser.sh (or set {env}).",
        path.display()
    );
    path
}

/// chromedriver on a free port; killed when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    fn start(program: &Path) -> Driver {
        let port = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
        let child = Command::new(program)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
        let started = Instant::now();
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(
                started.elapsed() < WAIT,
                "chromedriver did not start listening"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
        }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Ends the browser processes of this test's profile if the test stops before closing
/// the session (a failed assertion), so no headless browser outlives the test.
struct BrowserGuard(PathBuf);

impl Drop for BrowserGuard {
    fn drop(&mut self) {
        let marker = format!("--user-data-dir={}", self.0.display());
        let Ok(procs) = std::fs::read_dir("/proc") else {
            return;
        };
        for entry in procs.flatten() {
            let Ok(pid) = entry.file_name().to_string_lossy().parse::<u32>() else {
                continue;
            };
            let cmdline = std::fs::read(entry.path().join("cmdline")).unwrap_or_default();
            let mine = cmdline
                .split(|&b| b == 0)
                .any(|arg| arg == marker.as_bytes());
            if mine {
                let _ = Command::new("kill").arg(pid.to_string()).status();
            }
        }
    }
}

async fn connect(driver: &Driver, chromium: &Path, profile: &Path) -> Client {
    let args = [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1280,860",
        "--lang=en-US",
    ];
    let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    let caps = json!({
        "goog:chromeOptions": { "binary": chromium, "args": args }
    });
    let caps = match caps {
        Value::Object(map) => map,
        _ => unreachable!(),
    };
    ClientBuilder::native()
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .unwrap_or_else(|e| panic!("chromium did not start through chromedriver: {e}"))
}

/// Runs `script` until it returns true (or fails after WAIT, showing `what`).
async fn wait_until(c: &Client, what: &str, script: &str) {
    let started = Instant::now();
    loop {
        let v = c.execute(script, vec![]).await.expect("script");
        if v == Value::Bool(true) {
            return;
        }
        if started.elapsed() > WAIT {
            let status = text_of(c, "#status").await;
            let message = text_of(c, "#message").await;
            panic!("timed out waiting for {what} (status: {status}; message: {message})");
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn text_of(c: &Client, css: &str) -> String {
    let script = format!("return document.querySelector('{css}')?.textContent ?? ''");
    c.execute(&script, vec![]).await.map_or(String::new(), |v| {
        v.as_str().unwrap_or_default().to_string()
    })
}

async fn stone_count(c: &Client) -> usize {
    let v = c
        .execute(
            "return document.querySelectorAll('#board .stone').length",
            vec![],
        )
        .await
        .expect("count stones");
    v.as_u64().unwrap_or(0) as usize
}

async fn wait_stones(c: &Client, n: usize) {
    let script = format!(
        "return document.querySelectorAll('#board .stone').length === {n} \
         && document.getElementById('thinking').hidden"
    );
    wait_until(c, &format!("{n} stones and no thinking"), &script).await;
}

/// Clicks the intersection (x, y) with the mouse, where the page draws it.
async fn click_point(c: &Client, x: u32, y: u32) {
    let geometry = c
        .execute(
            "const b = document.getElementById('board'); const r = b.getBoundingClientRect();
             return [r.left, r.top, r.width, +b.dataset.size, +b.dataset.margin];",
            vec![],
        )
        .await
        .expect("board geometry");
    let g: Vec<f64> = geometry
        .as_array()
        .expect("numbers")
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    let (left, top, width, size, margin) = (g[0], g[1], g[2], g[3], g[4]);
    let cell = width / (size - 1.0 + 2.0 * margin);
    let px = (left + (margin + f64::from(x)) * cell).round();
    let py = (top + (margin + f64::from(y)) * cell).round();
    let mouse = MouseActions::new("mouse".to_string())
        .then(PointerAction::MoveTo {
            duration: None,
            x: px,
            y: py,
        })
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(mouse).await.expect("click the board");
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

async fn stones_snapshot(c: &Client) -> Value {
    c.execute(
        "return [...document.querySelectorAll('#board .stone')]
            .map(s => s.dataset.x + ',' + s.dataset.y + ',' + s.dataset.color).sort()",
        vec![],
    )
    .await
    .expect("stones")
}

fn save_screenshot(png: &[u8]) {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-e2e-screenshot.png");
    std::fs::write(&path, png).expect("write screenshot");
    if let Some(extra) = std::env::var_os("FIVEINROW_SCREENSHOT") {
        std::fs::write(&extra, png).expect("write FIVEINROW_SCREENSHOT");
    }
    assert!(png.starts_with(b"\x89PNG"), "the screenshot is not a PNG");
}

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
