//! `hex-train`: fits the Hex bot's learned knowledge to game records written by `hex-arena`.
//!
//! * `hex-train patterns`: the shape weights (the bot's move prior, [`hex::ShapeFeatures`]) from the moves one engine chose;
//! * `hex-train balance`: the playouts' means against the teacher's values, setting by setting;
//! * `hex-train label`: the teacher's labels: positions of recorded games searched at many times the
//!   judge's playouts (value, visit distribution, the real outcome);
//! * `hex-train selfplay`: the self-play games of a value network's best-first minimax
//!   (`hex::Ubfm`), with the search's value of every position, for the self-play loop
//!   (crates/hex-tools/selfplay-loop.sh);
//! * `hex-train curve DIR`: that loop's tables and plot;
//! * `hex-train value`: a value network from the games' outcomes (not used by the bot: see
//!   crates/hex/README.md, "What did not help"); with `--search N`, the bar it must clear: the
//!   bot's own search of N playouts predicting the same held-out games; with `--inputs
//!   potentials` it also sees the two players' two-distance potentials (`two_distance`, `inputs`).
//!
//! See crates/hex/RESULTS.md ("A value network" and the sections after it) for the data and the
//! commands.

mod balance;
mod curve;
mod inputs;
mod label;
mod network;
mod observations;
mod patterns;
mod selfplay;
mod two_distance;
mod value;

use hex_tools::hex_label::read_labels;
use hex_tools::hex_record::read_files;
use match_kit::cli::{Args, Opt, Parsed, Spec};
use match_kit::pool::Shard;
use std::time::Instant;

const PATTERNS: Spec = Spec {
    usage: &["hex-train patterns [OPTIONS] RECORDS..."],
    about: "Fits the shape weights to the moves in RECORDS (hex-arena record files) by\n\
            minorization-maximization, holding out every tenth game, and writes the packed table.",
    options: &[
        Opt::value("player", "NAME", "learn only the moves of engines whose name starts with NAME"),
        Opt::value("min-wins", "N", "keep the 12-cell shapes chosen at least N times").default("5"),
        Opt::value("max-shapes", "N", "keep at most N 12-cell shapes").default("3000"),
        Opt::value("iterations", "N", "minorization-maximization rounds").default("30"),
        Opt::value("out", "FILE", "the packed table").default("crates/hex/src/shape_table.rs"),
        Opt::value(
            "labels",
            "FILES",
            "also measure and refit against these label files' visits (comma-separated)",
        ),
        Opt::value("write", "FIT", "the fit the table is written from: records, both or labels")
            .default("records"),
    ],
    trailing: false,
    notes: "\
--labels FILES (hex-train label's lines): each labelled position is an observation whose win is
split by the teacher's visit shares. The prior fitted to RECORDS is measured on the labels' held-out
games (game % 10 == 9: cross-entropy against the visit shares, top choice against the most visited
cell), then refitted to RECORDS' moves with the labels' training positions added, and to the labels
alone, and measured again on the same positions. --write both writes the table of the second fit,
--write labels the third; the default writes the one fitted to RECORDS alone.
",
};

const VALUE: Spec = Spec {
    usage: &["hex-train value [OPTIONS] RECORDS..."],
    about: "Fits the value network to the outcomes of the games in RECORDS (hex-arena record files;\n\
            games that ended by a connection), holding out every tenth game, and prints the loss\n\
            after each epoch.",
    options: &[
        Opt::value("epochs", "N", "passes over the training positions").default("12"),
        Opt::value("batch", "N", "positions a step").default("256"),
        Opt::value("rate", "R", "Adam's step size").default("0.002"),
        Opt::value("decay", "D", "decoupled weight decay (AdamW), a fraction of the step").default("0"),
        Opt::value("seed", "S", "the initial weights' and the shuffles' seed").default("1"),
        Opt::value("hidden", "N", "hidden units").default("32"),
        Opt::value(
            "init",
            "FILE",
            "start from this network (--out's text) instead of random weights; its hidden units",
        ),
        Opt::value("out", "FILE", "write the fitted weights as text (read back by --init)"),
        Opt::value(
            "search",
            "N",
            "then value held-out positions by the bot's search of N playouts too, beside the network",
        ),
        Opt::value("every", "K", "--search: every K-th held-out position").default("1"),
        Opt::flag("labels", "RECORDS are label files (hex-train label): fit to the deep search's values"),
        Opt::value("outcome-share", "F", "--labels: fit to (1-F) x the search's value + F x the outcome")
            .default("0"),
        Opt::value("limit", "N", "--labels: use at most N training positions (a learning curve's points)"),
        Opt::value(
            "value-share",
            "F",
            "fit to (1-F) x the outcome + F x the search's recorded value (records with values=,\n\
             hex-train selfplay's)",
        )
        .default("0"),
        Opt::value(
            "measure",
            "FILES",
            "then measure the network on the held-out games of these records files (comma-separated)",
        ),
        Opt::value(
            "inputs",
            "KIND",
            "stones; potentials: the stones and the two players' two-distance potentials;\n\
             folded: the potentials with a cell and its half turn as one input (half the weights)",
        )
        .default("stones"),
        Opt::flag(
            "logistic",
            "--inputs potentials: then fit and measure the difference of the two players' minimum\n\
             potentials alone as a one-feature logistic (and time the potentials on --measure)",
        ),
    ],
    trailing: false,
    notes: "",
};

const SELFPLAY: Spec = Spec {
    usage: &["hex-train selfplay --net FILE [OPTIONS]"],
    about: "Plays games of the value network's best-first minimax against itself (game g opens on\n\
            cell g mod 121; the swap searched) and writes their records, with the search's value of\n\
            every position, to stdout in game order.",
    options: &[
        Opt::value("net", "FILE", "the value network (hex-train value --out)"),
        Opt::value("name", "NAME", "the players' name in the records").default("ubfm"),
        Opt::value("games", "N", "games in the whole run (all shards)").default("1000"),
        Opt::value("expansions", "N", "leaves expanded a move (the swap's search as much again)")
            .default("300"),
        Opt::value("exploration", "C", "the descent's exploration weight").default("0.1"),
        Opt::value("sample-stones", "N", "while fewer stones, draw the move by exp(value / T)").default("10"),
        Opt::value("temperature", "T", "the draws' temperature").default("0.1"),
        Opt::value("seed", "S", "the games' seed").default("1"),
        Opt::value("shard", "K/N", "play only the K-th of N parts of the games").default("1/1"),
        Opt::value("jobs", "N", "threads").default("1"),
    ],
    trailing: false,
    notes: "",
};

const BALANCE: Spec = Spec {
    usage: &["hex-train balance [OPTIONS] LABELS..."],
    about: "Measures the playouts against the teacher (simulation balancing's measure): for the unproven\n\
            positions of the held-out games (game % 10 == 9) in LABELS (label files), the mean outcome of\n\
            --playouts playouts under each setting against the labelled search value: bias, error,\n\
            correlation and cross-entropy against the real outcome, overall and by stones on the board.",
    options: &[
        Opt::value("playouts", "N", "playouts a position and setting").default("256"),
        Opt::value(
            "settings",
            "LIST",
            "comma-separated: G/M (local answers, every cell weighing G, the first M moves), bridges, uniform",
        )
        .default("0.64/30,bridges,uniform"),
        Opt::value("seed", "S", "the playouts' seed (common to the settings)").default("1"),
        Opt::value("limit", "N", "at most N positions"),
        Opt::value("fit", "EPOCHS", "fit the local answers' weights by simulation balancing (the first setting)"),
        Opt::value("rate", "R", "--fit: the step size").default("1"),
        Opt::value("batch", "N", "--fit: positions a step").default("16"),
        Opt::value("train-limit", "N", "--fit: at most N training positions"),
        Opt::value("table", "FILE", "--fit: write the fitted weights as the bot's playout table here"),
    ],
    trailing: false,
    notes: "",
};

const LABEL: Spec = Spec {
    usage: &["hex-train label [OPTIONS] RECORDS..."],
    about: "Searches positions of the games in RECORDS (hex-arena record files; games that ended by a\n\
            connection) with the bot's own search and prints one label line a position: the search's\n\
            value and visit distribution, and the game's outcome. Deterministic; shards for job runners.",
    options: &[
        Opt::value("playouts", "N", "playouts a position (the judge's clock buys about 5,700)")
            .default("20000"),
        Opt::value("every", "K", "label every K-th ply, staggered by game").default("3"),
        Opt::value("min-share", "F", "leave out moves with fewer than this share of the visits")
            .default("0.002"),
        Opt::value("seed", "S", "the searches' seed").default("1"),
        Opt::value("shard", "K/N", "label only the K-th of N disjoint blocks of the games").default("1/1"),
    ],
    trailing: false,
    notes: "",
};

/// The options of `spec` and at least one records file, or `None` after printing the help.
fn parse(spec: &Spec, args: &[String]) -> Result<Option<Args>, String> {
    match spec.parse(args)? {
        Parsed::Help => {
            print!("{}", spec.help());
            Ok(None)
        }
        Parsed::Args(args) if args.positional.is_empty() => Err("expected at least one records file".into()),
        Parsed::Args(args) => Ok(Some(args)),
    }
}

fn run_patterns(args: &[String]) -> Result<(), String> {
    let Some(args) = parse(&PATTERNS, args)? else { return Ok(()) };
    let options = patterns::Options {
        player: args.text("player").map(str::to_string),
        min_wins: args.get("min-wins", "a count")?,
        max_shapes: args.get("max-shapes", "a count")?,
        iterations: args.get("iterations", "a count")?,
        out: args.get("out", "a path")?,
        labels: match args.text("labels") {
            Some(files) => read_labels(&files.split(',').collect::<Vec<_>>())?,
            None => Vec::new(),
        },
        write: {
            let text: String = args.get("write", "records, both or labels")?;
            patterns::TableFit::parse(&text)
                .ok_or_else(|| format!("--write {text}: expected records, both or labels"))?
        },
    };
    patterns::run(&options, &read_files(&args.positional)?)
}

fn run_label(args: &[String]) -> Result<(), String> {
    let Some(args) = parse(&LABEL, args)? else { return Ok(()) };
    let options = label::Options {
        playouts: args.get_in("playouts", 1..=100_000_000, "a count")?,
        every: args.get_in("every", 1..=1000, "a count")?,
        min_share: args.get("min-share", "a number")?,
        seed: args.get("seed", "an integer")?,
        shard: Shard::parse(args.text("shard").unwrap_or("1/1"))?,
    };
    label::run(&options, &read_files(&args.positional)?)
}

fn run_balance(args: &[String]) -> Result<(), String> {
    let Some(args) = parse(&BALANCE, args)? else { return Ok(()) };
    let settings: String = args.get("settings", "a list of settings")?;
    let options = balance::Options {
        playouts: args.get_in("playouts", 1..=1_000_000, "a count")?,
        settings: settings.split(',').map(balance::Setting::parse).collect::<Result<_, _>>()?,
        seed: args.get("seed", "an integer")?,
        limit: args.optional("limit", "a count")?.unwrap_or(usize::MAX),
    };
    let labels = read_labels(&args.positional)?;
    match args.optional("fit", "a count")? {
        Some(epochs) => {
            let fit = balance::FitOptions {
                epochs,
                rate: args.get("rate", "a number")?,
                batch: args.get_in("batch", 1..=1_000_000, "a count")?,
                train_limit: args.optional("train-limit", "a count")?.unwrap_or(usize::MAX),
                table: args.text("table").map(str::to_string),
            };
            balance::fit(&options, &fit, &labels)
        }
        None => balance::run(&options, &labels),
    }
}

fn run_selfplay(args: &[String]) -> Result<(), String> {
    let args = match SELFPLAY.parse(args)? {
        Parsed::Help => {
            print!("{}", SELFPLAY.help());
            return Ok(());
        }
        Parsed::Args(args) => args,
    };
    let path = args.text("net").ok_or("--net FILE is required")?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let options = selfplay::Options {
        net: hex::ValueNet::parse(&text).map_err(|e| format!("{path}: {e}"))?,
        name: args.get("name", "a name")?,
        games: args.get_in("games", 1..=100_000_000, "a count")?,
        expansions: args.get_in("expansions", 1..=100_000_000, "a count")?,
        exploration: args.get("exploration", "a number")?,
        sample_stones: args.get("sample-stones", "a count")?,
        temperature: args.get("temperature", "a number")?,
        seed: args.get("seed", "an integer")?,
        shard: Shard::parse(args.text("shard").unwrap_or("1/1"))?,
        jobs: args.get_in("jobs", 1..=256, "a count")?,
    };
    selfplay::run(&options)
}

const CURVE: Spec = Spec {
    usage: &["hex-train curve [OPTIONS] DIR"],
    about: "The self-play loop's tables (Markdown, on stdout) and plot from DIR's gates.txt, curve.txt\n\
            and cpu.txt (crates/hex-tools/selfplay-loop.sh).",
    options: &[
        Opt::value("svg", "FILE", "also plot the yardsticks' Elo against the self-play games"),
        Opt::value(
            "extra",
            "FILE",
            "more yardstick games in curve.txt's format, pooled with the loop's by network",
        ),
        Opt::value(
            "fit-from",
            "GAMES",
            "the slope a doubling through the points from GAMES self-play games on [0]",
        ),
    ],
    trailing: false,
    notes: "",
};

fn run_curve(args: &[String]) -> Result<(), String> {
    let Some(args) = parse(&CURVE, args)? else { return Ok(()) };
    let fit_from: f64 = args.optional("fit-from", "a number of games")?.unwrap_or(0.0);
    curve::run(&args.positional[0], args.text("extra"), fit_from, args.text("svg"))
}

fn run_value(args: &[String]) -> Result<(), String> {
    let Some(args) = parse(&VALUE, args)? else { return Ok(()) };
    let epochs: usize = args.get("epochs", "a count")?;
    let batch: usize = args.get_in("batch", 1..=1_000_000, "a count")?;
    let rate: f32 = args.get("rate", "a number")?;
    let decay: f32 = args.get("decay", "a number")?;
    let seed: u64 = args.get("seed", "an integer")?;
    let hidden: usize = args.get_in("hidden", 1..=1024, "a count")?;
    let out = args.text("out").map(str::to_string);
    let kind = inputs::Inputs::parse(args.text("inputs").unwrap_or("stones"))?;
    if args.flag("logistic") && kind == inputs::Inputs::Stones {
        return Err("--logistic needs --inputs potentials or folded".into());
    }
    let (records, labels) = if args.flag("labels") {
        (Vec::new(), read_labels(&args.positional)?)
    } else {
        (read_files(&args.positional)?, Vec::new())
    };
    let (train, held_out, searched) = if args.flag("labels") {
        let share: f32 = args.get("outcome-share", "a number")?;
        let limit = args.optional("limit", "a count")?.unwrap_or(usize::MAX);
        let split = value::split_labels(&labels, share, limit, kind)?;
        (split.train, split.held_out, split.searched)
    } else {
        let share: f32 = args.get("value-share", "a number")?;
        let (train, held_out) = value::split(&records, kind, share)?;
        (train, held_out, Vec::new())
    };
    println!(
        "{} {}: {} training positions (with half turns), {} held out",
        records.len().max(labels.len()),
        if labels.is_empty() { "games" } else { "labels" },
        train.len(),
        held_out.len()
    );
    let mut trainer = match args.text("init") {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
            network::Trainer::from_text(seed, &text).map_err(|e| format!("{path}: {e}"))?
        }
        None => network::Trainer::new(seed, kind.count(), hidden),
    };
    if trainer.inputs() != kind.count() {
        return Err(format!(
            "--init: a network of {} inputs, --inputs needs {}",
            trainer.inputs(),
            kind.count()
        ));
    }
    let started = Instant::now();
    println!("epoch  train loss  held-out loss  held-out accuracy  seconds");
    for epoch in 0..=epochs {
        if epoch > 0 {
            // A step size that halves over the last third of the epochs.
            let late = (3 * epoch).saturating_sub(2 * epochs) as f32 / epochs.max(1) as f32;
            trainer.epoch(&train, batch, rate * (1.0 - 1.5 * late).max(0.25), decay);
        }
        let (train_loss, _) = trainer.measure(&train);
        let (loss, accuracy) = trainer.measure(&held_out);
        println!(
            "{epoch:5}  {train_loss:10.4}  {loss:13.4}  {:16.1}%  {:7.1}",
            100.0 * accuracy,
            started.elapsed().as_secs_f64()
        );
    }
    if let Some(out) = out {
        std::fs::write(&out, trainer.to_text()).map_err(|e| format!("{out}: {e}"))?;
    }
    if !searched.is_empty() {
        value::compare_with_labels(&trainer, &held_out, &searched);
    }
    let mut measured = Vec::new();
    if let Some(files) = args.text("measure") {
        let paths: Vec<&str> = files.split(',').collect();
        let measured_records = read_files(&paths)?;
        measured = value::split(&measured_records, kind, 0.0)?.1;
        let (loss, accuracy) = trainer.measure(&measured);
        println!(
            "held-out games of {files}: {} positions, cross-entropy {loss:.4}, accuracy {:.1}%",
            measured.len(),
            100.0 * accuracy
        );
        if args.flag("logistic") {
            let (positions, seconds) = value::time_potentials(&measured_records)?;
            println!(
                "two-distance potentials of those {positions} positions: {:.1} us a position",
                1e6 * seconds / positions.max(1) as f64
            );
        }
    }
    if args.flag("logistic") {
        let (a, b) = inputs::fit_logistic(&train);
        println!("two-distance alone: p = 1 / (1 + exp(-({a:.4} + {b:.4} x))), x the minima's difference");
        for (name, samples) in [("training", &train), ("held-out", &held_out), ("--measure", &measured)] {
            let (loss, accuracy) = inputs::measure_logistic(samples, (a, b));
            println!(
                "  {name} positions ({}): cross-entropy {loss:.4}, accuracy {:.1}%",
                samples.len(),
                100.0 * accuracy
            );
        }
    }
    if let Some(playouts) = args.optional("search", "a count")? {
        let every = args.get_in("every", 1..=1_000_000, "a count")?;
        value::compare_with_search(&trainer, &records, kind, playouts, every)?;
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("patterns") => run_patterns(&args[1..]),
        Some("value") => run_value(&args[1..]),
        Some("label") => run_label(&args[1..]),
        Some("balance") => run_balance(&args[1..]),
        Some("selfplay") => run_selfplay(&args[1..]),
        Some("curve") => run_curve(&args[1..]),
        Some("-h" | "--help") | None => {
            println!(
                "usage: hex-train patterns|value|label|balance|selfplay|curve [OPTIONS] FILES...   (hex-train label --help)"
            );
            Ok(())
        }
        Some(other) => Err(format!(
            "unknown subcommand {other:?}: expected patterns, value, label, balance, selfplay or curve"
        )),
    };
    if let Err(message) = result {
        eprintln!("error: {message}");
        std::process::exit(2);
    }
}
