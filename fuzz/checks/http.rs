// The web server on arbitrary JSON bodies: whatever a client posts to the API (create,
// import, play, analyse, undo/redo/hint/resign; online games' create, join, play,
// opening, chat, offers and answers with a seat's token), the answer is a 2xx or a 4xx
// with a JSON body, never a 5xx, and the server keeps answering.
// Shared by the fuzz target and the regression test that replays fuzz/regressions.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Duration;

use fiveinrow_server::{Server, ServerConfig};

struct Target {
    addr: SocketAddr,
    game: String,
    /// An online game with both seats taken: its public id, black's and white's tokens.
    online: String,
    seats: [String; 2],
}

/// The string value of `"key":"..."` in a JSON answer.
fn field(body: &str, key: &str) -> String {
    body.split(&format!("\"{key}\":\""))
        .nth(1)
        .and_then(|r| r.split('"').next())
        .unwrap_or_else(|| panic!("no {key} in {body}"))
        .to_string()
}

/// This process's folder for the server's database. The server lives in a static, which is
/// never dropped, so a run cannot remove its own folder: each run removes those left by
/// runs whose process has ended (a live one's, a parallel run's, is left alone).
fn data_dir() -> PathBuf {
    const PREFIX: &str = "fiveinrow-fuzz-http-";
    let tmp = std::env::temp_dir();
    let own = std::process::id();
    for entry in std::fs::read_dir(&tmp).into_iter().flatten().flatten() {
        let name = entry.file_name();
        let pid = name
            .to_str()
            .and_then(|n| n.strip_prefix(PREFIX))
            .and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|pid| pid != own && !process_alive(pid)) {
            let _ = std::fs::remove_dir_all(entry.path());
        }
    }
    tmp.join(format!("{PREFIX}{own}"))
}

/// Whether a process with this id runs now. Only Linux answers (`/proc`); elsewhere every
/// process counts as alive, so nothing is removed.
fn process_alive(pid: u32) -> bool {
    !cfg!(target_os = "linux") || Path::new("/proc").join(pid.to_string()).exists()
}

/// One server for the whole run, with one game to post moves to.
fn target() -> &'static Target {
    static TARGET: OnceLock<Target> = OnceLock::new();
    TARGET.get_or_init(|| {
        let dir = data_dir();
        let _ = std::fs::remove_dir_all(&dir);
        let mut config = ServerConfig::new(&dir);
        config.port = 0;
        config.max_games_per_client = usize::MAX / 2;
        // The rate limits would only turn most inputs into 429s: let them through.
        config.rates = fiveinrow_server::Rates::unlimited();
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Runtime::new().expect("runtime");
            rt.block_on(async move {
                let server = Server::bind(config).await.expect("bind");
                tx.send(server.local_addr()).expect("send addr");
                let _ = server.run(std::future::pending()).await;
            });
        });
        let addr = rx.recv().expect("server address");
        let (status, body) = post(
            addr,
            "/api/games",
            br#"{"mode":"pvp","rule":"renju","size":15}"#,
            None,
        );
        assert!(status < 300, "creating the game: {status} {body}");
        // The id is a number: `"id":12,`.
        let game = body
            .split("\"id\":")
            .nth(1)
            .and_then(|r| r.split([',', '}']).next())
            .map(|s| s.trim().trim_matches('"'))
            .unwrap_or_else(|| panic!("no game id in {body}"))
            .to_string();
        let (status, body) = post(addr, "/api/online", br#"{"color":"black"}"#, None);
        assert!(status < 300, "creating the online game: {status} {body}");
        let online = field(&body, "public_id");
        let black = field(&body, "token");
        let (status, body) = post(addr, &format!("/api/online/{online}/join"), b"", None);
        assert!(status < 300, "joining: {status} {body}");
        let white = field(&body, "token");
        Target {
            addr,
            game,
            online,
            seats: [black, white],
        }
    })
}

/// A raw HTTP/1.1 POST (with a seat's token when given); returns the status and body.
fn post(addr: SocketAddr, path: &str, body: &[u8], seat: Option<&str>) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(20)))
        .expect("timeout");
    let seat = seat.map_or(String::new(), |t| format!("X-Seat-Token: {t}\r\n"));
    let head = format!(
        "POST {path} HTTP/1.1\r\nHost: fuzz\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{seat}Connection: close\r\n\r\n",
        body.len()
    );
    s.write_all(head.as_bytes()).expect("write head");
    s.write_all(body).expect("write body");
    let mut answer = Vec::new();
    let _ = s.read_to_end(&mut answer);
    let text = String::from_utf8_lossy(&answer).to_string();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no status line in {text:?}"));
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

/// Runs the checks on one input; panics on a violation.
pub fn check(data: &[u8]) {
    let Some((&which, body)) = data.split_first() else {
        return;
    };
    let t = target();
    let online = |what: &str| format!("/api/online/{}/{what}", t.online);
    // Which seat's token goes with an online request (the high bit of the selector).
    let seat = Some(t.seats[usize::from(which >= 128)].as_str());
    let (path, seat) = match which % 16 {
        0 => ("/api/games".to_string(), None),
        1 => ("/api/import".to_string(), None),
        2 => (format!("/api/games/{}/play", t.game), None),
        3 => (format!("/api/games/{}/undo", t.game), None),
        4 => (format!("/api/games/{}/redo", t.game), None),
        5 => (format!("/api/games/{}/analyse", t.game), None),
        6 => (format!("/api/games/{}/hint", t.game), None),
        7 => (format!("/api/games/{}/play", t.game), None),
        8 => ("/api/online".to_string(), None),
        9 => (online("play"), seat),
        10 => (online("opening"), seat),
        11 => (online("chat"), seat),
        12 => (online("undo/answer"), seat),
        13 => (online("draw/answer"), seat),
        14 => (online("undo"), seat),
        _ => (online("join"), None),
    };
    let (status, answer) = post(t.addr, &path, body, seat);
    assert!(status < 500, "{path}: {status} {answer}");
    if status >= 400 {
        assert!(
            answer.trim_start().starts_with('{'),
            "{path}: {status} is not JSON: {answer}"
        );
    }
}
