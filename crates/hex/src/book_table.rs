//! The opening book for [`crate::bot::book_move`] (written by `hex-train book` from the engine's
//! answers in crates/tools/hex/book/; see the README, "Opening book").

/// Red's first move after blue swapped, by the cell of blue's stone (row by row, `a1` .. `k11`).
pub const AFTER_SWAP: [&str; 121] = [
    "j2", "g5", "f6", "f6", "f6", "e7", "f6", "f6", "j2", "k1", "e6", "f6", "f6", "d2", "b3", "f6", "f6",
    "g5", "e7", "j2", "e6", "f6", "f6", "e7", "a4", "c3", "c4", "d4", "e7", "i3", "j2", "i3", "i3", "g5",
    "b6", "e7", "e4", "f4", "g6", "h4", "i4", "g5", "i3", "i5", "c4", "c5", "f6", "b6", "f6", "g5", "f5",
    "g5", "k4", "i5", "i6", "f6", "c6", "a7", "f6", "f6", "e6", "f6", "f6", "k5", "i6", "f6", "c6", "c7",
    "a8", "e7", "f7", "e7", "f6", "j6", "f6", "i7", "i8", "c7", "c9", "e7", "c8", "d8", "e6", "f8", "g8",
    "g5", "j6", "e7", "c9", "c9", "b10", "c9", "g5", "h8", "i8", "i9", "k8", "g5", "f6", "f6", "g6", "b10",
    "g5", "e7", "f6", "f6", "j9", "h10", "f6", "f6", "g6", "a11", "b10", "f6", "f6", "g5", "f6", "f6", "f6",
    "e7", "b10",
];

/// Blue's answer to red's first stone on a cell blue does not swap, by that cell (`""` where blue swaps).
pub const KEPT_OPENING: [&str; 121] = [
    "e7", "f6", "e7", "f5", "f6", "e3", "g5", "g3", "i3", "j2", "", "", "", "", "", "", "", "", "", "", "",
    "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
    "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
    "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "", "",
    "", "", "", "", "", "", "", "", "", "", "", "", "b10", "c9", "e9", "e7", "g9", "f6", "f7", "g5", "f6",
    "g5",
];
