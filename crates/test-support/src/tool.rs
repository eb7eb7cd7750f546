//! The external programs some tests need. On a machine without one, `cargo test` still passes: the
//! test prints a note saying what it skipped and how to install the tool. Under CI (the `CI`
//! environment variable set, as `.ci/run` and CI services do) a missing tool fails the test
//! instead, so that a test that did not run never counts as passed there.

use std::io::Write as _;
use std::path::PathBuf;
use std::process::Command;

/// Whether CI asks every test to run (`CI` set and not `false` or `0`).
pub fn under_ci() -> bool {
    std::env::var("CI").is_ok_and(|value| !value.is_empty() && value != "false" && value != "0")
}

/// The policy for a missing tool: `Some(found)` when found; otherwise a note and `None` (or a
/// failure under CI).
///
/// # Panics
/// Under CI, when the tool is missing.
pub fn needed<T>(found: Option<T>, what: &str, install: &str) -> Option<T> {
    if found.is_some() {
        return found;
    }
    let message = format!("this test needs {what}, which is not installed ({install})");
    assert!(!under_ci(), "{message}; CI is set, so the test fails rather than skip");
    // Straight to stderr, not through `eprintln!`, which the test harness captures and hides for a
    // test that passes.
    let _ = writeln!(std::io::stderr(), "note: skipped: {message}");
    None
}

/// Whether GNU parallel is on PATH (skipped with a note otherwise, failed under CI).
pub fn gnu_parallel() -> bool {
    let version = Command::new("parallel").arg("--version").output();
    let is_gnu = version.is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("GNU parallel"));
    needed(is_gnu.then_some(()), "GNU parallel", "Debian/Ubuntu: apt-get install parallel").is_some()
}

/// Whether `python3` runs (skipped with a note otherwise, failed under CI).
pub fn python3() -> bool {
    let works = Command::new("python3").arg("--version").output().is_ok_and(|out| out.status.success());
    needed(works.then_some(()), "python3", "Debian/Ubuntu: apt-get install python3").is_some()
}

/// The Chromium program: `$CHROMIUM` if set (a file that is not there counts as missing), else the
/// first of `chromium`, `chromium-browser`, `google-chrome` on PATH (skipped with a note otherwise,
/// failed under CI).
pub fn chromium() -> Option<PathBuf> {
    let found = match std::env::var_os("CHROMIUM") {
        Some(path) => Some(PathBuf::from(path)).filter(|path| path.is_file()),
        None => ["chromium", "chromium-browser", "google-chrome"].iter().find_map(|name| on_path(name)),
    };
    needed(
        found,
        "Chromium",
        "Debian/Ubuntu: apt-get install --no-install-recommends chromium fonts-dejavu-core",
    )
}

/// `name`'s path if it is an executable file in a directory of PATH.
pub fn on_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path).map(|dir| dir.join(name)).find(|candidate| candidate.is_file())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_found_tool_is_returned_and_path_lookup_finds_sh() {
        assert_eq!(needed(Some(7), "x", "y"), Some(7));
        assert!(on_path("sh").is_some());
        assert!(on_path("no-such-program-here").is_none());
    }
}
