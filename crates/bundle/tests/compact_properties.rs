//! Compaction keeps every token of the workspace's own code: random stretches of its sources, and
//! random streams of its tokens in orders no one wrote, compact to text that lexes back to the same
//! tokens; and the compact and readable bundles of every solver are the same token sequence.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use bundle::{compact, lex, Layout, TokenKind};
use proptest::prelude::*;

fn workspace() -> PathBuf {
    bundle::find_workspace(Path::new(env!("CARGO_MANIFEST_DIR")))
        .expect("the bundle crate is in the workspace")
}

/// Every `.rs` file under `crates/`, sorted (so that case generation is reproducible).
fn sources() -> &'static [String] {
    static SOURCES: OnceLock<Vec<String>> = OnceLock::new();
    SOURCES.get_or_init(|| {
        let mut paths = Vec::new();
        let mut dirs = vec![workspace().join("crates")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    dirs.push(path);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    paths.push(path);
                }
            }
        }
        paths.sort();
        let texts: Vec<String> = paths.iter().map(|p| std::fs::read_to_string(p).unwrap()).collect();
        assert!(texts.len() > 20, "the workspace's sources are found");
        texts
    })
}

/// The significant tokens of `src`: (kind, text).
fn tokens(src: &str) -> Vec<(TokenKind, &str)> {
    lex(src)
        .unwrap()
        .into_iter()
        .filter(|t| !matches!(t.kind, TokenKind::Whitespace | TokenKind::Comment))
        .map(|t| (t.kind, &src[t.start..t.end]))
        .collect()
}

/// The distinct significant tokens of the workspace's sources, grouped by kind and sorted: drawing a
/// kind first makes rare neighbours (a number, then `.`, then a number) common.
fn token_pool() -> &'static [Vec<String>] {
    static POOL: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    POOL.get_or_init(|| {
        let mut by_kind: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (kind, text) in sources().iter().flat_map(|src| tokens(src)) {
            by_kind.entry(format!("{kind:?}")).or_default().insert(text.to_string());
        }
        assert_eq!(by_kind.len(), 5, "identifiers, lifetimes, literals, numbers and punctuation");
        by_kind.into_values().map(|texts| texts.into_iter().collect()).collect()
    })
}

fn assert_compacts_faithfully(src: &str) -> Result<(), TestCaseError> {
    let compacted = compact(src).unwrap();
    prop_assert_eq!(tokens(&compacted), tokens(src), "compacted: {}", compacted);
    prop_assert_eq!(compact(&compacted).unwrap(), compacted.clone(), "compaction is idempotent");
    prop_assert!(only_needed_spaces(&compacted), "comments, line breaks or runs of spaces: {}", compacted);
    Ok(())
}

/// Whether the text's only whitespace outside literals is single spaces, and it has no comments.
fn only_needed_spaces(text: &str) -> bool {
    lex(text).unwrap().iter().all(|t| match t.kind {
        TokenKind::Whitespace => &text[t.start..t.end] == " ",
        TokenKind::Comment => false,
        _ => true,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn stretches_of_the_sources_keep_their_tokens(
        file in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        len in 1usize..400,
    ) {
        let src = file.get(sources()).as_str();
        let all = lex(src).unwrap();
        let first = at.index(all.len());
        let last = (first + len).min(all.len()) - 1;
        assert_compacts_faithfully(&src[all[first].start..all[last].end])?;
    }

    #[test]
    fn random_streams_of_the_sources_tokens_keep_their_tokens(
        picks in prop::collection::vec(any::<(prop::sample::Index, prop::sample::Index)>(), 1..60),
    ) {
        let stream: Vec<&str> = picks.iter().map(|(kind, token)| token.get(kind.get(token_pool()).as_slice()).as_str()).collect();
        let src = stream.join(" ");
        // A few neighbours lex differently even with a space between them; such a stream is not a
        // token stream of Rust, so there is nothing to keep.
        prop_assume!(tokens(&src).into_iter().map(|(_, t)| t).collect::<Vec<_>>() == stream);
        assert_compacts_faithfully(&src)?;
    }
}

#[test]
fn compact_and_readable_bundles_are_the_same_tokens() {
    let ws = workspace();
    for name in ["cephalopods", "hex", "jigsaw", "linez", "tantrix"] {
        let compact = bundle::bundle(&ws, name, Layout::Compact).unwrap();
        let pretty = bundle::bundle(&ws, name, Layout::Pretty).unwrap();
        assert_eq!(tokens(&compact), tokens(&pretty), "{name}");
        assert!(
            compact.chars().count() * 4 <= pretty.chars().count() * 3,
            "{name}: compact is a quarter smaller"
        );
        let (header, code) = compact.split_once('\n').unwrap();
        assert!(
            header.starts_with("// ") && only_needed_spaces(code.trim_end()),
            "{name}: a header line, then code"
        );
    }
}
