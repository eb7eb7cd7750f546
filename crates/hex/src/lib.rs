//! Hex bot for CodinGame (11x11, swap) and its local referee (work in progress).
