//! The Hex referee (`hex-arena`) against engines that misbehave on purpose: each is a tiny `sh`
//! script (plain `sh`, reading the judge's turn text line by line), so every rule and every failure
//! is provoked exactly.
//!
//! Checked: an occupied cell, an unparseable answer, a swap by red, a swap by blue after turn 2
//! all lose as `illegal`; blue's swap on turn 2 is accepted and mirrors red's stone; a bot that
//! sleeps past its limit loses in strict mode but not in lenient mode; a bot that dies loses as
//! `crash`; GTP engines are driven with `boardsize`/`clear_board`/`play`/`genmove`; the summary's
//! numbers match the records.

use std::path::PathBuf;
use std::process::Command;

const HEX_ARENA: &str = env!("CARGO_BIN_EXE_hex-arena");
const HEX_BASELINE: &str = env!("CARGO_BIN_EXE_hex-baseline");

/// Answers the first empty cell of each turn (scanning rows top to bottom). `$1`, if given, is a
/// turn number (1-based) before which it sleeps 1.2 s; `$2`, if given, a file that receives every
/// line read. Plain `sh`: its `read` takes one line at a time from a pipe, so it never waits for
/// more input than the judge sends.
const FIRST_EMPTY: &str = r#"#!/bin/sh
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
const SCRIPTED: &str = r#"#!/bin/sh
read header
for answer in "$@"; do
    for i in 1 2 3 4 5 6 7 8 9 10 11 12; do read line || exit 0; done
    echo "$answer"
done
"#;

/// Dies after reading the header.
const CRASHER: &str = "#!/bin/sh\nread header\necho 'giving up' >&2\nexit 3\n";

/// A GTP engine that plays the first cell nobody has played (it tracks `play` and its own moves,
/// and mirrors the stone on `swap-pieces`); logs the commands to `$1`.
const GTP_FIRST_EMPTY: &str = r#"#!/bin/sh
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

struct Scratch {
    dir: PathBuf,
}

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
            .join(format!("hex-arena-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch { dir }
    }

    fn script(&self, name: &str, text: &str) -> String {
        let path = self.dir.join(name);
        std::fs::write(&path, text).unwrap();
        let status = Command::new("chmod").arg("+x").arg(&path).status().unwrap();
        assert!(status.success());
        path.display().to_string()
    }

    fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }
}

struct Arena {
    stdout: String,
    stderr: String,
    records: Vec<String>,
}

/// Runs `hex-arena` with `args` and a records file; asserts it exits 0.
fn arena(scratch: &Scratch, args: &[&str]) -> Arena {
    let records = scratch.path("records.txt");
    let output =
        Command::new(HEX_ARENA).args(args).arg("--records").arg(&records).output().expect("hex-arena runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "hex-arena failed\nstdout:\n{stdout}\nstderr:\n{stderr}");
    let records = std::fs::read_to_string(&records).unwrap().lines().map(str::to_string).collect();
    Arena { stdout, stderr, records }
}

/// The value of `key=` in a record line (`detail` takes the rest of the line).
fn field<'a>(record: &'a str, key: &str) -> &'a str {
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

fn random_baseline() -> String {
    format!("{} --engine random --seed {{seed}}", HEX_BASELINE)
}

fn quote(path: &str) -> String {
    format!("'{path}'")
}

#[test]
fn an_occupied_cell_loses_as_illegal() {
    let scratch = Scratch::new("occupied");
    // Red plays a1, then a1 again.
    let bot = format!("{} a1 a1", quote(&scratch.script("scripted.sh", SCRIPTED)));
    let run = arena(&scratch, &["-n", "1", "--name-a", "repeater", &bot, &random_baseline()]);
    let record = &run.records[0];
    assert_eq!(field(record, "red"), "repeater");
    assert_eq!(field(record, "winner"), "blue", "{record}");
    assert_eq!(field(record, "reason"), "illegal", "{record}");
    assert!(field(record, "detail").contains("occupied"), "{record}");
    assert_eq!(field(record, "moves").split(',').count(), 2, "{record}");
    assert!(run.stdout.contains("illegal 1"), "{}", run.stdout);
}

#[test]
fn answers_that_are_not_moves_lose() {
    let scratch = Scratch::new("garbage");
    for answer in ["l1", "a12", "A1", "pass", "swap"] {
        let bot = format!("{} {answer}", quote(&scratch.script("scripted.sh", SCRIPTED)));
        let run = arena(&scratch, &["-n", "1", &bot, &random_baseline()]);
        let record = &run.records[0];
        assert_eq!(
            (field(record, "winner"), field(record, "reason")),
            ("blue", "illegal"),
            "{answer}: {record}"
        );
    }
}

#[test]
fn swap_is_only_for_blue_on_turn_two() {
    let scratch = Scratch::new("swap");
    let script = quote(&scratch.script("scripted.sh", SCRIPTED));
    // Red may never swap.
    let run = arena(&scratch, &["-n", "1", &format!("{script} swap-pieces"), &random_baseline()]);
    assert_eq!(field(&run.records[0], "reason"), "illegal", "{}", run.records[0]);
    assert_eq!(field(&run.records[0], "winner"), "blue");
    // Blue may not swap on turn 4 (its second move). Engine B is blue in game 1.
    let run = arena(&scratch, &["-n", "1", &random_baseline(), &format!("{script} k11 swap-pieces")]);
    let record = &run.records[0];
    assert_eq!(field(record, "blue"), "scripted", "{record}");
    assert_eq!((field(record, "winner"), field(record, "reason")), ("red", "illegal"), "{record}");
    assert!(field(record, "detail").contains("swap-pieces"), "{record}");
}

#[test]
fn blues_swap_on_turn_two_mirrors_reds_stone() {
    let scratch = Scratch::new("mirror");
    let log = scratch.path("red.log");
    let red = format!(
        "{} 0 {}",
        quote(&scratch.script("first-empty.sh", FIRST_EMPTY)),
        quote(&log.display().to_string())
    );
    let blue = format!("{} swap-pieces", quote(&scratch.script("scripted.sh", SCRIPTED)));
    // Forced opening d5: the referee places red's stone, blue swaps, red's bot sees e4 blue.
    let run = arena(&scratch, &["-n", "1", "--openings", "d5", &red, &blue]);
    let record = &run.records[0];
    assert!(field(record, "moves").starts_with("d5,swap-pieces,a1"), "{record}");
    assert_eq!(field(record, "opening"), "d5");
    // Blue's script ends after one answer: it loses by crash on its next turn.
    assert_eq!((field(record, "winner"), field(record, "reason")), ("red", "crash"), "{record}");
    let seen = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = seen.lines().collect();
    assert_eq!(lines[0], "11 red");
    assert_eq!(lines[1], "swap-pieces");
    // Row 4 (the 5th line), column e: blue; nothing else on the board.
    assert_eq!(lines[2 + 3], ". . . . b . . . . . .");
    let board = lines[2..13].join("\n");
    assert_eq!(board.matches('b').count(), 1, "{seen}");
    assert!(!board.contains('r'), "{seen}");
}

#[test]
fn a_late_answer_loses_in_strict_mode_only() {
    let scratch = Scratch::new("late");
    let sleepy = format!("{} 3", quote(&scratch.script("first-empty.sh", FIRST_EMPTY)));
    // A 600 ms limit leaves a shell script ample time on a loaded machine for its on-time answers,
    // and the 1.2 s sleep is late by any measure.
    let clock = ["--time", "1000/600"];
    let strict = arena(
        &scratch,
        &[&clock[..], &["-n", "1", "--strict", "--name-a", "sleepy", &sleepy, &random_baseline()]].concat(),
    );
    let record = &strict.records[0];
    assert_eq!((field(record, "winner"), field(record, "reason")), ("blue", "timeout"), "{record}");
    // Answers 1 and 2 were on time; the third was not waited for past 600 ms.
    assert_eq!(field(record, "moves").split(',').count(), 4, "{record}");
    assert!(strict.stdout.contains("strict"), "{}", strict.stdout);
    // Lenient: the late answer is counted and the game goes on to a connection.
    let lenient = arena(
        &scratch,
        &[&clock[..], &["-n", "1", "--name-a", "sleepy", &sleepy, &random_baseline()]].concat(),
    );
    let record = &lenient.records[0];
    assert_eq!(field(record, "reason"), "connect", "{record}");
    let times: Vec<&str> = field(record, "times").split(',').collect();
    let third: f64 = times[4].parse().unwrap();
    assert!(third >= 1190.0, "{record}");
    let sleepy_row =
        lenient.stdout.lines().find(|l| l.starts_with("sleepy ")).expect("a times row for sleepy");
    let columns: Vec<&str> = sleepy_row.split_whitespace().collect();
    // name, timeout, illegal, crash, resign, answers, late, first max, mean, p99, max
    assert_eq!(columns[6], "1", "{sleepy_row}");
    assert!(columns[10].parse::<f64>().unwrap() >= 1190.0, "{sleepy_row}");
}

#[test]
fn a_dead_bot_loses_by_crash_with_its_stderr() {
    let scratch = Scratch::new("crash");
    let crasher = quote(&scratch.script("crasher.sh", CRASHER));
    let run = arena(&scratch, &["-n", "2", &crasher, &random_baseline()]);
    for record in &run.records {
        assert_eq!(field(record, "reason"), "crash", "{record}");
        assert_eq!(field(record, "winner"), if field(record, "red") == "crasher" { "blue" } else { "red" });
        assert!(field(record, "detail").contains("giving up"), "{record}");
    }
    assert!(run.stdout.contains("crash 2"), "{}", run.stdout);
}

#[test]
fn gtp_engines_are_told_every_move_and_asked_with_genmove() {
    let scratch = Scratch::new("gtp");
    let log = scratch.path("gtp.log");
    let gtp = format!(
        "gtp:{} {}",
        quote(&scratch.script("gtp.sh", GTP_FIRST_EMPTY)),
        quote(&log.display().to_string())
    );
    let run = arena(&scratch, &["-n", "2", "--openings", "f6", "--name-b", "gtp", &random_baseline(), &gtp]);
    for record in &run.records {
        assert_eq!(field(record, "reason"), "connect", "{record}");
    }
    let commands = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = commands.lines().collect();
    // Game 1: the GTP engine is blue. Set-up, the forced opening as black's move, then genmove white.
    assert_eq!(lines[..4], ["boardsize 11", "clear_board", "play black f6", "genmove white"], "{commands}");
    // One process for both games: the second game starts with clear_board on the same engine.
    assert_eq!(commands.matches("clear_board").count(), 2, "{commands}");
    // Every move of game 1 reached the engine: its own by genmove, the others by play.
    let game1 = &run.records[0];
    let moves = field(game1, "moves").split(',').count();
    let first_game = commands.split("boardsize 11").nth(1).unwrap();
    let told = first_game.lines().filter(|l| l.starts_with("play") || l.starts_with("genmove")).count();
    // The last move is the winner's; if it was the random bot's, the engine was not told it.
    assert!(told == moves || told + 1 == moves, "{told} commands for {moves} moves\n{commands}");
}

#[test]
fn summary_counts_agree_with_the_records_and_colours_alternate() {
    let scratch = Scratch::new("summary");
    let first = quote(&scratch.script("first-empty.sh", FIRST_EMPTY));
    let run = arena(
        &scratch,
        &["-n", "6", "-j", "2", "--seed", "7", "--name-a", "firstempty", &first, &random_baseline()],
    );
    assert_eq!(run.records.len(), 6);
    let mut wins = 0;
    for record in &run.records {
        let game: usize = field(record, "game").parse().unwrap();
        // Engine A is red in odd-numbered games.
        let a_colour = if game % 2 == 1 { "red" } else { "blue" };
        assert_eq!(field(record, a_colour), "firstempty", "{record}");
        if field(record, "winner") == a_colour {
            wins += 1;
        }
    }
    let a_row = run.stdout.lines().find(|l| l.starts_with("A firstempty")).expect("A's line");
    assert!(a_row.contains(&format!("wins {wins:>4} of 6")), "{a_row}");
    assert!(run.stdout.contains("Elo A - B"), "{}", run.stdout);
    assert!(run.stderr.contains("[   6/6]"), "{}", run.stderr);
    // The same seed gives the same per-game seeds.
    let again = arena(&scratch, &["-n", "6", "--seed", "7", &first, &random_baseline()]);
    let seeds = |records: &[String]| {
        let mut seeds: Vec<String> =
            records.iter().map(|r| format!("{} {}", field(r, "game"), field(r, "seed"))).collect();
        seeds.sort();
        seeds
    };
    assert_eq!(seeds(&run.records), seeds(&again.records));
}

#[test]
fn svg_pictures_are_written_for_finished_games() {
    let scratch = Scratch::new("svg");
    let dir = scratch.path("pictures");
    let run =
        arena(&scratch, &["-n", "1", "--svg", dir.to_str().unwrap(), &random_baseline(), &random_baseline()]);
    let picture = std::fs::read_to_string(dir.join("game-001.svg")).unwrap();
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    assert_eq!(picture.matches("<polygon points").count() - picture.matches("fill=\"none\"").count(), 121);
    // The svg subcommand renders the same picture from the records file.
    let output = Command::new(HEX_ARENA)
        .args(["svg", "--game", "1"])
        .arg(scratch.path("records.txt"))
        .output()
        .unwrap();
    assert!(output.status.success());
    assert_eq!(String::from_utf8(output.stdout).unwrap(), picture);
    assert_eq!(run.records.len(), 1);
}

#[test]
fn bad_command_lines_are_refused_with_one_clear_line() {
    for args in [
        &["only-one-engine"][..],
        &["--time", "abc", "a", "b"],
        &["--openings", "z99", "a", "b"],
        &["-j", "0", "a", "b"],
    ] {
        let output = Command::new(HEX_ARENA).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with("error: "), "{stderr}");
    }
    // A program that does not exist stops the match before any game (status 1).
    let output = Command::new(HEX_ARENA).args(["/no/such/bot", "sh"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("/no/such/bot") && stderr.contains("not found"), "{stderr}");
}

#[test]
fn gtp_setup_commands_come_first_and_a_swap_can_be_told_as_its_stone() {
    let scratch = Scratch::new("gtp-stone");
    let log = scratch.path("gtp.log");
    let gtp = format!(
        "gtp(clear_board):{} {}",
        quote(&scratch.script("gtp.sh", GTP_FIRST_EMPTY)),
        quote(&log.display().to_string())
    );
    // A CodinGame bot that answers swap-pieces once (illegal as red in game 1, legal as blue in game 2).
    let swapper = format!("{} swap-pieces", quote(&scratch.script("swapper.sh", SCRIPTED)));
    arena(
        &scratch,
        &["-n", "2", "--openings", "d2", "--gtp-swap", "stone", "--name-b", "gtp", &swapper, &gtp],
    );
    let commands = std::fs::read_to_string(&log).unwrap();
    let lines: Vec<&str> = commands.lines().collect();
    // The setup command once, when the process starts, before the first game's set-up.
    assert_eq!(lines[..3], ["clear_board", "boardsize 11", "clear_board"], "{commands}");
    assert_eq!(commands.matches("clear_board").count(), 3, "{commands}");
    // Game 2: the engine is red and blue swapped d2: it is told the stone the swap left (blue b4).
    let game2 = commands.split("boardsize 11").nth(2).unwrap();
    assert!(game2.contains("play white b4\ngenmove black"), "{commands}");
    assert!(!commands.contains("swap-pieces"), "{commands}");
}

/// The summary lines that count games (wins, colours, win rate, Elo, SPRT, ends): everything but
/// the first line (what was played, the wall time) and the answer times.
fn tallies(stdout: &str) -> Vec<&str> {
    stdout.lines().skip(1).take_while(|line| !line.starts_with("losses/times")).collect()
}

/// What a record says about the game itself, without its answer times.
fn game_of(record: &str) -> String {
    ["game", "seed", "red", "blue", "winner", "reason", "opening", "moves"]
        .map(|key| format!("{key}={}", field(record, key)))
        .join(" ")
}

#[test]
fn shards_play_disjoint_parts_that_merge_into_the_whole_match() {
    let scratch = Scratch::new("shards");
    let random = random_baseline();
    let base =
        ["-n", "12", "--seed", "5", "--openings", "a1,b2,c3,d4,e5,f6", "--name-a", "ra", "--name-b", "rb"];
    let whole_sgf = scratch.path("whole.sgf");
    let whole_args: Vec<&str> = base
        .iter()
        .copied()
        .chain(["-j", "2", "--sgf", whole_sgf.to_str().unwrap(), &random, &random])
        .collect();
    let whole = arena(&scratch, &whole_args);
    assert_eq!(whole.records.len(), 12);
    let mut shard_files = Vec::new();
    let mut shard_games = Vec::new();
    for k in 1..=3 {
        let shard = format!("{k}/3");
        let run = arena(
            &scratch,
            &base.iter().copied().chain(["--shard", &shard, &random, &random]).collect::<Vec<_>>(),
        );
        // Two opening pairs each, kept together: games 4k-3 .. 4k.
        let games: Vec<usize> = run.records.iter().map(|r| field(r, "game").parse().unwrap()).collect();
        assert_eq!(games, (4 * k - 3..=4 * k).collect::<Vec<_>>(), "shard {shard}");
        shard_games.extend(run.records.iter().map(|r| game_of(r)));
        let file = scratch.path(&format!("shard-{k}.txt"));
        std::fs::write(&file, run.records.join("\n") + "\n").unwrap();
        shard_files.push(file);
    }
    // The same seeds, openings and colours: the same games as the whole match (the random
    // baseline is seeded), and merged they give its tallies.
    assert_eq!(shard_games, whole.records.iter().map(|r| game_of(r)).collect::<Vec<_>>());
    let merged = Command::new(HEX_ARENA)
        .arg("merge")
        .args([&shard_files[2], &shard_files[0], &shard_files[1]])
        .output()
        .unwrap();
    let merged_out = String::from_utf8_lossy(&merged.stdout);
    assert!(merged.status.success(), "{merged_out}");
    assert!(merged_out.starts_with("12 games merged from 3 records files: A = ra vs B = rb"), "{merged_out}");
    assert_eq!(tallies(&merged_out), tallies(&whole.stdout));
    assert_eq!(tallies(&whole.stdout).len(), 6, "{}", whole.stdout);
    let twice =
        Command::new(HEX_ARENA).arg("merge").args([&shard_files[0], &shard_files[0]]).output().unwrap();
    assert!(String::from_utf8_lossy(&twice.stderr).contains("twice"));
    // The SGF written during the match: one game tree per game, red as black, the same moves; the
    // sgf subcommand makes the same file from the records.
    let sgf = std::fs::read_to_string(&whole_sgf).unwrap();
    let trees: Vec<&str> = sgf.lines().collect();
    assert_eq!(trees.len(), 12);
    for (tree, record) in trees.iter().zip(&whole.records) {
        assert!(tree.starts_with("(;FF[4]GM[11]SZ[11]"), "{tree}");
        assert!(
            tree.contains(&format!("PB[{}]PW[{}]", field(record, "red"), field(record, "blue"))),
            "{tree}"
        );
        let result = if field(record, "winner") == "red" { "RE[B+]" } else { "RE[W+]" };
        assert!(tree.contains(result), "{tree}");
        let moves: Vec<&str> = tree
            .split(';')
            .filter_map(|node| node.strip_prefix("B[").or_else(|| node.strip_prefix("W[")))
            .map(|value| value.trim_end_matches(')').trim_end_matches(']'))
            .collect();
        assert_eq!(moves.join(","), field(record, "moves"), "{tree}");
    }
    let converted = scratch.path("converted.sgf");
    let status = Command::new(HEX_ARENA)
        .args(["sgf", "-o", converted.to_str().unwrap(), scratch.path("records.txt").to_str().unwrap()])
        .status()
        .unwrap();
    assert!(status.success());
    // records.txt is the last shard's now: its four games, as the match wrote them.
    let converted = std::fs::read_to_string(&converted).unwrap();
    assert_eq!(converted.lines().collect::<Vec<_>>(), trees[8..]);
}

#[test]
fn a_sequential_test_stops_on_whole_pairs_whatever_the_jobs() {
    let scratch = Scratch::new("sprt");
    let random = random_baseline();
    // Random against random, a wide test at generous error rates: it decides within a few pairs.
    let args = [
        "-n",
        "40",
        "--openings",
        "all",
        "--shuffle-openings",
        "--sprt",
        "0,300",
        "--alpha",
        "0.2",
        "--beta",
        "0.2",
    ];
    let one = arena(&scratch, &args.iter().copied().chain(["-j", "1", &random, &random]).collect::<Vec<_>>());
    let two = arena(&scratch, &args.iter().copied().chain(["-j", "2", &random, &random]).collect::<Vec<_>>());
    let sprt_line = |stdout: &str| stdout.lines().find(|l| l.starts_with("SPRT ")).map(str::to_string);
    let line = sprt_line(&one.stdout).expect("an SPRT line");
    assert!(line.contains("pentanomial") && line.contains("(-1.39, 1.39): H"), "{line}");
    assert_eq!(sprt_line(&two.stdout), Some(line.clone()));
    // Stopped early, after a whole pair, the records in game order and only the games counted.
    let games = one.records.len();
    assert!(games < 40 && games % 2 == 0, "{games}");
    assert_eq!(line.split(" pairs)").next().unwrap().rsplit(' ').next().unwrap(), (games / 2).to_string());
    assert_eq!(
        two.records.iter().map(|r| game_of(r)).collect::<Vec<_>>(),
        one.records.iter().map(|r| game_of(r)).collect::<Vec<_>>()
    );
    assert!(one.stderr.contains("| LLR "), "{}", one.stderr);
    // A clear difference: plain UCT on 5 ms a move against random play accepts H1.
    let uct = format!("{HEX_BASELINE} --engine uct --seed {{seed}} --first-ms 5 --move-ms 5");
    let run = arena(
        &scratch,
        &["-n", "60", "--openings", "all", "--shuffle-openings", "--sprt", "0,200", &uct, &random],
    );
    assert!(sprt_line(&run.stdout).unwrap().ends_with("H1 accepted"), "{}", run.stdout);
    assert!(run.records.len() < 60);
    // Without openings the games are single: the binomial model.
    let run = arena(&scratch, &["-n", "4", "--sprt", "0,5", &random, &random]);
    assert!(sprt_line(&run.stdout).unwrap().contains("binomial, 4 games): LLR"), "{}", run.stdout);
    assert!(sprt_line(&run.stdout).unwrap().ends_with("inconclusive"), "{}", run.stdout);
}
