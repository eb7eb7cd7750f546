//! Integers parsed straight from the input bytes ([`Int`]): the plain checked parse behind every
//! integer read (the scanner's one-pass path agrees with it, a test in `scanner.rs` pins that).

use std::fmt::{self, Display};

/// An integer type that [`Scanner::int`] can parse straight from the input bytes.
///
/// Accepts an optional `-` (signed types only) followed by ASCII digits; anything else, or a value
/// that does not fit the type, is rejected.
pub trait Int: Copy + Ord + Display + fmt::Debug {
    /// Parses a whole token, or returns `None` if it is not a valid value of this type.
    fn from_token(token: &[u8]) -> Option<Self>;

    /// The value with this sign and magnitude, or `None` if the type cannot hold it (or has no sign).
    fn from_parts(negative: bool, magnitude: u64) -> Option<Self>;

    /// `value` if the type can hold it.
    fn from_i64(value: i64) -> Option<Self>;

    /// True for the unsigned types, which reject a `-` sign even on zero.
    const UNSIGNED: bool;
}

/// Parses the decimal digits of `digits` into a `u64`, rejecting empty input, non-digits and overflow.
#[inline]
fn parse_magnitude(digits: &[u8]) -> Option<u64> {
    if digits.is_empty() {
        return None;
    }
    let mut value: u64 = 0;
    for &byte in digits {
        // `wrapping_sub` maps every non-digit byte above 9, so one comparison checks the range.
        let digit = byte.wrapping_sub(b'0');
        if digit > 9 {
            return None;
        }
        value = value.checked_mul(10)?.checked_add(u64::from(digit))?;
    }
    Some(value)
}

macro_rules! impl_unsigned_int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            #[inline]
            fn from_token(token: &[u8]) -> Option<Self> {
                <$t>::try_from(parse_magnitude(token)?).ok()
            }

            const UNSIGNED: bool = true;

            #[inline]
            fn from_i64(value: i64) -> Option<Self> {
                <$t>::try_from(value).ok()
            }

            #[inline]
            fn from_parts(negative: bool, magnitude: u64) -> Option<Self> {
                if negative {
                    return None;
                }
                <$t>::try_from(magnitude).ok()
            }
        }
    )*};
}

macro_rules! impl_signed_int {
    ($($t:ty),*) => {$(
        impl Int for $t {
            #[inline]
            fn from_token(token: &[u8]) -> Option<Self> {
                let (negative, digits) = match token.split_first() {
                    Some((b'-', rest)) => (true, rest),
                    _ => (false, token),
                };
                Self::from_parts(negative, parse_magnitude(digits)?)
            }

            const UNSIGNED: bool = false;

            #[inline]
            fn from_i64(value: i64) -> Option<Self> {
                <$t>::try_from(value).ok()
            }

            #[inline]
            fn from_parts(negative: bool, magnitude: u64) -> Option<Self> {
                let value: i64 = if negative {
                    if magnitude > 1 << 63 {
                        return None;
                    }
                    // -(2^63) is representable although +2^63 is not.
                    0i64.wrapping_sub(magnitude as i64)
                } else {
                    i64::try_from(magnitude).ok()?
                };
                <$t>::try_from(value).ok()
            }
        }
    )*};
}

impl_unsigned_int!(u8, u16, u32, u64, usize);
impl_signed_int!(i8, i16, i32, i64, isize);

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn rejects_overflow_signs_and_letters() {
        for bad in ["256", "-1", "+1", "1a", "-", "", " 1"] {
            assert_eq!(u8::from_token(bad.as_bytes()), None, "{bad}");
        }
        assert_eq!(u64::from_token(b"18446744073709551616"), None);
        assert_eq!(i64::from_token(b"9223372036854775808"), None);
        assert_eq!(i64::from_token(b"-9223372036854775809"), None);
        assert_eq!(i8::from_token(b"-129"), None);
        assert_eq!(i8::from_token(b"--1"), None);
    }

    proptest! {
        #[test]
        fn int_agrees_with_std_parse(token in "-?[0-9]{1,22}|[0-9a-z+-]{0,6}") {
            prop_assert_eq!(i32::from_token(token.as_bytes()), token.parse::<i32>().ok().filter(|_| !token.starts_with('+')));
            prop_assert_eq!(u16::from_token(token.as_bytes()), token.parse::<u16>().ok().filter(|_| !token.starts_with('+')));
        }
    }
}
