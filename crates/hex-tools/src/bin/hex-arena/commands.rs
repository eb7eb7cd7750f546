//! The subcommands on records files (plain or gzip, read by `match_kit::files::read_text`):
//! `merge` (one summary from the records of a match's or a tournament's shards), `html` (the
//! page), `sgf` and `svg`. Every file they write is written whole (`match_kit::files::write_text`,
//! gzip where its name ends in .gz).

use crate::record::Record;
use crate::record_options::{HtmlOptions, MergeOptions, SgfOptions, SvgOptions};
use crate::tally::{summary, MatchInfo, Tally};
use crate::tournament::{self, TournamentTally};
use crate::{html, sgf, svg};
use match_kit::files::write_text;
use match_kit::stats::Sprt;
use std::path::{Path, PathBuf};

/// The records of files, in game order.
pub fn read_records(paths: &[PathBuf]) -> Result<Vec<Record>, String> {
    let mut records = hex_tools::hex_record::read_files(paths)?;
    records.sort_by_key(|record| record.game);
    if let Some(pair) = records.windows(2).find(|pair| pair[0].game == pair[1].game) {
        return Err(format!("game {} is in the records twice (the same shard given twice?)", pair[0].game));
    }
    Ok(records)
}

pub fn run_merge(options: &MergeOptions) -> Result<(), String> {
    let records = read_records(&options.records)?;
    let sprt = options.sprt.sprt();
    if sprt.is_some() && tournament::is_tournament(&records) {
        return Err("--sprt tests two engines: these records are a tournament's".to_string());
    }
    print!("{}", merged_summary(&records, options.records.len(), sprt.as_ref()).0);
    Ok(())
}

pub fn run_html(options: &HtmlOptions) -> Result<(), String> {
    let records = read_records(&options.records)?;
    let (summary, standings) = merged_summary(&records, options.records.len(), None);
    write_text(&options.output, &html::render(&records, &summary, standings.as_ref()))
}

/// The summary of a whole match or tournament from its records (in game order), read from `files`
/// files, and a tournament's tally.
fn merged_summary(
    records: &[Record],
    files: usize,
    sprt: Option<&Sprt>,
) -> (String, Option<TournamentTally>) {
    if tournament::is_tournament(records) {
        let mut tally = TournamentTally::new(&[]);
        for record in records {
            tally.add(record);
        }
        let names = tally.table.names().join(", ");
        let first_line = format!(
            "{} games merged from {files} records files: a tournament of {} engines: {names}",
            tally.games,
            tally.table.len()
        );
        return (tournament::summary(&first_line, &tally), Some(tally));
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
    (summary(&first_line, &info, &tally, sprt), None)
}

/// Writes `text` to `output` (whole), or to stdout.
fn output(output: Option<&Path>, text: &str) -> Result<(), String> {
    match output {
        Some(path) => write_text(path, text),
        None => {
            print!("{text}");
            Ok(())
        }
    }
}

pub fn run_sgf(options: &SgfOptions) -> Result<(), String> {
    let records = read_records(&options.records)?;
    let text: String = records.iter().map(|record| sgf::game(record) + "\n").collect();
    output(options.output.as_deref(), &text)
}

pub fn run_svg(options: &SvgOptions) -> Result<(), String> {
    let records = hex_tools::hex_record::read_files(std::slice::from_ref(&options.records))?;
    let path = options.records.display();
    let record = match options.game {
        Some(game) => {
            records.into_iter().find(|r| r.game == game).ok_or_else(|| format!("no game {game} in {path}"))?
        }
        None => records.into_iter().next().ok_or_else(|| format!("no records in {path}"))?,
    };
    output(options.output.as_deref(), &svg::render(&record)?)
}
