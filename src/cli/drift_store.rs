//! The CLI's drift history: fingerprints in a SQLite file, so that drift
//! survives restarts (seed 001: "an in-memory dictionary resets on restart").
//!
//! Schema version 1 (`PRAGMA user_version`): one table of fingerprints as
//! JSON, keyed by the normalised question. A file written by a newer schema
//! is refused rather than altered.

use std::time::{SystemTime, UNIX_EPOCH};

use claimlab::drift::{question_key, DriftStore, Fingerprint};
use rusqlite::{params, Connection};

const SCHEMA_VERSION: i64 = 1;

pub struct SqliteStore {
    conn: Connection,
}

impl SqliteStore {
    pub fn open(path: &str) -> Result<SqliteStore, String> {
        let conn = Connection::open(path)
            .map_err(|e| format!("cannot open drift database {path}: {e}"))?;
        let version: i64 = conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .map_err(|e| format!("drift database {path}: {e}"))?;
        if version > SCHEMA_VERSION {
            return Err(format!("drift database {path} has schema version {version}; this claimlab knows up to {SCHEMA_VERSION}"));
        }
        if version < 1 {
            conn.execute_batch(
                "BEGIN;
                 CREATE TABLE IF NOT EXISTS fingerprints (
                     id INTEGER PRIMARY KEY,
                     question TEXT NOT NULL,
                     fingerprint TEXT NOT NULL,
                     recorded_at REAL
                 );
                 CREATE INDEX IF NOT EXISTS fingerprints_by_question ON fingerprints (question, id);
                 PRAGMA user_version = 1;
                 COMMIT;",
            )
            .map_err(|e| format!("cannot create drift database {path}: {e}"))?;
        }
        Ok(SqliteStore { conn })
    }
}

fn db_err(e: rusqlite::Error) -> String {
    format!("drift database: {e}")
}

impl DriftStore for SqliteStore {
    fn history(&self, question: &str, limit: usize) -> Result<Vec<Fingerprint>, String> {
        let mut stmt = self
            .conn
            .prepare("SELECT fingerprint FROM fingerprints WHERE question = ?1 ORDER BY id DESC LIMIT ?2")
            .map_err(db_err)?;
        let rows = stmt
            .query_map(params![question_key(question), limit as i64], |r| {
                r.get::<_, String>(0)
            })
            .map_err(db_err)?;
        let mut out = Vec::new();
        for row in rows {
            let json = row.map_err(db_err)?;
            out.push(
                serde_json::from_str(&json)
                    .map_err(|e| format!("drift database holds an unreadable fingerprint: {e}"))?,
            );
        }
        out.reverse();
        Ok(out)
    }

    fn record(&mut self, question: &str, fingerprint: &Fingerprint) -> Result<(), String> {
        let mut fp = fingerprint.clone();
        let now = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs_f64() * 1000.0)
            .unwrap_or(0.0);
        fp.recorded_at.get_or_insert(now);
        let json = serde_json::to_string(&fp).expect("a fingerprint serialises");
        self.conn
            .execute(
                "INSERT INTO fingerprints (question, fingerprint, recorded_at) VALUES (?1, ?2, ?3)",
                params![question_key(question), json, fp.recorded_at],
            )
            .map_err(db_err)?;
        Ok(())
    }
}

#[cfg(test)]
impl SqliteStore {
    /// Fingerprints stored for a question.
    fn count(&self, question: &str) -> Result<usize, String> {
        let n: i64 = self
            .conn
            .query_row(
                "SELECT COUNT(*) FROM fingerprints WHERE question = ?1",
                params![question_key(question)],
                |r| r.get(0),
            )
            .map_err(db_err)?;
        Ok(n as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use claimlab::drift::fingerprint;

    #[test]
    fn history_persists_across_instances() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("drift.db");
        let path = path.to_str().unwrap();
        let mut first = SqliteStore::open(path).unwrap();
        for _ in 0..5 {
            first
                .record("How much?", &fingerprint("It costs $49.99."))
                .unwrap();
        }
        drop(first);
        let second = SqliteStore::open(path).unwrap();
        assert_eq!(second.count("how   MUCH?").unwrap(), 5);
        assert_eq!(second.history("How much?", 3).unwrap().len(), 3);
    }

    #[test]
    fn a_newer_schema_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("drift.db");
        Connection::open(&path)
            .unwrap()
            .execute_batch("PRAGMA user_version = 9;")
            .unwrap();
        let err = SqliteStore::open(path.to_str().unwrap()).err().unwrap();
        assert!(err.contains("schema version 9"), "{err}");
    }
}
