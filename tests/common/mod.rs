//! Shared support for the top-level tests: where the workspace is, its solver binaries (as cargo
//! built them for the test run), their bundled single-file versions (compiled with plain `rustc`),
//! the sample files, and running a program with a time limit.
#![allow(dead_code)] // each test file uses a different part

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The workspace root (the root package's manifest directory).
pub fn workspace_root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Scratch space of the test harness, inside the target directory.
fn scratch() -> PathBuf {
    PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
}

/// The crates that ship a binary to a judge: every `crates/<name>/src/main.rs` but the bundler's.
pub fn solver_crates() -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(workspace_root().join("crates"))
        .expect("crates/ is readable")
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().join("src/main.rs").is_file())
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name != "bundle")
        .collect();
    names.sort();
    names
}

/// Path to the workspace binary `name` (a solver, a referee, a baseline), built by cargo in the
/// target directory and profile of the running test.
///
/// `cargo test --workspace` has built most of them already; the first call asks cargo for the rest
/// (`cargo build --workspace --bins` in the same profile), which compiles only the binaries' own
/// `main.rs` on top of the libraries the tests use. Cargo does not hold its lock while tests run.
pub fn binary(name: &str) -> PathBuf {
    static BUILT: OnceLock<PathBuf> = OnceLock::new();
    let dir = BUILT.get_or_init(|| {
        // This test runs from <target>/<profile dir>/deps/.
        let exe = std::env::current_exe().expect("the test knows its path");
        let profile_dir =
            exe.parent().and_then(Path::parent).expect("tests run from <target>/<profile>/deps");
        let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
            Some("debug") => "dev",
            Some(other) => other,
            None => panic!("unexpected test path {}", exe.display()),
        };
        let target = profile_dir.parent().expect("a target directory");
        let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
        let output = Command::new(cargo)
            .args(["build", "--workspace", "--bins", "--quiet", "--profile", profile, "--target-dir"])
            .arg(target)
            .current_dir(workspace_root())
            .output()
            .expect("cargo runs");
        assert!(output.status.success(), "cargo build failed:\n{}", String::from_utf8_lossy(&output.stderr));
        profile_dir.to_path_buf()
    });
    let path = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(path.is_file(), "no binary named {name} in the workspace ({})", path.display());
    path
}

/// The crate's bundled single file, as the bundler writes it by default (compact).
pub fn bundle_source(name: &str) -> String {
    bundle::bundle(&workspace_root(), name, bundle::Layout::Compact)
        .unwrap_or_else(|e| panic!("bundling {name}: {e}"))
}

/// The compiler for the bundles: `BUNDLE_RUSTC` if set (CI sets it to Rust 1.79.0, the oldest
/// judge's), else `RUSTC`, else `rustc`.
pub fn bundle_rustc() -> std::ffi::OsString {
    std::env::var_os("BUNDLE_RUSTC").or_else(|| std::env::var_os("RUSTC")).unwrap_or_else(|| "rustc".into())
}

/// Path to the crate bundled into one file and compiled alone with `rustc --edition 2021 -O`
/// ([`bundle_rustc`]), as a judge does. Recompiled only when the bundled text changed.
pub fn bundled_binary(name: &str) -> PathBuf {
    static LOCK: Mutex<()> = Mutex::new(());
    let _guard = LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let rustc = bundle_rustc();
    // One folder per compiler, so that a binary built by one is never taken for another's.
    let compiler: String =
        rustc.to_string_lossy().chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect();
    let dir = scratch().join("bundles").join(compiler);
    std::fs::create_dir_all(&dir).unwrap();
    let source_path = dir.join(format!("{name}.rs"));
    let binary_path = dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    let source = bundle_source(name);
    let unchanged = std::fs::read_to_string(&source_path).is_ok_and(|old| old == source);
    if unchanged && binary_path.is_file() {
        return binary_path;
    }
    let pending = dir.join(format!("{name}.{}.rs", std::process::id()));
    std::fs::write(&pending, &source).unwrap();
    let pending_binary = dir.join(format!("{name}.{}.bin", std::process::id()));
    let output = Command::new(&rustc)
        .args(["--edition", "2021", "-O", "--crate-name", &name.replace('-', "_"), "-o"])
        .arg(&pending_binary)
        .arg(&pending)
        .output()
        .expect("rustc runs");
    assert!(
        output.status.success(),
        "the bundled {name} does not compile alone:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    std::fs::rename(&pending_binary, &binary_path).unwrap();
    std::fs::rename(&pending, &source_path).unwrap();
    binary_path
}

/// A sample: `samples/<crate>/NN.in` with its `NN.ans`.
pub struct Sample {
    pub input: PathBuf,
    pub answer: PathBuf,
}

/// Every sample of every crate: `(crate, sample)`, sorted. Panics if an `.in` has no `.ans`.
pub fn samples() -> Vec<(String, Sample)> {
    let mut found = Vec::new();
    for (name, dir) in sample_dirs() {
        for input in files_with_extension(&dir, "in") {
            let answer = input.with_extension("ans");
            assert!(answer.is_file(), "{} has no {}", input.display(), answer.display());
            found.push((name.clone(), Sample { input, answer }));
        }
    }
    found
}

/// `(crate, samples/<crate>)` for every folder of `samples/`.
pub fn sample_dirs() -> Vec<(String, PathBuf)> {
    let mut dirs: Vec<(String, PathBuf)> = std::fs::read_dir(workspace_root().join("samples"))
        .expect("samples/ is readable")
        .filter_map(|entry| entry.ok())
        .filter(|entry| entry.path().is_dir())
        .map(|entry| (entry.file_name().to_string_lossy().into_owned(), entry.path()))
        .collect();
    dirs.sort();
    dirs
}

/// A malformed input, `samples/<crate>/bad/NAME.in`, and the text its error line must contain
/// (`NAME.err`, trimmed).
pub struct BadInput {
    pub input: PathBuf,
    pub expected: String,
}

/// The bad inputs of `name`.
pub fn bad_inputs(name: &str) -> Vec<BadInput> {
    let dir = workspace_root().join("samples").join(name).join("bad");
    files_with_extension(&dir, "in")
        .into_iter()
        .map(|input| {
            let err = input.with_extension("err");
            let expected = std::fs::read_to_string(&err)
                .unwrap_or_else(|_| panic!("{} has no {}", input.display(), err.display()))
                .trim()
                .to_string();
            BadInput { input, expected }
        })
        .collect()
}

fn files_with_extension(dir: &Path, extension: &str) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    let mut files: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok())
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == extension))
        .collect();
    files.sort();
    files
}

/// What a program did with an input.
pub struct Run {
    pub status: Option<ExitStatus>,
    pub stdout: String,
    pub stderr: String,
    pub elapsed: Duration,
}

impl Run {
    /// True if the program ended by itself within the limit.
    pub fn finished(&self) -> bool {
        self.status.is_some()
    }

    /// The exit code, if it exited normally.
    pub fn code(&self) -> Option<i32> {
        self.status.and_then(|s| s.code())
    }
}

/// Runs `program` with `input` on stdin; kills it after `limit`.
pub fn run(program: &Path, input: &[u8], limit: Duration) -> Run {
    run_with_env(program, &[], input, limit)
}

/// [`run`] with the environment variables `env` set.
pub fn run_with_env(program: &Path, env: &[(&str, &str)], input: &[u8], limit: Duration) -> Run {
    let start = Instant::now();
    let mut child = Command::new(program)
        .envs(env.iter().copied())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .env_remove("RUST_BACKTRACE")
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {}: {e}", program.display()));
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    // The program may exit before reading everything (a closed pipe is not our error).
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let mut stdout = child.stdout.take().unwrap();
    let mut stderr = child.stderr.take().unwrap();
    let out_reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stdout.read_to_end(&mut text);
        text
    });
    let err_reader = std::thread::spawn(move || {
        let mut text = Vec::new();
        let _ = stderr.read_to_end(&mut text);
        text
    });
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let elapsed = start.elapsed();
    let _ = writer.join();
    let stdout = String::from_utf8_lossy(&out_reader.join().unwrap()).into_owned();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap()).into_owned();
    Run { status, stdout, stderr, elapsed }
}

/// Compares two outputs token by token; `None` if equal, else a description of the first difference.
/// What the judge takes of a solver's output: for the CodinGame bot `hex`, each line's move (its
/// first word; text after a space is a message the judge's viewer shows, such as the bot's win
/// estimate), for every other crate the whole output.
pub fn judged_answer(name: &str, output: &str) -> String {
    if name == "hex" {
        output.lines().map(|line| line.split_whitespace().next().unwrap_or("")).collect::<Vec<_>>().join("\n")
    } else {
        output.to_string()
    }
}

pub fn token_difference(expected: &str, actual: &str) -> Option<String> {
    let want: Vec<&str> = expected.split_ascii_whitespace().collect();
    let got: Vec<&str> = actual.split_ascii_whitespace().collect();
    if want == got {
        return None;
    }
    let at = want.iter().zip(&got).position(|(w, g)| w != g).unwrap_or(want.len().min(got.len()));
    Some(format!(
        "token {}: expected {:?}, found {:?} ({} tokens expected, {} found)",
        at + 1,
        want.get(at).copied().unwrap_or("<end>"),
        got.get(at).copied().unwrap_or("<end>"),
        want.len(),
        got.len()
    ))
}

/// Checks that a run is a clean rejection of bad input: it finished, exited non-zero (and not with
/// the panic status 101 or a signal), wrote exactly one `error: ` line to stderr, and that line holds
/// `expected`. Returns the problem, if any.
pub fn rejection_problem(run: &Run, expected: &str) -> Option<String> {
    if !run.finished() {
        return Some("did not finish within the time limit".into());
    }
    let lines: Vec<&str> = run.stderr.lines().collect();
    match run.code() {
        None => return Some(format!("killed by a signal; stderr: {:?}", run.stderr)),
        Some(0) => return Some(format!("exited 0; stdout: {:?}", truncate(&run.stdout))),
        Some(101) => return Some(format!("panicked: {:?}", run.stderr)),
        Some(_) => {}
    }
    if lines.len() != 1 || !lines[0].starts_with("error: ") {
        return Some(format!("stderr is not one `error: ` line: {:?}", run.stderr));
    }
    if run.stderr.contains("panicked") || run.stderr.contains("internal error") {
        return Some(format!("reported a bug, not the input: {:?}", run.stderr));
    }
    if !lines[0].contains(expected) {
        return Some(format!("error line {:?} does not contain {expected:?}", lines[0]));
    }
    None
}

/// The first 200 characters of `text`, for messages.
pub fn truncate(text: &str) -> String {
    text.chars().take(200).collect()
}
