//! Seeded game generation (SplitMix64 streams) and the open-rule switches (work in progress).
