//! The Linez bot over stdin/stdout: 10 lines per turn in, one move out (see the crate docs).

fn main() {
    io::install_panic_hook();
    let mut lines = io::stdin_lines();
    let mut bot = linez::Bot::new(linez::bot::GAME_BUDGET);
    let mut out = io::Output::new();
    let result = linez::bot::play(&mut lines, &mut bot, |mv| {
        out.line(mv);
        out.flush();
    });
    if let Err(error) = result {
        io::fail(error);
    }
}
