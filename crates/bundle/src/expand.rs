//! Module expansion: one source file with its `mod x;` declarations replaced by the modules' files,
//! recursively, after its test items are dropped and its paths rewritten.

use std::path::Path;

use crate::edit::{drop_off_judge_items, rewrite_paths, Edits, Rewrite};
use crate::lex::TokenKind;
use crate::{read, BundleError, Result};

/// Processes one source file: drops `#[cfg(test)]` and `#[cfg(feature = "..")]` items, rewrites paths, inlines `mod x;` from
/// `child_dir`.
pub(crate) fn expand_file(path: &Path, child_dir: &Path, rewrite: &Rewrite<'_>) -> Result<String> {
    let src = read(path)?;
    let mut edits = Edits::new(&src).map_err(|e| BundleError(format!("{}: {e}", path.display())))?;
    drop_off_judge_items(&mut edits);
    rewrite_paths(&mut edits, rewrite);
    for k in 0..edits.len() {
        let token = edits.span(k);
        let previous = if k == 0 { "" } else { edits.text(k - 1) };
        if edits.is_removed(token.start)
            || edits.text(k) != "mod"
            || previous == "$"
            || k + 2 >= edits.len()
            || edits.span(k + 1).kind != TokenKind::Ident
            || edits.text(k + 2) != ";"
        {
            continue;
        }
        let body = expand_module(child_dir, edits.text(k + 1), rewrite)?;
        edits.replace(k + 2, format!(" {{\n{body}}}"));
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
