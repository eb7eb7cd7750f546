//! Dead-code pruning, so that only the judge's code ships: an item that no live code names is
//! dropped, with its attributes, and so is its name in `use` lists.
//!
//! Liveness is by name, over the whole file: `main` and item-level macro calls are live, and every
//! identifier in a live item makes each item of that name live (a local variable or a field that
//! shares a name keeps an item too). An `impl` lives while its type and its trait do (a type or trait
//! the file does not define counts as live), and a trait lives while its name or one of its items'
//! names is used (method calls name the method, not the trait). So pruning can keep dead code, but
//! never drops an item that anything still names: what is left compiles and means the same.

use std::collections::{BTreeMap, BTreeSet};

use crate::edit::Edits;
use crate::lex::TokenKind;
use crate::{BundleError, Result};

/// What an item is, for liveness.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Kind {
    /// Droppable when its name is unused: fn, const, static, struct, enum, trait, type, macro_rules.
    Named(String),
    /// An `impl` block: its type, its trait (if any), and its items.
    Impl { ty: String, trait_: Option<String>, items: Vec<Item> },
    /// Always kept and always a source of names: `fn main`, item-level macro calls, `const _`, a
    /// `use` with nested groups or renames.
    Root,
    /// A `use` declaration with at most one group and no renames: kept (its dead names pruned, or
    /// all of it if all are dead), names nothing.
    Use,
    /// A `mod` block (its items are listed on their own) or an inner attribute: kept, names nothing.
    Kept,
}

/// An item: its significant-token range `[start, end)` and kind.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Item {
    start: usize,
    end: usize,
    kind: Kind,
    /// For a trait, the names of its items (using one uses the trait).
    members: Vec<String>,
}

/// Drops the items of `code` that no live code names (see the module docs).
///
/// # Errors
/// If the text does not lex, or an item is not one this parser knows.
pub(crate) fn prune(code: &str) -> Result<String> {
    let mut edits = Edits::new(code)?;
    let mut items = Vec::new();
    parse_items(&edits, 0, edits.len(), &mut items)?;

    // Each droppable item (impls' own items included) by name, and traits by their members' names.
    let mut by_name: BTreeMap<&str, Vec<(usize, Option<usize>)>> = BTreeMap::new();
    for (i, item) in items.iter().enumerate() {
        match &item.kind {
            Kind::Named(name) => {
                by_name.entry(name).or_default().push((i, None));
                for member in &item.members {
                    by_name.entry(member).or_default().push((i, None));
                }
            }
            Kind::Impl { items: inner, .. } => {
                for (j, member) in inner.iter().enumerate() {
                    if let Kind::Named(name) = &member.kind {
                        by_name.entry(name).or_default().push((i, Some(j)));
                    }
                }
            }
            _ => {}
        }
    }
    let defined: BTreeSet<&str> = items
        .iter()
        .filter_map(|item| if let Kind::Named(n) = &item.kind { Some(n.as_str()) } else { None })
        .collect();

    let mut live_names: BTreeSet<&str> = BTreeSet::new();
    let mut live: BTreeSet<(usize, Option<usize>)> = BTreeSet::new();
    let mut pending: Vec<(usize, usize)> = Vec::new();
    for item in &items {
        if item.kind == Kind::Root {
            pending.push((item.start, item.end));
        }
    }
    loop {
        while let Some((from, to)) = pending.pop() {
            for k in from..to {
                if edits.kind(k) != Some(TokenKind::Ident) || !live_names.insert(edits.text(k)) {
                    continue;
                }
                for &(i, j) in by_name.get(edits.text(k)).into_iter().flatten() {
                    // An impl's item names more only once its impl lives (see below).
                    if live.insert((i, j)) && (j.is_none() || live.contains(&(i, None))) {
                        let item = j.map_or(&items[i], |j| member(&items[i], j));
                        pending.push((item.start, item.end));
                    }
                }
            }
        }
        // Impls whose type and trait are now live: their headers (and a trait impl's items) name more.
        for (i, item) in items.iter().enumerate() {
            let Kind::Impl { ty, trait_, items: inner } = &item.kind else { continue };
            let is_live = |name: &str| !defined.contains(name) || live_names.contains(name);
            if live.contains(&(i, None)) || !is_live(ty) || !trait_.as_deref().map_or(true, is_live) {
                continue;
            }
            live.insert((i, None));
            let body_start = inner.first().map_or(item.end, |first| first.start);
            pending.push((item.start, body_start));
            if trait_.is_some() {
                pending.push((body_start, item.end));
            } else {
                // Its live items, and its macro calls, which count as roots.
                for (j, member) in inner.iter().enumerate() {
                    if member.kind == Kind::Root || live.contains(&(i, Some(j))) {
                        pending.push((member.start, member.end));
                    }
                }
            }
        }
        if pending.is_empty() {
            break;
        }
    }

    let mut dead_names: BTreeSet<&str> = BTreeSet::new();
    for (i, item) in items.iter().enumerate() {
        match &item.kind {
            Kind::Named(name) if !live.contains(&(i, None)) => {
                dead_names.insert(name);
                edits.remove(item.start, item.end);
            }
            Kind::Impl { .. } if !live.contains(&(i, None)) => edits.remove(item.start, item.end),
            Kind::Impl { trait_: None, items: inner, .. } => {
                for (j, member) in inner.iter().enumerate() {
                    if matches!(member.kind, Kind::Named(_)) && !live.contains(&(i, Some(j))) {
                        edits.remove(member.start, member.end);
                    }
                }
            }
            _ => {}
        }
    }
    dead_names.retain(|name| !live_names.contains(name));
    for item in items.iter().filter(|item| item.kind == Kind::Use) {
        prune_use(&mut edits, item, &dead_names);
    }
    Ok(edits.apply())
}

/// Item `j` of impl `item`.
fn member(item: &Item, j: usize) -> &Item {
    match &item.kind {
        Kind::Impl { items, .. } => &items[j],
        _ => unreachable!("only impls have items of their own"),
    }
}

/// Removes the dead names from a `use` declaration of the file's own items (`std` paths are left).
fn prune_use(edits: &mut Edits<'_>, item: &Item, dead: &BTreeSet<&str>) {
    let first = (item.start..item.end).find(|&k| edits.text(k) == "use").map_or(item.end, |k| k + 1);
    if matches!(edits.text(first), "std" | "core" | "alloc") {
        return;
    }
    let is_leaf = |k: usize| {
        matches!(edits.text(k + 1), "," | "}" | ";") && matches!(edits.text(k - 1), "::" | "{" | ",")
    };
    let all: Vec<usize> = (first..item.end).filter(|&k| is_leaf(k)).collect();
    let dead_leaves: Vec<usize> = all
        .iter()
        .copied()
        .filter(|&k| edits.kind(k) == Some(TokenKind::Ident) && dead.contains(edits.text(k)))
        .collect();
    if dead_leaves.is_empty() {
        return;
    }
    if dead_leaves.len() == all.len() {
        // Nothing left to import: the whole declaration goes (Rust 1.79 rejects `use super::{};`).
        edits.remove(item.start, item.end);
        return;
    }
    // Each dead name goes with its path inside the group (`b::Dead` in `{b::Dead, c}`) and one comma.
    let path_start = |mut k: usize| {
        while edits.text(k - 1) == "::" && edits.kind(k - 2) == Some(TokenKind::Ident) {
            k -= 2;
        }
        k
    };
    let starts: Vec<usize> = dead_leaves.iter().map(|&k| path_start(k)).collect();
    for (&k, &p) in dead_leaves.iter().zip(&starts) {
        if edits.text(k + 1) == "," {
            edits.remove(p, k + 2);
        } else if edits.text(p - 1) == "," && !dead_leaves.contains(&(p - 2)) {
            edits.remove(p - 1, k + 1);
        } else {
            // The last of a group whose previous name goes too (its comma with it): `{a, }` remains.
            edits.remove(p, k + 1);
        }
    }
}

/// Lists the items of significant tokens `from..to` (a file, or a module's or impl's body) into
/// `out`, modules' items included.
fn parse_items(edits: &Edits<'_>, from: usize, to: usize, out: &mut Vec<Item>) -> Result<()> {
    let mut k = from;
    while k < to {
        let start = k;
        if edits.text(k) == "#" && edits.text(k + 1) == "!" {
            let end = group_end(edits, k + 2);
            out.push(Item { start, end, kind: Kind::Kept, members: Vec::new() });
            k = end;
            continue;
        }
        while edits.text(k) == "#" {
            k = group_end(edits, k + 1);
        }
        if edits.text(k) == "pub" {
            k += 1;
            if edits.text(k) == "(" {
                k = group_end(edits, k);
            }
        }
        while matches!(edits.text(k), "unsafe" | "async" | "default")
            || (edits.text(k) == "const" && matches!(edits.text(k + 1), "fn" | "unsafe" | "async" | "extern"))
        {
            k += 1;
        }
        let name_after = |k: usize| edits.text(k + 1).to_string();
        let (kind, end, members) = match edits.text(k) {
            "fn" if name_after(k) == "main" => (Kind::Root, body_end(edits, k), Vec::new()),
            "fn" | "struct" | "enum" => (Kind::Named(name_after(k)), body_end(edits, k), Vec::new()),
            "trait" => {
                let end = body_end(edits, k);
                let open = (k..end).find(|&j| edits.text(j) == "{").unwrap_or(end - 1);
                let mut inner = Vec::new();
                parse_items(edits, open + 1, end - 1, &mut inner)?;
                let members = inner
                    .into_iter()
                    .filter_map(|item| if let Kind::Named(n) = item.kind { Some(n) } else { None })
                    .collect();
                (Kind::Named(name_after(k)), end, members)
            }
            "const" | "static" | "type" => {
                let name_at = if edits.text(k + 1) == "mut" { k + 2 } else { k + 1 };
                let kind = if edits.text(name_at) == "_" {
                    Kind::Root
                } else {
                    Kind::Named(edits.text(name_at).to_string())
                };
                (kind, semicolon_end(edits, k), Vec::new())
            }
            "macro_rules" if edits.text(k + 1) == "!" => {
                let end = group_end(edits, k + 3);
                let end = if edits.text(end) == ";" { end + 1 } else { end };
                (Kind::Named(edits.text(k + 2).to_string()), end, Vec::new())
            }
            ";" => (Kind::Kept, k + 1, Vec::new()),
            "use" => {
                let end = semicolon_end(edits, k);
                // Nested groups and renames are not pruned: such a `use` names its items, keeping them.
                let braces = (k..end).filter(|&j| edits.text(j) == "{").count();
                let plain = braces <= 1 && !(k..end).any(|j| edits.text(j) == "as");
                (if plain { Kind::Use } else { Kind::Root }, end, Vec::new())
            }
            "mod" => {
                let end = body_end(edits, k);
                if edits.text(end - 1) == "}" {
                    parse_items(edits, k + 3, end - 1, out)?;
                }
                (Kind::Kept, end, Vec::new())
            }
            "impl" => {
                let end = body_end(edits, k);
                let open = header_end(edits, k);
                let (ty, trait_) = impl_names(edits, k + 1, open);
                let mut inner = Vec::new();
                parse_items(edits, open + 1, end - 1, &mut inner)?;
                (Kind::Impl { ty, trait_, items: inner }, end, Vec::new())
            }
            _ if edits.kind(k) == Some(TokenKind::Ident) && edits.text(k + 1) == "!" => {
                let end = group_end(edits, k + 2);
                let end = if edits.text(end) == ";" { end + 1 } else { end };
                (Kind::Root, end, Vec::new())
            }
            other => {
                let line = edits.line(k);
                return Err(BundleError(format!(
                    "pruning: cannot read an item starting with `{other}` on line {line}"
                )));
            }
        };
        out.push(Item { start, end, kind, members });
        k = end;
    }
    Ok(())
}

/// Just past the bracketed group that opens at `k` (`(`, `[` or `{`).
fn group_end(edits: &Edits<'_>, k: usize) -> usize {
    let mut depth = 0i32;
    for j in k..edits.len() {
        match edits.text(j) {
            "(" | "[" | "{" => depth += 1,
            ")" | "]" | "}" => {
                depth -= 1;
                if depth == 0 {
                    return j + 1;
                }
            }
            _ => {}
        }
    }
    edits.len()
}

/// Just past the item at `k` that ends with its brace body or a `;` outside brackets.
fn body_end(edits: &Edits<'_>, k: usize) -> usize {
    let mut j = k;
    while j < edits.len() {
        match edits.text(j) {
            "(" | "[" => j = group_end(edits, j),
            "{" => return group_end(edits, j),
            ";" => return j + 1,
            _ => j += 1,
        }
    }
    edits.len()
}

/// Just past the `;` that ends the item at `k` (brace groups in it, such as a struct literal, skipped).
fn semicolon_end(edits: &Edits<'_>, k: usize) -> usize {
    let mut j = k;
    while j < edits.len() {
        match edits.text(j) {
            "(" | "[" | "{" => j = group_end(edits, j),
            ";" => return j + 1,
            _ => j += 1,
        }
    }
    edits.len()
}

/// The `{` that opens the body of the item at `k`.
fn header_end(edits: &Edits<'_>, k: usize) -> usize {
    let mut j = k;
    while j < edits.len() && edits.text(j) != "{" {
        j = if matches!(edits.text(j), "(" | "[") { group_end(edits, j) } else { j + 1 };
    }
    j
}

/// An impl header's type and trait names (the last path segments outside generic arguments), from
/// the tokens after `impl` up to the body's `{`.
fn impl_names(edits: &Edits<'_>, from: usize, to: usize) -> (String, Option<String>) {
    let mut angle = 0i32;
    let mut k = from;
    if edits.text(k) == "<" {
        // The impl's own generic parameters.
        angle = 1;
        k += 1;
        while k < to && angle > 0 {
            angle += angle_change(edits.text(k));
            k += 1;
        }
    }
    let (mut last, mut trait_) = (String::new(), None);
    while k < to {
        let text = edits.text(k);
        if angle == 0 && text == "where" {
            break;
        }
        angle += angle_change(text);
        if angle == 0 && text == "for" {
            trait_ = Some(std::mem::take(&mut last));
        } else if angle == 0 && edits.kind(k) == Some(TokenKind::Ident) && text != "dyn" {
            last = text.to_string();
        }
        k += 1;
    }
    (last, trait_)
}

fn angle_change(text: &str) -> i32 {
    match text {
        "<" => 1,
        "<<" => 2,
        ">" => -1,
        ">>" => -2,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unnamed_items_go_and_named_ones_stay() {
        let src = "fn main() { a::used(); let s = S::new(); s.go(); }\n\
                   mod a { pub fn used() { helper() } fn helper() {} pub fn unused() { also_unused() } fn also_unused() {} }\n\
                   struct S; impl S { fn new() -> S { S } fn go(&self) {} fn stale(&self) {} }\n\
                   struct Dead; impl Dead { fn new() -> Dead { Dead } } impl std::fmt::Debug for Dead { fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { Ok(()) } }\n\
                   const UNUSED: [u8; 2] = [1, 2]; static mut GONE: u8 = 0; type Alias = u8;\n\
                   #[derive(Debug)]\n/// doc\nenum E { A }\n";
        let pruned = crate::compact(&prune(src).unwrap()).unwrap();
        assert_eq!(
            pruned,
            "fn main(){a::used();let s=S::new();s.go();}mod a{pub fn used(){helper()}fn helper(){}}\
             struct S;impl S{fn new()->S{S}fn go(&self){}}"
        );
    }

    #[test]
    fn traits_live_through_their_methods_and_macros_through_their_calls() {
        let src = "use crate::m::{Int, Dead, Also};\nuse crate::m::Gone;\nuse crate::m::{Int, Dead, Gone};\nuse std::fmt::Write;\nuse crate::m::{self as n, Also as A};\n\
                   fn main() { 3u8.twice(); make!(); used_by_main(); }\n\
                   mod m {\n    pub trait Int { fn twice(self) -> Self; }\n    impl Int for u8 { fn twice(self) -> u8 { self * 2 } }\n\
                   pub struct Dead; pub struct Also; pub struct Gone;\n    pub trait Unused { fn never(&self); }\n    impl Unused for u8 { fn never(&self) {} }\n}\n\
                   macro_rules! make { () => { helper() }; }\nfn helper() {}\nmacro_rules! unused_macro { () => {}; }\n\
                   macro_rules! method { () => { fn m() {} }; } struct Live; impl Live { method!(); }\n\
                   fn used_by_main() -> Live { Live };\n";
        let pruned = crate::compact(&prune(src).unwrap()).unwrap();
        assert_eq!(
            pruned,
            "use crate::m::{Int,Also};use crate::m::{Int,};use std::fmt::Write;use crate::m::{self as n,Also as A};fn main(){3u8.twice();make!();used_by_main();}\
             mod m{pub trait Int{fn twice(self)->Self;}impl Int for u8{fn twice(self)->u8{self*2}}pub struct Also;}\
             macro_rules!make{()=>{helper()};}fn helper(){}macro_rules!method{()=>{fn m(){}};}\
             struct Live;impl Live{method!();}fn used_by_main()->Live{Live};"
        );
    }

    #[test]
    fn impl_headers_name_their_type_and_trait() {
        let names = |header: &str| {
            let edits = Edits::new(header).unwrap();
            let (ty, trait_) = impl_names(&edits, 1, edits.len());
            (ty, trait_.unwrap_or_default())
        };
        assert_eq!(names("impl<R: BufRead> Iterator for Lines<R>"), ("Lines".into(), "Iterator".into()));
        assert_eq!(names("impl fmt::Display for crate::a::Game"), ("Game".into(), "Display".into()));
        assert_eq!(names("impl<T: Into<Vec<u8>>> Board<T> where T: Copy"), ("Board".into(), String::new()));
    }
}
