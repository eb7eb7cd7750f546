//! The bundled Hex bot (the single file a judge compiles) plays complete games against the random
//! baseline through the referee: no illegal move, no crash, a complete record for every game, and
//! every record replays through the rules library to the winner it names.

mod common;

use hex::{Color, Game, Move};
use std::process::Command;

#[test]
fn bundled_bot_plays_complete_games_against_the_random_baseline() {
    let bot = common::bundled_binary("hex");
    let random = format!("{} --engine random --seed {{seed}}", common::binary("hex-baseline").display());
    let records = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hex-bundle-games.txt");
    // Lenient clock: a loaded test machine must not turn this into a timing test (the strict
    // timing measurements are in crates/hex/README.md). Forced openings keep the games varied.
    let output = Command::new(common::binary("hex-arena"))
        .args([
            "-n",
            "4",
            "-j",
            "2",
            "--seed",
            "11",
            "--openings",
            "a1,f6",
            "--name-a",
            "bundle",
            "--name-b",
            "random",
        ])
        .arg("--records")
        .arg(&records)
        .arg(format!("'{}'", bot.display()))
        .arg(&random)
        .output()
        .expect("hex-arena runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "hex-arena failed\n{stdout}\n{stderr}");
    assert!(stdout.contains("illegal 0, crash 0"), "{stdout}");
    let text = std::fs::read_to_string(&records).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    let mut games: Vec<usize> = Vec::new();
    for line in lines {
        let field = |key: &str| {
            line.split(' ')
                .find_map(|pair| pair.strip_prefix(key).and_then(|rest| rest.strip_prefix('=')))
                .unwrap_or_else(|| panic!("no {key}= in {line}"))
        };
        games.push(field("game").parse().unwrap());
        assert_eq!(field("reason"), "connect", "{line}");
        let winner: Color = field("winner").parse().unwrap();
        // The bot wins every game against random play.
        assert_eq!(field(&winner.to_string()), "bundle", "{line}");
        let mut game = Game::new();
        let moves: Vec<Move> = field("moves").split(',').map(|m| m.parse().unwrap()).collect();
        assert_eq!(Some(moves[0].to_string().as_str()), Some(field("opening")), "{line}");
        for (i, &mv) in moves.iter().enumerate() {
            assert_eq!(game.winner(), None, "move {} after the game was over: {line}", i + 1);
            game.play(mv).unwrap_or_else(|e| panic!("move {} {mv}: {e}: {line}", i + 1));
        }
        assert_eq!(game.winner(), Some(winner), "{line}");
        // One time per answer, and "-" for the referee's forced opening.
        let times: Vec<&str> = field("times").split(',').collect();
        assert_eq!(times.len(), moves.len(), "{line}");
        assert_eq!(times[0], "-");
        assert!(times[1..].iter().all(|t| t.parse::<f64>().is_ok()), "{line}");
    }
    games.sort_unstable();
    assert_eq!(games, [1, 2, 3, 4]);
}
