//! Linez (TopCoder Marathon Match 5): the game's rules, seeded game generation and the bot (work in progress).

pub mod game;
