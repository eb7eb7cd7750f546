//! One solver crate -> one `.rs` file that a judge compiles with plain `rustc --edition 2021 -O`.
//!
//! [`bundle`] takes a workspace crate's `src/main.rs`, and inlines its library (`src/lib.rs`) and every
//! workspace crate it depends on (such as `io`) as modules of the same file:
//!
//! * `mod name;` declarations are replaced by the module's file, recursively;
//! * items under `#[cfg(test)]` are removed;
//! * inside an inlined library, `crate::` becomes `crate::<library>::`, and a path that starts with a
//!   dependency's name (`io::Scanner`) becomes `crate::io::Scanner`, so the code means what it meant as
//!   a separate crate;
//! * if the file would exceed [`SIZE_LIMIT`] characters, comments are dropped; if it still does, that is
//!   an error.
//!
//! The output is deterministic: the same sources give the same bytes. The library works on a small
//! lexer ([`lex`]) that knows strings, raw strings, characters, lifetimes and nested comments, so it
//! never edits text inside a literal or a comment.

use std::fmt;
use std::fs;
use std::path::{Path, PathBuf};

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

/// What kind of text a [`Token`] covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// Spaces, tabs and line breaks.
    Whitespace,
    /// `// ...` (including doc comments) or `/* ... */`.
    Comment,
    /// An identifier or keyword (`r#type` included).
    Ident,
    /// A lifetime or label, `'a`.
    Lifetime,
    /// A string, byte string, raw string or character literal.
    Literal,
    /// A numeric literal.
    Number,
    /// One punctuation character.
    Punct,
}

/// A token: its kind and its byte range in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// The kind.
    pub kind: TokenKind,
    /// Start byte.
    pub start: usize,
    /// End byte (exclusive).
    pub end: usize,
}

fn is_ident_start(c: u8) -> bool {
    c == b'_' || c.is_ascii_alphabetic() || c >= 0x80
}

fn is_ident_continue(c: u8) -> bool {
    c == b'_' || c.is_ascii_alphanumeric() || c >= 0x80
}

/// Splits Rust source into tokens covering every byte.
///
/// # Errors
/// On an unterminated string, character or block comment.
pub fn lex(src: &str) -> Result<Vec<Token>> {
    let b = src.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let unterminated = |what: &str, at: usize| {
        let line = src[..at].matches('\n').count() + 1;
        BundleError(format!("unterminated {what} starting on line {line}"))
    };
    while i < b.len() {
        let start = i;
        let c = b[i];
        let kind = if c.is_ascii_whitespace() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            TokenKind::Whitespace
        } else if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            TokenKind::Comment
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            loop {
                if i >= b.len() {
                    return Err(unterminated("block comment", start));
                }
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            TokenKind::Comment
        } else if let Some(len) = raw_string_len(&b[i..]) {
            i += len.ok_or_else(|| unterminated("raw string", start))?;
            TokenKind::Literal
        } else if c == b'"' || ((c == b'b' || c == b'c') && b.get(i + 1) == Some(&b'"')) {
            i += if c == b'"' { 1 } else { 2 };
            loop {
                match b.get(i) {
                    None => return Err(unterminated("string", start)),
                    Some(b'\\') => i += 2,
                    Some(b'"') => {
                        i += 1;
                        break;
                    }
                    Some(_) => i += 1,
                }
            }
            TokenKind::Literal
        } else if c == b'\'' || (c == b'b' && b.get(i + 1) == Some(&b'\'')) {
            let quote = if c == b'\'' { i } else { i + 1 };
            match char_literal_len(&src[quote..]) {
                Some(len) => {
                    i = quote + len;
                    TokenKind::Literal
                }
                None if c == b'\'' => {
                    i += 1;
                    while i < b.len() && is_ident_continue(b[i]) {
                        i += 1;
                    }
                    TokenKind::Lifetime
                }
                None => return Err(unterminated("byte literal", start)),
            }
        } else if c == b'r' && b.get(i + 1) == Some(&b'#') && b.get(i + 2).is_some_and(|&n| is_ident_start(n))
        {
            i += 2;
            while i < b.len() && is_ident_continue(b[i]) {
                i += 1;
            }
            TokenKind::Ident
        } else if is_ident_start(c) {
            while i < b.len() && is_ident_continue(b[i]) {
                i += 1;
            }
            TokenKind::Ident
        } else if c.is_ascii_digit() {
            // Digits, suffixes and exponents; a '.' only when a digit follows (so `0..9` is three tokens).
            while i < b.len()
                && (is_ident_continue(b[i]) || (b[i] == b'.' && b.get(i + 1).is_some_and(u8::is_ascii_digit)))
            {
                i += 1;
            }
            TokenKind::Number
        } else {
            // One character (which may be several bytes).
            i += src[i..].chars().next().map_or(1, char::len_utf8);
            TokenKind::Punct
        };
        tokens.push(Token { kind, start, end: i });
    }
    Ok(tokens)
}

/// If `b` starts a raw string (`r"`, `r#"`, `br#"`, `cr"`...), its length (`None` if unterminated).
fn raw_string_len(b: &[u8]) -> Option<Option<usize>> {
    let mut i = match b {
        [b'r', ..] => 1,
        [b'b' | b'c', b'r', ..] => 2,
        _ => return None,
    };
    let hashes = b[i..].iter().take_while(|&&c| c == b'#').count();
    i += hashes;
    if b.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    while i < b.len() {
        if b[i] == b'"' && b[i + 1..].iter().take(hashes).filter(|&&c| c == b'#').count() == hashes {
            return Some(Some(i + 1 + hashes));
        }
        i += 1;
    }
    Some(None)
}

/// If `s` (starting at a `'`) is a character literal, its length; `None` for a lifetime.
fn char_literal_len(s: &str) -> Option<usize> {
    let rest = &s[1..];
    let mut chars = rest.char_indices();
    let (_, first) = chars.next()?;
    if first == '\\' {
        // An escape: the literal ends at the next quote ('\'' and '\\' are two-character escapes).
        let after = &rest[1..];
        let skip = usize::from(after.starts_with('\'') || after.starts_with('\\'));
        let close = after[skip..].find('\'')?;
        return Some(1 + 1 + skip + close + 1);
    }
    let (second_at, second) = chars.next()?;
    (second == '\'').then_some(1 + second_at + 1)
}

/// Indices of the tokens that are not whitespace or comments.
fn significant(tokens: &[Token]) -> Vec<usize> {
    (0..tokens.len())
        .filter(|&i| !matches!(tokens[i].kind, TokenKind::Whitespace | TokenKind::Comment))
        .collect()
}

/// A source file being edited: its text, tokens, and pending replacements of token ranges.
struct Edits<'a> {
    src: &'a str,
    tokens: Vec<Token>,
    /// Significant token indices.
    sig: Vec<usize>,
    /// (start byte, end byte, replacement), non-overlapping.
    replacements: Vec<(usize, usize, String)>,
}

impl<'a> Edits<'a> {
    fn new(src: &'a str) -> Result<Self> {
        let tokens = lex(src)?;
        let sig = significant(&tokens);
        Ok(Edits { src, tokens, sig, replacements: Vec::new() })
    }

    /// The text of the `k`-th significant token.
    fn text(&self, k: usize) -> &'a str {
        self.sig.get(k).map_or("", |&i| &self.src[self.tokens[i].start..self.tokens[i].end])
    }

    fn span(&self, k: usize) -> Token {
        self.tokens[self.sig[k]]
    }

    fn texts_match(&self, k: usize, pattern: &[&str]) -> bool {
        pattern.iter().enumerate().all(|(j, p)| self.text(k + j) == *p)
    }

    /// The index just past the item that starts at significant token `k` (attributes included):
    /// the `;` that ends it, or the `}` that closes its body.
    fn item_end(&self, k: usize) -> usize {
        let mut depth = 0i32;
        let mut j = k;
        while j < self.sig.len() {
            match self.text(j) {
                "(" | "[" | "{" => depth += 1,
                ")" | "]" => depth -= 1,
                "}" => {
                    depth -= 1;
                    if depth == 0 {
                        // Attributes are bracketed, never braced, so the first brace group closed
                        // at depth 0 is the item's body.
                        return j + 1;
                    }
                }
                ";" if depth == 0 => return j + 1,
                _ => {}
            }
            j += 1;
        }
        self.sig.len()
    }

    fn is_removed(&self, byte: usize) -> bool {
        self.replacements.iter().any(|&(s, e, _)| s <= byte && byte < e)
    }

    fn apply(mut self) -> String {
        self.replacements.sort_by_key(|r| r.0);
        let mut out = String::with_capacity(self.src.len());
        let mut at = 0;
        for (start, end, text) in &self.replacements {
            out.push_str(&self.src[at..*start]);
            out.push_str(text);
            at = *end;
        }
        out.push_str(&self.src[at..]);
        out
    }
}

/// Whether the file binds a name `name` of its own (`use std::io;`, `use std::io::{self, ..}`,
/// `as io`, `mod io`), in which case paths starting with `name` are not the dependency.
fn binds_name(edits: &Edits<'_>, name: &str) -> bool {
    (0..edits.sig.len()).any(|k| {
        if edits.text(k) != name {
            return false;
        }
        let before = edits.text(k.wrapping_sub(1));
        if before == "as" || before == "mod" {
            return true;
        }
        if before != ":" {
            return false;
        }
        match edits.text(k + 1) {
            ";" | "," | "}" => true,
            ":" if edits.text(k + 2) == ":" && edits.text(k + 3) == "{" => {
                let mut depth = 0;
                for j in k + 3..edits.sig.len() {
                    match edits.text(j) {
                        "{" => depth += 1,
                        "}" => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        "self" if depth == 1 => return true,
                        _ => {}
                    }
                }
                false
            }
            _ => false,
        }
    })
}

/// How an inlined file's paths must be rewritten.
struct Rewrite<'a> {
    /// The library this file belongs to (`crate::` becomes `crate::<library>::`), `None` for main.rs.
    library: Option<&'a str>,
    /// The workspace crates it depends on (`io::x` becomes `crate::io::x`).
    dependencies: &'a [String],
}

/// Processes one source file: drops `#[cfg(test)]` items, rewrites paths, inlines `mod x;` from
/// `child_dir`.
fn expand_file(path: &Path, child_dir: &Path, rewrite: &Rewrite<'_>) -> Result<String> {
    let src = read(path)?;
    let mut edits = Edits::new(&src).map_err(|e| BundleError(format!("{}: {e}", path.display())))?;
    let n = edits.sig.len();

    // 1. Test-only items.
    let mut k = 0;
    while k < n {
        if edits.texts_match(k, &["#", "[", "cfg", "(", "test", ")", "]"]) {
            let end = edits.item_end(k);
            let (start, stop) = (edits.span(k).start, edits.span(end - 1).end);
            edits.replacements.push((start, stop, String::new()));
            k = end;
        } else {
            k += 1;
        }
    }

    // 2. Path rewrites and `mod x;` expansion, outside removed items.
    let mut bound = Vec::new();
    for dependency in rewrite.dependencies {
        if !binds_name(&edits, dependency) {
            bound.push(dependency.as_str());
        }
    }
    for k in 0..n {
        let token = edits.span(k);
        if edits.is_removed(token.start) || token.kind != TokenKind::Ident {
            continue;
        }
        let word = edits.text(k);
        let path_start = edits.text(k + 1) == ":" && edits.text(k + 2) == ":";
        let previous = if k == 0 { "" } else { edits.text(k - 1) };
        if path_start && word == "crate" && previous != "$" {
            if let Some(library) = rewrite.library {
                edits.replacements.push((token.start, token.end, format!("crate::{library}")));
            }
        } else if path_start && bound.contains(&word) && previous != ":" && previous != "." {
            edits.replacements.push((token.start, token.end, format!("crate::{word}")));
        } else if word == "mod"
            && edits.span(k + 1).kind == TokenKind::Ident
            && edits.text(k + 2) == ";"
            && previous != "$"
        {
            let name = edits.text(k + 1);
            let body = expand_module(child_dir, name, rewrite)?;
            let semicolon = edits.span(k + 2);
            edits.replacements.push((semicolon.start, semicolon.end, format!(" {{\n{body}}}")));
        }
    }
    Ok(edits.apply())
}

/// Finds and expands the file of module `name` declared in a file whose children live in `dir`.
fn expand_module(dir: &Path, name: &str, rewrite: &Rewrite<'_>) -> Result<String> {
    let flat = dir.join(format!("{name}.rs"));
    let nested = dir.join(name).join("mod.rs");
    if flat.is_file() {
        expand_file(&flat, &dir.join(name), rewrite)
    } else if nested.is_file() {
        expand_file(&nested, &dir.join(name), rewrite)
    } else {
        Err(BundleError(format!(
            "module `{name}`: neither {} nor {} exists",
            flat.display(),
            nested.display()
        )))
    }
}

/// The workspace crates that `crate_dir/Cargo.toml` lists under `[dependencies]`.
///
/// # Errors
/// If a dependency is not a crate of the workspace (`crates/<name>`): it could not be inlined.
fn workspace_dependencies(workspace: &Path, crate_dir: &Path) -> Result<Vec<String>> {
    let manifest = read(&crate_dir.join("Cargo.toml"))?;
    let mut in_dependencies = false;
    let mut found = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            in_dependencies = line == "[dependencies]";
            continue;
        }
        if !in_dependencies || line.is_empty() || line.starts_with('#') {
            continue;
        }
        let name: String =
            line.chars().take_while(|&c| c.is_ascii_alphanumeric() || c == '-' || c == '_').collect();
        if !workspace.join("crates").join(&name).join("src/lib.rs").is_file() {
            return Err(BundleError(format!(
                "{}: dependency `{name}` is not a workspace crate; a judge cannot compile it",
                crate_dir.display()
            )));
        }
        found.push(name.replace('-', "_"));
    }
    Ok(found)
}

/// Drops every comment and blank line (the fallback when the file is over [`SIZE_LIMIT`]).
///
/// # Errors
/// If the text does not lex.
pub fn strip_comments(src: &str) -> Result<String> {
    let mut out = String::with_capacity(src.len());
    for token in lex(src)? {
        if token.kind != TokenKind::Comment {
            out.push_str(&src[token.start..token.end]);
        }
    }
    let lines: Vec<&str> = out.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
    Ok(lines.join("\n") + "\n")
}

/// Bundles crate `name` of the workspace at `workspace` into one source file.
///
/// # Errors
/// If the crate has no `src/main.rs`, a file is missing or does not lex, a dependency is not a workspace
/// crate, or the result exceeds [`SIZE_LIMIT`] characters even without comments.
pub fn bundle(workspace: &Path, name: &str) -> Result<String> {
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
        for dependency in workspace_dependencies(workspace, &dir)? {
            if !libraries.iter().any(|(n, _)| *n == dependency) {
                let dependency_dir = workspace.join("crates").join(&dependency);
                libraries.push((dependency.clone(), dependency_dir.clone()));
                queue.push(dependency_dir);
            }
        }
    }

    let names: Vec<String> = libraries.iter().map(|(n, _)| n.clone()).collect();
    let mut out = format!(
        "// {name}: generated by `cargo run -p bundle -- {name}` from crates/{name} and the workspace\n\
         // crates it uses ({}). One file for the judge: edit the crates, not this.\n\n",
        names.join(", ")
    );
    let main_rewrite = Rewrite { library: None, dependencies: &[] };
    out.push_str(expand_file(&main, &src_dir, &main_rewrite)?.trim_end());
    out.push('\n');
    for (library_name, dir) in &libraries {
        let dependencies = workspace_dependencies(workspace, dir)?;
        let rewrite = Rewrite { library: Some(library_name), dependencies: &dependencies };
        let lib_dir = dir.join("src");
        let body = expand_file(&lib_dir.join("lib.rs"), &lib_dir, &rewrite)?;
        out.push_str(&format!(
            "\n#[allow(dead_code, unused_imports, unused_macros)]\npub mod {library_name} {{\n{}\n}}\n",
            body.trim_end()
        ));
    }
    if out.chars().count() > SIZE_LIMIT {
        out = strip_comments(&out)?;
    }
    let size = out.chars().count();
    if size > SIZE_LIMIT {
        return Err(BundleError(format!(
            "crate `{name}` bundles to {size} characters without comments, over the judge's limit of {SIZE_LIMIT}"
        )));
    }
    Ok(out)
}

/// The workspace root: the nearest ancestor of `start` whose `Cargo.toml` has a `[workspace]` table.
pub fn find_workspace(start: &Path) -> Option<PathBuf> {
    start.ancestors().find_map(|dir| {
        let manifest = fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        manifest.lines().any(|l| l.trim() == "[workspace]").then(|| dir.to_path_buf())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(TokenKind, &str)> {
        lex(src)
            .unwrap()
            .into_iter()
            .filter(|t| t.kind != TokenKind::Whitespace)
            .map(|t| (t.kind, &src[t.start..t.end]))
            .collect()
    }

    #[test]
    fn lexer_separates_literals_lifetimes_and_comments() {
        use TokenKind::*;
        let src = r###"fn f<'a>(x: &'a str) -> char { let _ = r#"a "crate::" b"#; '\'' } // crate::x
/* outer /* inner */ still */ b'x' '\u{1F600}' "esc\"aped" 1.5e3 0..9"###;
        let got = kinds(src);
        assert!(got.contains(&(Lifetime, "'a")));
        assert!(got.contains(&(Literal, r###"r#"a "crate::" b"#"###)));
        assert!(got.contains(&(Literal, r"'\''")));
        assert!(got.contains(&(Comment, "// crate::x")));
        assert!(got.contains(&(Comment, "/* outer /* inner */ still */")));
        assert!(got.contains(&(Literal, "b'x'")));
        assert!(got.contains(&(Literal, r"'\u{1F600}'")));
        assert!(got.contains(&(Literal, r#""esc\"aped""#)));
        assert!(got.contains(&(Number, "1.5e3")));
        assert!(got.contains(&(Number, "0")) && got.contains(&(Number, "9")));
        // Every byte is covered exactly once.
        let tokens = lex(src).unwrap();
        assert_eq!(tokens.first().unwrap().start, 0);
        assert_eq!(tokens.last().unwrap().end, src.len());
        assert!(tokens.windows(2).all(|w| w[0].end == w[1].start));
    }

    #[test]
    fn lexer_reports_unterminated_input() {
        assert!(lex("let s = \"open").is_err());
        assert!(lex("/* open /* */").is_err());
        assert!(lex("r#\"open\"").is_err());
    }

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
        let text = bundle(&ws, "demo").unwrap();
        assert!(text.contains("crate::demo::inner::twice(crate::io::read())"), "{text}");
        assert!(text.contains("\"crate::no\""), "string literals are left alone");
        assert!(text.contains("pub mod inner {"), "{text}");
        assert!(!text.contains("cfg(test)") && !text.contains("mod tests"), "{text}");
        assert!(text.contains("use std::io::Write;"), "a std path is not the io crate");
        assert_eq!(text, bundle(&ws, "demo").unwrap(), "deterministic");
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
                ("crates/demo/src/main.rs", "fn main() {}\n"),
                (
                    "crates/demo/src/lib.rs",
                    "use std::io::{self, Write};\npub fn f() { io::stdout().flush().unwrap(); }\n",
                ),
            ],
        );
        let text = bundle(&ws, "demo").unwrap();
        assert!(text.contains("{ io::stdout()"), "{text}");
        let _ = fs::remove_dir_all(ws);
    }

    #[test]
    fn external_dependencies_and_missing_modules_are_errors() {
        let ws = scratch(
            "errors",
            &[
                ("Cargo.toml", "[workspace]\n"),
                ("crates/a/Cargo.toml", "[dependencies]\nrand = \"0.8\"\n"),
                ("crates/a/src/main.rs", "fn main() {}\n"),
                ("crates/b/Cargo.toml", "[package]\n"),
                ("crates/b/src/main.rs", "mod missing;\nfn main() {}\n"),
            ],
        );
        assert!(bundle(&ws, "a").unwrap_err().0.contains("`rand` is not a workspace crate"));
        assert!(bundle(&ws, "b").unwrap_err().0.contains("module `missing`"));
        assert!(bundle(&ws, "nothing").unwrap_err().0.contains("has no binary"));
        let _ = fs::remove_dir_all(ws);
    }

    #[test]
    fn oversized_files_lose_their_comments_first() {
        let comment = format!("// {}\n", "x".repeat(200));
        let code = "fn main() {}\n";
        let big = comment.repeat(600) + code;
        assert!(big.len() > SIZE_LIMIT);
        assert_eq!(strip_comments(&big).unwrap(), code);
    }
}
