//! Reading one input line: the five fields `uhash kat` uses (`fn`, `key`,
//! `msg`, `nonce`, `params`) as JSON values; every other field is checked
//! for JSON syntax and skipped without being converted, so that a value
//! `serde_json::Value` cannot hold (a number such as `1e999`, which is out
//! of `f64`'s range) in a field the docs call ignored does not reject the
//! record.

use std::fmt;

use serde::Deserialize;
use serde::de::{self, IgnoredAny, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// The fields the driver reads; the others are ignored.
pub(super) const FIELDS: [&str; 5] = ["fn", "key", "msg", "nonce", "params"];

/// A parsed line: the fields of [`FIELDS`] of a JSON object, or the kind
/// of JSON value the line held instead.
#[derive(Debug)]
pub(super) enum Record {
    /// A JSON object: its fields of [`FIELDS`] (a repeated field keeps its
    /// last value, as `serde_json` does).
    Object(Map<String, Value>),
    /// Not an object: "an array", "a string", …
    Other(&'static str),
}

impl<'de> Deserialize<'de> for Record {
    fn deserialize<D: de::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(RecordVisitor)
    }
}

struct RecordVisitor;

impl<'de> Visitor<'de> for RecordVisitor {
    type Value = Record;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Record, A::Error> {
        let mut fields = Map::new();
        while let Some(name) = map.next_key::<String>()? {
            if FIELDS.contains(&name.as_str()) {
                let v: Value = map.next_value()?;
                fields.insert(name, v);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(Record::Object(fields))
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Record, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Record::Other("an array"))
    }

    fn visit_bool<E>(self, _: bool) -> Result<Record, E> {
        Ok(Record::Other("a boolean"))
    }

    fn visit_i64<E>(self, _: i64) -> Result<Record, E> {
        Ok(Record::Other("a number"))
    }

    fn visit_u64<E>(self, _: u64) -> Result<Record, E> {
        Ok(Record::Other("a number"))
    }

    fn visit_f64<E>(self, _: f64) -> Result<Record, E> {
        Ok(Record::Other("a number"))
    }

    fn visit_str<E>(self, _: &str) -> Result<Record, E> {
        Ok(Record::Other("a string"))
    }

    fn visit_unit<E>(self) -> Result<Record, E> {
        Ok(Record::Other("null"))
    }
}

/// Parses one line (already trimmed, not empty).
///
/// # Errors
/// The `invalid JSON: …` answer text.
pub(super) fn parse(text: &str) -> Result<Record, String> {
    serde_json::from_str::<Record>(text).map_err(|e| format!("invalid JSON: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Map<String, Value> {
        match parse(text) {
            Ok(Record::Object(m)) => m,
            Ok(Record::Other(k)) => panic!("{text}: not an object ({k})"),
            Err(e) => panic!("{text}: {e}"),
        }
    }

    #[test]
    fn ignored_fields_are_not_converted() {
        let m = fields(
            r#"{"fn":"x","out":1e999,"src":{"a":[-1e400,{"b":null}]},"msg_len":123456789012345678901234567890}"#,
        );
        assert_eq!(m.len(), 1);
        assert_eq!(m["fn"], "x");
    }

    #[test]
    fn used_fields_are_kept_and_the_last_repeat_wins() {
        let m = fields(r#"{"fn":"a","key":"00","msg":"","nonce":null,"params":{"n":2},"fn":"b"}"#);
        assert_eq!(m.len(), 5);
        assert_eq!(m["fn"], "b");
        assert_eq!(m["params"]["n"], 2);
    }

    #[test]
    fn syntax_is_still_checked() {
        for bad in [
            r#"{"fn":"a","out":1e}"#,
            r#"{"fn":"a","out":[1,}"#,
            r#"{"src":01}"#,
        ] {
            assert!(parse(bad).unwrap_err().starts_with("invalid JSON"), "{bad}");
        }
        // A used field out of range is an error for that record.
        assert!(parse(r#"{"fn":"a","params":{"n":1e999}}"#).is_err());
    }

    #[test]
    fn other_values_name_their_kind() {
        for (text, kind) in [
            ("[1, [2], {}]", "an array"),
            ("\"s\"", "a string"),
            ("null", "null"),
            ("true", "a boolean"),
            ("-3", "a number"),
            ("1.5", "a number"),
        ] {
            assert!(
                matches!(parse(text), Ok(Record::Other(k)) if k == kind),
                "{text}"
            );
        }
    }
}
