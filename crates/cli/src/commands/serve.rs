//! `fiveinrow serve` (and `fiveinrow` alone): the web app on http://127.0.0.1:8080.

use std::path::PathBuf;
use std::process::ExitCode;

use anyhow::{Context, Result};
use fiveinrow_server::{Server, ServerConfig};

#[derive(clap::Args, Debug)]
pub struct Args {
    /// Address to listen on (only this machine by default)
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on (0: any free port)
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Folder of the games database (default: $XDG_DATA_HOME/fiveinrow or ~/.local/share/fiveinrow)
    #[arg(long)]
    data_dir: Option<PathBuf>,
    /// The address others reach the server at (https://five.example.org), for the
    /// invitation links of online games
    #[arg(long, value_parser = parse_public_url)]
    public_url: Option<String>,
    /// Behind a reverse proxy: take the client's address from X-Forwarded-For (its last
    /// entry) for the per-client limits. Only with a proxy that sets it.
    #[arg(long)]
    trust_proxy: bool,
    /// On a server others can reach, let everyone see and change this machine's own games
    /// (against the computer, on one device); by default they stay private to it
    #[arg(long)]
    open_local_games: bool,
}

fn parse_public_url(s: &str) -> Result<String, String> {
    let ok = (s.starts_with("https://") || s.starts_with("http://"))
        && !s.contains(char::is_whitespace)
        && s.len() <= 200;
    if ok {
        Ok(s.trim_end_matches('/').to_string())
    } else {
        Err(format!("'{s}' is not an http:// or https:// address"))
    }
}

#[cfg(test)]
impl Args {
    /// The port asked for (8080 unless `--port` says otherwise).
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The address asked for (this machine only unless `--host` says otherwise).
    pub fn host(&self) -> &str {
        &self.host
    }
}

/// Where games are kept when no folder is given.
fn default_data_dir() -> PathBuf {
    let from_env = |name| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = from_env("XDG_DATA_HOME") {
        dir.join("fiveinrow")
    } else if let Some(home) = from_env("HOME") {
        home.join(".local/share/fiveinrow")
    } else {
        PathBuf::from("fiveinrow-data")
    }
}

pub fn run(args: &Args) -> Result<ExitCode> {
    let mut config = ServerConfig::new(args.data_dir.clone().unwrap_or_else(default_data_dir));
    config.host = args.host.clone();
    config.port = args.port;
    config.public_url = args.public_url.clone();
    config.trust_proxy = args.trust_proxy;
    config.open_local_games = args.open_local_games;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("starting the async runtime")?;
    runtime.block_on(async {
        let data_dir = config.data_dir.clone();
        let server = Server::bind(config).await?;
        println!("FiveInRow web app: {}", server.url());
        println!("games are saved in {}", data_dir.display());
        println!("press Ctrl+C to stop");
        server
            .run(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await?;
        Ok(ExitCode::SUCCESS)
    })
}
