//! How fast a match page opens in headless Chromium, and its screenshot:
//! `cargo run --release -p test-support --example page_load -- PAGE [--at '#g3m40'] [--png OUT]
//! [--size 1200x1000]`. Prints the page's size, the time from the start of the navigation to the
//! table built (the page's own `performance.now()`, median of 5 loads, and the wall time of the
//! whole load as seen from here), and the time to open its last game.
use std::time::{Duration, Instant};
use test_support::browser::Browser;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let option = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1)).cloned();
    let page = std::fs::canonicalize(args.first().expect("a page")).expect("the page exists");
    let (width, height) = option("--size")
        .and_then(|s| s.split_once('x').map(|(w, h)| (w.parse().unwrap(), h.parse().unwrap())))
        .unwrap_or((1200, 1000));
    let program = test_support::tool::chromium().expect("Chromium");
    let browser = Browser::launch(&program).unwrap();
    let url = format!("file://{}", page.display());
    let ready = Duration::from_secs(60);
    let (mut inside, mut outside) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        let tab = browser.tab(width, height).unwrap();
        let started = Instant::now();
        tab.goto(&url).unwrap();
        let ms = tab.wait_for("document.body.dataset.readyMs", ready).unwrap();
        outside.push(started.elapsed().as_secs_f64() * 1000.0);
        inside.push(ms.as_str().unwrap().parse::<f64>().unwrap());
        assert!(tab.errors().is_empty(), "{:?}", tab.errors());
    }
    inside.sort_by(f64::total_cmp);
    outside.sort_by(f64::total_cmp);
    let tab = browser.tab(width, height).unwrap();
    tab.goto(&url).unwrap();
    tab.wait_for("document.body.dataset.ready", ready).unwrap();
    let started = Instant::now();
    tab.eval("location.hash = '#g' + Array.from(document.querySelectorAll('#games tbody tr')).length")
        .unwrap();
    tab.wait_for("document.body.dataset.view === 'game'", ready).unwrap();
    let open_ms = started.elapsed().as_secs_f64() * 1000.0;
    let bytes = std::fs::metadata(&page).unwrap().len();
    println!(
        "{}: {bytes} bytes; loaded in {:.0} ms (page's own clock; {:.0} ms wall, navigation included; medians of 5); the last game opened in {open_ms:.0} ms",
        page.display(),
        inside[2],
        outside[2]
    );
    if let Some(png) = option("--png") {
        let shot = browser.tab(width, height).unwrap();
        shot.goto(&format!("{url}{}", option("--at").unwrap_or_default())).unwrap();
        shot.wait_for("document.body.dataset.ready", ready).unwrap();
        std::fs::write(&png, shot.screenshot().unwrap()).unwrap();
        println!("wrote {png}");
    }
}
