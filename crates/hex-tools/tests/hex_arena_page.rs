//! The match page in a real browser (headless Chromium, `test_support::browser`): a match between
//! the random baseline and a scripted engine that writes an estimate after every move (and swaps as
//! blue), its page written during the match (`--html`) and from the records (`hex-arena html`); the
//! page opens from `file://` with no console error, and the board it shows, read from the page's
//! cells, is the `hex` library's position after the same moves, at several moves of every game,
//! reached by the address, the keys, the slider and a click on the estimate graph (the points'
//! and the slider's places read from the page). Engine B's name and messages are markup, which the
//! page must show as text (a tournament's page: `hex_arena_tournament_page.rs`). Without Chromium
//! the browser tests are skipped with a note, except under CI (`CI` set), where they fail.

mod common;

use common::page::*;
use common::*;
use hex::{Cell, Move, SIZE};
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;
use test_support::browser::{Browser, Tab};

/// Engine B's name: markup, shown as text.
const NAME_B: &str = "<b>est&amp;'\"</b>";

/// The match, played once for all the tests of this file.
fn played() -> &'static Played {
    static MATCH: OnceLock<Played> = OnceLock::new();
    MATCH.get_or_init(|| {
        let scratch = Scratch::new("page");
        let engine = scratch.script("estimating.sh", ESTIMATING);
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
            "--name-b",
            NAME_B,
            &random,
            &engine,
        ];
        play_with_pages(&scratch, &args)
    })
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
                estimates(message),
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
    let said = record.messages.iter().filter(|m| estimates(m)).count();
    assert_eq!(points.as_f64(), Some(said as f64));
    let centre = |k: usize| {
        let point = format!(
            "document.querySelector('svg[data-graph=\"0\"] circle[data-m=\"{k}\"]').getBoundingClientRect()"
        );
        let x = tab.eval(&format!("{point}.x + {point}.width / 2")).unwrap().as_f64().unwrap();
        let y = tab.eval(&format!("{point}.y + {point}.height / 2")).unwrap().as_f64().unwrap();
        (x, y)
    };
    let with_estimate =
        |k: usize| if record.messages.get(k - 1).is_some_and(|m| estimates(m)) { k } else { k + 1 };
    // A move's width on the screen, from two points two moves apart (B's estimates).
    let (k0, k1) = (with_estimate(9), with_estimate(9) + 2);
    let dx = (centre(k1).0 - centre(k0).0) / 2.0;
    assert!(dx > 1.0, "{dx}");
    for (k, shift) in [(9, 0.0), (12, -0.4), (12, 0.4), (n - 1, 0.0)] {
        let k = with_estimate(k);
        let (x, y) = centre(k);
        tab.click(x + shift * dx, y).unwrap();
        check_position(&tab, record, k);
        assert_eq!(tab.text("document.querySelector('#moves li.current').dataset.m").unwrap(), k.to_string());
    }
    // A click in the move list.
    tab.eval("document.querySelector('#moves li[data-m=\"3\"]').click()").unwrap();
    check_position(&tab, record, 3);
    assert!(tab.errors().is_empty(), "{:?}", tab.errors());
}

#[test]
fn the_slider_shows_the_move_under_a_click_and_follows_the_keys() {
    let Some(browser) = Browser::shared() else { return };
    let record = &played().records[1];
    let n = record.moves.len();
    let tab = open(browser, &format!("#g{}m0", record.game));
    check_position(&tab, record, 0);
    let slider = |what: &str| {
        tab.eval(&format!("document.getElementById('slider').getBoundingClientRect().{what}"))
            .unwrap()
            .as_f64()
            .unwrap()
    };
    let (left, width, top, height) = (slider("left"), slider("width"), slider("top"), slider("height"));
    assert!(width > 100.0, "the slider is {width} px wide");
    // Clicks along the slider: the shown move is the one under the click (the thumb's half width
    // at either end is the range's margin, so allow a move or two), and it changes with the place.
    let mut shown = Vec::new();
    for fraction in [0.25, 0.5, 0.9] {
        tab.click(left + fraction * width, top + height / 2.0).unwrap();
        let m = tab
            .wait_for(
                &format!("main.dataset.m !== '{}' && main.dataset.m", shown.last().copied().unwrap_or(0)),
                Duration::from_secs(10),
            )
            .unwrap();
        let m: usize = m.as_str().unwrap().parse().unwrap();
        let expected = fraction * n as f64;
        assert!(
            (m as f64 - expected).abs() <= 2.0 + 0.05 * n as f64,
            "clicked at {fraction} of {n}: move {m}"
        );
        check_position(&tab, record, m);
        assert_eq!(tab.text("String(document.getElementById('slider').value)").unwrap(), m.to_string());
        assert_eq!(
            tab.text("document.getElementById('position').textContent").unwrap(),
            format!("move {m} of {n}")
        );
        shown.push(m);
    }
    assert!(shown.windows(2).all(|w| w[0] < w[1]), "{shown:?}");
    // The keys move the slider's thumb too.
    tab.key("ArrowLeft").unwrap();
    check_position(&tab, record, shown[2] - 1);
    assert_eq!(
        tab.text("String(document.getElementById('slider').value)").unwrap(),
        (shown[2] - 1).to_string()
    );
    assert!(tab.errors().is_empty(), "{:?}", tab.errors());
}

#[test]
fn names_and_messages_are_shown_as_text() {
    let Some(browser) = Browser::shared() else { return };
    let record = &played().records[0];
    let tab = open(browser, &format!("#g{}m2", record.game));
    check_position(&tab, record, 2);
    // No element made from the engine's name or its messages: B's name has a <b>, its messages an
    // <i>; the page's own <b> hold only the colour's word or the engine's name as text.
    assert_eq!(
        tab.eval("document.querySelectorAll('#main b b, #main i').length").unwrap().as_f64(),
        Some(0.0)
    );
    let title = tab.text("document.getElementById('game-title').textContent").unwrap();
    assert!(title.contains(NAME_B), "{title}");
    // Game 1: B is blue and answers move 2 with an estimate and the markup.
    let info = tab.text("document.getElementById('info').textContent").unwrap();
    assert!(info.contains(NAME_B) && info.contains("<i>&amp;</i>"), "{info}");
    let moves = tab.text("document.getElementById('moves').textContent").unwrap();
    assert!(moves.contains("<i>&amp;</i>"), "{moves}");
    tab.eval("location.hash = '#'").unwrap();
    tab.wait_for("document.querySelector('#games')", Duration::from_secs(10)).unwrap();
    let cells = tab
        .text("Array.from(document.querySelectorAll('#games td')).map(e => e.textContent).join(' ')")
        .unwrap();
    assert!(cells.contains(NAME_B), "{cells}");
    assert_eq!(
        tab.eval("document.querySelectorAll('#games b, #games i').length").unwrap().as_f64(),
        Some(0.0)
    );
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
        assert_page_untouched(&page, existing);
        let files = std::fs::read_dir(&scratch.dir).unwrap().count();
        assert_eq!(files, 1 + usize::from(existing), "no temporary file left");
    }
}
