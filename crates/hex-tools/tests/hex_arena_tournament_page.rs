//! A tournament's page in a real browser (headless Chromium, `test_support::browser`): a round
//! robin of three engines (the random baseline, an engine that says estimates, the first-empty
//! script), its page written during the tournament (`--html`) and from the records (`hex-arena
//! html`), shows the cross table (each pair's score, against the records) and the rating list
//! above the games, and opens its games. Without Chromium the browser test is skipped with a note,
//! except under CI (`CI` set), where it fails.

mod common;

use common::page::*;
use common::*;
use hex_tools::hex_record::Record;
use std::sync::OnceLock;
use std::time::Duration;
use test_support::browser::Browser;

/// A round robin of three engines (the random baseline, the estimating script, the first-empty
/// script), two games a pairing, played once for the tests below; its page from the records.
fn tournament() -> &'static Played {
    static TOURNAMENT: OnceLock<Played> = OnceLock::new();
    TOURNAMENT.get_or_init(|| {
        let scratch = Scratch::new("page-tournament");
        let estimating = scratch.script("estimating.sh", ESTIMATING);
        let first = scratch.script("first-empty.sh", FIRST_EMPTY);
        let random = random_baseline();
        let args = [
            "-q",
            "-n",
            "2",
            "--seed",
            "9",
            "--openings",
            "c3",
            "--time",
            "5000/5000",
            "--engine",
            "random",
            &random,
            "--engine",
            "est",
            &estimating,
            "--engine",
            "first",
            &first,
        ];
        play_with_pages(&scratch, &args)
    })
}

/// Each pair's score from the records: `points/games` of `row` against `col`.
fn pair_score(records: &[Record], row: &str, col: &str) -> String {
    let games: Vec<&Record> = records
        .iter()
        .filter(|r| (r.red == row && r.blue == col) || (r.red == col && r.blue == row))
        .collect();
    let won = games.iter().filter(|r| r.winner_name() == row).count();
    format!("{won}/{}", games.len())
}

#[test]
fn a_tournament_prints_and_pages_its_cross_table_and_ratings() {
    let t = tournament();
    assert_eq!(t.records.len(), 6);
    assert!(t.stdout.contains("round robin of 3 engines, 2 games a pairing"), "{}", t.stdout);
    assert!(t.stdout.contains("cross table") && t.stdout.contains("ratings"), "{}", t.stdout);
    let page = std::fs::read_to_string(&t.page).unwrap();
    let live = std::fs::read_to_string(&t.live).unwrap();
    let standings =
        |text: &str| text.lines().find(|l| l.starts_with("const STANDINGS = {")).map(str::to_string);
    assert!(standings(&page).is_some(), "the page holds the standings");
    assert_eq!(standings(&page), standings(&live), "the same standings during the tournament and after");
    assert!(page.contains("<title>hex-arena: a tournament of 3 engines, 6 games</title>"));
}

#[test]
fn a_tournament_page_shows_the_cross_table_above_the_games() {
    let Some(browser) = Browser::shared() else { return };
    let t = tournament();
    let tab = browser.tab(1200, 1000).unwrap();
    tab.goto(&format!("file://{}", t.page.display())).unwrap();
    tab.wait_for("document.body.dataset.ready === '1'", Duration::from_secs(10)).unwrap();
    let above = "document.getElementById('standings').compareDocumentPosition(document.getElementById('games')) & Node.DOCUMENT_POSITION_FOLLOWING";
    assert!(tab.eval(above).unwrap().as_f64().unwrap() > 0.0, "the standings come before the games");
    let names = tab
        .text("Array.from(document.querySelectorAll('#ratings td.name')).map(e => e.textContent).join(',')")
        .unwrap();
    let mut sorted: Vec<&str> = names.split(',').collect();
    sorted.sort_unstable();
    assert_eq!(sorted, ["est", "first", "random"], "{names}");
    let crossed = tab
        .text(
            "Array.from(document.querySelectorAll('#crosstable td.name')).map(e => e.textContent).join(',')",
        )
        .unwrap();
    assert_eq!(crossed, names, "both tables list the engines by rating");
    for row in ["random", "est", "first"] {
        for col in ["random", "est", "first"] {
            if row == col {
                continue;
            }
            let shown = tab
                .text(&format!(
                    "document.querySelector('#crosstable td[data-row=\"{row}\"][data-col=\"{col}\"]').textContent"
                ))
                .unwrap();
            assert_eq!(shown, pair_score(&t.records, row, col), "{row} against {col}");
        }
    }
    let elo = tab
        .text("Array.from(document.querySelectorAll('#ratings tr')).slice(1).map(r => r.children[2].textContent).join(',')")
        .unwrap();
    let elo: Vec<f64> = elo.split(',').map(|v| v.parse().unwrap()).collect();
    assert!(elo.windows(2).all(|w| w[0] >= w[1]) && elo.iter().sum::<f64>().abs() <= 2.0, "{elo:?}");
    // The games of one engine, then one of them opened: the standings give way to the game.
    tab.eval("(s => { s.value = 'est'; s.dispatchEvent(new Event('change')); })(document.querySelector('select[data-filter=\"engine\"]'))")
        .unwrap();
    assert_eq!(tab.eval("document.querySelectorAll('#games tbody tr').length").unwrap().as_f64(), Some(4.0));
    let record = &t.records[3];
    tab.eval(&format!("location.hash = '#g{}m3'", record.game)).unwrap();
    check_position(&tab, record, 3);
    assert_eq!(tab.text("getComputedStyle(document.getElementById('standings')).display").unwrap(), "none");
    assert!(tab.errors().is_empty(), "{:?}", tab.errors());
}
