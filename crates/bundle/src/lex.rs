//! The lexer: Rust source -> tokens that cover every byte, so that no edit ever lands inside a literal
//! or a comment, and so that compaction can tell which tokens would merge without a space.

use crate::{BundleError, Result};

/// What kind of text a [`Token`] covers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    /// Spaces, tabs and line breaks.
    Whitespace,
    /// `// ...` (including doc comments) or `/* ... */`.
    Comment,
    /// An identifier or keyword (`r#type` included).
    Ident,
    /// A lifetime or label, `'a`.
    Lifetime,
    /// A string, byte string, raw string or character literal.
    Literal,
    /// A numeric literal.
    Number,
    /// An operator or delimiter: one character, or the longest multi-character operator that rustc
    /// glues from adjacent characters (`::`, `->`, `>>=`, `..=`...).
    Punct,
}

/// A token: its kind and its byte range in the source.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Token {
    /// The kind.
    pub kind: TokenKind,
    /// Start byte.
    pub start: usize,
    /// End byte (exclusive).
    pub end: usize,
}

/// The operators rustc glues from adjacent punctuation (`Token::glue`), longest first: two tokens that
/// a space kept apart must not become one of these.
const OPERATORS: [&str; 25] = [
    "<<=", ">>=", "...", "..=", "::", "->", "=>", "==", "!=", "<=", ">=", "<-", "<<", ">>", "&&", "||", "..",
    "+=", "-=", "*=", "/=", "%=", "^=", "&=", "|=",
];

pub(crate) fn is_ident_start(c: u8) -> bool {
    c == b'_' || c.is_ascii_alphabetic() || c >= 0x80
}

pub(crate) fn is_ident_continue(c: u8) -> bool {
    c == b'_' || c.is_ascii_alphanumeric() || c >= 0x80
}

/// Splits Rust source into tokens covering every byte.
///
/// # Errors
/// On an unterminated string, character or block comment.
pub fn lex(src: &str) -> Result<Vec<Token>> {
    let b = src.as_bytes();
    let mut tokens = Vec::new();
    let mut i = 0;
    let unterminated = |what: &str, at: usize| {
        let line = src[..at].matches('\n').count() + 1;
        BundleError(format!("unterminated {what} starting on line {line}"))
    };
    while i < b.len() {
        let start = i;
        let c = b[i];
        let kind = if c.is_ascii_whitespace() {
            while i < b.len() && b[i].is_ascii_whitespace() {
                i += 1;
            }
            TokenKind::Whitespace
        } else if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
            TokenKind::Comment
        } else if b[i..].starts_with(b"/*") {
            let mut depth = 0;
            loop {
                if i >= b.len() {
                    return Err(unterminated("block comment", start));
                }
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            TokenKind::Comment
        } else if let Some(len) = raw_string_len(&b[i..]) {
            i += len.ok_or_else(|| unterminated("raw string", start))?;
            TokenKind::Literal
        } else if c == b'"' || ((c == b'b' || c == b'c') && b.get(i + 1) == Some(&b'"')) {
            i += if c == b'"' { 1 } else { 2 };
            loop {
                match b.get(i) {
                    None => return Err(unterminated("string", start)),
                    Some(b'\\') => i += 2,
                    Some(b'"') => {
                        i += 1;
                        break;
                    }
                    Some(_) => i += 1,
                }
            }
            TokenKind::Literal
        } else if c == b'\'' || (c == b'b' && b.get(i + 1) == Some(&b'\'')) {
            let quote = if c == b'\'' { i } else { i + 1 };
            match char_literal_len(&src[quote..]) {
                Some(len) => {
                    i = quote + len;
                    TokenKind::Literal
                }
                None if c == b'\'' => {
                    i += 1;
                    while i < b.len() && is_ident_continue(b[i]) {
                        i += 1;
                    }
                    TokenKind::Lifetime
                }
                None => return Err(unterminated("byte literal", start)),
            }
        } else if c == b'r' && b.get(i + 1) == Some(&b'#') && b.get(i + 2).is_some_and(|&n| is_ident_start(n))
        {
            i += 2;
            while i < b.len() && is_ident_continue(b[i]) {
                i += 1;
            }
            TokenKind::Ident
        } else if is_ident_start(c) {
            while i < b.len() && is_ident_continue(b[i]) {
                i += 1;
            }
            TokenKind::Ident
        } else if c.is_ascii_digit() {
            i += number_len(&b[i..]);
            TokenKind::Number
        } else if let Some(op) = OPERATORS.iter().find(|op| b[i..].starts_with(op.as_bytes())) {
            i += op.len();
            TokenKind::Punct
        } else {
            // One character (which may be several bytes).
            i += src[i..].chars().next().map_or(1, char::len_utf8);
            TokenKind::Punct
        };
        tokens.push(Token { kind, start, end: i });
    }
    Ok(tokens)
}

/// The length of the number that `b` starts with, as rustc reads it: digits, a suffix (`1u8`), an
/// exponent with its sign (`1.5e-3`), and one '.' unless another '.' or a word follows it (so `0..9`
/// and `1.max(2)` are three tokens and `1.` is a float).
fn number_len(b: &[u8]) -> usize {
    let radix = b.len() > 1 && b[0] == b'0' && matches!(b[1], b'x' | b'o' | b'b');
    let (mut i, mut dot, mut letters) = (1, false, false);
    while i < b.len() {
        let c = b[i];
        if c == b'.'
            && !radix
            && !dot
            && !letters
            && !b.get(i + 1).is_some_and(|&n| n == b'.' || is_ident_start(n))
        {
            dot = true;
            i += 1;
        } else if is_ident_continue(c) {
            let exponent =
                !radix && matches!(c, b'e' | b'E') && (b[i - 1].is_ascii_digit() || b[i - 1] == b'_');
            letters |= c.is_ascii_alphabetic();
            i += 1;
            if exponent
                && matches!(b.get(i), Some(b'+' | b'-'))
                && b.get(i + 1).is_some_and(u8::is_ascii_digit)
            {
                i += 1;
            }
        } else {
            break;
        }
    }
    i
}

/// If `b` starts a raw string (`r"`, `r#"`, `br#"`, `cr"`...), its length (`None` if unterminated).
fn raw_string_len(b: &[u8]) -> Option<Option<usize>> {
    let mut i = match b {
        [b'r', ..] => 1,
        [b'b' | b'c', b'r', ..] => 2,
        _ => return None,
    };
    let hashes = b[i..].iter().take_while(|&&c| c == b'#').count();
    i += hashes;
    if b.get(i) != Some(&b'"') {
        return None;
    }
    i += 1;
    while i < b.len() {
        if b[i] == b'"' && b[i + 1..].iter().take(hashes).filter(|&&c| c == b'#').count() == hashes {
            return Some(Some(i + 1 + hashes));
        }
        i += 1;
    }
    Some(None)
}

/// If `s` (starting at a `'`) is a character literal, its length; `None` for a lifetime.
fn char_literal_len(s: &str) -> Option<usize> {
    let rest = &s[1..];
    let mut chars = rest.char_indices();
    let (_, first) = chars.next()?;
    if first == '\\' {
        // An escape: the literal ends at the next quote ('\'' and '\\' are two-character escapes).
        let after = &rest[1..];
        let skip = usize::from(after.starts_with('\'') || after.starts_with('\\'));
        let close = after[skip..].find('\'')?;
        return Some(1 + 1 + skip + close + 1);
    }
    let (second_at, second) = chars.next()?;
    (second == '\'').then_some(1 + second_at + 1)
}

/// Whether a token is neither whitespace nor a comment.
pub(crate) fn is_significant(token: &Token) -> bool {
    !matches!(token.kind, TokenKind::Whitespace | TokenKind::Comment)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(src: &str) -> Vec<(TokenKind, &str)> {
        lex(src)
            .unwrap()
            .into_iter()
            .filter(|t| t.kind != TokenKind::Whitespace)
            .map(|t| (t.kind, &src[t.start..t.end]))
            .collect()
    }

    #[test]
    fn lexer_separates_literals_lifetimes_and_comments() {
        use TokenKind::*;
        let src = r###"fn f<'a>(x: &'a str) -> char { let _ = r#"a "crate::" b"#; '\'' } // crate::x
/* outer /* inner */ still */ b'x' '\u{1F600}' "esc\"aped" 1.5e3 0..9"###;
        let got = kinds(src);
        assert!(got.contains(&(Lifetime, "'a")));
        assert!(got.contains(&(Literal, r###"r#"a "crate::" b"#"###)));
        assert!(got.contains(&(Literal, r"'\''")));
        assert!(got.contains(&(Comment, "// crate::x")));
        assert!(got.contains(&(Comment, "/* outer /* inner */ still */")));
        assert!(got.contains(&(Literal, "b'x'")));
        assert!(got.contains(&(Literal, r"'\u{1F600}'")));
        assert!(got.contains(&(Literal, r#""esc\"aped""#)));
        assert!(got.contains(&(Number, "1.5e3")));
        assert!(got.contains(&(Number, "0")) && got.contains(&(Number, "9")));
        assert!(got.contains(&(Punct, "->")) && got.contains(&(Punct, "..")));
        // Every byte is covered exactly once.
        let tokens = lex(src).unwrap();
        assert_eq!(tokens.first().unwrap().start, 0);
        assert_eq!(tokens.last().unwrap().end, src.len());
        assert!(tokens.windows(2).all(|w| w[0].end == w[1].start));
    }

    #[test]
    fn lexer_glues_operators_like_rustc() {
        let texts = |src: &str| kinds(src).into_iter().map(|(_, t)| t.to_string()).collect::<Vec<_>>();
        assert_eq!(texts("a>>=b"), ["a", ">>=", "b"]);
        assert_eq!(texts("0..=9"), ["0", "..=", "9"]);
        assert_eq!(texts("x::<u8>()"), ["x", "::", "<", "u8", ">", "(", ")"]);
        assert_eq!(texts("a&&b"), ["a", "&&", "b"]);
        assert_eq!(texts("a& &b"), ["a", "&", "&", "b"]);
        assert_eq!(texts("x<-1"), ["x", "<-", "1"], "rustc glues `<-` too");
        assert_eq!(texts("a&&=b"), ["a", "&&", "=", "b"], "no `&&=` operator");
        assert_eq!(texts("--1"), ["-", "-", "1"], "no `--` operator");
        assert_eq!(texts("r#type 'a' 'b"), ["r#type", "'a'", "'b"]);
    }

    #[test]
    fn lexer_reads_numbers_like_rustc() {
        let texts = |src: &str| kinds(src).into_iter().map(|(_, t)| t.to_string()).collect::<Vec<_>>();
        assert_eq!(texts("1. / x"), ["1.", "/", "x"], "a float with a trailing dot");
        assert_eq!(texts("1.5e-3+2E+7f64"), ["1.5e-3", "+", "2E+7f64"]);
        assert_eq!(texts("0x1e-5 1usize-5"), ["0x1e", "-", "5", "1usize", "-", "5"]);
        assert_eq!(
            texts("1.max(2) 1..2 1u8.min(0)"),
            ["1", ".", "max", "(", "2", ")", "1", "..", "2", "1u8", ".", "min", "(", "0", ")"]
        );
        assert_eq!(texts("x.0.1 t.0 .1"), ["x", ".", "0.1", "t", ".", "0", ".", "1"]);
    }

    #[test]
    fn lexer_reports_unterminated_input() {
        assert!(lex("let s = \"open").is_err());
        assert!(lex("/* open /* */").is_err());
        assert!(lex("r#\"open\"").is_err());
    }
}
