//! The label mode: positions of seeded games (or the stored crowded ones) labelled by the teacher,
//! a wide search at many units a move ([`linez::Bot::teach`]): its choice and every candidate's
//! 1-ply rank and sampled mean, one line a position, for a move ranker to learn from and for
//! `recall` to measure today's candidates by.

use super::{play_at, thread_cpu, tuned_bot, Config};
use crate::crowded::crowded_positions;
use linez::{Board, Game, Move, Rules, CELLS};
use match_kit::pool::Shard;

/// What the label mode labels, and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LabelOptions {
    pub(crate) first: u64,
    pub(crate) last: u64,
    /// The teacher's work units a position.
    pub(crate) units: u64,
    /// The quiet moves of the 1-ply ranking's top the teacher values.
    pub(crate) candidates: usize,
    /// The work units a move of the games the positions come from.
    pub(crate) play_units: u64,
    /// Every how many moves a position is taken on open boards and on crowded ones.
    pub(crate) every: (u64, u64),
    /// The numbers on the board from which a board is crowded (for `every`).
    pub(crate) crowded_from: u32,
    /// Positions with fewer numbers are not taken.
    pub(crate) min_numbers: u32,
    /// The stored positions of `crowded-positions.txt` instead of played games.
    pub(crate) stored: bool,
    pub(crate) shard: Option<Shard>,
}

/// One labelled position: enough to rebuild it without replaying, the teacher's choice and its
/// candidates (move, 1-ply rank from 1, sampled mean, samples).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Label {
    pub(crate) seed: u64,
    pub(crate) moves: u64,
    pub(crate) board: Board,
    pub(crate) next_three: [u8; 3],
    /// The position's quiet moves.
    pub(crate) quiet: usize,
    pub(crate) choice: Move,
    pub(crate) candidates: Vec<(Move, usize, f64, usize)>,
}

/// The line format, as the labels' header states it.
pub(crate) const FORMAT: &str = "# format: seed S move M numbers N board B (81 cells row by row, \
'.' empty) next ABC quiet Q (quiet moves) choice MOVE candidates MOVE:RANK:MEAN:SAMPLES,... (the \
1-ply ranking's top, RANK from 1; MEAN the sampled mean in evaluation units; successive halving)";

impl Label {
    /// The numbers on the board.
    pub(crate) fn numbers(&self) -> u32 {
        self.board.occupied_cells().count_ones()
    }

    /// The 1-ply rank of the teacher's choice.
    pub(crate) fn choice_rank(&self) -> usize {
        self.candidates.iter().find(|c| c.0 == self.choice).expect("the choice is a candidate").1
    }

    /// The line (see [`FORMAT`]).
    pub(crate) fn line(&self) -> String {
        let board: String =
            self.board.colours().iter().map(|&c| if c == 0 { '.' } else { char::from(b'0' + c) }).collect();
        let next: String = self.next_three.iter().map(|&c| char::from(b'0' + c)).collect();
        let candidates: Vec<String> = self
            .candidates
            .iter()
            .map(|(mv, rank, mean, samples)| format!("{mv}:{rank}:{mean:.3}:{samples}"))
            .collect();
        format!(
            "seed {} move {} numbers {} board {board} next {next} quiet {} choice {} candidates {}",
            self.seed,
            self.moves,
            self.numbers(),
            self.quiet,
            self.choice,
            candidates.join(",")
        )
    }

    /// Parses a line of [`Label::line`].
    pub(crate) fn parse(line: &str) -> Result<Label, String> {
        let bad = |what: &str| format!("label line: bad {what} in {line:?}");
        let words: Vec<&str> = line.split_whitespace().collect();
        let field = |name: &str| -> Result<&str, String> {
            let at = words.iter().position(|w| *w == name).ok_or_else(|| bad(name))?;
            words.get(at + 1).copied().ok_or_else(|| bad(name))
        };
        let number = |name: &str| -> Result<u64, String> { field(name)?.parse().map_err(|_| bad(name)) };
        let cells = field("board")?.as_bytes();
        if cells.len() != CELLS {
            return Err(bad("board"));
        }
        let mut colours = [0u8; CELLS];
        for (colour, &c) in colours.iter_mut().zip(cells) {
            *colour = match c {
                b'.' => 0,
                b'1'..=b'7' => c - b'0',
                _ => return Err(bad("board")),
            };
        }
        let next = field("next")?.as_bytes();
        let [a, b, c] = next else { return Err(bad("next")) };
        let mut candidates = Vec::new();
        for item in field("candidates")?.split(',') {
            let parts: Vec<&str> = item.split(':').collect();
            let [mv, rank, mean, samples] = parts[..] else { return Err(bad("candidates")) };
            candidates.push((
                mv.parse().map_err(|_| bad("candidates"))?,
                rank.parse().map_err(|_| bad("candidates"))?,
                mean.parse().map_err(|_| bad("candidates"))?,
                samples.parse().map_err(|_| bad("candidates"))?,
            ));
        }
        let label = Label {
            seed: number("seed")?,
            moves: number("move")?,
            board: Board::from_colours(colours),
            next_three: [a - b'0', b - b'0', c - b'0'],
            quiet: number("quiet")? as usize,
            choice: field("choice")?.parse().map_err(|_| bad("choice"))?,
            candidates,
        };
        if label.numbers() as u64 != number("numbers")?
            || !label.candidates.iter().any(|c| c.0 == label.choice)
        {
            return Err(bad("numbers or choice"));
        }
        Ok(label)
    }
}

/// The labels of `seed`'s positions, in order.
pub(crate) fn label_seed(config: &Config, options: &LabelOptions, seed: u64) -> Result<Vec<Label>, String> {
    let bot = tuned_bot(config, config.weights);
    let teach = |game: &Game| -> Option<Label> {
        let turn = game.turn();
        let taught = bot.teach(&turn.board, turn.next_three, options.units, options.candidates)?;
        Some(Label {
            seed,
            moves: game.moves(),
            board: turn.board,
            next_three: turn.next_three,
            quiet: taught.quiet,
            choice: taught.choice,
            candidates: taught.candidates.iter().map(|c| (c.mv, c.rank, c.mean(), c.samples)).collect(),
        })
    };
    if options.stored {
        return Ok(crowded_positions(seed)?
            .iter()
            .filter(|game| !game.is_over())
            .filter_map(teach)
            .collect());
    }
    let mut game = Game::new(seed, Rules::default());
    let mut labels = Vec::new();
    while !game.is_over() {
        let numbers = game.board().occupied_cells().count_ones();
        let every = if numbers >= options.crowded_from { options.every.1 } else { options.every.0 };
        if numbers >= options.min_numbers && game.moves() % every.max(1) == 0 {
            labels.extend(teach(&game));
        }
        play_at(&bot, &mut game, options.play_units);
    }
    Ok(labels)
}

/// The label mode: a header (the command, the format), then one line a labelled position, seed by
/// seed; the throughput on stderr.
pub(crate) fn label(config: &Config, options: &LabelOptions) -> Result<(), String> {
    let seeds: Vec<u64> = (options.first..=options.last).collect();
    let range = options.shard.map_or(0..seeds.len(), |shard| shard.range(seeds.len()));
    let command: Vec<String> = std::env::args().skip(1).collect();
    println!("# linez-tune {}", command.join(" "));
    println!("{FORMAT}");
    let (start, mut count) = (thread_cpu(), 0usize);
    for &seed in &seeds[range] {
        for label in label_seed(config, options, seed)? {
            println!("{}", label.line());
            count += 1;
        }
        let secs = thread_cpu() - start;
        eprintln!(
            "seed {seed}: {count} positions in {secs:.1} s CPU ({:.2} a second)",
            count as f64 / secs.max(1e-9)
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse_args;

    fn parse_label(words: &str) -> (Config, LabelOptions) {
        let words: Vec<String> = words.split_whitespace().map(String::from).collect();
        let config = parse_args(&words).unwrap().unwrap();
        let super::super::Mode::Label(ref options) = config.mode else { panic!("not label") };
        let options = options.clone();
        (config, options)
    }

    #[test]
    fn labels_are_deterministic_and_their_lines_round_trip() {
        let (config, options) =
            parse_label("label --units 600 --play-units 100 --every 25,6 --candidates 20 3 3");
        let labels = label_seed(&config, &options, 3).unwrap();
        assert!(labels.len() > 5, "{}", labels.len());
        assert_eq!(labels, label_seed(&config, &options, 3).unwrap());
        for label in &labels {
            let line = label.line();
            let parsed = Label::parse(&line).unwrap();
            assert_eq!(parsed.line(), line);
            assert_eq!(
                (parsed.board, parsed.next_three, parsed.choice),
                (label.board, label.next_three, label.choice)
            );
            assert!(label.candidates.len() == 20.min(label.quiet) && label.choice_rank() >= 1);
            // The position rebuilt from the line is the game's (its seed replayed to the move).
            assert!(label.board.is_legal(label.choice));
        }
        assert!(Label::parse("seed 1 move 2").is_err());
        let (config, options) = parse_label("label --stored --units 300 1001 1010");
        let stored: Vec<Label> =
            (1001..=1010).flat_map(|seed| label_seed(&config, &options, seed).unwrap()).collect();
        assert!(stored.len() >= 5 && stored.iter().all(|label| label.numbers() >= 52), "{stored:?}");
    }
}
