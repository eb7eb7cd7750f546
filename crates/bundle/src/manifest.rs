//! Manifest reading: which workspace crates a crate depends on, and where the workspace is.

use std::fs;
use std::path::{Path, PathBuf};

use crate::{read, BundleError, Result};

/// The workspace crates that `crate_dir/Cargo.toml` lists under `[dependencies]`.
///
/// # Errors
/// If a dependency is not a crate of the workspace (`crates/<name>`): it could not be inlined.
pub(crate) fn workspace_dependencies(workspace: &Path, crate_dir: &Path) -> Result<Vec<String>> {
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

/// The workspace root: the nearest ancestor of `start` whose `Cargo.toml` has a `[workspace]` table.
pub fn find_workspace(start: &Path) -> Option<PathBuf> {
    start.ancestors().find_map(|dir| {
        let manifest = fs::read_to_string(dir.join("Cargo.toml")).ok()?;
        manifest.lines().any(|l| l.trim() == "[workspace]").then(|| dir.to_path_buf())
    })
}
