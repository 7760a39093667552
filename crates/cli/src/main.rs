//! `fiveinrow`: the one binary. Each subcommand lives in `commands/`; this file only
//! parses the command line and turns errors into one plain line on stderr.

#![forbid(unsafe_code)]

mod board_view;
mod commands;
mod position;
mod progress;
mod tui;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "fiveinrow",
    version,
    about = "Gomoku / Renju: exact rules, and tools around them",
    args_conflicts_with_subcommands = true
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// With no command: the web app, with `serve`'s options (`fiveinrow --port 0`)
    #[command(flatten)]
    serve: commands::serve::Args,
}

#[derive(Subcommand)]
enum Command {
    /// Black's forbidden points in a renju position (or one line per position from stdin)
    Forbidden(commands::forbidden::Args),
    /// Draw a position in the terminal with coordinates
    Show(commands::show::Args),
    /// Play in the terminal: against the computer, two people, or computer against computer
    Play(commands::play::Args),
    /// Best move, score and principal variation of a position
    Analyze(commands::analyze::Args),
    /// The engine's verdict on every move of a game: evaluations, best moves, marks
    Review(commands::review::Args),
    /// VCF / VCT search: the winning sequence or "none"
    Solve(commands::solve::Args),
    /// Fixed positions to a fixed depth: nodes, speed and the node-count signature
    Bench(commands::bench::Args),
    /// A Gomocup brain on stdin/stdout (with the Yixin-Board extensions)
    Gomocup,
    /// Engine against engine over openings: score, Elo, SPRT, records
    Match(commands::matches::Args),
    /// The web app on http://127.0.0.1:8080 (also what `fiveinrow` alone starts)
    Serve(commands::serve::Args),
    /// A deliberately broken engine, for the match runner's tests
    #[command(hide = true)]
    FakeBrain(commands::fake_brain::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Forbidden(args)) => commands::forbidden::run(&args),
        Some(Command::Show(args)) => commands::show::run(&args),
        Some(Command::Play(args)) => commands::play::run(&args),
        Some(Command::Analyze(args)) => commands::analyze::run(&args),
        Some(Command::Review(args)) => commands::review::run(&args),
        Some(Command::Solve(args)) => commands::solve::run(&args),
        Some(Command::Bench(args)) => commands::bench::run(&args),
        Some(Command::Gomocup) => {
            fiveinrow_protocol::session::run(
                std::io::BufReader::new(std::io::stdin()),
                std::io::stdout(),
            );
            Ok(ExitCode::SUCCESS)
        }
        Some(Command::Match(args)) => commands::matches::run(&args),
        Some(Command::Serve(args)) => commands::serve::run(&args),
        Some(Command::FakeBrain(args)) => commands::fake_brain::run(&args),
        None => commands::serve::run(&cli.serve),
    };
    match result {
        Ok(code) => code,
        // A report piped into `head`: the reader has what it wanted; end quietly, as Unix
        // tools do (Rust ignores SIGPIPE, so the write fails instead of ending the process).
        Err(e) if reader_left(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether `e` is a write to a pipe whose reader has gone.
fn reader_left(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use super::{Cli, Command};

    /// README's start command, `cargo run --release -p fiveinrow`, needs the package to
    /// name its default binary (it has two).
    #[test]
    fn the_package_runs_fiveinrow_by_default() {
        assert!(include_str!("../Cargo.toml").contains("default-run = \"fiveinrow\""));
    }

    #[test]
    fn no_command_is_the_web_app_on_port_8080() {
        let cli = Cli::try_parse_from(["fiveinrow"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.serve.port(), 8080);
        assert_eq!(cli.serve.host(), "127.0.0.1");
    }

    #[test]
    fn serve_options_work_without_the_command() {
        let cli = Cli::try_parse_from(["fiveinrow", "--port", "0"]).unwrap();
        assert!(cli.command.is_none());
        assert_eq!(cli.serve.port(), 0);
        let cli = Cli::try_parse_from(["fiveinrow", "serve", "--port", "9"]).unwrap();
        assert!(matches!(cli.command, Some(Command::Serve(a)) if a.port() == 9));
        assert!(Cli::try_parse_from(["fiveinrow", "--port", "0", "bench"]).is_err());
    }
}
