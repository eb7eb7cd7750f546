//! Hex (11x11, swap rule) for CodinGame: the game's rules and the bot's search (work in progress).
