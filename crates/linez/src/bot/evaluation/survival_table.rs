//! The survival fit of the death phase: ln(1 + moves left) predicted from the evaluation's 25
//! terms and 7 global measures of free space ([`super::survival`]). Written by
//! `linez-tune survival 1 100 1000 1 --out FILE` (crates/linez-tools); do not edit.

/// The fit's intercept.
pub(super) const INTERCEPT: f32 = 5.60844;

/// The weights: open[0..6], blocked[0..6], plan[0..6], plan_ways, useful2, useful3, isolated,
/// stranded, ready, best_quiet, then numbers, regions, largest, lone, small, reach, pairs.
#[rustfmt::skip]
pub(super) const WEIGHTS: [f32; 32] = [
    -0.0026714748, -0.0015651936, -0.047363926, -0.1158976, 0.118037574, 0.0, 0.0, 0.014389838, 0.000681314, -0.08211771, 0.11417634, 0.0, 0.0, 0.3068264, 0.062060837, -0.007074925, -0.04804823, -0.044776276, 0.017374096, 0.026891971, 0.09143779, -0.010178833, 0.042133767, 0.0067846617, 0.0034313365, -0.06428785, 0.016637148, 0.056032196, -0.010178833, -0.016461067, -0.040751915, 0.013556219,
];
