//! Where `batch --output PATH` writes its reports: a file is replaced only
//! when the run ends well.
//!
//! A regular file (or one not there yet) gets the reports in a file beside
//! it (`.NAME.PID.partial`), which takes its place when the run ends well
//! ([`ReportsFile::keep`]); a run that stops (a bad line without
//! `--skip-bad`, a failed write) removes it and leaves the old file as it
//! was. A stranger's run stopped by line 2 had emptied the reports of an
//! earlier run.
//!
//! As a shell's `>` would: the new file is made with the user's umask (and
//! an old file's permissions are kept); a file that cannot be written
//! (read-only) is refused; a link is followed, to the file it names, even
//! one not there yet. A path that is no regular file (`/dev/null`, a pipe,
//! `/dev/stdout`), or a file in a directory that takes no new file, is
//! written as it is.

use std::fs::{File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::input::cannot_create;

pub enum ReportsFile {
    /// The reports so far (`partial`, at `at`), and the file they will
    /// replace (links followed).
    Replacing {
        partial: File,
        at: PathBuf,
        path: PathBuf,
    },
    /// Written as it is.
    Direct(File),
}

impl ReportsFile {
    /// Get ready to write reports for `path`.
    pub fn create(path: &str) -> Result<ReportsFile, String> {
        let target = followed(Path::new(path));
        let direct = || {
            File::create(&target)
                .map(ReportsFile::Direct)
                .map_err(|e| cannot_create(path, &e))
        };
        let old = std::fs::metadata(&target).ok();
        match &old {
            Some(meta) if !meta.is_file() => return direct(),
            // A file that cannot be written is refused, as `>` refuses it.
            Some(_) => drop(
                OpenOptions::new()
                    .write(true)
                    .open(&target)
                    .map_err(|e| cannot_create(path, &e))?,
            ),
            None => {}
        }
        let dir = match target.parent() {
            Some(dir) if !dir.as_os_str().is_empty() => dir.to_path_buf(),
            _ => PathBuf::from("."),
        };
        let name = target
            .file_name()
            .map_or("reports".into(), |n| n.to_string_lossy().into_owned());
        let at = dir.join(format!(".{name}.{}.partial", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&at) {
            Ok(partial) => {
                if let Some(meta) = old {
                    // The reports keep the permissions of the file they replace.
                    let _ = partial.set_permissions(meta.permissions());
                }
                Ok(ReportsFile::Replacing {
                    partial,
                    at,
                    path: target,
                })
            }
            // A directory that takes no new file: the old file, writable,
            // is written as it is.
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied && old.is_some() => direct(),
            Err(e) => Err(cannot_create(path, &e)),
        }
    }

    /// Where the reports are written.
    pub fn writer(&mut self) -> &mut dyn Write {
        match self {
            ReportsFile::Replacing { partial, .. } => partial,
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

    /// The run ended well: the reports take the file's place.
    pub fn keep(self, path: &str) -> Result<(), String> {
        let ReportsFile::Replacing {
            partial,
            at,
            path: to,
        } = &self
        else {
            return Ok(());
        };
        partial
            .sync_data()
            .and_then(|()| std::fs::rename(at, to))
            .map_err(|e| cannot_create(path, &e))
        // Dropped: the partial file is gone (renamed) or removed.
    }
}

impl Drop for ReportsFile {
    fn drop(&mut self) {
        if let ReportsFile::Replacing { at, .. } = self {
            // Gone once renamed into place; else the reports of a stopped run.
            let _ = std::fs::remove_file(at);
        }
    }
}

/// `path`, links followed to the file they name, even when it is not
/// there yet (a link's relative target read from the link's directory).
fn followed(path: &Path) -> PathBuf {
    let mut at = path.to_path_buf();
    // A loop of links ends after a few steps: the file is then refused.
    for _ in 0..40 {
        match std::fs::read_link(&at) {
            Ok(to) => at = at.parent().map_or(to.clone(), |dir| dir.join(&to)),
            Err(_) => break,
        }
    }
    at
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

    #[cfg(unix)]
    #[test]
    fn a_link_is_followed_even_to_a_file_not_there_yet() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join("sub")).unwrap();
        let link = dir.path().join("link.jsonl");
        std::os::unix::fs::symlink("sub/new.jsonl", &link).unwrap();
        let p = link.to_str().unwrap();
        let mut kept = ReportsFile::create(p).unwrap();
        kept.writer().write_all(b"reports\n").unwrap();
        kept.keep(p).unwrap();
        assert!(std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(
            std::fs::read_to_string(dir.path().join("sub/new.jsonl")).unwrap(),
            "reports\n"
        );
    }
}
