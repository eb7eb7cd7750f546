//! Records compressed or not: every `hex-arena` subcommand reads records files plain or gzip (by
//! their bytes, concatenated members included) with the same output, writes `.gz` where asked, and
//! a truncated `.gz` gives one error line naming the file, exit status 1, and no page. The fixtures
//! are made with `match_kit::files` (no gzip program).

mod common;

use common::*;
use match_kit::files::{is_gzip, read_text, write_text};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(HEX_ARENA).args(args).output().expect("hex-arena runs")
}

fn ok(args: &[&str]) -> String {
    let output = run(args);
    assert!(output.status.success(), "{args:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8(output.stdout).unwrap()
}

fn text(path: &Path) -> &str {
    path.to_str().unwrap()
}

/// The committed record of the bot against MoHex, compressed, and its text unzipped beside it.
fn committed(scratch: &Scratch) -> (PathBuf, PathBuf) {
    let packed = Path::new(env!("CARGO_MANIFEST_DIR")).join("results/sb-vs-mohex-1s-seed876-epyc.txt.gz");
    let plain = scratch.path("sb-vs-mohex.txt");
    std::fs::write(&plain, read_text(&packed).unwrap()).unwrap();
    (packed, plain)
}

#[test]
fn merge_html_sgf_and_svg_read_the_committed_gz_like_its_text() {
    let scratch = Scratch::new("files-committed");
    let (packed, plain) = committed(&scratch);
    let merged = ok(&["merge", text(&packed)]);
    assert!(merged.starts_with("163 games merged from 1 records files: A = sb vs B = mohex"), "{merged}");
    assert_eq!(merged, ok(&["merge", text(&plain)]));
    let (page_gz, page_txt) = (scratch.path("gz.html"), scratch.path("txt.html"));
    ok(&["html", "-o", text(&page_gz), text(&packed)]);
    ok(&["html", "-o", text(&page_txt), text(&plain)]);
    let page = std::fs::read_to_string(&page_gz).unwrap();
    assert!(page.contains("<title>hex-arena: sb vs mohex, 163 games</title>"));
    assert_eq!(page, std::fs::read_to_string(&page_txt).unwrap(), "the same page");
    assert_eq!(ok(&["sgf", text(&packed)]), ok(&["sgf", text(&plain)]));
    assert_eq!(ok(&["svg", "--game", "3", text(&packed)]), ok(&["svg", "--game", "3", text(&plain)]));
    // Written compressed where the name ends in .gz, whole.
    let (sgf_gz, svg_gz) = (scratch.path("games.sgf.gz"), scratch.path("three.svg.gz"));
    ok(&["sgf", "-o", text(&sgf_gz), text(&packed)]);
    ok(&["svg", "--game", "3", "-o", text(&svg_gz), text(&plain)]);
    assert!(is_gzip(&std::fs::read(&sgf_gz).unwrap()));
    assert_eq!(read_text(&sgf_gz).unwrap(), ok(&["sgf", text(&plain)]));
    assert_eq!(read_text(&svg_gz).unwrap(), ok(&["svg", "--game", "3", text(&plain)]));
}

#[test]
fn a_live_gz_records_file_and_concatenated_shards_merge_like_plain_ones() {
    let scratch = Scratch::new("files-live");
    let random = random_baseline();
    let base =
        ["-q", "-n", "8", "--seed", "3", "--openings", "a1,c3,e5,g7", "--name-a", "ra", "--name-b", "rb"];
    let mut parts = Vec::new();
    for (k, name) in [(1, "part-1.txt.gz"), (2, "part-2.txt")] {
        let shard = format!("{k}/2");
        let path = scratch.path(name);
        let args: Vec<&str> = base
            .iter()
            .copied()
            .chain(["--shard", &shard, "--records", text(&path), &random, &random])
            .collect();
        ok(&args);
        parts.push(path);
    }
    assert!(is_gzip(&std::fs::read(&parts[0]).unwrap()));
    assert_eq!(read_text(&parts[0]).unwrap().lines().count(), 4);
    let merged = ok(&["merge", text(&parts[0]), text(&parts[1])]);
    // Both parts as gzip members of one file (`cat a.gz b.gz`).
    let second_gz = scratch.path("part-2.txt.gz");
    write_text(&second_gz, &read_text(&parts[1]).unwrap()).unwrap();
    let mut both = std::fs::read(&parts[0]).unwrap();
    both.extend(std::fs::read(&second_gz).unwrap());
    let concatenated = scratch.path("both.txt.gz");
    std::fs::write(&concatenated, both).unwrap();
    let merged_once = ok(&["merge", text(&concatenated)]);
    assert_eq!(tallies(&merged_once), tallies(&merged));
    assert!(merged.starts_with("8 games merged from 2 records files"), "{merged}");
    // An opening list from a compressed file.
    let openings = scratch.path("openings.txt.gz");
    write_text(&openings, "a1 c3\ne5\n").unwrap();
    let at = format!("@{}", text(&openings));
    let out = ok(&["-q", "-n", "2", "--openings", &at, &random, &random]);
    assert!(out.contains("forced openings from a list of 3"), "{out}");
}

#[test]
fn a_truncated_gz_is_one_error_line_naming_it_and_leaves_no_page() {
    let scratch = Scratch::new("files-truncated");
    let (packed, _) = committed(&scratch);
    let bytes = std::fs::read(&packed).unwrap();
    let cut = scratch.path("cut.txt.gz");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    let page = scratch.path("page.html");
    for existing in [false, true] {
        if existing {
            std::fs::write(&page, "the page before").unwrap();
        }
        for args in
            [&["html", "-o", text(&page), text(&cut)][..], &["merge", text(&cut)], &["sgf", text(&cut)]]
        {
            let output = run(args);
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(1), "{args:?}");
            assert_eq!(stderr.lines().count(), 1, "{stderr}");
            assert!(stderr.starts_with("error: ") && stderr.contains(text(&cut)), "{stderr}");
            assert!(stderr.contains("truncated"), "{stderr}");
            assert!(output.stdout.is_empty(), "nothing half written to stdout");
        }
        assert_page_untouched(&page, existing);
    }
    let files = std::fs::read_dir(&scratch.dir).unwrap().count();
    assert_eq!(files, 3, "the unzipped records, the cut ones and the page: no temporary file left");
}
