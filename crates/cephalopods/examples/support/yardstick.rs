//! The yardstick's inputs, for the timing example and the criterion bench: the 12 public tests
//! (`samples/cephalopods/NN.in`, named `public-NN`) and the near-empty boards of
//! `crates/cephalopods/yardstick.txt` (one `NAME DEPTH C1 .. C9` a line).

use cephalopods::Board;
use std::path::Path;

/// One input: its name, board and depth.
pub struct Input {
    pub name: String,
    pub board: Board,
    pub depth: u32,
}

impl Input {
    /// The input as the judge sends it: the depth line and three board rows.
    #[allow(dead_code)] // the bench feeds boards in-process
    pub fn text(&self) -> String {
        let c = self.board.cells();
        format!(
            "{}\n{} {} {}\n{} {} {}\n{} {} {}\n",
            self.depth, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8]
        )
    }

    /// Whether this is one of the 12 public tests.
    #[allow(dead_code)]
    pub fn is_public(&self) -> bool {
        self.name.starts_with("public-")
    }
}

/// Parses `DEPTH C1 .. C9` (the judge's input or a yardstick line's numbers).
fn input(name: String, numbers: &str) -> Input {
    let numbers: Vec<u8> = numbers.split_whitespace().map(|t| t.parse().expect("a number")).collect();
    assert_eq!(numbers.len(), 10, "{name}: a depth and nine cells");
    let cells: [u8; 9] = numbers[1..].try_into().expect("nine cells");
    Input { name, board: Board::from_cells(cells), depth: u32::from(numbers[0]) }
}

/// The public tests, then the yardstick's boards; `workspace` is the workspace's root.
pub fn inputs(workspace: &Path) -> Vec<Input> {
    let read =
        |path: &Path| std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut inputs: Vec<Input> = (1..=12)
        .map(|case| {
            let text = read(&workspace.join(format!("samples/cephalopods/{case:02}.in")));
            input(format!("public-{case:02}"), &text)
        })
        .collect();
    for line in read(&workspace.join("crates/cephalopods/yardstick.txt")).lines() {
        if let Some((name, numbers)) = line.split_once(' ').filter(|_| !line.starts_with('#')) {
            inputs.push(input(name.to_string(), numbers));
        }
    }
    inputs
}
