//! The server under test in its own process (this example run with `--child`), so that
//! its memory is measured alone: started with the settings of the run, it prints its
//! address and serves until its input closes (the load test ended or died).

use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use fiveinrow_server::{Server, ServerConfig};

/// Settings passed from the load test to the child.
pub struct ChildSettings {
    pub data_dir: PathBuf,
    pub max_searches: Option<usize>,
    pub clients: usize,
}

impl ChildSettings {
    fn to_args(&self) -> Vec<String> {
        let mut args = vec![
            "--child".to_string(),
            "--data-dir".into(),
            self.data_dir.display().to_string(),
            "--clients".into(),
            self.clients.to_string(),
        ];
        if let Some(n) = self.max_searches {
            args.extend(["--max-searches".into(), n.to_string()]);
        }
        args
    }
}

/// Runs the server (the child's side). The defaults of a real server, except the
/// per-client limits: every simulated player comes from 127.0.0.1.
pub fn serve(settings: &ChildSettings) -> Result<(), String> {
    let mut config = ServerConfig::new(&settings.data_dir);
    config.port = 0;
    if let Some(n) = settings.max_searches {
        config.max_searches = n;
    }
    config.max_games_per_client = settings.clients;
    config.max_sockets_per_client = settings.clients;
    // The rate limits are per client too: here every player is one client.
    config.rates = fiveinrow_server::Rates::unlimited();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    runtime.block_on(async {
        let server = Server::bind(config).await.map_err(|e| e.to_string())?;
        println!("listening {}", server.local_addr());
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        std::thread::spawn(move || {
            let _ = std::io::stdin().read_to_end(&mut Vec::new());
            let _ = tx.send(());
        });
        server
            .run(async {
                let _ = rx.await;
            })
            .await
            .map_err(|e| e.to_string())
    })
}

/// The running child, seen from the load test.
pub struct ServerProcess {
    child: Child,
    pub addr: String,
}

impl ServerProcess {
    pub fn start(settings: &ChildSettings) -> Result<ServerProcess, String> {
        let exe = std::env::current_exe().map_err(|e| e.to_string())?;
        let mut child = Command::new(exe)
            .args(settings.to_args())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("start the server: {e}"))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let mut first = String::new();
        BufReader::new(stdout)
            .read_line(&mut first)
            .map_err(|e| e.to_string())?;
        let addr = first
            .strip_prefix("listening ")
            .map(|a| a.trim().to_string())
            .ok_or_else(|| format!("the server said {first:?}"))?;
        Ok(ServerProcess { child, addr })
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Resident memory now and at its highest, in KiB, from /proc (Linux).
    pub fn memory_kib(&self) -> Option<(u64, u64)> {
        memory_kib(self.child.id())
    }

    /// Closes its input (a clean stop), then kills it if it lingers.
    pub fn stop(mut self) {
        drop(self.child.stdin.take());
        for _ in 0..50 {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn memory_kib(pid: u32) -> Option<(u64, u64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|v| v.parse().ok())
    };
    Some((field("VmRSS:")?, field("VmHWM:")?))
}

/// The machine's load averages (1, 5, 15 minutes), for the report.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}

/// A fresh data folder for one run.
pub fn data_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("fiveinrow-load-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

pub fn remove(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
}
