//! Replays the HTTP fuzz inputs kept in `fuzz/regressions/http` through the fuzz target's
//! own check (`fuzz/checks/http.rs`): a real server, every answer 2xx or a JSON 4xx.

#[path = "../../../../fuzz/checks/http.rs"]
mod http_check;

#[test]
fn http_inputs() {
    let dir =
        std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/regressions/http");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no inputs in {}", dir.display());
    for p in files {
        eprintln!("{}", p.display());
        http_check::check(&std::fs::read(&p).expect("read input"));
    }
}
