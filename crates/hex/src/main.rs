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
    clock.swap = std::env::var_os("HEX_NO_SWAP").is_none();
    let knob = |name: &str| std::env::var(name).ok().and_then(|v| v.parse::<f32>().ok());
    if let Some(v) = knob("HEX_PRIOR_GAMES") {
        clock.params.prior_games = v;
    }
    if let Some(v) = knob("HEX_EXPAND_AFTER") {
        clock.params.expand_after = v;
    }
    if let Some(v) = knob("HEX_RAVE_BIAS") {
        clock.params.rave_bias = v;
    }
    if let Some(v) = knob("HEX_EXPLORATION") {
        clock.params.exploration = v;
    }
    if let Err(error) = hex::play(&mut lines, &mut out, clock) {
        io::fail(error);
    }
}
