//! The learned shape weights packed for [`crate::patterns`] (written by `examples/train_patterns.rs`;
//! each character holds 14 bits as `char - 0x4E00`).

/// ln weight of each 6-neighbour code, one character each (quantized, see `patterns::quantize`).
pub const SHAPE6: &str = "亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀亀";
/// Frequent 12-cell shapes: two characters each, `canonical code << 8 | quantized ln correction`.
pub const SHAPE12: &str = "";
/// ln weight of the last-move classes (touching, a bridge away, elsewhere).
pub const LAST_MOVE: &str = "亀亀亀";
