//! The CodinGame Hex bot: stdin turns in, one move per turn out.
fn main() {
    io::install_panic_hook();
    let mut lines = io::stdin_lines();
    let mut out = io::Output::new();
    if let Err(error) = hex::play(&mut lines, &mut out, settings()) {
        io::fail(error);
    }
}

/// The settings adjusted by the experiments' environment variables (`HEX_SEED`, `HEX_PLAYOUTS`, ...;
/// feature `knobs`, on in `cargo build`).
#[cfg(feature = "knobs")]
fn settings() -> hex::Settings {
    hex::Settings::from_env()
}

/// The judge's settings: the defaults (its plain `rustc` sets no feature, and the bundle drops the
/// knobs).
#[cfg(not(feature = "knobs"))]
fn settings() -> hex::Settings {
    hex::Settings::default()
}
