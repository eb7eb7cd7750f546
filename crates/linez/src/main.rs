//! The Linez bot over stdin/stdout: 10 lines per turn in, one move out (see the crate docs).
//! `LINEZ_THREADS=1` samples on one thread (the same moves; for a judge that counts CPU time;
//! the bot uses at most 2).

fn main() {
    io::install_panic_hook();
    let mut bot = linez::Bot::new(linez::GAME_BUDGET);
    if let Some(threads) = std::env::var_os("LINEZ_THREADS") {
        match threads.to_str().and_then(|t| t.parse().ok()).filter(|&t: &usize| t >= 1) {
            Some(threads) => bot = bot.with_threads(threads),
            None => io::fail(format!("LINEZ_THREADS: expected a count of at least 1, found {threads:?}")),
        }
    }
    let mut lines = io::stdin_lines();
    let mut out = io::Output::new();
    let result = linez::play(&mut lines, &mut bot, |mv| {
        out.line(mv);
        out.flush();
    });
    if let Err(error) = result {
        io::fail(error);
    }
}
