//! Reading the CLI's inputs: files or standard input, checked with clear errors.

use std::io::Read;
use std::path::Path;

/// Inputs larger than this are refused rather than read.
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// Read a UTF-8 text file, or standard input for `-`. `what` names the input
/// in messages ("source", "answer", "sample 2").
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
            return Err(format!(
                "{what} file {path} is {:.1} MB; the limit is {} MB",
                meta.len() as f64 / (1024.0 * 1024.0),
                MAX_INPUT_BYTES >> 20
            ));
        }
        std::fs::read(p)
            .map_err(|e| format!("cannot read {what} file {path}: {}", io_reason(&e)))?
    };
    let name = if path == "-" {
        "standard input".to_string()
    } else {
        path.to_string()
    };
    if let Some(pos) = bytes.iter().position(|&b| b == 0) {
        return Err(format!(
            "{what} {name} looks binary (a NUL byte at offset {pos}); expected UTF-8 text"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{what} {name} is not UTF-8 text (invalid byte at offset {})",
            e.utf8_error().valid_up_to()
        )
    })
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
