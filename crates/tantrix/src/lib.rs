//! Counts the legal Tantrix moves (Kattis tantrix) (work in progress).
