//! The OpenSpiel GTP adapter (`crates/hex-tools/openspiel_gtp.py`) through the referee: two short
//! games (0.05 s a move) against the random baseline, one with each colour, with a forced opening
//! so that the adapter is told a move before its first `genmove`, and a swap-prone centre opening.
//!
//! Needs the venv made by `crates/hex-tools/setup-openspiel.sh` (or `HEX_OPENSPIEL_PYTHON` naming a
//! python with `open_spiel` 2.0.2), so it is ignored by default: `cargo test -p hex-tools -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

const HEX_ARENA: &str = env!("CARGO_BIN_EXE_hex-arena");
const HEX_BASELINE: &str = env!("CARGO_BIN_EXE_hex-baseline");

#[test]
#[ignore = "needs Python with OpenSpiel: crates/hex-tools/setup-openspiel.sh"]
fn openspiel_adapter_plays_complete_games() {
    let python = std::env::var_os("HEX_OPENSPIEL_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| workspace_root().join("target/openspiel-venv/bin/python"));
    assert!(
        python.is_file(),
        "no OpenSpiel venv at {} (run crates/hex-tools/setup-openspiel.sh)",
        python.display()
    );
    let adapter = Path::new(env!("CARGO_MANIFEST_DIR")).join("openspiel_gtp.py");
    let records = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hex-openspiel-games.txt");
    let random = format!("{} --engine random --seed {{seed}}", HEX_BASELINE);
    let openspiel =
        format!("gtp:'{}' '{}' --seconds 0.05 --seed {{seed}}", python.display(), adapter.display());
    let output = Command::new(HEX_ARENA)
        .args(["-n", "2", "--openings", "f6", "--name-a", "random", "--name-b", "openspiel", "--records"])
        .arg(&records)
        .arg(&random)
        .arg(&openspiel)
        .output()
        .expect("hex-arena runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&output.stderr));
    let text = std::fs::read_to_string(&records).unwrap();
    assert_eq!(text.lines().count(), 2, "{text}");
    for line in text.lines() {
        assert!(line.contains(" reason=connect "), "{line}");
        assert!(line.contains(" opening=f6 "), "{line}");
    }
    assert!(stdout.contains("timeout 0, illegal 0, crash 0"), "{stdout}");
}

/// The workspace root, two levels above this crate.
fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}
