//! What the hex-arena tests share: scripted engines (tiny `sh` scripts, so that every rule and
//! every failure is provoked exactly), a scratch directory, and running `hex-arena` with a records
//! file.
#![allow(dead_code)] // each test file uses its own part

pub mod page;

use std::path::{Path, PathBuf};
use std::process::Command;

pub const HEX_ARENA: &str = env!("CARGO_BIN_EXE_hex-arena");
pub const HEX_BASELINE: &str = env!("CARGO_BIN_EXE_hex-baseline");
pub const HEX_TRAIN: &str = env!("CARGO_BIN_EXE_hex-train");

/// Answers the first empty cell of each turn (scanning rows top to bottom). `$1`, if given, is a
/// turn number (1-based) before which it sleeps 1.2 s; `$2`, if given, a file that receives every
/// line read. Plain `sh`: its `read` takes one line at a time from a pipe, so it never waits for
/// more input than the judge sends.
pub const FIRST_EMPTY: &str = r#"#!/bin/sh
sleepy="${1:-0}"
log="${2:-/dev/null}"
read header || exit 0
echo "$header" >> "$log"
turn=0
while read last; do
    echo "$last" >> "$log"
    found=""
    row=0
    while [ $row -lt 11 ]; do
        read line || exit 0
        echo "$line" >> "$log"
        row=$((row + 1))
        if [ -z "$found" ]; then
            col=0
            for token in $line; do
                col=$((col + 1))
                if [ "$token" = "." ]; then
                    found="$(echo abcdefghijk | cut -c$col)$row"
                    break
                fi
            done
        fi
    done
    turn=$((turn + 1))
    if [ "$turn" = "$sleepy" ]; then sleep 1.2; fi
    echo "$found first-empty"
done
"#;

/// Answers a fixed list of moves, one per turn (`$@`), then exits.
pub const SCRIPTED: &str = r#"#!/bin/sh
read header
for answer in "$@"; do
    for i in 1 2 3 4 5 6 7 8 9 10 11 12; do read line || exit 0; done
    echo "$answer"
done
"#;

/// Dies after reading the header.
pub const CRASHER: &str = "#!/bin/sh\nread header\necho 'giving up' >&2\nexit 3\n";

/// A GTP engine that plays the first cell nobody has played (it tracks `play` and its own moves,
/// and mirrors the stone on `swap-pieces`); logs the commands to `$1`.
pub const GTP_FIRST_EMPTY: &str = r#"#!/bin/sh
log="$1"
letters="a b c d e f g h i j k"
taken=" "
letter() { echo abcdefghijk | cut -c"$1"; }
column() { i=0; for l in $letters; do i=$((i + 1)); if [ "$l" = "$1" ]; then echo $i; fi; done; }
while read command first second; do
    echo "$command${first:+ $first}${second:+ $second}" >> "$log"
    case "$command" in
    boardsize|clear_board) taken=" "; printf '=\n\n' ;;
    play)
        if [ "$second" = swap-pieces ]; then
            for stone in $taken; do
                col=$(column "$(echo "$stone" | cut -c1)")
                row=$(echo "$stone" | cut -c2-)
                taken=" $(letter "$row")$col "
            done
        else
            taken="$taken$second "
        fi
        printf '=\n\n' ;;
    genmove)
        answer=""
        for row in 1 2 3 4 5 6 7 8 9 10 11; do
            for l in $letters; do
                case "$taken" in *" $l$row "*) ;; *) answer="$l$row"; break 2 ;; esac
            done
        done
        taken="$taken$answer "
        printf '= %s\n\n' "$answer" ;;
    quit) printf '=\n\n'; exit 0 ;;
    *) printf '? unknown command\n\n' ;;
    esac
done
"#;

pub struct Scratch {
    pub dir: PathBuf,
}

impl Scratch {
    pub fn new(name: &str) -> Scratch {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("hex-arena-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch { dir }
    }

    pub fn script(&self, name: &str, text: &str) -> String {
        let path = self.dir.join(name);
        std::fs::write(&path, text).unwrap();
        let status = Command::new("chmod").arg("+x").arg(&path).status().unwrap();
        assert!(status.success());
        path.display().to_string()
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

pub struct Arena {
    pub stdout: String,
    pub stderr: String,
    pub records: Vec<String>,
}

/// Runs `hex-arena` with `args` and a records file; asserts it exits 0.
pub fn arena(scratch: &Scratch, args: &[&str]) -> Arena {
    let records = scratch.path("records.txt");
    let output =
        Command::new(HEX_ARENA).args(args).arg("--records").arg(&records).output().expect("hex-arena runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "hex-arena failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    let records = std::fs::read_to_string(&records).unwrap().lines().map(str::to_string).collect();
    Arena { stdout, stderr, records }
}

/// After a run that failed: the page at `page` is the one written before it (`"the page before"`)
/// if `existing`, or none at all; nothing was written half.
pub fn assert_page_untouched(page: &Path, existing: bool) {
    let left = std::fs::read_to_string(page).ok();
    assert_eq!(left.as_deref(), existing.then_some("the page before"), "no page written, none half written");
}

/// The value of `key=` in a record line (`detail` takes the rest of the line).
pub fn field<'a>(record: &'a str, key: &str) -> &'a str {
    let start = record
        .find(&format!(" {key}="))
        .map(|i| i + key.len() + 2)
        .or_else(|| record.strip_prefix(&format!("{key}=")).map(|_| key.len() + 1));
    let start = start.unwrap_or_else(|| panic!("no {key}= in {record}"));
    if key == "detail" {
        &record[start..]
    } else {
        record[start..].split(' ').next().unwrap()
    }
}

pub fn random_baseline() -> String {
    format!("{} --engine random --seed {{seed}}", HEX_BASELINE)
}

pub fn quote(path: &str) -> String {
    format!("'{path}'")
}

/// The summary lines that count games (wins, colours, win rate, Elo, SPRT, ends): everything but
/// the first line (what was played, the wall time) and the answer times.
pub fn tallies(stdout: &str) -> Vec<&str> {
    stdout.lines().skip(1).take_while(|line| !line.starts_with("losses/times")).collect()
}
