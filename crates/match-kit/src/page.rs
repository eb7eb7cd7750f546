//! A match as one self-contained HTML page: the summary, a table of games that sorts and filters,
//! and a game view that steps through a game (buttons, keys, a slider, the move list, graphs that
//! jump to a move when clicked, the address's fragment `#g3m40` naming the game and the move).
//!
//! The page knows no game: the game's own script (`Page::script`) reads the records embedded in
//! the page and tells the shell the table's columns and filters, each game's moves, its board at
//! any move and its graphs (`page/shell.js` states that interface). Everything is inline (styles,
//! scripts, SVG): the page opens from disk or from an e-mail, with no network and no external font.

mod live;
pub use live::{LivePage, LIVE_PAGE_INTERVAL};

/// What one page holds.
pub struct Page<'a> {
    /// The page's title (`hex-arena: hex vs uct, 200 games`).
    pub title: &'a str,
    /// The summary the terminal printed, shown as it is.
    pub summary: &'a str,
    /// The records the page shows, exactly as the referee writes them to disk: the game script
    /// parses them, and the page offers them for download under `records_name`.
    pub records: &'a str,
    pub records_name: &'a str,
    /// The game's script: defines `GAME` (see `page/shell.js`).
    pub script: &'a str,
    /// The game's styles, after the shell's.
    pub style: &'a str,
}

const SHELL_JS: &str = include_str!("page/shell.js");
const SHELL_CSS: &str = include_str!("page/shell.css");

impl Page<'_> {
    /// The whole HTML text.
    pub fn render(&self) -> String {
        let mut html = String::with_capacity(self.records.len() + 40_000);
        html.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
        html.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
        html.push_str(&format!("<title>{}</title>\n", escape_html(self.title)));
        html.push_str(&format!("<style>\n{SHELL_CSS}\n{}\n</style>\n</head>\n<body>\n", self.style));
        html.push_str(&format!(
            "<header><h1>{}</h1><a id=\"download\" download=\"{}\">download the records</a></header>\n",
            escape_html(self.title),
            escape_html(self.records_name)
        ));
        html.push_str(&format!("<pre id=\"summary\">{}</pre>\n", escape_html(self.summary.trim_end())));
        html.push_str("<main id=\"main\"></main>\n");
        html.push_str(&format!("<script>\nconst RECORDS = {};\n</script>\n", js_string(self.records)));
        html.push_str(&format!("<script>\n{}\n</script>\n", self.script));
        html.push_str(&format!("<script>\n{SHELL_JS}\n</script>\n</body>\n</html>\n"));
        html
    }
}

/// `text` with `&`, `<`, `>` and `"` escaped for HTML text and attribute values.
pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            _ => out.push(c),
        }
    }
    out
}

/// `text` as a JavaScript string literal that is safe inside a `<script>` element (`<` escaped, so
/// that no `</script>` can end it).
pub fn js_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '<' => out.push_str("\\u003c"),
            '\u{2028}' | '\u{2029}' => out.push_str(&format!("\\u{:04x}", c as u32)),
            c if c.is_control() => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_records_cannot_end_the_script_and_round_trip_as_a_string() {
        let text = "a \"b\" \\ </script>\n\u{2028}\u{1}é";
        let literal = js_string(text);
        assert!(!literal.contains("</"), "{literal}");
        assert_eq!(literal, "\"a \\\"b\\\" \\\\ \\u003c/script>\\n\\u2028\\u0001é\"");
        let page = Page {
            title: "x <vs> y",
            summary: "1 game",
            records: "</script><b>",
            records_name: "games.txt",
            script: "const GAME = {};",
            style: "",
        }
        .render();
        assert_eq!(page.matches("</script>").count(), 3, "only the page's own script ends");
        assert!(page.contains("<title>x &lt;vs&gt; y</title>"));
        // Nothing from the network: the one address is SVG's namespace, a name, not a fetch.
        assert!(!page.replace("http://www.w3.org/2000/svg", "").contains("http"), "no network");
    }
}
