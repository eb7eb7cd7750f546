//! Sums the hashes of all future Cephalopods boards (CodinGame Spring Challenge 2025) (work in progress).
