//! The bundled Linez bot (one .rs file compiled alone with `rustc -O`, as a judge builds it) plays
//! a few seeded games through the simulator: no illegal move, no crash, and real moves.

mod common;

use std::process::Command;

#[test]
fn the_bundled_bot_plays_seeded_games_cleanly() {
    let bot = common::bundled_binary("linez");
    let output = Command::new(common::binary("linez-sim"))
        .args(["--seeds", "1-3", "--budget", "2", "-j", "1", "-q", "--"])
        .arg(&bot)
        .output()
        .expect("linez-sim runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "linez-sim failed: {}", String::from_utf8_lossy(&output.stderr));
    let games: Vec<Vec<&str>> = stdout
        .lines()
        .filter(|line| line.starts_with(|c: char| c.is_ascii_digit()))
        .map(|line| line.split_whitespace().collect())
        .collect();
    assert_eq!(games.len(), 3, "{stdout}");
    for game in &games {
        // seed score moves end think_s [detail]
        let moves: u64 = game[2].parse().unwrap();
        assert!(game[3] != "illegal" && game[3] != "crash", "{stdout}");
        assert!(moves > 0, "{stdout}");
        // A 2 s budget can end a game that the bot no longer loses.
        assert!(game[3] == "full" || game[3] == "timeout", "{stdout}");
    }
}
