//! `hex-train`'s command line (clap: `--help` exits 0, a bad option exits 2 naming it) and its
//! inputs: the committed `.gz` record files fit the same table as their text.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use test_support::command_line::{assert_help, assert_rejected};

const HEX_TRAIN: &str = env!("CARGO_BIN_EXE_hex-train");

fn run(args: &[&str]) -> Output {
    Command::new(HEX_TRAIN).args(args).output().expect("hex-train runs")
}

fn scratch(name: &str) -> PathBuf {
    let dir =
        PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("hex-train-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn help_exits_0_for_the_binary_and_every_subcommand() {
    for args in [&["--help"][..], &["patterns", "--help"], &["balance", "--help"], &["help", "balance"]] {
        assert_help(HEX_TRAIN, args, &[]);
    }
    assert_help(HEX_TRAIN, &["balance", "--help"], &["[default: 256]", "[default: 0.64/30,bridges,uniform]"]);
    assert_help(HEX_TRAIN, &["patterns", "--help"], &["[default: crates/hex/src/shape_table.rs]"]);
}

#[test]
fn bad_options_exit_2_naming_what_is_wrong() {
    for (args, named) in [
        (&["patterns", "--no-such-option", "x.txt"][..], "--no-such-option"),
        (&["balance", "--playouts", "many", "x.txt"], "many"),
        (&["balance", "--playouts", "0", "x.txt"], "--playouts"),
        (&["balance", "--settings", "0.64/0", "x.txt"], "0.64/0"),
        (&["patterns", "--iterations"], "--iterations"),
        (&["patterns"], "RECORDS"),
        (&["value", "x.txt"], "value"),
    ] {
        assert_rejected(HEX_TRAIN, args, named);
    }
    // A file that cannot be read is an error of the run, not of the command line: exit 1, named.
    let output = run(&["patterns", "--out", "/nonexistent/table.rs", "/nonexistent/records.txt"]);
    assert_eq!(output.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&output.stderr).contains("/nonexistent/records.txt"));
}

/// `hex-train patterns` on the committed gzip records and on their text writes the same table.
#[test]
fn patterns_reads_the_committed_gz_records_as_their_text() {
    let dir = scratch("patterns");
    let data = Path::new(env!("CARGO_MANIFEST_DIR")).join("../hex/data/mohex-selfplay");
    let gz: Vec<PathBuf> = ["mohex-7102.txt.gz", "mohex-7103.txt.gz"].iter().map(|f| data.join(f)).collect();
    let mut text = String::new();
    for path in &gz {
        text += &match_kit::files::read_text(path).unwrap();
    }
    let plain = dir.join("mohex.txt");
    std::fs::write(&plain, text).unwrap();
    let fit = |out: &Path, records: &[&Path]| {
        let mut args =
            vec!["patterns", "--min-wins", "3", "--iterations", "3", "--out", out.to_str().unwrap()];
        args.extend(records.iter().map(|p| p.to_str().unwrap()));
        let output = run(&args);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        std::fs::read(out).unwrap()
    };
    let from_gz = fit(&dir.join("gz.rs"), &[&gz[0], &gz[1]]);
    let from_text = fit(&dir.join("plain.rs"), &[&plain]);
    assert!(!from_gz.is_empty());
    assert_eq!(from_gz, from_text);
    // A table written to a .gz path is gzip (written whole), and reads back as the same text.
    fit(&dir.join("table.rs.gz"), &[&plain]);
    let zipped = std::fs::read(dir.join("table.rs.gz")).unwrap();
    assert!(match_kit::files::is_gzip(&zipped));
    assert_eq!(match_kit::files::read_text(&dir.join("table.rs.gz")).unwrap().as_bytes(), &from_text[..]);
    let _ = std::fs::remove_dir_all(&dir);
}

/// `hex-train balance` measures and fits from the committed `.gz` label files as they are.
#[test]
fn balance_reads_the_committed_gz_labels() {
    let dir = scratch("balance");
    let labels = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../hex/data/labels/labels-mohex-7103-p20000-s1-shard1of4.txt.gz");
    let labels = labels.to_str().unwrap();
    let output =
        run(&["balance", "--playouts", "4", "--limit", "10", "--settings", "0.64/30,uniform", labels]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(stdout.contains("10 positions of held-out games") && stdout.contains("uniform"), "{stdout}");
    let table = dir.join("playout_table.rs");
    let table = table.to_str().unwrap();
    let fit = ["balance", "--fit", "1", "--playouts", "4", "--limit", "5", "--train-limit", "16"];
    let output = run(&[&fit[..], &["--settings", "0.64/30", "--table", table, labels]].concat());
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(std::fs::read_to_string(table).unwrap().contains("pub const PLAYOUT_"));
    let _ = std::fs::remove_dir_all(&dir);
}
