//! The run's page in a real browser (headless Chromium, `test_support::browser`): greedy games
//! compared with random ones, the page written during the run (`--html`) and from the games file
//! (`linez-sim html`); the page opens from `file://` with no console error, and the board and
//! nextThree it shows, read from the page's cells, are the `linez` library's after the same moves,
//! at several moves of every game, reached by the address, the keys, the slider and a click on the
//! score graph; the second bot's name, markup characters and an entity, shows literally.
//! Without Chromium the browser tests are skipped with a note, except under CI (`CI` set), where
//! they fail.

use linez::{Game, Move, Rules, CONVENTION};
use linez_tools::games_file::{read_files, Play, Row};
use std::path::PathBuf;
use std::process::Command;
use std::sync::OnceLock;
use std::time::Duration;
use test_support::browser::{Browser, Tab};

const LINEZ_SIM: &str = env!("CARGO_BIN_EXE_linez-sim");

/// The second bot's name: if the page took any of it as markup, the text shown would differ (an
/// `i` element, `&` for the entity).
const ODD_NAME: &str = "<i>x</i>&amp;\"'";

struct Run {
    dir: PathBuf,
    games: Vec<(Row, Play)>,
    page: PathBuf,
    live: PathBuf,
}

fn linez_sim(args: &[&str]) -> std::process::Output {
    Command::new(LINEZ_SIM).args(args).output().expect("linez-sim runs")
}

/// The run, played once for all the tests of this file.
fn played() -> &'static Run {
    static RUN: OnceLock<Run> = OnceLock::new();
    RUN.get_or_init(|| {
        let dir =
            PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("linez-page-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let (games, page, live) = (dir.join("games.txt"), dir.join("page.html"), dir.join("live.html"));
        let path = |p: &PathBuf| p.to_str().unwrap().to_string();
        let output = linez_sim(&[
            "-q",
            "--bot",
            "greedy",
            "--compare",
            &format!("{ODD_NAME}=random"),
            "--seeds",
            "3-6",
            "--games-file",
            &path(&games),
            "--html",
            &path(&live),
        ]);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let output = linez_sim(&["html", "-o", &path(&page), &path(&games)]);
        assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
        let games =
            read_files(&[&games]).unwrap().into_iter().map(|(row, play)| (row, play.unwrap())).collect();
        Run { dir, games, page, live }
    })
}

/// The board and nextThree as the page shows them: `cell=v` for every cell, then `next=abc`.
fn page_position(tab: &Tab) -> String {
    tab.text(
        "Array.from(document.querySelectorAll('#board [data-cell]')).map(e => e.dataset.cell + '=' + e.dataset.v).join(' ') \
         + ' next=' + Array.from(document.querySelectorAll('#board [data-next]')).map(e => e.dataset.v).join('')",
    )
    .unwrap()
}

/// The `linez` library's game after the first `m` moves, in the same form.
fn library_position(play: &Play, m: usize) -> (String, u64) {
    let mut game = Game::new(play.seed, Rules::default());
    for mv in &play.moves[..m] {
        game.play(Move { from: mv.from, to: mv.to }).unwrap();
    }
    let cells: Vec<String> = (0..linez::CELLS)
        .map(|cell| {
            let [letter, digit] = CONVENTION.name(cell);
            let v = match game.board().get(cell) {
                0 => ".".to_string(),
                colour => colour.to_string(),
            };
            format!("{}{}={v}", letter as char, digit as char)
        })
        .collect();
    let [a, b, c] = game.next_three();
    (format!("{} next={a}{b}{c}", cells.join(" ")), game.score())
}

fn check_position(tab: &Tab, id: usize, play: &Play, m: usize) {
    let shown = format!("main.dataset.game === '{id}' && main.dataset.m === '{m}'");
    tab.wait_for(&shown, Duration::from_secs(10)).unwrap();
    assert_eq!(tab.text("location.hash").unwrap(), format!("#g{id}m{m}"));
    let (expected, score) = library_position(play, m);
    assert_eq!(page_position(tab), expected, "game {id} (seed {}) after {m} moves", play.seed);
    let info = tab.text("document.getElementById('info').textContent").unwrap();
    assert!(info.contains(&format!("Score {score},")), "{info}");
}

fn open<'b>(browser: &'b Browser, fragment: &str) -> Tab<'b> {
    let tab = browser.tab(1200, 1100).unwrap();
    tab.goto(&format!("file://{}{fragment}", played().page.display())).unwrap();
    tab.wait_for("document.body.dataset.ready === '1'", Duration::from_secs(10)).unwrap();
    tab
}

#[test]
fn the_games_file_replays_as_the_library_and_both_pages_hold_it() {
    let run = played();
    assert_eq!(run.games.len(), 8, "4 seeds, A and B");
    for (row, play) in &run.games {
        assert_eq!((&row.bot, row.seed, row.moves), (&play.bot, play.seed, play.moves.len() as u64));
        let boards = play.boards();
        assert_eq!(boards.len(), play.moves.len() + 1);
        for (m, board) in boards.iter().enumerate() {
            let mut game = Game::new(play.seed, Rules::default());
            for mv in &play.moves[..m] {
                game.play(Move { from: mv.from, to: mv.to }).unwrap();
            }
            assert_eq!(board, game.board(), "seed {} after {m} moves", play.seed);
        }
        assert_eq!(play.moves.last().map_or(play.score, |mv| mv.score), row.score);
    }
    let literal = |path: &PathBuf| {
        let text = std::fs::read_to_string(path).unwrap();
        text.lines().find(|l| l.starts_with("const RECORDS")).unwrap().to_string()
    };
    assert_eq!(literal(&run.page), literal(&run.live), "the same games during the run and after");
}

#[test]
fn every_game_shows_the_referees_positions() {
    let Some(browser) = Browser::shared() else { return };
    let tab = open(browser, "");
    assert_eq!(tab.eval("document.querySelectorAll('#games tbody tr').length").unwrap().as_f64(), Some(8.0));
    for (index, (_, play)) in played().games.iter().enumerate() {
        let n = play.moves.len();
        for m in [0, 1, 2, n / 2, n - 1, n] {
            tab.eval(&format!("location.hash = '#g{}m{m}'", index + 1)).unwrap();
            check_position(&tab, index + 1, play, m);
        }
    }
    let linked = open(browser, "#g3m7");
    check_position(&linked, 3, &played().games[2].1, 7);
    assert!(
        tab.errors().is_empty() && linked.errors().is_empty(),
        "{:?} {:?}",
        tab.errors(),
        linked.errors()
    );
}

#[test]
fn keys_and_a_click_on_the_score_graph_step_to_the_move() {
    let Some(browser) = Browser::shared() else { return };
    let play = &played().games[0].1;
    let n = play.moves.len();
    let tab = open(browser, "#g1m10");
    check_position(&tab, 1, play, 10);
    for (key, m) in
        [("ArrowRight", 11), ("ArrowLeft", 10), ("ArrowLeft", 9), ("End", n), ("ArrowRight", n), ("Home", 0)]
    {
        tab.key(key).unwrap();
        check_position(&tab, 1, play, m);
    }
    // A click between the points: the move under it, by the plot area as laid out on the page.
    let [left, top, width, height] = tab.rect("svg[data-graph=\"1\"] rect.plot").unwrap();
    for k in [n / 3, 2 * n / 3] {
        tab.click(left + width * k as f64 / n as f64, top + height * 0.3).unwrap();
        check_position(&tab, 1, play, k);
    }
    for k in [1, 17, n / 2, n] {
        let point = format!(
            "document.querySelector('svg[data-graph=\"0\"] circle[data-m=\"{k}\"]').getBoundingClientRect()"
        );
        let x = tab.eval(&format!("{point}.x + {point}.width / 2")).unwrap().as_f64().unwrap();
        let y = tab.eval(&format!("{point}.y + {point}.height / 2")).unwrap().as_f64().unwrap();
        tab.click(x, y).unwrap();
        check_position(&tab, 1, play, k);
    }
    // The moved number's path starts where it was and ends where it went.
    tab.key("ArrowLeft").unwrap();
    let mv = &play.moves[n - 2];
    check_position(&tab, 1, play, n - 1);
    let cell = |c: usize| {
        let [letter, digit] = CONVENTION.name(c);
        format!("{}{}", letter as char, digit as char)
    };
    assert_eq!(tab.text("document.querySelector('#board rect.from').dataset.cell").unwrap(), cell(mv.from));
    let landed = tab.eval("document.querySelectorAll('#board circle.landed').length").unwrap();
    assert_eq!(
        landed.as_f64(),
        Some(mv.edits.iter().filter(|(c, v)| *v > 0 && play.boards()[n - 1].get(*c) == *v).count() as f64)
    );
    assert!(tab.errors().is_empty(), "{:?}", tab.errors());
}

#[test]
fn the_slider_steps_to_where_it_is_clicked_and_dragged() {
    let Some(browser) = Browser::shared() else { return };
    let play = &played().games[0].1;
    let n = play.moves.len();
    let tab = open(browser, "#g1m10");
    check_position(&tab, 1, play, 10);
    let [left, top, width, height] = tab.rect("#slider").unwrap();
    let y = top + height / 2.0;
    let shown = |tab: &Tab| tab.text("main.dataset.m").unwrap().parse::<usize>().unwrap();
    for fraction in [0.75, 0.25, 0.5] {
        let before = shown(&tab);
        tab.click(left + width * fraction, y).unwrap();
        tab.wait_for(&format!("main.dataset.m !== '{before}'"), Duration::from_secs(10)).unwrap();
        let m = shown(&tab);
        // The thumb's own width shifts a range input's scale by a few moves at most.
        let expected = fraction * n as f64;
        assert!(
            (m as f64 - expected).abs() <= 2.0 + n as f64 / 20.0,
            "clicked at {fraction}: move {m} of {n}"
        );
        check_position(&tab, 1, play, m);
        let position = tab.text("document.getElementById('position').textContent").unwrap();
        assert_eq!(position, format!("move {m} of {n}"));
    }
    // Dragged from its thumb past its right end: the last move; back past its left end: the start.
    let (x, _) = tab.centre("#slider").unwrap();
    tab.drag((x, y), (left + width + 40.0, y), 8).unwrap();
    check_position(&tab, 1, play, n);
    tab.drag((left + width - 4.0, y), (left - 40.0, y), 8).unwrap();
    check_position(&tab, 1, play, 0);
    assert!(tab.errors().is_empty(), "{:?}", tab.errors());
}

#[test]
fn a_bots_name_shows_literally_and_the_bots_table_is_above_the_games() {
    let Some(browser) = Browser::shared() else { return };
    let tab = open(browser, "");
    let table = tab
        .text("Array.from(document.querySelectorAll('#bots tr')).map(r => Array.from(r.children).map(c => c.textContent).join('|')).join('\\n')")
        .unwrap();
    let lines: Vec<&str> = table.lines().collect();
    assert_eq!(lines.len(), 3, "{table}");
    assert!(lines[0].starts_with("bot|games|mean ± 2 s.e.|bot - A (paired)|better|worse"), "{table}");
    assert!(lines[1].starts_with("A|4|"), "{table}");
    assert!(lines[2].starts_with(&format!("{ODD_NAME}|4|")), "{table}");
    assert!(lines[2].ends_with("|0|4"), "random is worse on every seed: {table}");
    let above = "document.getElementById('bots').compareDocumentPosition(document.getElementById('games')) & Node.DOCUMENT_POSITION_FOLLOWING";
    assert!(tab.eval(above).unwrap().as_f64().unwrap() > 0.0);
    let cells = tab
        .text("Array.from(document.querySelectorAll('#games tbody td:nth-child(2)')).map(c => c.textContent).join(' ')")
        .unwrap();
    assert_eq!(cells, format!("A {ODD_NAME} ").repeat(4).trim_end());
    tab.eval("location.hash = '#g2m3'").unwrap();
    check_position(&tab, 2, &played().games[1].1, 3);
    let title = tab.text("document.getElementById('game-title').textContent").unwrap();
    assert!(title.starts_with(&format!("Game 2 (bot {ODD_NAME}): seed 3, score ")), "{title}");
    assert_eq!(tab.eval("document.querySelectorAll('main i').length").unwrap().as_f64(), Some(0.0));
    assert!(tab.errors().is_empty(), "{:?}", tab.errors());
}

#[test]
fn the_table_sorts_filters_and_makes_a_screenshot() {
    let Some(browser) = Browser::shared() else { return };
    let tab = open(browser, "");
    tab.eval("document.querySelector('th[data-key=\"score\"]').click()").unwrap();
    let scores = tab
        .text("Array.from(document.querySelectorAll('#games tbody tr')).map(r => r.children[3].textContent).join(',')")
        .unwrap();
    let scores: Vec<u64> = scores.split(',').map(|s| s.parse().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] <= w[1]) && scores.len() == 8, "{scores:?}");
    tab.eval(&format!(
        "(s => {{ s.value = `{ODD_NAME}`; s.dispatchEvent(new Event('change')); }})(document.querySelector('select[data-filter=\"bot\"]'))"
    ))
    .unwrap();
    assert_eq!(tab.eval("document.querySelectorAll('#games tbody tr').length").unwrap().as_f64(), Some(4.0));
    tab.eval("document.querySelector('#games tbody tr').click()").unwrap();
    tab.wait_for("document.body.dataset.view === 'game'", Duration::from_secs(10)).unwrap();
    let png = tab.screenshot().unwrap();
    let blank = browser.tab(1200, 1100).unwrap().screenshot().unwrap();
    assert!(png.len() > 10 * blank.len(), "a screenshot of {} bytes, a blank one {}", png.len(), blank.len());
    assert!(tab.errors().is_empty(), "{:?}", tab.errors());
}

#[test]
fn a_truncated_games_file_gives_one_error_line_and_no_page() {
    let run = played();
    let text = std::fs::read_to_string(run.dir.join("games.txt")).unwrap();
    let cut = &text[..text.lines().take(2).map(|l| l.len() + 1).sum::<usize>() - 4];
    let bad = run.dir.join("bad.txt");
    std::fs::write(&bad, cut).unwrap();
    let page = run.dir.join("bad.html");
    for existing in [false, true] {
        if existing {
            std::fs::write(&page, "the page before").unwrap();
        }
        let output = linez_sim(&["html", "-o", page.to_str().unwrap(), bad.to_str().unwrap()]);
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1));
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(stderr.starts_with(&format!("error: {} line 2: bad move", bad.display())), "{stderr}");
        let left = std::fs::read_to_string(&page).ok();
        assert_eq!(
            left.as_deref(),
            existing.then_some("the page before"),
            "no page written, none half written"
        );
    }
    // A games file from before the moves were recorded merges, but makes no page.
    let old = run.dir.join("old.txt");
    std::fs::write(
        &old,
        text.lines().filter(|l| !l.starts_with('+')).map(|l| l.to_string() + "\n").collect::<String>(),
    )
    .unwrap();
    assert!(linez_sim(&["merge", old.to_str().unwrap()]).status.success());
    let output = linez_sim(&["html", "-o", page.to_str().unwrap(), old.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&output.stderr).contains("has no moves in the games file"));
    assert_eq!(output.status.code(), Some(1));
}
