//! The CodinGame Hex bot: stdin turns in, one move per turn out.
fn main() {
    io::install_panic_hook();
    let mut lines = io::stdin_lines();
    let mut out = io::Output::new();
    let mut clock = hex::Clock::default();
    clock.verbose = std::env::var_os("HEX_VERBOSE").is_some();
    if let Some(n) = std::env::var("HEX_PLAYOUTS").ok().and_then(|v| v.parse().ok()) {
        clock.max_playouts = n;
    }
    if let Err(error) = hex::play(&mut lines, &mut out, clock) {
        io::fail(error);
    }
}
