use super::*;
use linez::{Convention, PlacementCheck, PlacementLines};

fn parsed(args: &[&str]) -> Result<Command, clap::Error> {
    parse(std::iter::once("linez-sim").chain(args.iter().copied()).map(String::from))
}

fn run(args: &[&str]) -> Config {
    match parsed(args) {
        Ok(Command::Run(config)) => *config,
        other => panic!("{args:?}: expected a run, found {other:?}"),
    }
}

#[test]
fn the_command_line_is_well_formed() {
    Cli::command().debug_assert();
}

#[test]
fn seed_lists_and_ranges() {
    assert_eq!(parse_seeds("7").unwrap().0, [7]);
    assert_eq!(parse_seeds("1-3,9,5-5").unwrap().0, [1, 2, 3, 9, 5]);
    assert_eq!(parse_seeds("5,7,9-12").unwrap().0, [5, 7, 9, 10, 11, 12]);
    for bad in ["3-1", "x", "1-", "", "1,,2", "0-10000000"] {
        assert!(parse_seeds(bad).is_err(), "{bad:?}");
    }
}

#[test]
fn options_and_program() {
    let config = run(&[
        "--seeds",
        "1-4",
        "-j",
        "2",
        "--budget",
        "2.5",
        "--placement-lines",
        "keep",
        "./bot",
        "--fast",
    ]);
    assert_eq!(config.seeds, [1, 2, 3, 4]);
    assert_eq!(config.jobs, 2);
    assert_eq!(config.options.budget, Duration::from_millis(2500));
    assert_eq!(config.options.rules.placement_lines, PlacementLines::Keep);
    let program = PlayerSpec::Program("./bot".into(), vec!["--fast".into()]);
    assert_eq!(config.bots, [NamedBot { name: "A".into(), spec: program.clone() }]);
    // After `--`, the program's own options, --help included.
    let config = run(&["--seeds", "3", "--", "./bot", "--help", "-j", "9"]);
    assert_eq!(config.bots[0].spec, PlayerSpec::Program("./bot".into(), strings(&["--help", "-j", "9"])));
    let config =
        run(&["--bot", "greedy", "--convention", "letter-column", "--placement-check", "after-each"]);
    assert_eq!(config.bots[0].spec, PlayerSpec::Greedy);
    assert_eq!(config.options.rules.convention, Convention::LetterIsColumn);
    assert_eq!(config.options.rules.placement_check, PlacementCheck::AfterEach);
    assert_eq!(config.move_units, None);
    let config = run(&["--bot", "linez", "--move-units", "1200", "--max-moves", "5000"]);
    assert_eq!((config.move_units, config.options.max_moves), (Some(1200), Some(5000)));
    assert_eq!(config.options.budget, Duration::MAX);
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

#[test]
fn several_bots_are_named_in_order() {
    let config =
        run(&["--bot", "greedy", "--compare", "./other --fast 'a b'", "--sprt", "0,10", "--shard", "2/3"]);
    let other = PlayerSpec::Program("./other".into(), strings(&["--fast", "a b"]));
    assert_eq!(config.bots[1], NamedBot { name: "B".into(), spec: other });
    assert_eq!(config.sprt, Some(Sprt { h0: 0.0, h1: 10.0, alpha: 0.05, beta: 0.05 }));
    // The second of three blocks of seeds 1-100.
    assert_eq!(config.seeds, (34..=66).collect::<Vec<u64>>());
    let config = run(&["--name", "old", "--compare", "random", "--compare", "new=linez", "--bot", "greedy"]);
    let names: Vec<&str> = config.bots.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["old", "B", "new"]);
    assert_eq!(config.bots[2].spec, PlayerSpec::Bot);
}

#[test]
fn subcommands() {
    let Ok(Command::Merge(files)) = parsed(&["merge", "a.txt", "b.txt.gz"]) else { panic!() };
    assert_eq!(files, [PathBuf::from("a.txt"), PathBuf::from("b.txt.gz")]);
    let Ok(Command::Html(page, files)) = parsed(&["html", "-o", "p.html", "a.txt"]) else { panic!() };
    assert_eq!((page, files), (PathBuf::from("p.html"), vec![PathBuf::from("a.txt")]));
}

#[test]
fn bad_command_lines_are_refused_before_anything_runs() {
    for (args, names) in [
        (&["--bot", "smart"][..], "--bot"),
        (&["--bot", "greedy", "./bot"], "PROGRAM"),
        (&[], "PROGRAM"),
        (&["-j", "0", "./bot"], "--jobs"),
        (&["--nope"], "--nope"),
        (&["--seeds"], "--seeds"),
        (&["--seeds", "9-1", "./bot"], "--seeds"),
        (&["--budget", "-1", "./bot"], "--budget"),
        (&["--bot", "greedy", "--move-units", "100"], "--move-units"),
        (&["--move-units", "100", "./bot"], "--move-units"),
        (&["--bot", "greedy", "--sprt", "0,10"], "--sprt"),
        (&["--bot", "greedy", "--compare", "random", "--sprt", "10"], "--sprt"),
        (&["--bot", "greedy", "--compare", "random", "--compare", "linez", "--sprt", "0,5"], "--sprt"),
        (&["--bot", "greedy", "--shard", "0/2"], "--shard"),
        (&["--bot", "greedy", "--alpha", "0.7"], "--alpha"),
        (&["--bot", "greedy", "--placement-lines", "all"], "--placement-lines"),
        (&["--bot", "greedy", "--compare", "A=random"], "two bots named"),
        (&["--bot", "greedy", "--compare", "+x=random"], "--compare"),
        (&["--bot", "greedy", "--name", "a b"], "--name"),
        (&["merge"], "FILES"),
        (&["html", "a.txt"], "--output"),
        (&["html", "-o", "p.html"], "FILES"),
    ] {
        let error = parsed(args).unwrap_err();
        assert_eq!(error.exit_code(), 2, "{args:?}");
        let first = args.first().map(|word| word.to_string());
        let text = match_kit::command_line::with_usage::<Cli>(error, first).render().to_string();
        assert!(text.starts_with("error: ") && text.contains(names), "{args:?}: {text}");
        assert!(text.contains("Usage: "), "{args:?}: {text}");
    }
    let config = run(&["--bot", "greedy"]);
    assert_eq!(config.seeds, (1..=100).collect::<Vec<u64>>());
    assert_eq!((config.jobs, config.options.budget), (1, Duration::from_secs(20)));
    assert_eq!(config.options.rules, Rules::default());
}

#[test]
fn help_everywhere_shows_the_defaults_and_exits_0() {
    for args in
        [&["--help"][..], &["-h"], &["merge", "--help"], &["html", "--help"], &["--bot", "greedy", "--help"]]
    {
        let error = parsed(args).unwrap_err();
        assert_eq!((error.kind(), error.exit_code()), (ErrorKind::DisplayHelp, 0), "{args:?}");
    }
    let help = parsed(&["--help"]).unwrap_err().render().to_string();
    for shown in ["[default: 1-100]", "[default: 20]", "[default: after-all]", "--compare <[NAME=]BOT>"] {
        assert!(help.contains(shown), "{shown}: {help}");
    }
}
