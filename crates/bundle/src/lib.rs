//! One solver crate -> one `.rs` file that a judge compiles with plain `rustc --edition 2021 -O`.
//!
//! [`bundle`] takes a workspace crate's `src/main.rs`, and inlines its library (`src/lib.rs`) and every
//! workspace crate it depends on (such as `io`) as modules of the same file:
//!
//! * `mod name;` declarations are replaced by the module's file, recursively (`expand.rs`);
//! * items under `#[cfg(test)]` or `#[cfg(feature = "..")]` are removed (`edit.rs`): the judge runs
//!   no tests and sets no cargo features;
//! * inside an inlined library, `crate::` becomes `crate::<library>::`, and a path that starts with a
//!   dependency's name (`io::Scanner`) becomes `crate::io::Scanner`, so the code means what it meant as
//!   a separate crate (`edit.rs`; the dependencies come from the manifests, `manifest.rs`);
//! * items that no live code names are dropped (`prune.rs`: by name, from `main` on), so that only
//!   the judge's code ships;
//! * in the [`Layout::Compact`] layout (the default), comments, indentation and every space or line
//!   break Rust does not need are dropped ([`compact()`], `compact.rs`); the [`Layout::Pretty`]
//!   layout keeps the sources' own text, and drops comments only if the file would exceed
//!   [`SIZE_LIMIT`] characters. A file over the limit in either layout is an error.
//!
//! The output is deterministic: the same sources give the same bytes. Every edit works on the tokens
//! of a small lexer ([`lex()`]) that knows strings, raw strings, characters, lifetimes, nested comments
//! and rustc's multi-character operators, so it never edits text inside a literal or a comment, and
//! compaction never merges two tokens into one.

mod compact;
mod edit;
mod expand;
mod lex;
mod manifest;
mod prune;

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

pub use compact::{compact, strip_comments};
pub use lex::{lex, Token, TokenKind};
pub use manifest::find_workspace;

/// CodinGame's limit on a submitted source file, in characters.
pub const SIZE_LIMIT: usize = 100_000;

/// Why a crate could not be bundled.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BundleError(pub String);

impl fmt::Display for BundleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BundleError {}

type Result<T> = std::result::Result<T, BundleError>;

fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).map_err(|e| BundleError(format!("cannot read {}: {e}", path.display())))
}

/// How the bundled file is laid out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// No comments, no indentation, no line break or space that Rust does not need: the most room
    /// under the judge's limit.
    Compact,
    /// The sources as written (comments dropped only if the file would exceed [`SIZE_LIMIT`]), for
    /// reading or debugging on the judge.
    Pretty,
}

/// Bundles crate `name` of the workspace at `workspace` into one source file laid out as `layout`.
///
/// # Errors
/// If the crate has no `src/main.rs`, a file is missing or does not lex, a dependency is not a workspace
/// crate, or the result exceeds [`SIZE_LIMIT`] characters.
pub fn bundle(workspace: &Path, name: &str, layout: Layout) -> Result<String> {
    let crate_dir = workspace.join("crates").join(name);
    let main = crate_dir.join("src/main.rs");
    if !main.is_file() {
        return Err(BundleError(format!("crate `{name}` has no binary: {} is missing", main.display())));
    }
    let src_dir = crate_dir.join("src");
    let library = name.replace('-', "_");

    // The libraries to inline, in a fixed order: the crate's own, then its dependencies, transitively.
    let mut libraries: Vec<(String, PathBuf)> = Vec::new();
    if src_dir.join("lib.rs").is_file() {
        libraries.push((library.clone(), crate_dir.clone()));
    }
    let mut queue = vec![crate_dir.clone()];
    while let Some(dir) = queue.pop() {
        for dependency in manifest::workspace_dependencies(workspace, &dir)? {
            if !libraries.iter().any(|(n, _)| *n == dependency) {
                let dependency_dir = workspace.join("crates").join(&dependency);
                libraries.push((dependency.clone(), dependency_dir.clone()));
                queue.push(dependency_dir);
            }
        }
    }

    let names: Vec<String> = libraries.iter().map(|(n, _)| n.clone()).collect();
    let main_rewrite = edit::Rewrite { library: None, dependencies: &[] };
    let mut code = expand::expand_file(&main, &src_dir, &main_rewrite)?.trim_end().to_string();
    code.push('\n');
    for (library_name, dir) in &libraries {
        let dependencies = manifest::workspace_dependencies(workspace, dir)?;
        let rewrite = edit::Rewrite { library: Some(library_name), dependencies: &dependencies };
        let lib_dir = dir.join("src");
        let body = expand::expand_file(&lib_dir.join("lib.rs"), &lib_dir, &rewrite)?;
        // The libraries' items that only tests, tools or other binaries use would warn in one crate.
        code.push_str(&format!(
            "\n#[allow(dead_code, unused_imports, unused_macros)]\npub mod {library_name} {{\n{}\n}}\n",
            body.trim_end()
        ));
    }
    let code = prune::prune(&code)?;
    let out = match layout {
        Layout::Compact => format!(
            "// {name}: generated by `cargo run -p bundle -- {name}` (add --pretty for a readable file)\n{}\n",
            compact(&code)?
        ),
        Layout::Pretty => {
            let out = format!(
                "// {name}: generated by `cargo run -p bundle -- {name} --pretty` from crates/{name} and the\n\
                 // workspace crates it uses ({}). One file for the judge: edit the crates, not this.\n\n{code}",
                names.join(", ")
            );
            if out.chars().count() > SIZE_LIMIT {
                strip_comments(&out)?
            } else {
                out
            }
        }
    };
    let size = out.chars().count();
    if size > SIZE_LIMIT {
        return Err(BundleError(format!(
            "crate `{name}` bundles to {size} characters ({layout:?}), over the judge's limit of {SIZE_LIMIT}"
        )));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str, files: &[(&str, &str)]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("bundle-unit-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        for (path, text) in files {
            let path = dir.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
        dir
    }

    #[test]
    fn inlines_modules_rewrites_paths_and_drops_tests() {
        let ws = scratch(
            "basic",
            &[
                ("Cargo.toml", "[workspace]\n"),
                ("crates/io/Cargo.toml", "[package]\nname = \"io\"\n"),
                ("crates/io/src/lib.rs", "pub fn read() -> u32 { 7 }\n#[cfg(test)]\nmod tests { fn t() { let _ = \"}\"; } }\n"),
                ("crates/demo/Cargo.toml", "[package]\nname = \"demo\"\n\n[dependencies]\nio.workspace = true\n\n[dev-dependencies]\nproptest = \"1\"\n"),
                ("crates/demo/src/main.rs", "//! Demo.\nfn main() { println!(\"{}\", demo::answer()); }\n"),
                ("crates/demo/src/lib.rs", "//! The lib.\npub mod inner;\npub fn answer() -> u32 { crate::inner::twice(io::read()) }\n#[cfg(test)]\nmod tests;\n"),
                ("crates/demo/src/inner.rs", "use std::io::Write;\npub fn twice(x: u32) -> u32 { let s = \"crate::no\"; let _ = s; 2 * x }\n"),
            ],
        );
        let text = bundle(&ws, "demo", Layout::Pretty).unwrap();
        assert!(text.contains("//! The lib."), "the readable layout keeps comments: {text}");
        assert!(text.contains("crate::demo::inner::twice(crate::io::read())"), "{text}");
        assert!(text.contains("\"crate::no\""), "string literals are left alone");
        assert!(text.contains("pub mod inner {"), "{text}");
        assert!(!text.contains("cfg(test)") && !text.contains("mod tests"), "{text}");
        assert!(text.contains("use std::io::Write;"), "a std path is not the io crate");
        assert_eq!(text, bundle(&ws, "demo", Layout::Pretty).unwrap(), "deterministic");

        let compact = bundle(&ws, "demo", Layout::Compact).unwrap();
        let (header, code) = compact.split_once('\n').unwrap();
        assert!(header.starts_with("// demo: generated by `cargo run -p bundle -- demo`"), "{header}");
        assert_eq!(
            code,
            "fn main(){println!(\"{}\",demo::answer());}#[allow(dead_code,unused_imports,unused_macros)]\
             pub mod demo{pub mod inner{use std::io::Write;pub fn twice(x:u32)->u32{let s=\"crate::no\";let _=s;2*x}}\
             pub fn answer()->u32{crate::demo::inner::twice(crate::io::read())}}\
             #[allow(dead_code,unused_imports,unused_macros)]pub mod io{pub fn read()->u32{7}}\n"
        );
        assert_eq!(compact, bundle(&ws, "demo", Layout::Compact).unwrap(), "deterministic");
        let _ = fs::remove_dir_all(ws);
    }

    #[test]
    fn a_file_that_binds_io_itself_keeps_its_paths() {
        let ws = scratch(
            "binds",
            &[
                ("Cargo.toml", "[workspace]\n"),
                ("crates/io/Cargo.toml", "[package]\nname = \"io\"\n"),
                ("crates/io/src/lib.rs", "pub fn read() {}\n"),
                ("crates/demo/Cargo.toml", "[dependencies]\nio = { path = \"../io\" }\n"),
                ("crates/demo/src/main.rs", "fn main() { demo::f() }\n"),
                (
                    "crates/demo/src/lib.rs",
                    "use std::io::{self, Write};\npub fn f() { io::stdout().flush().unwrap(); }\n",
                ),
            ],
        );
        let text = bundle(&ws, "demo", Layout::Pretty).unwrap();
        assert!(text.contains("{ io::stdout()"), "{text}");
        let _ = fs::remove_dir_all(ws);
    }

    #[test]
    fn external_dependencies_missing_modules_and_oversized_files_are_errors() {
        let big = format!("fn main() {{ let _ = \"{}\"; }}\n", "x".repeat(SIZE_LIMIT));
        let ws = scratch(
            "errors",
            &[
                ("Cargo.toml", "[workspace]\n"),
                ("crates/a/Cargo.toml", "[dependencies]\nrand = \"0.8\"\n"),
                ("crates/a/src/main.rs", "fn main() {}\n"),
                ("crates/b/Cargo.toml", "[package]\n"),
                ("crates/b/src/main.rs", "mod missing;\nfn main() {}\n"),
                ("crates/c/Cargo.toml", "[package]\n"),
                ("crates/c/src/main.rs", &big),
            ],
        );
        assert!(bundle(&ws, "a", Layout::Compact).unwrap_err().0.contains("`rand` is not a workspace crate"));
        assert!(bundle(&ws, "b", Layout::Compact).unwrap_err().0.contains("module `missing`"));
        assert!(bundle(&ws, "nothing", Layout::Compact).unwrap_err().0.contains("has no binary"));
        for layout in [Layout::Compact, Layout::Pretty] {
            assert!(bundle(&ws, "c", layout).unwrap_err().0.contains("over the judge's limit"), "{layout:?}");
        }
        let _ = fs::remove_dir_all(ws);
    }
}
