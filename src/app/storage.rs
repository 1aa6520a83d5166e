//! Drift history in IndexedDB, with an in-memory fallback.
//!
//! Schema (database `claimlab`):
//! - version 1: object store `answers` (auto-incremented keys) holding
//!   records as [`record_to_js`] writes them, with an index `question`. A later version adds its own step to [`upgrade`];
//!   stored records are never rewritten.
//!
//! All records are read once at start and kept in memory; every change is
//! written in a single transaction (all or nothing). When IndexedDB cannot
//! be used (private mode, blocked, quota, a newer schema in another tab) the
//! lab keeps working in memory, says so, and never writes over what is stored.

use idb::{
    Database, DatabaseEvent, Factory, IndexParams, KeyPath, ObjectStoreParams, TransactionMode,
};
use wasm_bindgen::{JsCast, JsValue};

use crate::drift::{self, Fingerprint, Import, Polarity, Record};

const NAME: &str = "claimlab";
const VERSION: u32 = 1;
const STORE: &str = "answers";

/// Where the history lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    IndexedDb,
    Memory,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::IndexedDb => "indexeddb",
            Backend::Memory => "memory",
        }
    }
}

/// Create or migrate the schema, step by step from `old` to [`VERSION`].
fn upgrade(db: &Database, old: u32) -> Result<(), idb::Error> {
    if old < 1 {
        let mut params = ObjectStoreParams::new();
        params.auto_increment(true);
        let store = db.create_object_store(STORE, params)?;
        store.create_index(
            "question",
            KeyPath::new_single("question"),
            Some(IndexParams::new()),
        )?;
    }
    Ok(())
}

/// Open the database, or say plainly why it cannot be used.
pub async fn open() -> Result<Database, String> {
    let factory = Factory::new()
        .map_err(|_| "this browser offers no IndexedDB (private mode or disabled)".to_string())?;
    let mut request = factory
        .open(NAME, Some(VERSION))
        .map_err(|_| "IndexedDB refused to open".to_string())?;
    request.on_upgrade_needed(|event| {
        if let (Ok(db), Ok(old)) = (event.database(), event.old_version()) {
            let _ = upgrade(&db, old);
        }
    });
    request.await.map_err(|_| "IndexedDB could not be opened: it is blocked, full, or holds a newer ClaimLab's history (another tab?)".to_string())
}

fn set(object: &js_sys::Object, key: &str, value: &JsValue) {
    let _ = js_sys::Reflect::set(object, &key.into(), value);
}

fn get(object: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(object, &key.into()).unwrap_or(JsValue::UNDEFINED)
}

fn strings(list: &[String]) -> JsValue {
    list.iter()
        .map(|s| JsValue::from(s.as_str()))
        .collect::<js_sys::Array>()
        .into()
}

fn read_strings(value: JsValue) -> Option<Vec<String>> {
    let list = value.dyn_into::<js_sys::Array>().ok()?;
    list.iter().map(|v| v.as_string()).collect()
}

/// A record as a plain JS object: `{question, fingerprint: {numbers,
/// key_words, polarity, length_bucket, recorded_at}}`, the shape serde
/// gives [`Record`], so IndexedDB rows, exported files and the core's
/// [`drift::import_json`] all agree.
pub fn record_to_js(r: &Record) -> JsValue {
    let fp = &r.fingerprint;
    let f = js_sys::Object::new();
    set(&f, "numbers", &strings(&fp.numbers));
    set(&f, "key_words", &strings(&fp.key_words));
    set(&f, "polarity", &fp.polarity.name().into());
    set(&f, "length_bucket", &(fp.length_bucket as f64).into());
    set(
        &f,
        "recorded_at",
        &fp.recorded_at.map_or(JsValue::NULL, JsValue::from),
    );
    let o = js_sys::Object::new();
    set(&o, "question", &r.question.as_str().into());
    set(&o, "fingerprint", &f);
    o.into()
}

/// Read a record written by [`record_to_js`] (or by anyone else): `None`
/// when any field is missing or of the wrong kind.
pub fn record_from_js(v: &JsValue) -> Option<Record> {
    let f = get(v, "fingerprint");
    let bucket = get(&f, "length_bucket")
        .as_f64()
        .filter(|b| b.fract() == 0.0 && (0.0..=1e9).contains(b))?;
    let recorded_at = get(&f, "recorded_at");
    let recorded_at = if recorded_at.is_null() || recorded_at.is_undefined() {
        None
    } else {
        Some(recorded_at.as_f64()?)
    };
    Some(Record {
        question: get(v, "question").as_string()?,
        fingerprint: Fingerprint {
            numbers: read_strings(get(&f, "numbers"))?,
            key_words: read_strings(get(&f, "key_words"))?,
            polarity: Polarity::from_name(&get(&f, "polarity").as_string()?)?,
            length_bucket: bucket as usize,
            recorded_at,
        },
    })
}

/// A history as an export file (pretty JSON, written by the browser's own `JSON`).
pub fn export_text(records: &[Record]) -> String {
    let file = js_sys::Object::new();
    set(&file, "format", &drift::EXPORT_FORMAT.into());
    set(&file, "version", &drift::EXPORT_VERSION.into());
    set(
        &file,
        "records",
        &records.iter().map(record_to_js).collect::<js_sys::Array>(),
    );
    js_sys::JSON::stringify_with_replacer_and_space(&file, &JsValue::NULL, &2.into())
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_default()
}

/// Read an export file, keeping what `existing` does not already hold.
pub fn import_text(text: &str, existing: &[Record]) -> Result<Import, String> {
    drift::check_export_header(
        text.len(),
        Some(drift::EXPORT_FORMAT),
        Some(drift::EXPORT_VERSION as f64),
    )?;
    let file = js_sys::JSON::parse(text)
        .map_err(|_| "this is not a ClaimLab drift history (it is not JSON)".to_string())?;
    drift::check_export_header(
        0,
        get(&file, "format").as_string().as_deref(),
        get(&file, "version").as_f64(),
    )?;
    let records = get(&file, "records")
        .dyn_into::<js_sys::Array>()
        .map_err(|_| "this drift history has no list of records".to_string())?;
    Ok(drift::merge(
        records.iter().map(|r| record_from_js(&r)),
        existing,
    ))
}

/// Every stored record, oldest first (unreadable ones are left in place and skipped).
pub async fn load(db: &Database) -> Result<Vec<Record>, String> {
    let err = |_| "the stored history could not be read".to_string();
    let tx = db
        .transaction(&[STORE], TransactionMode::ReadOnly)
        .map_err(err)?;
    let store = tx.object_store(STORE).map_err(err)?;
    let values = store.get_all(None, None).map_err(err)?.await.map_err(err)?;
    Ok(values.iter().filter_map(record_from_js).collect())
}

/// Add records in one transaction: all are written or none.
pub async fn add(db: &Database, records: &[Record]) -> Result<(), String> {
    let err = |_| "the history could not be saved (is the storage full?)".to_string();
    let tx = db
        .transaction(&[STORE], TransactionMode::ReadWrite)
        .map_err(err)?;
    let store = tx.object_store(STORE).map_err(err)?;
    for r in records {
        store.add(&record_to_js(r), None).map_err(err)?;
    }
    tx.commit().map_err(err)?.await.map_err(err)?;
    Ok(())
}

/// Delete one question's records in one transaction.
pub async fn clear(db: &Database, question: &str) -> Result<(), String> {
    let err = |_| "the history could not be cleared".to_string();
    let tx = db
        .transaction(&[STORE], TransactionMode::ReadWrite)
        .map_err(err)?;
    let store = tx.object_store(STORE).map_err(err)?;
    let index = store.index("question").map_err(err)?;
    let keys = index
        .get_all_keys(Some(JsValue::from(question).into()), None)
        .map_err(err)?
        .await
        .map_err(err)?;
    for key in keys {
        store.delete(key).map_err(err)?;
    }
    tx.commit().map_err(err)?.await.map_err(err)?;
    Ok(())
}
