//! The match page in a real browser (headless Chromium, `test_support::browser`): a match between
//! the random baseline and a scripted engine that writes an estimate after every move (and swaps as
//! blue), its page written during the match (`--html`) and from the records (`hex-arena html`); the
//! page opens from `file://` with no console error, and the board it shows, read from the page's
//! cells, is the `hex` library's position after the same moves, at several moves of every game,
//! reached by the address, the keys and a click on the estimate graph. Without Chromium the browser
//! tests are skipped with a note, except under CI (`CI` set), where they fail.

mod common;

use common::*;
use hex::{Cell, Game, Move, SIZE};
use hex_tools::hex_record::{read_files, Record};
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;
use test_support::browser::{Browser, Tab};

/// Plays the last empty cell (rows top to bottom) and says an estimate, `NN%`; as blue facing one
/// stone it swaps.
const ESTIMATING: &str = r#"#!/bin/sh
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
    if [ "$colour" = blue ] && [ $stones = 1 ]; then echo "swap-pieces 50%"; continue; fi
    echo "$(echo abcdefghijk | cut -c$fcol)$frow $(( (turn * 37) % 101 ))%"
done
"#;

struct Match {
    records: Vec<Record>,
    /// The page `hex-arena html` wrote from the records.
    page: PathBuf,
    /// The page `--html` wrote during the match.
    live: PathBuf,
}

/// The match, played once for all the tests of this file.
fn played() -> &'static Match {
    static MATCH: OnceLock<Match> = OnceLock::new();
    MATCH.get_or_init(|| {
        let scratch = Scratch::new("page");
        let engine = scratch.script("estimating.sh", ESTIMATING);
        let live = scratch.path("live.html");
        let random = random_baseline();
        let args = [
            "-q",
            "-n",
            "6",
            "--seed",
            "5",
            "--openings",
            "f6,b2,j10",
            "--time",
            "5000/5000",
            "--html",
            live.to_str().unwrap(),
            &random,
            &engine,
        ];
        arena(&scratch, &args);
        let records_path = scratch.path("records.txt");
        let page = scratch.path("page.html");
        let output = Command::new(HEX_ARENA)
            .args(["html", "-o", page.to_str().unwrap(), records_path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        Match { records: read_files(&[records_path]).unwrap(), page, live }
    })
}

/// The board as the page shows it: `cell=v` for every cell (`.`, `r`, `b`), sorted.
fn page_board(tab: &Tab) -> Vec<String> {
    let text = tab
        .text("Array.from(document.querySelectorAll('#board [data-cell]')).map(e => e.dataset.cell + '=' + e.dataset.v).join(' ')")
        .unwrap();
    let mut cells: Vec<String> = text.split(' ').map(str::to_string).collect();
    cells.sort();
    cells
}

/// The `hex` library's board after the first `m` moves, in the same form.
fn library_board(record: &Record, m: usize) -> Vec<String> {
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
fn check_position(tab: &Tab, record: &Record, m: usize) {
    let shown = format!("main.dataset.game === '{}' && main.dataset.m === '{m}'", record.game);
    tab.wait_for(&shown, Duration::from_secs(10)).unwrap();
    assert_eq!(tab.text("location.hash").unwrap(), format!("#g{}m{m}", record.game));
    assert_eq!(page_board(tab), library_board(record, m), "game {} after {m} moves", record.game);
}

fn open<'b>(browser: &'b Browser, fragment: &str) -> Tab<'b> {
    let tab = browser.tab(1200, 1000).unwrap();
    tab.goto(&format!("file://{}{fragment}", played().page.display())).unwrap();
    tab.wait_for("document.body.dataset.ready === '1'", Duration::from_secs(10)).unwrap();
    tab
}

#[test]
fn the_pages_hold_the_records_and_every_answers_message() {
    let played = played();
    assert_eq!(played.records.len(), 6);
    let page = std::fs::read_to_string(&played.page).unwrap();
    let live = std::fs::read_to_string(&played.live).unwrap();
    let records_literal =
        |text: &str| text.lines().find(|l| l.starts_with("const RECORDS")).unwrap().to_string();
    assert_eq!(records_literal(&page), records_literal(&live), "the same games during the match and after");
    // Nothing from the network: the one address is SVG's namespace, a name, not a fetch.
    assert!(page.len() < 200_000 && !page.replace("http://www.w3.org/2000/svg", "").contains("http"));
    // Cells are named as on CodinGame: letter = column, number = row.
    assert_eq!(Cell::new(4, 3).unwrap().to_string(), "d5");
    let mut swaps = 0;
    for record in &played.records {
        // The scripted engine is B: blue in odd games. Each of its answers carries an estimate.
        for (i, message) in record.messages.iter().enumerate() {
            let b_moved = (i % 2 == 1) == (record.game % 2 == 1);
            assert_eq!(
                message.ends_with('%'),
                b_moved && record.times[i].is_some(),
                "game {} answer {i}",
                record.game
            );
        }
        swaps += usize::from(record.moves.get(1) == Some(&Move::Swap));
    }
    assert_eq!(swaps, 3, "B swaps every forced opening it faces as blue");
}

#[test]
fn every_game_shows_the_referees_positions() {
    let Some(browser) = Browser::shared() else { return };
    let tab = open(browser, "");
    assert_eq!(tab.eval("document.querySelectorAll('#games tbody tr').length").unwrap().as_f64(), Some(6.0));
    for record in &played().records {
        let n = record.moves.len();
        for m in [0, 1, 2, 3, n / 2, n - 1, n] {
            tab.eval(&format!("location.hash = '#g{}m{m}'", record.game)).unwrap();
            check_position(&tab, record, m);
            if m > 0 {
                let last = tab.text("document.querySelector('#board [data-last]').dataset.last").unwrap();
                let expected = match record.moves[m - 1] {
                    Move::Place(cell) => cell.to_string(),
                    Move::Swap => record.moves[0].to_string().parse::<Cell>().unwrap().mirror().to_string(),
                };
                assert_eq!(last, expected, "game {} move {m}", record.game);
            }
            if m == 2 && record.moves[1] == Move::Swap {
                let info = tab.text("document.getElementById('info').textContent").unwrap();
                assert!(info.contains("swap-pieces: red's") && info.contains("becomes blue's"), "{info}");
            }
        }
        // The end: the winning chain is marked, in the winner's colour.
        let winning = tab
            .text("Array.from(document.querySelectorAll('[data-win]')).map(e => e.dataset.v).join('')")
            .unwrap();
        let colour = if record.winner == hex::Color::Red { 'r' } else { 'b' };
        assert!(
            winning.len() >= SIZE && winning.chars().all(|v| v == colour),
            "game {}: {winning}",
            record.game
        );
    }
    // A link opens its position in a fresh tab.
    let record = &played().records[2];
    let linked = open(browser, &format!("#g{}m4", record.game));
    check_position(&linked, record, 4);
    assert!(
        tab.errors().is_empty() && linked.errors().is_empty(),
        "{:?} {:?}",
        tab.errors(),
        linked.errors()
    );
}

#[test]
fn keys_and_a_click_on_the_estimate_graph_step_to_the_move() {
    let Some(browser) = Browser::shared() else { return };
    let record = &played().records[0];
    let n = record.moves.len();
    let tab = open(browser, &format!("#g{}m5", record.game));
    check_position(&tab, record, 5);
    for (key, m) in
        [("ArrowRight", 6), ("ArrowRight", 7), ("ArrowLeft", 6), ("Home", 0), ("ArrowLeft", 0), ("End", n)]
    {
        tab.key(key).unwrap();
        check_position(&tab, record, m);
    }
    // The estimate points: one per message, each at its move; a click on point k (or within
    // half a move of it) shows the position after move k, marked in the move list.
    let points =
        tab.eval("document.querySelectorAll('svg[data-graph=\"0\"] circle[data-m]').length").unwrap();
    let said = record.messages.iter().filter(|m| m.ends_with('%')).count();
    assert_eq!(points.as_f64(), Some(said as f64));
    for (k, shift) in [(9, 0.0), (12, -0.4), (12, 0.4), (n - 1, 0.0)] {
        let k = if record.messages.get(k - 1).is_some_and(|m| m.ends_with('%')) { k } else { k + 1 };
        let point = format!(
            "document.querySelector('svg[data-graph=\"0\"] circle[data-m=\"{k}\"]').getBoundingClientRect()"
        );
        let x = tab.eval(&format!("{point}.x + {point}.width / 2")).unwrap().as_f64().unwrap();
        let y = tab.eval(&format!("{point}.y + {point}.height / 2")).unwrap().as_f64().unwrap();
        let step = tab
            .eval("document.querySelector('svg[data-graph=\"0\"]').getBoundingClientRect().width")
            .unwrap();
        let dx = step.as_f64().unwrap() * (640.0 - 56.0) / 640.0 / n as f64;
        tab.click(x + shift * dx, y).unwrap();
        check_position(&tab, record, k);
        assert_eq!(tab.text("document.querySelector('#moves li.current').dataset.m").unwrap(), k.to_string());
    }
    // A click in the move list and the slider.
    tab.eval("document.querySelector('#moves li[data-m=\"3\"]').click()").unwrap();
    check_position(&tab, record, 3);
    assert!(tab.errors().is_empty(), "{:?}", tab.errors());
}

#[test]
fn the_table_sorts_filters_and_opens_a_game() {
    let Some(browser) = Browser::shared() else { return };
    let tab = open(browser, "");
    let column = |key: &str| {
        tab.text(&format!(
            "Array.from(document.querySelectorAll('#games tbody tr')).map(r => r.children[{key}].textContent).join(',')"
        ))
        .unwrap()
    };
    let moves_column = "8";
    tab.eval("document.querySelector('th[data-key=\"moves\"]').click()").unwrap();
    let ascending: Vec<usize> = column(moves_column).split(',').map(|v| v.parse().unwrap()).collect();
    assert!(ascending.windows(2).all(|w| w[0] <= w[1]), "{ascending:?}");
    tab.eval("document.querySelector('th[data-key=\"moves\"]').click()").unwrap();
    let descending: Vec<usize> = column(moves_column).split(',').map(|v| v.parse().unwrap()).collect();
    assert!(descending.windows(2).all(|w| w[0] >= w[1]), "{descending:?}");
    // Losses of engine A only.
    let set = |label: &str, value: &str| {
        tab.eval(&format!(
            "(s => {{ s.value = '{value}'; s.dispatchEvent(new Event('change')); }})(document.querySelector('select[data-filter^=\"{label}\"]'))"
        ))
        .unwrap();
    };
    set("result", "loss");
    let losses =
        played().records.iter().filter(|r| (r.winner == hex::Color::Red) != (r.game % 2 == 1)).count();
    let shown = tab.eval("document.querySelectorAll('#games tbody tr').length").unwrap();
    assert_eq!(shown.as_f64(), Some(losses as f64));
    set("result", "");
    set("opening", "b2");
    assert_eq!(column("2"), "b2,b2");
    let game = tab.text("document.querySelector('#games tbody tr').dataset.game").unwrap();
    tab.eval("document.querySelector('#games tbody tr').click()").unwrap();
    let record = played().records.iter().find(|r| r.game.to_string() == game).unwrap();
    check_position(&tab, record, record.moves.len());
    let png = tab.screenshot().unwrap();
    let blank = browser.tab(1200, 1000).unwrap().screenshot().unwrap();
    assert!(png.len() > 10 * blank.len(), "a screenshot of {} bytes, a blank one {}", png.len(), blank.len());
    assert!(tab.errors().is_empty(), "{:?}", tab.errors());
}

#[test]
fn a_bad_records_file_gives_one_error_line_and_no_page() {
    let scratch = Scratch::new("page-bad");
    let good = std::fs::read_to_string(played().page.with_file_name("records.txt")).unwrap();
    let mut lines = good.lines();
    let first = lines.next().unwrap();
    let second = lines.next().unwrap();
    let bad = scratch.path("bad.txt");
    // A file cut in the middle of its second line.
    std::fs::write(&bad, format!("{first}\n{}", &second[..second.find(" moves=").unwrap() + 12])).unwrap();
    let page = scratch.path("page.html");
    for existing in [false, true] {
        if existing {
            std::fs::write(&page, "the page before").unwrap();
        }
        let output = Command::new(HEX_ARENA)
            .args(["html", "-o", page.to_str().unwrap(), bad.to_str().unwrap()])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with(&format!("error: {} line 2: ", bad.display())), "{stderr}");
        let left = std::fs::read_to_string(&page).ok();
        assert_eq!(
            left.as_deref(),
            existing.then_some("the page before"),
            "no page written, none half written"
        );
        let files = std::fs::read_dir(&scratch.dir).unwrap().count();
        assert_eq!(files, 1 + usize::from(existing), "no temporary file left");
    }
}
