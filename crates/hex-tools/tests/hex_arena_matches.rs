//! The match's output from `hex-arena`: the summary's numbers match the records and colours
//! alternate, SVG pictures and SGF, bad command lines refused in one line, shards that merge into
//! the whole match, and a sequential test that stops on whole pairs whatever the jobs.

mod common;

use common::*;
use std::process::Command;

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
fn bad_command_lines_are_refused_naming_the_option_before_anything_runs() {
    for (args, named) in [
        (&["only-one-engine"][..], "two engines"),
        (&["--time", "abc", "a", "b"], "--time"),
        (&["--openings", "z99", "a", "b"], "--openings"),
        (&["-j", "0", "a", "b"], "--jobs"),
        (&["-n", "many", "a", "b"], "--games"),
        (&["--frobnicate", "a", "b"], "--frobnicate"),
        (&["--shard", "3/2", "a", "b"], "--shard"),
        (&["--sprt", "5", "a", "b"], "--sprt"),
        (&["--tournament", "swiss", "--engine", "a", "x", "--engine", "b", "y"], "--tournament"),
        (&["--engine", "a"], "--engine"),
        (&["svg", "--game"], "--game"),
        (&["merge"], "RECORDS"),
    ] {
        let output = Command::new(HEX_ARENA).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.starts_with("error: "), "{stderr}");
        assert!(stderr.contains(named), "{args:?}: {stderr}");
        assert!(stderr.contains("Usage: hex-arena") && stderr.contains("--help"), "{stderr}");
        assert!(output.stdout.is_empty());
    }
    // Every subcommand has its help, with the defaults.
    for args in
        [&["--help"][..], &["svg", "--help"], &["sgf", "--help"], &["merge", "--help"], &["html", "--help"]]
    {
        let output = Command::new(HEX_ARENA).args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(0), "{args:?}");
        let stdout = String::from_utf8(output.stdout).unwrap();
        assert!(stdout.contains("Usage: hex-arena"), "{stdout}");
    }
    let help = Command::new(HEX_ARENA).arg("--help").output().unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(help.contains("[default: 1000/100]") && help.contains("[default: round-robin]"), "{help}");
    // A program that does not exist stops the match before any game (status 1).
    let output = Command::new(HEX_ARENA).args(["/no/such/bot", "sh"]).output().unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.contains("/no/such/bot") && stderr.contains("not found"), "{stderr}");
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
