//! What the browser tests share: chromedriver and a headless chromium on free ports
//! (never skipped: without them a test fails and says how to install them), waiting on
//! the page's own state, clicking the board where it is drawn.

#![allow(dead_code)]

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, ClientBuilder, Locator};
use serde_json::{json, Value};

pub const WAIT: Duration = Duration::from_secs(30);

pub fn find_program(env: &str, default: &str) -> PathBuf {
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
pub struct Driver {
    child: Child,
    pub url: String,
}

impl Driver {
    pub fn start(program: &Path) -> Driver {
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
pub struct BrowserGuard(pub PathBuf);

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

/// A headless chromium of `width` x `height` CSS pixels.
pub async fn connect_sized(
    driver: &Driver,
    chromium: &Path,
    profile: &Path,
    (width, height): (u32, u32),
) -> Client {
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
        "--lang=en-US",
    ];
    let mut args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
    args.push(format!("--user-data-dir={}", profile.display()));
    args.push(format!("--window-size={width},{height}"));
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
pub async fn wait_until(c: &Client, what: &str, script: &str) {
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

pub async fn text_of(c: &Client, css: &str) -> String {
    let script = format!("return document.querySelector('{css}')?.textContent ?? ''");
    c.execute(&script, vec![]).await.map_or(String::new(), |v| {
        v.as_str().unwrap_or_default().to_string()
    })
}

pub async fn stone_count(c: &Client) -> usize {
    let v = c
        .execute(
            "return document.querySelectorAll('#board .stone').length",
            vec![],
        )
        .await
        .expect("count stones");
    v.as_u64().unwrap_or(0) as usize
}

pub async fn wait_stones(c: &Client, n: usize) {
    let script = format!(
        "return document.querySelectorAll('#board .stone').length === {n} \
         && document.getElementById('thinking').hidden"
    );
    wait_until(c, &format!("{n} stones and no thinking"), &script).await;
}

/// Clicks the intersection (x, y) with the mouse, where the page draws it.
pub async fn click_point(c: &Client, x: u32, y: u32) {
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

pub async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .click()
        .await
        .unwrap_or_else(|e| panic!("click {css}: {e}"));
}

pub async fn stones_snapshot(c: &Client) -> Value {
    c.execute(
        "return [...document.querySelectorAll('#board .stone')]
            .map(s => s.dataset.x + ',' + s.dataset.y + ',' + s.dataset.color).sort()",
        vec![],
    )
    .await
    .expect("stones")
}

pub async fn connect(driver: &Driver, chromium: &Path, profile: &Path) -> Client {
    connect_sized(driver, chromium, profile, (1280, 860)).await
}

pub fn save_screenshot(png: &[u8]) {
    let path = Path::new(env!("CARGO_TARGET_TMPDIR")).join("web-e2e-screenshot.png");
    std::fs::write(&path, png).expect("write screenshot");
    if let Some(extra) = std::env::var_os("FIVEINROW_SCREENSHOT") {
        std::fs::write(&extra, png).expect("write FIVEINROW_SCREENSHOT");
    }
    assert!(png.starts_with(b"\x89PNG"), "the screenshot is not a PNG");
}

/// Sizes the window so that the page's viewport is `width` x `height` CSS pixels (the
/// window's own frame taken off), as a phone or a laptop screen shows it.
pub async fn set_viewport(c: &Client, width: u32, height: u32) {
    c.set_window_size(width, height).await.expect("window size");
    let inner = c
        .execute("return [window.innerWidth, window.innerHeight]", vec![])
        .await
        .expect("viewport");
    let got: Vec<u32> = inner
        .as_array()
        .expect("two numbers")
        .iter()
        .map(|v| v.as_u64().unwrap_or(0) as u32)
        .collect();
    let (w, h) = (
        width + width.saturating_sub(got[0]),
        height + height.saturating_sub(got[1]),
    );
    c.set_window_size(w, h).await.expect("window size");
}

/// Elements whose right edge passes the viewport's (the page would scroll sideways).
pub const OVERFLOW: &str = "
    const w = document.documentElement.clientWidth;
    const out = [];
    for (const el of document.querySelectorAll('body *')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        if (r.right > w + 0.5 || r.left < -0.5) {
            out.push((el.id ? '#' + el.id : el.tagName.toLowerCase() + '.' + el.className)
                + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
        }
    }
    if (document.documentElement.scrollWidth > w) out.push('page scrollWidth ' + document.documentElement.scrollWidth);
    return out.slice(0, 12);";

pub async fn no_overflow(c: &Client, what: &str) {
    let out = c.execute(OVERFLOW, vec![]).await.expect("overflow check");
    assert_eq!(
        out,
        Value::Array(Vec::new()),
        "{what}: elements past the viewport's right edge"
    );
}
