//! The Hex referee (`hex-arena`) against engines that misbehave on purpose: each is a tiny `sh`
//! script (plain `sh`, reading the judge's turn text line by line), so every rule and every failure
//! is provoked exactly.
//!
//! Checked: an occupied cell, an unparseable answer, a swap by red, a swap by blue after turn 2
//! all lose as `illegal`; blue's swap on turn 2 is accepted and mirrors red's stone; a bot that
//! sleeps past its limit loses in strict mode but not in lenient mode; a bot that dies loses as
//! `crash`; GTP engines are driven with `boardsize`/`clear_board`/`play`/`genmove`, setup commands
//! first. (The match's output: `hex_arena_matches.rs`.)

mod common;

use common::*;

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
