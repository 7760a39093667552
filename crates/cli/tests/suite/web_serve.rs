//! `fiveinrow serve` as users start it: the address it prints, the embedded page, the
//! API, and games kept when the process is killed and started again.

use std::process::Command;

use crate::web_support::{http, temp_dir, ServeProcess};

#[test]
fn serve_prints_its_address_and_serves_the_page_and_the_api() {
    let dir = temp_dir("web-serve");
    let server = ServeProcess::start(&dir);
    assert!(
        server.url.starts_with("http://127.0.0.1:"),
        "{}",
        server.url
    );

    let (status, page) = http(&server.addr, "GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("<svg id=\"board\"") && page.contains("/js/main.js"));
    let (status, js) = http(&server.addr, "GET", "/js/board.js", "");
    assert_eq!(status, 200);
    assert!(js.contains("export class BoardView"));
    let (status, body) = http(&server.addr, "GET", "/no/such/file", "");
    assert_eq!(status, 404);
    assert!(body.contains("\"error\""));

    let (status, game) = http(
        &server.addr,
        "POST",
        "/api/games",
        r#"{"mode":"pvp","rule":"renju","moves":"h8i9j10"}"#,
    );
    assert_eq!(status, 201, "{game}");
    let game: serde_json::Value = serde_json::from_str(&game).unwrap();
    let id = game["id"].as_i64().unwrap();
    let (status, _) = http(
        &server.addr,
        "POST",
        &format!("/api/games/{id}/play"),
        r#"{"move":"k11"}"#,
    );
    assert_eq!(status, 200);

    // Killed without warning: every move was already saved.
    drop(server);
    let server = ServeProcess::start(&dir);
    let (status, game) = http(&server.addr, "GET", &format!("/api/games/{id}"), "");
    assert_eq!(status, 200, "{game}");
    let game: serde_json::Value = serde_json::from_str(&game).unwrap();
    assert_eq!(game["move_string"], "h8i9j10k11");
}

/// `fiveinrow` with no command is the web app. It takes `serve`'s options, so the test
/// asks for any free port instead of binding 8080 (the default port is checked by the
/// binary's own argument tests); the games go to the default folder under `$HOME`.
#[test]
fn no_command_starts_the_web_app() {
    let home = temp_dir("web-default");
    let mut command = Command::new(env!("CARGO_BIN_EXE_fiveinrow"));
    command
        .args(["--port", "0"])
        .env("HOME", &home)
        .env_remove("XDG_DATA_HOME");
    let server = ServeProcess::spawn(command);
    assert!(
        server.url.starts_with("http://127.0.0.1:"),
        "{}",
        server.url
    );
    let (status, _) = http(&server.addr, "GET", "/api/stats", "");
    assert_eq!(status, 200);
    assert!(home
        .join(".local/share/fiveinrow")
        .join("games.sqlite3")
        .exists());
}

/// The options of a server others reach are checked before it starts: a public address
/// that is no http(s) URL is a one-line error.
#[test]
fn a_bad_public_url_is_refused_before_serving() {
    let out = Command::new(env!("CARGO_BIN_EXE_fiveinrow"))
        .args([
            "serve",
            "--port",
            "0",
            "--public-url",
            "ftp://five.example.org",
        ])
        .output()
        .expect("run fiveinrow serve");
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("is not an http:// or https:// address"),
        "{err}"
    );
    let help = Command::new(env!("CARGO_BIN_EXE_fiveinrow"))
        .args(["serve", "--help"])
        .output()
        .expect("serve --help");
    let help = String::from_utf8_lossy(&help.stdout);
    for flag in ["--public-url", "--trust-proxy", "--open-local-games"] {
        assert!(help.contains(flag), "{flag} in {help}");
    }
}
