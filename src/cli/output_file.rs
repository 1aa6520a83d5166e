//! Where `batch --output PATH` writes its reports: a file is replaced only
//! when the run ends well.
//!
//! A regular file (or one not there yet) gets the reports in a temporary
//! file beside it, which takes its place when the run ends well
//! ([`ReportsFile::keep`]); a run that stops (a bad line without
//! `--skip-bad`, a failed write) removes the temporary file and leaves the
//! old one as it was. A stranger's run stopped by line 2 had emptied the
//! reports of an earlier run. A path that is no regular file (`/dev/null`,
//! a pipe, `/dev/stdout`) is written as it is.

use std::fs::File;
use std::io::Write;
use std::path::PathBuf;

use crate::input::cannot_create;

pub enum ReportsFile {
    /// The reports so far, and the file they will replace (links followed).
    Replacing {
        reports: tempfile::NamedTempFile,
        path: PathBuf,
    },
    /// A device or a pipe, written as it is.
    Direct(File),
}

impl ReportsFile {
    /// Get ready to write reports for `path`.
    pub fn create(path: &str) -> Result<ReportsFile, String> {
        let old = std::fs::metadata(path).ok();
        if old.as_ref().is_some_and(|m| !m.is_file()) {
            let file = File::create(path).map_err(|e| cannot_create(path, &e))?;
            return Ok(ReportsFile::Direct(file));
        }
        // A link is followed: the file it names is replaced, not the link.
        let target = match old {
            Some(_) => std::fs::canonicalize(path).map_err(|e| cannot_create(path, &e))?,
            None => PathBuf::from(path),
        };
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target.file_name().map(|n| n.to_string_lossy().into_owned());
        let reports = tempfile::Builder::new()
            .prefix(&format!(".{}.", name.as_deref().unwrap_or("reports")))
            .suffix(".partial")
            .tempfile_in(&dir)
            .map_err(|e| cannot_create(path, &e))?;
        if let Some(old) = old {
            // The reports keep the permissions of the file they replace.
            let _ = reports.as_file().set_permissions(old.permissions());
        }
        Ok(ReportsFile::Replacing {
            reports,
            path: target,
        })
    }

    /// Where the reports are written.
    pub fn writer(&mut self) -> &mut dyn Write {
        match self {
            ReportsFile::Replacing { reports, .. } => reports.as_file_mut(),
            ReportsFile::Direct(file) => file,
        }
    }

    /// The run stopped with `error`: the message, which says that a file
    /// to replace is as it was (its reports are removed when this is
    /// dropped).
    pub fn stopped(&self, error: String, path: &str) -> String {
        match self {
            ReportsFile::Replacing { .. } => {
                format!("{error}; no report was written, and {path} is as it was")
            }
            ReportsFile::Direct(_) => error,
        }
    }

    /// The run ended well: the reports take the file's place. (Dropped
    /// without this, the reports are removed and the file is as it was.)
    pub fn keep(self, path: &str) -> Result<(), String> {
        match self {
            ReportsFile::Replacing { reports, path: to } => reports
                .persist(&to)
                .map(drop)
                .map_err(|e| cannot_create(path, &e.error)),
            ReportsFile::Direct(_) => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_is_replaced_only_when_kept_and_nothing_else_is_left_beside_it() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.jsonl");
        std::fs::write(&path, "earlier reports\n").unwrap();
        let p = path.to_str().unwrap();
        let mut dropped = ReportsFile::create(p).unwrap();
        dropped.writer().write_all(b"half a run\n").unwrap();
        drop(dropped);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "earlier reports\n");
        let mut kept = ReportsFile::create(p).unwrap();
        kept.writer().write_all(b"a whole run\n").unwrap();
        kept.keep(p).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "a whole run\n");
        let left: Vec<_> = std::fs::read_dir(dir.path()).unwrap().collect();
        assert_eq!(left.len(), 1, "{left:?}");
    }
}
