//! The switches for the rules the statement leaves open ([`Rules`]): how many numbers a game
//! starts with, what the lines a placement completes do and when they are looked for, and how
//! answers name cells.

use crate::*;

/// What happens to a line of 5+ completed by a placement (open rule 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementLines {
    /// Removed and scored by the same formula as a move's lines (the spec's choice).
    Score,
    /// Removed without points.
    RemoveWithoutPoints,
    /// Left on the board.
    Keep,
}

switch_names!(PlacementLines { Score => "score", RemoveWithoutPoints => "remove", Keep => "keep" });

/// When the lines completed by placed numbers are looked for (open rule 2's "a placement").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlacementCheck {
    /// Once, after all the numbers of the placement are placed, as one removal (the spec's
    /// "placement" is the placing of nextThree, after which a fresh nextThree is drawn).
    AfterAll,
    /// After each number, so a removal frees cells for the next numbers of the same placement.
    AfterEach,
}

switch_names!(PlacementCheck { AfterAll => "after-all", AfterEach => "after-each" });

/// The switches for the rules the statement leaves open; [`Rules::default`] is the spec's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// How many numbers the game starts with (open rule 1; default 3, at most 81).
    pub initial_count: usize,
    /// What lines completed by a placement do (open rule 2; default [`PlacementLines::Score`]).
    pub placement_lines: PlacementLines,
    /// When placement lines are looked for (default [`PlacementCheck::AfterAll`]).
    pub placement_check: PlacementCheck,
    /// How the bot's 4-character answers name cells (default [`Convention::LetterIsRow`]).
    pub convention: Convention,
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            initial_count: 3,
            placement_lines: PlacementLines::Score,
            placement_check: PlacementCheck::AfterAll,
            convention: Convention::LetterIsRow,
        }
    }
}

/// The rules as one line: `initial 3, placement lines score after-all, convention letter-row`.
impl std::fmt::Display for Rules {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "initial {}, placement lines {} {}, convention {}",
            self.initial_count, self.placement_lines, self.placement_check, self.convention
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_switches_print_and_parse_their_names() {
        for lines in [PlacementLines::Score, PlacementLines::RemoveWithoutPoints, PlacementLines::Keep] {
            assert_eq!(lines.to_string().parse(), Ok(lines));
        }
        for check in [PlacementCheck::AfterAll, PlacementCheck::AfterEach] {
            assert_eq!(check.to_string().parse(), Ok(check));
        }
        for convention in [Convention::LetterIsRow, Convention::LetterIsColumn] {
            assert_eq!(convention.to_string().parse(), Ok(convention));
        }
        assert_eq!("remove".parse(), Ok(PlacementLines::RemoveWithoutPoints));
        assert_eq!(
            "nope".parse::<PlacementLines>(),
            Err("expected score|remove|keep, found \"nope\"".into())
        );
        assert_eq!(
            Rules::default().to_string(),
            "initial 3, placement lines score after-all, convention letter-row"
        );
    }
}
