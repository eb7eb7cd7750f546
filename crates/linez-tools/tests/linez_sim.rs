//! The Linez simulator (`linez-sim`) end to end: the same games move for move in two runs, the
//! same games as an independent Python referee written from the spec, and the ends of a game
//! (illegal move, malformed answer, crash, time-out) keeping the points made so far.

use std::collections::BTreeMap;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use linez::{Game, Rules};

const LINEZ_SIM: &str = env!("CARGO_BIN_EXE_linez-sim");
const LINEZ_BASELINE: &str = env!("CARGO_BIN_EXE_linez-baseline");

/// One per-game line of the simulator's stdout.
#[derive(Debug, Clone, PartialEq)]
struct GameLine {
    seed: u64,
    score: u64,
    moves: u64,
    end: String,
    detail: String,
}

fn sim(args: &[&str]) -> Output {
    Command::new(LINEZ_SIM).args(args).output().expect("linez-sim runs")
}

/// Runs the simulator and parses its per-game lines (every line that starts with a digit).
fn sim_games(args: &[&str]) -> Vec<GameLine> {
    let output = sim(args);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "linez-sim {args:?} failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
        .lines()
        .filter(|line| line.starts_with(|c: char| c.is_ascii_digit()))
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            GameLine {
                seed: fields[0].parse().unwrap(),
                score: fields[1].parse().unwrap(),
                moves: fields[2].parse().unwrap(),
                end: fields[3].to_string(),
                detail: fields[5..].join(" "),
            }
        })
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("linez-sim").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn read_dir_texts(dir: &Path) -> BTreeMap<String, String> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|entry| {
            let path = entry.unwrap().path();
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&path).unwrap(),
            )
        })
        .collect()
}

fn baseline() -> String {
    LINEZ_BASELINE.to_string()
}

#[test]
fn two_runs_replay_the_same_games_move_for_move() {
    let (first, second) = (scratch("replay-1"), scratch("replay-2"));
    let bot = baseline();
    let a = sim_games(&["--seeds", "1-6", "-j", "2", "-q", "--transcript", first.to_str().unwrap(), &bot]);
    let b = sim_games(&["--seeds", "1-6", "-j", "1", "-q", "--transcript", second.to_str().unwrap(), &bot]);
    assert_eq!(a.len(), 6);
    assert_eq!(a, b);
    assert!(a.iter().all(|game| game.end == "full" && game.moves > 20), "{a:?}");
    let (texts_a, texts_b) = (read_dir_texts(&first), read_dir_texts(&second));
    assert_eq!(texts_a.len(), 6);
    assert_eq!(texts_a, texts_b);
    // In process, the same baseline plays the same games.
    let third = scratch("replay-3");
    let c = sim_games(&["--seeds", "1-6", "--bot", "greedy", "-q", "--transcript", third.to_str().unwrap()]);
    assert_eq!(a, c);
    assert_eq!(texts_a, read_dir_texts(&third));
}

/// The Python that runs the independent referee; CI installs it (`.ci/run`). Elsewhere a machine
/// without it skips the cross-check with a note.
fn python3() -> Option<&'static str> {
    test_support::tool::python3().then_some("python3")
}

fn python_tool() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("linez_gen.py")
}

#[test]
fn initial_boards_match_the_python_generator() {
    let Some(python) = python3() else { return };
    for seed in [0u64, 1, 2, 3, 17, 99, 1000, 123_456_789, u64::MAX / 2 - 1] {
        let output =
            Command::new(python).arg(python_tool()).args(["start", &seed.to_string()]).output().unwrap();
        assert!(output.status.success());
        let game = Game::new(seed, Rules::default());
        let [a, b, c] = game.next_three();
        let expected = format!("{}{a}{b}{c}\n", game.board());
        assert_eq!(String::from_utf8_lossy(&output.stdout), expected, "seed {seed}");
    }
}

#[test]
fn whole_games_match_the_python_referee() {
    let Some(python) = python3() else { return };
    let dir = scratch("python");
    let games =
        sim_games(&["--seeds", "1-5,40", "--bot", "greedy", "-q", "--transcript", dir.to_str().unwrap()]);
    let mut placement_lines = 0;
    for game in &games {
        let transcript = std::fs::read_to_string(dir.join(format!("seed-{}.txt", game.seed))).unwrap();
        let steps: Vec<&str> = transcript.lines().filter(|line| line.starts_with("> ")).collect();
        assert_eq!(steps.len() as u64, game.moves);
        placement_lines += steps.iter().filter(|step| step.contains("placement-removed")).count();
        let moves: String = steps.iter().map(|step| format!("{}\n", &step[2..6])).collect();
        let mut child = Command::new(python)
            .arg(python_tool())
            .args(["replay", &game.seed.to_string()])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        std::io::Write::write_all(&mut child.stdin.take().unwrap(), moves.as_bytes()).unwrap();
        let output = child.wait_with_output().unwrap();
        let replayed = String::from_utf8_lossy(&output.stdout);
        let replayed: Vec<&str> = replayed.lines().collect();
        assert_eq!(replayed, steps, "seed {}", game.seed);
        assert!(steps.last().unwrap().ends_with(&format!("score {}", game.score)));
    }
    // The games exercise the placement rule (lines completed by placed numbers) too.
    assert!(placement_lines > 0);
}

/// A bot written in shell: `script` runs with `sh -c`.
fn shell_bot(script: &str) -> [String; 3] {
    ["sh".to_string(), "-c".to_string(), script.to_string()]
}

#[test]
fn illegal_and_malformed_answers_end_the_game() {
    // A1 is empty on seed 1's first board: the source cell is empty.
    let bot = shell_bot("head -n 10 >/dev/null; echo A1B1; cat >/dev/null");
    let games = sim_games(&["--seeds", "1", "-q", "--", &bot[0], &bot[1], &bot[2]]);
    assert_eq!((games[0].end.as_str(), games[0].moves, games[0].score), ("illegal", 0, 0));
    assert!(games[0].detail.contains("source cell is empty"), "{:?}", games[0]);
    let bot = shell_bot("head -n 10 >/dev/null; echo hello; cat >/dev/null");
    let games = sim_games(&["--seeds", "1", "-q", "--", &bot[0], &bot[1], &bot[2]]);
    assert_eq!(games[0].end, "illegal");
    assert!(games[0].detail.contains("\"hello\""), "{:?}", games[0]);
}

#[test]
fn crashes_and_time_outs_end_the_game() {
    let bot = shell_bot("echo dying >&2; exit 3");
    let games = sim_games(&["--seeds", "1-2", "-q", "--", &bot[0], &bot[1], &bot[2]]);
    assert!(games.iter().all(|game| game.end == "crash" && game.moves == 0), "{games:?}");
    assert!(games[0].detail.contains("dying"), "{:?}", games[0]);

    let start = Instant::now();
    let bot = shell_bot("exec sleep 30");
    let games = sim_games(&["--seeds", "1", "--budget", "0.3", "-q", "--", &bot[0], &bot[1], &bot[2]]);
    assert_eq!(games[0].end, "timeout");
    // The sleeping bot is killed after a short grace period, not waited for.
    assert!(start.elapsed() < Duration::from_secs(10), "took {:?}", start.elapsed());
}

#[test]
fn an_early_end_keeps_the_points_made_so_far() {
    // The greedy baseline plays 30 moves in process (recorded in transcripts); a shell bot then
    // replays those answers through the protocol, one per turn of 10 lines, and exits: its output
    // closes at move 31. (A shell script that answers by itself ends by itself; piping a live bot
    // through `sed 30q` raced with the bot's own exit and sometimes held the output open.)
    let dir = scratch("early-end");
    let capped = sim_games(&[
        "--seeds",
        "3-4",
        "-q",
        "--max-moves",
        "30",
        "--bot",
        "greedy",
        "--transcript",
        dir.to_str().unwrap(),
    ]);
    for capped in &capped {
        let transcript = std::fs::read_to_string(dir.join(format!("seed-{}.txt", capped.seed))).unwrap();
        let answers: Vec<&str> = transcript
            .lines()
            .filter_map(|line| line.strip_prefix("> "))
            .map(|line| line.split_whitespace().next().unwrap())
            .collect();
        assert_eq!(answers.len(), 30);
        let script = format!(
            "for answer in {}; do i=0; while [ $i -lt 10 ]; do read -r line; i=$((i+1)); done; echo $answer; done",
            answers.join(" ")
        );
        let seed = capped.seed.to_string();
        let cut = sim_games(&["--seeds", &seed, "-q", "--", "sh", "-c", &script]);
        assert_eq!((cut[0].end.as_str(), capped.end.as_str()), ("crash", "limit"));
        assert_eq!((cut[0].moves, cut[0].score), (capped.moves, capped.score));
        assert_eq!(cut[0].moves, 30);
        // The turn may fail to write (the script is gone) or the answer never comes.
        let detail = &cut[0].detail;
        assert!(detail.contains("closed its output") || detail.contains("cannot write the turn"), "{detail}");
    }
    assert!(capped.iter().any(|game| game.score > 0), "{capped:?}");
}

#[test]
fn svg_pictures_and_the_summary() {
    let dir = scratch("svg");
    let output = sim(&["--seeds", "2", "--bot", "greedy", "--svg", dir.to_str().unwrap(), "--svg-move", "5"]);
    assert!(output.status.success());
    let board = std::fs::read_to_string(dir.join("seed-2-board-5.svg")).unwrap();
    let score = std::fs::read_to_string(dir.join("seed-2-score.svg")).unwrap();
    assert!(board.starts_with("<svg") && board.contains("<circle") && board.contains("<line "));
    assert!(score.starts_with("<svg") && score.contains("<polyline"));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("# games 1  mean "), "{stdout}");
    // Progress goes to stderr, one line per game.
    assert_eq!(String::from_utf8_lossy(&output.stderr).lines().count(), 1);
}

#[test]
fn bad_command_lines_and_missing_bots_are_reported() {
    for (args, named) in [
        (&["--bogus"][..], "--bogus"),
        (&["--seeds", "9-1", "--bot", "greedy"], "--seeds"),
        (&["--bot", "clever"], "--bot"),
        (&["--bot", "greedy", "-j"], "--jobs"),
        (&["--bot", "greedy", "--sprt", "0,20", "--compare", "random", "--compare", "linez"], "--sprt"),
        (&[], "PROGRAM"),
        (&["html", "-o"], "--output"),
    ] {
        let output = sim(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.starts_with("error: ") && stderr.lines().next().unwrap().contains(named),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains("\nUsage: linez-sim "), "{args:?}: {stderr}");
        assert!(output.stdout.is_empty(), "nothing ran: {args:?}");
    }
    for args in
        [&["--help"][..], &["-h"], &["merge", "--help"], &["html", "--help"], &["--bot", "greedy", "--help"]]
    {
        let output = sim(args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stdout).contains("Usage: linez-sim"), "{args:?}");
    }
    let output = sim(&["--seeds", "1", "/nonexistent/linez-bot"]);
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("cannot start the bot"));
}

#[test]
fn the_baseline_rejects_malformed_turns() {
    let turn = "....\n";
    let mut child = Command::new(LINEZ_BASELINE)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("linez-baseline runs");
    child.stdin.take().unwrap().write_all(turn.as_bytes()).unwrap();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_ne!(output.status.code(), Some(0));
    assert!(stderr.starts_with("error: line 1") && stderr.lines().count() == 1, "{stderr}");
}
