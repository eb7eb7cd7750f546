//! `bundle <crate> [--workspace DIR]`: prints the crate as one `.rs` file for a judge (see the library).

use std::path::PathBuf;

fn main() {
    let mut args = std::env::args().skip(1);
    let mut name = None;
    let mut workspace = None;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--workspace" => workspace = args.next().map(PathBuf::from),
            "-h" | "--help" => {
                println!("usage: bundle <crate> [--workspace DIR]\nPrints crates/<crate> with its library and io inlined as one .rs file.");
                return;
            }
            _ if name.is_none() && !arg.starts_with('-') => name = Some(arg),
            _ => fail(&format!("unexpected argument {arg:?} (usage: bundle <crate> [--workspace DIR])")),
        }
    }
    let Some(name) = name else { fail("missing crate name (usage: bundle <crate> [--workspace DIR])") };
    let workspace = workspace
        .or_else(|| std::env::current_dir().ok().and_then(|dir| bundle::find_workspace(&dir)))
        .unwrap_or_else(|| fail("no Cargo workspace here; pass --workspace DIR"));
    match bundle::bundle(&workspace, &name) {
        Ok(text) => print!("{text}"),
        Err(error) => fail(&error.to_string()),
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1)
}
