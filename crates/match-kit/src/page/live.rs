//! A match's page kept up to date while the match runs: rewritten at most every
//! [`LIVE_PAGE_INTERVAL`] as games finish (a browser reloading it sees the games so far), then once
//! more at the end, each time whole ([`crate::files::write_text`]).

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// How often a live page is rewritten at most: rendering a long match's page costs tens of
/// milliseconds, a game finishes every few hundred.
pub const LIVE_PAGE_INTERVAL: Duration = Duration::from_secs(2);

/// The page at one path, and when it was last written.
pub struct LivePage {
    path: PathBuf,
    written: Option<Instant>,
}

impl LivePage {
    /// A page not yet written.
    pub fn new(path: &Path) -> LivePage {
        LivePage { path: path.to_path_buf(), written: None }
    }

    /// Whether the page is due: never written, or last written [`LIVE_PAGE_INTERVAL`] ago.
    pub fn due(&self) -> bool {
        self.written.is_none_or(|at| at.elapsed() >= LIVE_PAGE_INTERVAL)
    }

    /// Renders and writes the page if it is due; otherwise renders nothing.
    ///
    /// # Errors
    /// The render's error, or the file cannot be written (the message names it).
    pub fn update(&mut self, render: impl FnOnce() -> Result<String, String>) -> Result<(), String> {
        if self.due() {
            self.write(&render()?)?;
        }
        Ok(())
    }

    /// Writes the page now (the match's end), whenever it was last written.
    ///
    /// # Errors
    /// The file cannot be written (the message names it).
    pub fn write(&mut self, page: &str) -> Result<(), String> {
        crate::files::write_text(&self.path, page)?;
        self.written = Some(Instant::now());
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_live_page_is_written_first_then_not_again_until_due_and_always_at_the_end() {
        let dir = std::env::temp_dir().join(format!("match-kit-live-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("page.html");
        let mut page = LivePage::new(&path);
        assert!(page.due());
        page.update(|| Ok("one".into())).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "one");
        assert!(!page.due(), "just written");
        page.update(|| panic!("not rendered before it is due")).unwrap();
        page.write("end").unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "end");
        page.written = Some(Instant::now() - LIVE_PAGE_INTERVAL);
        assert!(page.due());
        assert!(page.update(|| Err("no page".into())).unwrap_err().contains("no page"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
