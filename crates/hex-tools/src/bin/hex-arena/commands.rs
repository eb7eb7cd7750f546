//! The subcommands on records files: `merge` (one summary from the records of a match's shards),
//! `html` (the match's page), `sgf` and `svg`.

use crate::record::Record;
use crate::record_options::{HtmlOptions, MergeOptions, SgfOptions, SvgOptions};
use crate::tally::{summary, MatchInfo, Tally};
use crate::{html, sgf, svg};
use match_kit::stats::Sprt;

/// The records of files, in game order.
pub fn read_records(paths: &[std::path::PathBuf]) -> Result<Vec<Record>, String> {
    let mut records = hex_tools::hex_record::read_files(paths)?;
    records.sort_by_key(|record| record.game);
    Ok(records)
}

pub fn run_merge(options: &MergeOptions) -> Result<(), String> {
    let records = read_records(&options.records)?;
    print!("{}", merged_summary(&records, options.records.len(), options.sprt.as_ref())?);
    Ok(())
}

pub fn run_html(options: &HtmlOptions) -> Result<(), String> {
    let records = read_records(&options.records)?;
    let summary = merged_summary(&records, options.records.len(), None)?;
    html::write(&options.output, &records, &summary)
}

/// The summary of a whole match from its records (in game order), read from `files` files.
fn merged_summary(records: &[Record], files: usize, sprt: Option<&Sprt>) -> Result<String, String> {
    if let Some(pair) = records.windows(2).find(|pair| pair[0].game == pair[1].game) {
        return Err(format!("game {} is in the records twice (the same shard given twice?)", pair[0].game));
    }
    // Engine A is red in odd-numbered games.
    let name = |engine: usize| {
        records.first().map_or(String::new(), |r| {
            if (r.game % 2 == 1) == (engine == 0) {
                r.red.clone()
            } else {
                r.blue.clone()
            }
        })
    };
    let names = [name(0), name(1)];
    let info = MatchInfo {
        texts: names.clone(),
        names,
        openings: if records.iter().any(|r| r.opening.is_some()) {
            ", forced openings".to_string()
        } else {
            String::new()
        },
    };
    let mut tally = Tally::default();
    for record in records {
        tally.add(record);
    }
    let first_line = format!(
        "{} games merged from {files} records files: A = {} vs B = {}{}",
        tally.games, info.texts[0], info.texts[1], info.openings
    );
    Ok(summary(&first_line, &info, &tally, sprt))
}

pub fn run_sgf(options: &SgfOptions) -> Result<(), String> {
    let records = read_records(&options.records)?;
    let text: String = records.iter().map(|record| sgf::game(record) + "\n").collect();
    match &options.output {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

pub fn run_svg(options: &SvgOptions) -> Result<(), String> {
    let text = std::fs::read_to_string(&options.records)
        .map_err(|e| format!("cannot read {}: {e}", options.records.display()))?;
    let mut chosen = None;
    for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let record = Record::parse(line)
            .map_err(|e| format!("{} line {}: {e}", options.records.display(), number + 1))?;
        if options.game.map_or(true, |game| game == record.game) {
            chosen = Some(record);
            break;
        }
    }
    let record = chosen.ok_or_else(|| match options.game {
        Some(game) => format!("no game {game} in {}", options.records.display()),
        None => format!("no records in {}", options.records.display()),
    })?;
    let picture = svg::render(&record)?;
    match &options.output {
        Some(path) => {
            std::fs::write(path, picture).map_err(|e| format!("cannot write {}: {e}", path.display()))
        }
        None => {
            print!("{picture}");
            Ok(())
        }
    }
}
