//! Reading the CLI's inputs: files or standard input, checked with clear errors.

use std::io::Read;
use std::path::Path;

/// Inputs larger than this are refused rather than read.
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// Read a UTF-8 text file, or standard input for `-`, without a leading
/// byte-order mark. `what` names the input in messages ("source",
/// "answer", "sample 2").
pub fn read_text(path: &str, what: &str) -> Result<String, String> {
    let bytes = if path == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .take(MAX_INPUT_BYTES + 1)
            .read_to_end(&mut buf)
            .map_err(|e| format!("cannot read {what} from standard input: {e}"))?;
        if buf.len() as u64 > MAX_INPUT_BYTES {
            return Err(format!(
                "{what} on standard input is larger than the {} MB limit",
                MAX_INPUT_BYTES >> 20
            ));
        }
        buf
    } else {
        let p = Path::new(path);
        let meta = std::fs::metadata(p)
            .map_err(|e| format!("cannot read {what} file {path}: {}", io_reason(&e)))?;
        if meta.is_dir() {
            return Err(format!("{what} {path} is a directory, not a file"));
        }
        if meta.len() > MAX_INPUT_BYTES {
            // Bytes, not MB: a file just over the limit rounds to it.
            return Err(format!(
                "{what} file {path} is {} bytes, over the {} MB limit ({MAX_INPUT_BYTES} bytes)",
                meta.len(),
                MAX_INPUT_BYTES >> 20
            ));
        }
        // Read through the limit whatever the size said: a pipe or a
        // device (`/dev/stdin`, `<(…)`, `/dev/zero`) tells no size.
        let mut buf = Vec::with_capacity(meta.len() as usize);
        std::fs::File::open(p)
            .and_then(|f| f.take(MAX_INPUT_BYTES + 1).read_to_end(&mut buf))
            .map_err(|e| format!("cannot read {what} file {path}: {}", io_reason(&e)))?;
        if buf.len() as u64 > MAX_INPUT_BYTES {
            return Err(format!(
                "{what} file {path} is larger than the {} MB limit ({MAX_INPUT_BYTES} bytes)",
                MAX_INPUT_BYTES >> 20
            ));
        }
        buf
    };
    let name = if path == "-" {
        "standard input".to_string()
    } else {
        path.to_string()
    };
    if claimlab::text::import::looks_utf16(&bytes) {
        return Err(utf16_refused(&format!("{what} {name}")));
    }
    if let Some(pos) = memchr::memchr(0, &bytes) {
        return Err(format!(
            "{what} {name} looks binary (a NUL byte at offset {pos}); expected UTF-8 text"
        ));
    }
    String::from_utf8(bytes)
        .map(claimlab::text::import::lone_returns_as_line_feeds)
        .map(claimlab::text::import::without_byte_order_mark)
        .map_err(|e| {
            format!(
                "{what} {name} is not UTF-8 text (invalid byte at offset {})",
                e.utf8_error().valid_up_to()
            )
        })
}

/// Why a file written as UTF-16 (`import::looks_utf16`), named by `named`,
/// is refused, and what to do instead: `check`'s and `batch`'s one message.
pub fn utf16_refused(named: &str) -> String {
    format!("{named} is UTF-16 text; save it as UTF-8 (in PowerShell: `Out-File -Encoding utf8`)")
}

/// Do `a` and `b` name one file that exists (by any path: `./in.jsonl`,
/// a link)? Standard input (`-`) is no file.
pub fn same_file(a: &str, b: &str) -> bool {
    if a == "-" || b == "-" {
        return false;
    }
    let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        x.dev() == y.dev() && x.ino() == y.ino()
    }
    #[cfg(not(unix))]
    {
        let _ = (x, y);
        std::fs::canonicalize(a).ok() == std::fs::canonicalize(b).ok()
    }
}

/// Why the file `path` cannot be made: "no such directory" names the
/// directory that is missing (the file itself is to be made, so "no such
/// file" would be no reason).
pub fn cannot_create(path: &str, e: &std::io::Error) -> String {
    let parent = Path::new(path)
        .parent()
        .filter(|p| !p.as_os_str().is_empty());
    match parent {
        Some(dir) if e.kind() == std::io::ErrorKind::NotFound && !dir.is_dir() => {
            format!("cannot write {path}: no such directory {}", dir.display())
        }
        _ => format!("cannot write {path}: {}", io_reason(e)),
    }
}

/// An I/O error's reason without Rust's "(os error 2)" noise.
pub fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".into(),
        std::io::ErrorKind::PermissionDenied => "permission denied".into(),
        _ => {
            let s = e.to_string();
            match s.find(" (os error") {
                Some(i) => s[..i].to_string(),
                None => s,
            }
        }
    }
}

/// Read and parse a JSON config layered over `base`: fields the file does
/// not set keep `base`'s values; unknown fields are errors.
pub fn layered_config(path: &str, base: &claimlab::Config) -> Result<claimlab::Config, String> {
    let text = read_text(path, "config")?;
    // Parsing the text as a whole config first reports line and column for
    // any error: bad syntax, a wrong type, an unknown field.
    serde_json::from_str::<claimlab::Config>(&text).map_err(|e| format!("config {path}: {e}"))?;
    let overrides: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| format!("config {path}: {e}"))?;
    let serde_json::Value::Object(fields) = overrides else {
        return Err(format!("config {path}: expected a JSON object of settings"));
    };
    let mut merged = serde_json::to_value(base).expect("a config serialises");
    for (k, v) in fields {
        merged[k] = v;
    }
    serde_json::from_value(merged).map_err(|e| format!("config {path}: {e}"))
}

/// A JSON error in one line of a JSON Lines file (the library's, which
/// batch records share with the Python package).
pub use claimlab::output::record::json_line_error;

/// UTF-8's byte order mark (U+FEFF).
const BYTE_ORDER_MARK: &[u8] = "\u{feff}".as_bytes();

/// One line of a JSON Lines file, or why it cannot be a record.
pub enum Line {
    Text(String),
    /// Not text: a NUL byte, invalid UTF-8 or longer than the limit.
    Bad(String),
}

/// Reads a JSON Lines stream one line at a time, holding at most one line
/// (and never more than [`MAX_INPUT_BYTES`] of it) in memory, so that a file
/// of any size streams in flat memory and a file with no newline (a binary
/// file, a 100 MB blob) is refused without being loaded.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    limit: usize,
    /// Is the rest of the last line, returned bad before its end, still
    /// to be skipped?
    skipping: bool,
    /// The number of the line last returned (1-based).
    pub number: usize,
}

/// How far the rest of a bad line is read looking for its end (and, in a
/// line too long, for a NUL byte, the first complaint): a stream with no
/// line end in sight (`/dev/zero`) is an error, not a loop.
const SKIPPED_BYTES: usize = 64 << 20;

impl<R: std::io::BufRead> Lines<R> {
    pub fn new(reader: R) -> Self {
        Self::with_limit(reader, MAX_INPUT_BYTES as usize)
    }

    pub fn with_limit(reader: R, limit: usize) -> Self {
        Lines {
            reader,
            buf: Vec::new(),
            limit,
            skipping: false,
            number: 0,
        }
    }

    /// Skip the rest of a line returned bad before its end: `Some` error
    /// when it runs on past [`SKIPPED_BYTES`] (or cannot be read), `None`
    /// once skipped.
    fn skip_rest(&mut self) -> Option<std::io::Result<Line>> {
        let mut skipped = 0usize;
        while self.skipping {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if chunk.is_empty() {
                self.skipping = false;
                break;
            }
            let newline = memchr::memchr(b'\n', chunk);
            let used = newline.map_or(chunk.len(), |n| n + 1);
            self.reader.consume(used);
            skipped += used;
            self.skipping = newline.is_none();
            if self.skipping && skipped > SKIPPED_BYTES {
                return Some(Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!(
                        "a bad line runs on past {} MB with no line end",
                        SKIPPED_BYTES >> 20
                    ),
                )));
            }
        }
        None
    }

    /// The next line (without its `\n` or `\r\n`), `None` at the end. A
    /// line with a NUL byte is returned bad as soon as one is found, one
    /// too long once [`SKIPPED_BYTES`] more hold none, before its end: a
    /// caller that stops there does not read on (a stream of NUL bytes
    /// never ends), and the next call skips the rest of it.
    pub fn next_line(&mut self) -> Option<std::io::Result<Line>> {
        if let Some(error) = self.skip_rest() {
            return Some(error);
        }
        self.buf.clear();
        let (mut too_long, mut nul, mut seen, mut any) = (false, None, 0usize, false);
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(e)),
            };
            if chunk.is_empty() {
                if !any {
                    return None;
                }
                break;
            }
            any = true;
            // memchr: vectorised, where a byte loop took ~12 instructions a byte.
            let newline = memchr::memchr(b'\n', chunk);
            let part = &chunk[..newline.unwrap_or(chunk.len())];
            if nul.is_none() {
                nul = memchr::memchr(0, part).map(|p| seen + p);
            }
            // Past a NUL or the limit the rest of the line is read and dropped.
            // One byte over the limit is held: the `\r` of a CRLF line end,
            // which is not the line's.
            if nul.is_none() && !too_long {
                if self.buf.len() + part.len() > self.limit + 1 {
                    too_long = true;
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(part);
                }
            }
            seen += part.len();
            let used = part.len() + usize::from(newline.is_some());
            self.reader.consume(used);
            if newline.is_some() {
                break;
            }
            if nul.is_some() || (too_long && seen > SKIPPED_BYTES) {
                self.skipping = true;
                break;
            }
        }
        self.number += 1;
        if let Some(p) = nul {
            return Some(Ok(Line::Bad(format!(
                "looks binary (a NUL byte at offset {p} of the line); expected JSON text"
            ))));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        // A byte order mark opening the file (as Windows editors write it)
        // is not the first line's: JSON has no place for it.
        if self.number == 1 && self.buf.starts_with(BYTE_ORDER_MARK) {
            self.buf.drain(..BYTE_ORDER_MARK.len());
        }
        if too_long || self.buf.len() > self.limit {
            return Some(Ok(Line::Bad(format!(
                "line is longer than the {} MB limit",
                self.limit >> 20
            ))));
        }
        Some(Ok(match std::str::from_utf8(&self.buf) {
            Ok(s) => Line::Text(s.to_owned()),
            Err(e) => Line::Bad(format!(
                "not UTF-8 text (invalid byte at offset {} of the line)",
                e.valid_up_to()
            )),
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(bytes: &[u8], limit: usize) -> Vec<Result<String, String>> {
        let mut lines = Lines::with_limit(std::io::BufReader::with_capacity(4, bytes), limit);
        let mut out = Vec::new();
        while let Some(l) = lines.next_line() {
            out.push(match l.unwrap() {
                Line::Text(t) => Ok(t),
                Line::Bad(r) => Err(r),
            });
        }
        out
    }

    #[test]
    fn lines_are_split_checked_and_capped() {
        let got = all(b"ab\r\n\nx\0y\ncaf\xe9\n0123456789\nlast", 8);
        assert_eq!(got[0], Ok("ab".into()));
        assert_eq!(got[1], Ok(String::new()));
        assert!(got[2]
            .as_ref()
            .unwrap_err()
            .contains("NUL byte at offset 1 "));
        assert!(got[3]
            .as_ref()
            .unwrap_err()
            .contains("invalid byte at offset 3 "));
        assert!(got[4].as_ref().unwrap_err().contains("longer than"));
        assert_eq!(got[5], Ok("last".into()));
        assert_eq!(got.len(), 6);
        assert!(all(b"", 8).is_empty());
        // A line of the limit's length fits with either line end.
        let ok = || Ok("12345678".to_string());
        assert_eq!(all(b"12345678\r\n12345678\n", 8), vec![ok(), ok()]);
        assert!(all(b"123456789\r\n", 8)[0].is_err());
        assert_eq!(all(b"a\n", 8), vec![Ok("a".to_string())]);
        // A byte order mark opens a file, not its first line (a stranger's
        // Windows file was refused at `:1: expected value at column 1`);
        // later, it is the line's.
        assert_eq!(
            all(b"\xef\xbb\xbf{}\r\n\xef\xbb\xbf{}\n", 8),
            vec![Ok("{}".to_string()), Ok("\u{feff}{}".to_string())]
        );
    }

    /// Each line as read whole: NUL first, then the limit (not counting
    /// a final `\r`: a CRLF line end is not the line's), then UTF-8.
    fn read_whole(bytes: &[u8], limit: usize) -> Vec<Result<String, String>> {
        let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
        if bytes.is_empty() {
            return Vec::new();
        }
        body.split(|&b| b == b'\n')
            .enumerate()
            .map(|(i, line)| {
                if let Some(p) = line.iter().position(|&b| b == 0) {
                    return Err(format!(
                        "looks binary (a NUL byte at offset {p} of the line); expected JSON text"
                    ));
                }
                let line = line.strip_suffix(b"\r").unwrap_or(line);
                if line.len() > limit {
                    return Err(format!("line is longer than the {} MB limit", limit >> 20));
                }
                let line = match i {
                    0 => line.strip_prefix(BYTE_ORDER_MARK).unwrap_or(line),
                    _ => line,
                };
                std::str::from_utf8(line).map(str::to_owned).map_err(|e| {
                    format!(
                        "not UTF-8 text (invalid byte at offset {} of the line)",
                        e.valid_up_to()
                    )
                })
            })
            .collect()
    }

    proptest::proptest! {
        /// Lines read through a reader of any buffer size are the lines of
        /// the whole input, with the same complaints.
        #[test]
        fn lines_are_the_inputs_lines_whatever_the_buffer(
            bytes in proptest::collection::vec(
                proptest::sample::select(vec![b'a', b'\n', b'\r', 0u8, 0xE9, 0xC3, 0xA9]),
                0..40,
            ),
            capacity in 1usize..9,
            limit in 2usize..12,
        ) {
            let mut lines = Lines::with_limit(std::io::BufReader::with_capacity(capacity, &bytes[..]), limit);
            let mut got = Vec::new();
            while let Some(l) = lines.next_line() {
                got.push(match l.unwrap() {
                    Line::Text(t) => Ok(t),
                    Line::Bad(r) => Err(r),
                });
            }
            proptest::prop_assert_eq!(got, read_whole(&bytes, limit));
        }
    }
}
