//! Records, games files, labels and networks on disk, compressed or not.
//!
//! Every tool reads a file through [`read_text`] (gzip recognised by its magic bytes, not by the
//! name) and writes one through [`write_text`] (gzip where the path ends in `.gz`), so the
//! repository's `.gz` files go straight into `merge`, `html` or `patterns`, and a page or a table is
//! never left half written. [`append_to`] opens a growing file (a live records file) for appending.

use std::fs::File;
use std::io::{BufWriter, Read, Write};
use std::path::Path;

use flate2::read::MultiGzDecoder;
use flate2::write::GzEncoder;
use flate2::Compression;

/// The first two bytes of every gzip member.
const GZIP_MAGIC: [u8; 2] = [0x1f, 0x8b];

/// Whether `bytes` start like a gzip stream.
pub fn is_gzip(bytes: &[u8]) -> bool {
    bytes.starts_with(&GZIP_MAGIC)
}

/// The text of the file at `path`, decompressed where it is gzip (several members concatenated,
/// as `cat a.gz b.gz` makes them, are read as one text).
///
/// # Errors
/// One line naming the file: it cannot be read, its gzip stream is truncated or corrupt, or its
/// text is not UTF-8.
pub fn read_text(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    decode(&bytes).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// [`read_text`] for bytes already in memory (standard input, a test's data).
///
/// # Errors
/// A truncated or corrupt gzip stream, or text that is not UTF-8.
pub fn decode(bytes: &[u8]) -> Result<String, String> {
    if !is_gzip(bytes) {
        return String::from_utf8(bytes.to_vec()).map_err(|_| "not UTF-8 text".to_string());
    }
    let mut text = Vec::new();
    MultiGzDecoder::new(bytes).read_to_end(&mut text).map_err(|e| match e.kind() {
        std::io::ErrorKind::UnexpectedEof => "truncated gzip stream".to_string(),
        _ => format!("corrupt gzip stream ({e})"),
    })?;
    String::from_utf8(text).map_err(|_| "not UTF-8 text once decompressed".to_string())
}

/// Writes `text` to `path` whole or not at all (to a temporary file beside it, then renamed over
/// it, so a reader never sees half a file), gzip-compressed where the path ends in `.gz`.
///
/// # Errors
/// One line naming the file: it cannot be written or renamed.
pub fn write_text(path: &Path, text: &str) -> Result<(), String> {
    let name = path.file_name().map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let temporary = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = encode(path, text).and_then(|bytes| std::fs::write(&temporary, bytes));
    written.and_then(|()| std::fs::rename(&temporary, path)).map_err(|e| {
        let _ = std::fs::remove_file(&temporary);
        format!("cannot write {}: {e}", path.display())
    })
}

/// `text` as the bytes a file at `path` holds: gzip where the name ends in `.gz`.
fn encode(path: &Path, text: &str) -> std::io::Result<Vec<u8>> {
    if !path.to_string_lossy().ends_with(".gz") {
        return Ok(text.as_bytes().to_vec());
    }
    let mut encoder = GzEncoder::new(Vec::new(), Compression::default());
    encoder.write_all(text.as_bytes())?;
    encoder.finish()
}

/// A file to which lines are appended as they come (a live records file): plain, or gzip where
/// the path ends in `.gz` (then complete only once [`Appender::finish`] has run).
pub enum Appender {
    /// Plain text, flushed by the caller after each record.
    Plain(BufWriter<File>),
    /// A gzip stream, finished on [`Appender::finish`].
    Gzip(GzEncoder<BufWriter<File>>),
}

impl Appender {
    /// Creates (or truncates) the file at `path`.
    ///
    /// # Errors
    /// One line naming the file.
    pub fn create(path: &Path) -> Result<Appender, String> {
        let file = File::create(path).map_err(|e| format!("cannot create {}: {e}", path.display()))?;
        Ok(if path.to_string_lossy().ends_with(".gz") {
            Appender::Gzip(GzEncoder::new(BufWriter::new(file), Compression::default()))
        } else {
            Appender::Plain(BufWriter::new(file))
        })
    }

    /// Ends the file: the gzip trailer written, everything flushed.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn finish(self) -> std::io::Result<()> {
        match self {
            Appender::Plain(mut w) => w.flush(),
            Appender::Gzip(w) => w.finish()?.flush(),
        }
    }
}

impl Write for Appender {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        match self {
            Appender::Plain(w) => w.write(buf),
            Appender::Gzip(w) => w.write(buf),
        }
    }

    fn flush(&mut self) -> std::io::Result<()> {
        match self {
            Appender::Plain(w) => w.flush(),
            // A gzip stream flushed mid-way stays readable up to here (a sync flush).
            Appender::Gzip(w) => w.flush(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("match-kit-files-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn plain_and_gzip_files_read_the_same_and_gzip_is_known_by_its_bytes() {
        let dir = scratch("round-trip");
        let text = "game 1\nA B 1-0\né\n";
        write_text(&dir.join("plain.txt"), text).unwrap();
        write_text(&dir.join("packed.txt.gz"), text).unwrap();
        let packed = std::fs::read(dir.join("packed.txt.gz")).unwrap();
        assert!(is_gzip(&packed) && packed != text.as_bytes());
        // Named without .gz, still read as gzip: the bytes decide, not the name.
        std::fs::write(dir.join("misnamed.txt"), &packed).unwrap();
        for name in ["plain.txt", "packed.txt.gz", "misnamed.txt"] {
            assert_eq!(read_text(&dir.join(name)).unwrap(), text, "{name}");
        }
        let leftovers = std::fs::read_dir(&dir).unwrap().count();
        assert_eq!(leftovers, 3, "no temporary file left");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn concatenated_gzip_members_read_as_one_text() {
        let dir = scratch("members");
        write_text(&dir.join("a.gz"), "first\n").unwrap();
        write_text(&dir.join("b.gz"), "second\n").unwrap();
        let mut both = std::fs::read(dir.join("a.gz")).unwrap();
        both.extend(std::fs::read(dir.join("b.gz")).unwrap());
        assert_eq!(decode(&both).unwrap(), "first\nsecond\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_truncated_or_corrupt_file_is_one_error_naming_it() {
        let dir = scratch("truncated");
        let path = dir.join("cut.txt.gz");
        write_text(&path, &"a record line\n".repeat(1000)).unwrap();
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        let error = read_text(&path).unwrap_err();
        assert!(error.contains("cut.txt.gz") && error.contains("truncated"), "{error}");
        assert!(!error.contains('\n'), "one line: {error}");
        let mut corrupt = bytes.clone();
        corrupt[20] ^= 0xff;
        assert!(decode(&corrupt).is_err());
        assert!(read_text(&dir.join("missing.gz")).unwrap_err().contains("missing.gz"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_unwritable_path_is_an_error_and_leaves_nothing() {
        let dir = scratch("unwritable");
        let error = write_text(&dir.join("missing").join("page.html"), "x").unwrap_err();
        assert!(error.contains("cannot write") && error.contains("page.html"), "{error}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn an_appender_writes_plain_or_gzip_by_the_name() {
        let dir = scratch("appender");
        for name in ["live.txt", "live.txt.gz"] {
            let path = dir.join(name);
            let mut out = Appender::create(&path).unwrap();
            writeln!(out, "one").unwrap();
            out.flush().unwrap();
            writeln!(out, "two").unwrap();
            out.finish().unwrap();
            assert_eq!(read_text(&path).unwrap(), "one\ntwo\n", "{name}");
            assert_eq!(is_gzip(&std::fs::read(&path).unwrap()), name.ends_with(".gz"));
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
