//! `bundle <crate> [--pretty] [--workspace DIR]`: prints the crate as one `.rs` file for a judge (see
//! the library).

use std::path::PathBuf;

const USAGE: &str = "usage: bundle <crate> [--pretty] [--workspace DIR]";

fn main() {
    let mut args = std::env::args().skip(1);
    let mut name = None;
    let mut workspace = None;
    let mut layout = bundle::Layout::Compact;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--workspace" => workspace = args.next().map(PathBuf::from),
            "--pretty" => layout = bundle::Layout::Pretty,
            "-h" | "--help" => {
                println!(
                    "{USAGE}\nPrints crates/<crate> with its library and io inlined as one .rs file: compact (no\n\
                     comments, indentation or needless spaces), or with --pretty as the sources are written."
                );
                return;
            }
            _ if name.is_none() && !arg.starts_with('-') => name = Some(arg),
            _ => fail(&format!("unexpected argument {arg:?} ({USAGE})")),
        }
    }
    let Some(name) = name else { fail(&format!("missing crate name ({USAGE})")) };
    let workspace = workspace
        .or_else(|| std::env::current_dir().ok().and_then(|dir| bundle::find_workspace(&dir)))
        .unwrap_or_else(|| fail("no Cargo workspace here; pass --workspace DIR"));
    match bundle::bundle(&workspace, &name, layout) {
        Ok(text) => print!("{text}"),
        Err(error) => fail(&error.to_string()),
    }
}

fn fail(message: &str) -> ! {
    eprintln!("error: {message}");
    std::process::exit(1)
}
