//! The CodinGame Hex bot: stdin turns in, one move per turn out.
fn main() {
    io::install_panic_hook();
    let mut lines = io::stdin_lines();
    let mut out = io::Output::new();
    if let Err(error) = hex::play(&mut lines, &mut out, hex::Settings::from_env()) {
        io::fail(error);
    }
}
