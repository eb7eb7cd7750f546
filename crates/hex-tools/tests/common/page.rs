//! What the page tests share: an engine that says an estimate after every move, and the board
//! the page shows compared, cell by cell, with the `hex` library's.

use super::{arena, Scratch, HEX_ARENA};
use hex::{Cell, Game, SIZE};
use hex_tools::hex_record::{read_files, Record};
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;
use test_support::browser::Tab;

/// A match or tournament played for a page test, and its two pages.
pub struct Played {
    pub records: Vec<Record>,
    /// The page `hex-arena html` wrote from the records.
    pub page: PathBuf,
    /// The page `--html` wrote during the run.
    pub live: PathBuf,
    pub stdout: String,
}

/// Plays `hex-arena ARGS --html live.html` in `scratch`, then writes the page of its records with
/// `hex-arena html`.
pub fn play_with_pages(scratch: &Scratch, args: &[&str]) -> Played {
    let live = scratch.path("live.html");
    let args: Vec<&str> = args.iter().copied().chain(["--html", live.to_str().unwrap()]).collect();
    let run = arena(scratch, &args);
    let records_path = scratch.path("records.txt");
    let page = scratch.path("page.html");
    let output = Command::new(HEX_ARENA)
        .args(["html", "-o", page.to_str().unwrap(), records_path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    Played { records: read_files(&[records_path]).unwrap(), page, live, stdout: run.stdout }
}

/// Plays the last empty cell (rows top to bottom) and says an estimate, `NN%`, then markup that the
/// page must show as text; as blue facing one stone it swaps.
pub const ESTIMATING: &str = r#"#!/bin/sh
read header
colour=${header#* }
turn=0
while read last; do
    stones=0
    row=0
    while [ $row -lt 11 ]; do
        read line || exit 0
        row=$((row + 1))
        col=0
        for token in $line; do
            col=$((col + 1))
            if [ "$token" = "." ]; then frow=$row; fcol=$col; else stones=$((stones + 1)); fi
        done
    done
    turn=$((turn + 1))
    if [ "$colour" = blue ] && [ $stones = 1 ]; then echo "swap-pieces 50% <i>&amp;</i>"; continue; fi
    echo "$(echo abcdefghijk | cut -c$fcol)$frow $(( (turn * 37) % 101 ))% <i>&amp;</i>"
done
"#;

/// Whether an answer's message carries an estimate (its first word `NN%`).
pub fn estimates(message: &str) -> bool {
    message.split(' ').next().is_some_and(|word| word.ends_with('%'))
}

/// The board as the page shows it: `cell=v` for every cell (`.`, `r`, `b`), sorted.
pub fn page_board(tab: &Tab) -> Vec<String> {
    let text = tab
        .text("Array.from(document.querySelectorAll('#board [data-cell]')).map(e => e.dataset.cell + '=' + e.dataset.v).join(' ')")
        .unwrap();
    let mut cells: Vec<String> = text.split(' ').map(str::to_string).collect();
    cells.sort();
    cells
}

/// The `hex` library's board after the first `m` moves, in the same form.
pub fn library_board(record: &Record, m: usize) -> Vec<String> {
    let mut game = Game::new();
    for &mv in &record.moves[..m] {
        game.play(mv).unwrap();
    }
    let mut cells: Vec<String> = (0..SIZE * SIZE)
        .map(|i| {
            let cell = Cell::from_index(i);
            let v = match game.board().get(cell) {
                None => '.',
                Some(hex::Color::Red) => 'r',
                Some(hex::Color::Blue) => 'b',
            };
            format!("{cell}={v}")
        })
        .collect();
    cells.sort();
    cells
}

/// Waits until the page shows game `game` after `m` moves, then checks its board cell by cell.
pub fn check_position(tab: &Tab, record: &Record, m: usize) {
    let shown = format!("main.dataset.game === '{}' && main.dataset.m === '{m}'", record.game);
    tab.wait_for(&shown, Duration::from_secs(10)).unwrap();
    assert_eq!(tab.text("location.hash").unwrap(), format!("#g{}m{m}", record.game));
    assert_eq!(page_board(tab), library_board(record, m), "game {} after {m} moves", record.game);
}
