//! Layouts of the bundled text: compaction (every comment, indentation and line break dropped, one
//! space only where two tokens would otherwise merge) and the comment-stripping fallback of the
//! readable layout.

use crate::lex::{is_ident_continue, is_ident_start, is_significant, lex, Token, TokenKind};
use crate::Result;

/// A text with the same tokens as `src` and no comments: the tokens joined by one space only
/// where the lexer (or rustc's 2021 edition) would read the joined text differently.
///
/// # Errors
/// If the text does not lex.
pub fn compact(src: &str) -> Result<String> {
    let tokens: Vec<Token> = lex(src)?.into_iter().filter(is_significant).collect();
    let text = |t: &Token| &src[t.start..t.end];
    let mut out = String::with_capacity(src.len());
    for (i, token) in tokens.iter().enumerate() {
        if i > 0 {
            let after = tokens.get(i + 1).map_or("", text);
            if needs_space(&tokens[i - 1], text(&tokens[i - 1]), token, text(token), after) {
                out.push(' ');
            }
        }
        out.push_str(text(token));
    }
    Ok(out)
}

/// Whether tokens `a` and `b` (followed by text `after`) need a space between them.
fn needs_space(a: &Token, a_text: &str, b: &Token, b_text: &str, after: &str) -> bool {
    let (last, first) = (a_text.as_bytes()[a_text.len() - 1], b_text.as_bytes()[0]);
    // Word-like ends: `as u8`, `'a mut`, and in edition 2021 `ident"..."`, `ident'x'`, `ident#` are
    // reserved prefixes (an error), not an identifier then a literal.
    if is_ident_continue(last) && (is_ident_continue(first) || matches!(first, b'"' | b'\'' | b'#')) {
        return true;
    }
    // A literal followed by a word would read as a suffix (`'a'as u8`).
    if a.kind == TokenKind::Literal && is_ident_continue(first) {
        return true;
    }
    // `x.0 .1` must not become the float `0.1`; `1.max(2)` stays.
    if a.kind == TokenKind::Number && b_text == "." {
        return !after.as_bytes().first().is_some_and(|&c| is_ident_start(c));
    }
    // Everything else the lexer decides: joined, the two must lex back as themselves (`& &x` is not
    // `&&x`, `a / *b` is not a comment, `> >=` is not `>>=`).
    let joined = format!("{a_text}{b_text}");
    match lex(&joined) {
        Ok(tokens) => {
            !(tokens.len() == 2
                && tokens[0].end == a_text.len()
                && tokens[0].kind == a.kind
                && tokens[1].kind == b.kind)
        }
        Err(_) => true,
    }
}

/// Drops every comment and blank line (the readable layout's fallback when the file is over
/// [`SIZE_LIMIT`](crate::SIZE_LIMIT)).
///
/// # Errors
/// If the text does not lex.
pub fn strip_comments(src: &str) -> Result<String> {
    let mut out = String::with_capacity(src.len());
    for token in lex(src)? {
        if token.kind != TokenKind::Comment {
            out.push_str(&src[token.start..token.end]);
        }
    }
    let lines: Vec<&str> = out.lines().map(str::trim_end).filter(|l| !l.is_empty()).collect();
    Ok(lines.join("\n") + "\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The significant tokens' texts.
    fn texts(src: &str) -> Vec<&str> {
        lex(src).unwrap().into_iter().filter(is_significant).map(|t| &src[t.start..t.end]).collect()
    }

    #[test]
    fn tricky_tokens_neither_merge_nor_split() {
        let cases = [
            (r#"let s = "a // b  { \" c";"#, r#"let s="a // b  { \" c";"#),
            (r####"let r = r##"x "# y"##;"####, r####"let r=r##"x "# y"##;"####),
            (r"fn f<'a>(x: &'a str) -> char { '\'' }", r"fn f<'a>(x:&'a str)->char{'\''}"),
            (
                "let c = 'a' as u8; let d = b'x' as u8; let e = br\"z\";",
                "let c='a' as u8;let d=b'x' as u8;let e=br\"z\";",
            ),
            ("let r#type = r#match;", "let r#type=r#match;"),
            ("for i in 0 ..= 9 { a >>= 1; b >> = 1; }", "for i in 0..=9{a>>=1;b>> =1;}"),
            ("let x = - -1; let y = a / *b; let z = a & &b && c;", "let x=--1;let y=a/ *b;let z=a& &b&&c;"),
            ("f::<u8>(); if x as u8 < y {}", "f::<u8>();if x as u8<y{}"),
            ("let v: Vec<Vec<u8>> = t.0 .1 + t.0.max(1);", "let v:Vec<Vec<u8>> =t.0 .1+t.0.max(1);"),
            ("return \"x\"; 'outer: loop { break 'outer }", "return \"x\";'outer:loop{break 'outer}"),
            ("if a < -1 && b | |c| c {}", "if a< -1&&b| |c|c{}"),
            ("let f = 1. / x + 2.5e-3 * y as f64;", "let f=1./x+2.5e-3*y as f64;"),
            (
                "fn g<'a>(x: &'a u8) -> [char; 3] { ['a', '\\'', 'b'] }",
                "fn g<'a>(x:&'a u8)->[char;3]{['a','\\'','b']}",
            ),
            (
                "let s = b\"a b\" ; let c = b' ' ; let t = c\"x y\" ;",
                "let s=b\"a b\";let c=b' ';let t=c\"x y\";",
            ),
        ];
        for (src, want) in cases {
            let got = compact(src).unwrap();
            assert_eq!(got, want, "{src}");
            assert_eq!(texts(&got), texts(src), "{src}");
        }
    }

    #[test]
    fn comments_go_and_attributes_and_macros_stay() {
        let src = "//! Crate doc.\n#![allow(unused)]\n/// Item doc.\n#[derive(Debug, Clone)]\nstruct S; /* block /* nested */ */\n\
                   macro_rules! twice {\n    ($e:expr) => { $e + $e }; // why\n}\n#[doc = \"kept\"] fn f() {}\n";
        assert_eq!(
            compact(src).unwrap(),
            "#![allow(unused)]#[derive(Debug,Clone)]struct S;macro_rules!twice{($e:expr)=>{$e+$e};}#[doc=\"kept\"]fn f(){}"
        );
    }

    #[test]
    fn oversized_files_lose_their_comments_first() {
        let comment = format!("// {}\n", "x".repeat(200));
        let code = "fn main() {}\n";
        let big = comment.repeat(600) + code;
        assert!(big.len() > crate::SIZE_LIMIT);
        assert_eq!(strip_comments(&big).unwrap(), code);
    }
}
