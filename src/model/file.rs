//! Reading `models/answer-score.json` without `serde_json`: the page
//! carries the core, and `serde_json`'s reader with its exact float parsing
//! weighs about 20 KB of wasm. The file is what `claimlab train` writes
//! (serde's pretty JSON): objects, arrays, strings without escapes and plain
//! decimals, which is all this reads; anything else is an error that says
//! where.

use crate::text::scan::parse_decimal;

/// A JSON value, as far as the model file uses JSON.
#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Number(f64),
    Text(String),
    List(Vec<Json>),
    Object(Vec<(String, Json)>),
}

impl Json {
    /// Read `text` as one value.
    pub fn parse(text: &str) -> Result<Json, String> {
        let mut reader = Reader { text, at: 0 };
        let value = reader.value()?;
        reader.blank();
        if reader.at < text.len() {
            return Err(reader.error("text after the end"));
        }
        Ok(value)
    }

    /// A field of an object.
    pub fn field(&self, name: &str) -> Result<&Json, String> {
        match self {
            Json::Object(fields) => fields
                .iter()
                .find(|(k, _)| k == name)
                .map(|(_, v)| v)
                .ok_or_else(|| format!("no field \"{name}\"")),
            _ => Err(format!("\"{name}\" asked of a value that is not an object")),
        }
    }

    pub fn number(&self) -> Result<f64, String> {
        match self {
            Json::Number(x) => Ok(*x),
            _ => Err("a number was expected".into()),
        }
    }

    pub fn text(&self) -> Result<&str, String> {
        match self {
            Json::Text(s) => Ok(s),
            _ => Err("a string was expected".into()),
        }
    }

    pub fn list(&self) -> Result<&[Json], String> {
        match self {
            Json::List(items) => Ok(items),
            _ => Err("a list was expected".into()),
        }
    }

    /// A list of numbers.
    pub fn numbers(&self) -> Result<Vec<f64>, String> {
        self.list()?.iter().map(Json::number).collect()
    }
}

struct Reader<'a> {
    text: &'a str,
    at: usize,
}

impl Reader<'_> {
    fn error(&self, what: &str) -> String {
        format!("{what} at byte {}", self.at)
    }

    fn blank(&mut self) {
        let rest = &self.text[self.at..];
        self.at += rest.len() - rest.trim_start().len();
    }

    fn peek(&mut self) -> Option<u8> {
        self.blank();
        self.text.as_bytes().get(self.at).copied()
    }

    fn expect(&mut self, byte: u8) -> Result<(), String> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(&format!("'{}' expected", byte as char)))
        }
    }

    fn value(&mut self) -> Result<Json, String> {
        match self.peek() {
            Some(b'{') => self.object(),
            Some(b'[') => self.items(),
            Some(b'"') => self.string().map(Json::Text),
            Some(_) => self.number(),
            None => Err(self.error("a value expected")),
        }
    }

    fn object(&mut self) -> Result<Json, String> {
        self.expect(b'{')?;
        let mut fields = Vec::new();
        if self.peek() == Some(b'}') {
            self.at += 1;
            return Ok(Json::Object(fields));
        }
        loop {
            let key = self.string()?;
            self.expect(b':')?;
            fields.push((key, self.value()?));
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b'}') => {
                    self.at += 1;
                    return Ok(Json::Object(fields));
                }
                _ => return Err(self.error("',' or '}' expected")),
            }
        }
    }

    fn items(&mut self) -> Result<Json, String> {
        self.expect(b'[')?;
        let mut items = Vec::new();
        if self.peek() == Some(b']') {
            self.at += 1;
            return Ok(Json::List(items));
        }
        loop {
            items.push(self.value()?);
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(b']') => {
                    self.at += 1;
                    return Ok(Json::List(items));
                }
                _ => return Err(self.error("',' or ']' expected")),
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.expect(b'"')?;
        let rest = &self.text[self.at..];
        let end = rest
            .find(['"', '\\'])
            .ok_or_else(|| self.error("unterminated string"))?;
        if rest.as_bytes()[end] == b'\\' {
            return Err(self.error("escapes are not read"));
        }
        self.at += end + 1;
        Ok(rest[..end].to_string())
    }

    fn number(&mut self) -> Result<Json, String> {
        let rest = &self.text[self.at..];
        let len = rest
            .find(|c: char| !(c.is_ascii_digit() || c == '-' || c == '.'))
            .unwrap_or(rest.len());
        let x =
            parse_decimal(&rest[..len]).ok_or_else(|| self.error("a plain decimal expected"))?;
        self.at += len;
        Ok(Json::Number(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_serde_writes_for_the_model_and_agrees_on_every_number() {
        let value =
            serde_json::json!({"a": [0.1234, -2.5, 0.0, 17.0], "b": {"c": "text", "d": []}});
        let text = serde_json::to_string_pretty(&value).unwrap();
        let read = Json::parse(&text).unwrap();
        assert_eq!(
            read.field("a").unwrap().numbers().unwrap(),
            [0.1234, -2.5, 0.0, 17.0]
        );
        assert_eq!(
            read.field("b").unwrap().field("c").unwrap().text().unwrap(),
            "text"
        );
        // Every number of the shipped file reads as serde reads it.
        let file = include_str!("../../models/answer-score.json");
        let ours = Json::parse(file).unwrap();
        let theirs: serde_json::Value = serde_json::from_str(file).unwrap();
        fn walk(a: &Json, b: &serde_json::Value) {
            match (a, b) {
                (Json::Number(x), serde_json::Value::Number(y)) => {
                    assert_eq!(*x, y.as_f64().unwrap())
                }
                (Json::Text(x), serde_json::Value::String(y)) => assert_eq!(x, y),
                (Json::List(x), serde_json::Value::Array(y)) => {
                    x.iter().zip(y).for_each(|(a, b)| walk(a, b))
                }
                (Json::Object(x), serde_json::Value::Object(y)) => {
                    x.iter().for_each(|(k, v)| walk(v, &y[k]))
                }
                other => panic!("{other:?}"),
            }
        }
        walk(&ours, &theirs);
    }

    #[test]
    fn anything_else_is_an_error_that_says_where() {
        for bad in [
            "",
            "{",
            "[1,]",
            "{\"a\" 1}",
            "\"a\\\"b\"",
            "1e5",
            "true",
            "[1] x",
        ] {
            let err = Json::parse(bad).unwrap_err();
            assert!(
                err.contains("at byte") || err.contains("expected"),
                "{bad}: {err}"
            );
        }
    }
}
