//! Linez bot (TopCoder MM5) and its seeded simulator (work in progress).
