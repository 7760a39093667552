//! Replays the fuzz inputs kept in `fuzz/regressions/` through the same checks the fuzz
//! targets run (`fuzz/checks/`), so what fuzzing found stays fixed in the normal suite.

#[path = "../../../../fuzz/checks/protocol.rs"]
mod protocol_check;
#[path = "../../../../fuzz/checks/records.rs"]
mod records_check;
#[path = "../../../../fuzz/checks/rules.rs"]
mod rules_check;

use std::path::PathBuf;

fn inputs(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/regressions")
        .join(target);
    let mut out: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("dir entry").path())
        .map(|p| {
            let data = std::fs::read(&p).expect("read input");
            (p, data)
        })
        .collect();
    out.sort();
    assert!(!out.is_empty(), "no inputs in {}", dir.display());
    out
}

#[test]
fn records_inputs() {
    for (path, data) in inputs("records") {
        eprintln!("{}", path.display());
        records_check::check(&data);
    }
}

#[test]
fn protocol_inputs() {
    for (path, data) in inputs("protocol") {
        eprintln!("{}", path.display());
        protocol_check::check(&data);
    }
}

#[test]
fn rules_inputs() {
    for (path, data) in inputs("rules") {
        eprintln!("{}", path.display());
        rules_check::check(&data);
    }
}
