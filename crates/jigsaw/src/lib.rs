//! Counts 3x3 edge-matching jigsaw solutions (AOJ 1116) (work in progress).
