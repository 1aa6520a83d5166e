//! Permalinks: the whole lab state in a URL fragment.
//!
//! A link's fragment reads `#s=1.<data>[&hide=trace,samples][&embed]`:
//! `<data>` is the [`LabState`] as text — one `name<TAB>value` line per field
//! (a line per sample, a `set.<name>` line per setting), values escaped —
//! deflated and base64url-encoded (a 20 KB source makes a link of a few KB);
//! `hide` lists panels and controls to hide, as TensorFlow Playground's
//! `_hide` keys do; `embed` asks for the compact layout. A plain text form
//! keeps the lab's wasm free of a JSON library and makes each field easy to
//! read on its own.
//!
//! Decoding never trusts the link: its length and its inflated size are
//! bounded (a hostile link cannot exhaust memory), and each field is read on
//! its own, so a bad field falls back to its default and is named in
//! `problems` while the rest of the state is kept.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;

use crate::lab_state::{LabState, SPEEDS};

/// The format version written before the data.
pub const VERSION: &str = "1";
/// Longest fragment accepted (characters).
pub const MAX_LINK_CHARS: usize = 2 << 20;
/// Most bytes a link may inflate to.
pub const MAX_STATE_BYTES: usize = 8 << 20;
/// Most samples a link may carry.
pub const MAX_SAMPLES: usize = 50;

/// Panels and controls a link may hide.
pub const HIDEABLE: &[&str] = &[
    "answer",
    "calibration",
    "claims",
    "computed",
    "controls",
    "delivered",
    "drift",
    "examples",
    "lessons",
    "metrics",
    "repair",
    "samples",
    "source",
    "support-threshold",
    "trace",
];

/// What a fragment asks for.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Fragment<'a> {
    /// The encoded state (`s=`), if any.
    pub state: Option<&'a str>,
    /// A built-in example by name (`example=`), when there is no `s=`.
    pub example: Option<&'a str>,
    /// A preset by name (`preset=`), applied before single settings.
    pub preset: Option<&'a str>,
    /// Single settings by name (`support_threshold=0.65`), applied last.
    pub settings: Vec<(&'a str, &'a str)>,
    pub hide: Vec<String>,
    pub embed: bool,
    /// How many trace events to show (`position=0`, `position=end`).
    pub position: Option<&'a str>,
    /// A built-in lesson by id (`lesson=seed-004`), and its step, from 1 (`step=6`).
    pub lesson: Option<&'a str>,
    pub step: Option<&'a str>,
    /// Show the lab without its editors and controls (`readonly`).
    pub read_only: bool,
}

/// Split a fragment (with or without its `#`) into its parts. Besides `s=`,
/// a fragment may be written by hand, as TensorFlow Playground's are:
/// `#example=correct-paraphrase&support_threshold=0.65&hide=trace&embed`.
pub fn parse_fragment(fragment: &str) -> Fragment<'_> {
    let mut out = Fragment::default();
    for part in fragment
        .trim_start_matches('#')
        .split('&')
        .filter(|p| !p.is_empty())
    {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        match key {
            "s" => out.state = Some(value),
            "example" => out.example = Some(value),
            "preset" => out.preset = Some(value),
            "hide" => out.hide.extend(
                value
                    .split(',')
                    .map(str::trim)
                    .filter(|h| HIDEABLE.contains(h))
                    .map(str::to_string),
            ),
            "embed" => out.embed = value != "0",
            "readonly" => out.read_only = value != "0",
            "position" => out.position = Some(value),
            "lesson" => out.lesson = Some(value),
            "step" => out.step = Some(value),
            _ => out.settings.push((key, value)),
        }
    }
    out
}

/// What the lab opens with: the state, a plain error when the link could
/// not be used at all (the default example is shown), and notes on parts
/// that could not be used (they keep their defaults).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Opening {
    pub state: LabState,
    pub embed: bool,
    pub read_only: bool,
    /// A readable link named a lesson and no example: the lab opens the
    /// step, loading that step's state (a link that also names an example
    /// is a state of its own, restored as it is).
    pub start_lesson: bool,
    pub error: Option<String>,
    pub notes: Vec<String>,
}

/// Resolve a fragment into the state to show. `decoded` is what its `s=`
/// data decoded to (the caller inflates: [`decode`] here, the browser's
/// `DecompressionStream` in the lab); it is ignored when there is no `s=`.
pub fn open(fragment: &Fragment, decoded: Option<Result<Decoded, String>>) -> Opening {
    let mut out = Opening {
        embed: fragment.embed,
        read_only: fragment.read_only,
        ..Opening::default()
    };
    match (fragment.state, decoded) {
        (Some(_), Some(Ok(d))) => {
            out.state = d.state;
            out.notes = d.problems;
        }
        (Some(_), Some(Err(e))) => {
            out.error = Some(format!(
                "This link could not be opened ({e}); the default example is shown instead."
            ))
        }
        (Some(_), None) => {
            out.error =
                Some("This link could not be opened; the default example is shown instead.".into())
        }
        (None, _) => {
            if let Some(name) = fragment.example {
                match crate::examples::by_name(name) {
                    Some(ex) => out.state = LabState::from_example(&ex),
                    None => out.error = Some("This link names an example the lab does not have; the default example is shown instead.".into()),
                }
            }
        }
    }
    if let Some(name) = fragment.preset {
        match crate::config::Preset::from_name(name) {
            Some(p) => out.state.config = p.config(),
            None => out.notes.push(format!("there is no preset \"{name}\"")),
        }
    }
    for (name, value) in &fragment.settings {
        if let Err(e) = out.state.config.set_pair(name, value) {
            out.notes.push(if crate::config::range_of(name).is_some() {
                format!("{e}, so it kept its value")
            } else {
                format!("{e}, so it was ignored")
            });
        }
    }
    for h in &fragment.hide {
        if !out.state.hidden.contains(h) {
            out.state.hidden.push(h.clone());
        }
    }
    match fragment.position {
        None => {}
        Some("end") => out.state.trace_position = usize::MAX,
        Some(p) => match p.parse() {
            Ok(p) => out.state.trace_position = p,
            Err(_) => out
                .notes
                .push(format!("position \"{p}\" is not end or a number of events")),
        },
    }
    // A lesson is named here and read by `crate::lessons`, which says when
    // there is no such lesson or step.
    if let Some(id) = fragment.lesson {
        out.start_lesson = fragment.state.is_none() && fragment.example.is_none();
        out.state.lesson = Some(id.to_string());
        out.state.lesson_text = None;
        match fragment.step.map(str::parse::<usize>) {
            None => {}
            Some(Ok(n)) if n >= 1 => out.state.lesson_step = n - 1,
            Some(_) => out.notes.push(format!(
                "step \"{}\" is not a step number (1, 2, …)",
                fragment.step.unwrap_or("")
            )),
        }
    }
    out
}

/// Open the state a page was left in before its link caught up with it
/// (`unsaved`, the state's text as [`to_text`] writes it, which the lab
/// keeps for its tab when the page is hidden with a link still to write;
/// see `app::share`), at the address it was left at: the state is the
/// page's as it was, so only the address's `embed` and `readonly` apply.
/// `None` when the text cannot be read (the address then opens as usual).
pub fn open_unsaved(fragment: &Fragment, unsaved: &str) -> Option<Opening> {
    let decoded = from_text(unsaved).ok()?;
    Some(Opening {
        state: decoded.state,
        notes: decoded.problems,
        embed: fragment.embed,
        read_only: fragment.read_only,
        ..Opening::default()
    })
}

/// A short readable fragment for a state whose texts are an example's
/// (`example=correct-paraphrase&support_threshold=0.65&lesson=seed-004&step=6`):
/// the example, the settings that differ from its own, the trace position
/// unless at the end, a built-in lesson and its step, hidden panels.
/// `None` when the texts were edited (the `s=` form carries them).
pub fn short_fragment(state: &LabState) -> Option<String> {
    let name = state.example.as_deref()?;
    let ex = crate::examples::by_name(name)?;
    if state.lesson_text.is_some()
        || (&ex.question, &ex.source, &ex.answer, &ex.samples)
            != (
                &state.question,
                &state.source,
                &state.answer,
                &state.samples,
            )
    {
        return None;
    }
    let mut parts = vec![format!("example={name}")];
    for (name, _, value) in state.config.differences(&ex.config) {
        parts.push(format!("{name}={}", value.to_text()));
    }
    if state.trace_position != usize::MAX {
        parts.push(format!("position={}", state.trace_position));
    }
    if let Some(id) = &state.lesson {
        parts.push(format!("lesson={id}&step={}", state.lesson_step + 1));
    }
    if state.inspection_seconds != crate::lab_state::DEFAULT_INSPECTION_SECONDS
        || state.speed != 1.0
    {
        return None;
    }
    if !state.hidden.is_empty() {
        parts.push(format!("hide={}", state.hidden.join(",")));
    }
    Some(parts.join("&"))
}

/// The first line of a state's text.
const HEADER: &str = "claimlab-state";

fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c => out.push(c),
        }
    }
    out
}

fn unescape(s: &str) -> Option<String> {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        out.push(match chars.next()? {
            'n' => '\n',
            't' => '\t',
            'r' => '\r',
            '\\' => '\\',
            _ => return None,
        });
    }
    Some(out)
}

/// The trace's end ([`LabState::trace_position`] `usize::MAX`) as a link
/// writes it: the largest 32-bit number, the page's `usize::MAX`, so that
/// the lab and a 64-bit writer (the CLI, the Python package) write the same
/// link and each reads the other's as the end.
const END_POSITION: u64 = u32::MAX as u64;

/// A trace position as a link's text writes it (the end as [`END_POSITION`]).
fn position_text(position: usize) -> String {
    (position as u64).min(END_POSITION).to_string()
}

/// A trace position read from a link's text (digits): [`END_POSITION`] or
/// more (a 64-bit writer's `usize::MAX`, in links written before) is the end.
fn position_of(text: &str) -> Option<usize> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let position: u64 = text.parse().unwrap_or(u64::MAX); // digits past u64: the end too
    Some(match position >= END_POSITION {
        true => usize::MAX,
        false => position as usize,
    })
}

/// The state as text: one `name<TAB>value` line per field.
pub fn to_text(state: &LabState) -> String {
    let mut lines = vec![format!("{HEADER}\t{VERSION}")];
    let mut line = |name: &str, value: &str| lines.push(format!("{name}\t{}", escape(value)));
    if let Some(e) = &state.example {
        line("example", e);
    }
    line("question", &state.question);
    line("source", &state.source);
    line("answer", &state.answer);
    for s in &state.samples {
        line("sample", s);
    }
    line("trace_position", &position_text(state.trace_position));
    line("inspection_seconds", &state.inspection_seconds.to_string());
    line(
        "speed",
        &crate::text::decimal::Decimal(state.speed).to_string(),
    );
    line("hidden", &state.hidden.join(","));
    if let Some(id) = &state.lesson {
        line("lesson", id);
        line("lesson_step", &state.lesson_step.to_string());
    }
    if let Some(text) = &state.lesson_text {
        line("lesson_text", text);
    }
    for (name, value) in state.config.to_pairs() {
        line(&format!("set.{name}"), &value);
    }
    lines.join("\n")
}

/// Read a state's text field by field: what cannot be used keeps its
/// default and is named.
pub fn from_text(text: &str) -> Result<Decoded, String> {
    let mut lines = text.split('\n');
    if lines.next() != Some(&format!("{HEADER}\t{VERSION}")[..]) {
        return Err("the link's state is not readable".into());
    }
    let mut state = LabState {
        example: None,
        samples: Vec::new(),
        ..LabState::default()
    };
    let mut problems = Vec::new();
    for line in lines {
        let Some((name, raw)) = line.split_once('\t') else {
            problems.push("a line without a value was ignored".into());
            continue;
        };
        let Some(value) = unescape(raw) else {
            problems.push(format!("{name} is damaged and was reset"));
            continue;
        };
        let ok = match name {
            "example" => crate::examples::by_name(&value)
                .map(|_| state.example = Some(value.clone()))
                .is_some(),
            "question" => {
                state.question = value.clone();
                true
            }
            "source" => {
                state.source = value.clone();
                true
            }
            "answer" => {
                state.answer = value.clone();
                true
            }
            "sample" if state.samples.len() < MAX_SAMPLES => {
                state.samples.push(value.clone());
                true
            }
            "trace_position" => position_of(&value)
                .map(|v| state.trace_position = v)
                .is_some(),
            "lesson" => {
                state.lesson = Some(value.clone());
                true
            }
            "lesson_step" => value.parse().map(|v| state.lesson_step = v).is_ok(),
            "lesson_text" => {
                state.lesson_text = Some(value.clone());
                true
            }
            "inspection_seconds" => value
                .parse::<u32>()
                .ok()
                .filter(|s| (5..=600).contains(s))
                .map(|v| state.inspection_seconds = v)
                .is_some(),
            "speed" => crate::text::scan::parse_decimal(&value)
                .filter(|s| SPEEDS.contains(s))
                .map(|v| state.speed = v)
                .is_some(),
            "hidden" => {
                let keys: Vec<String> = value
                    .split(',')
                    .filter(|k| !k.is_empty())
                    .map(str::to_string)
                    .collect();
                let ok = keys.iter().all(|k| HIDEABLE.contains(&k.as_str()));
                if ok {
                    state.hidden = keys;
                }
                ok
            }
            _ => match name.strip_prefix("set.") {
                Some(setting) => match state.config.set_pair(setting, &value) {
                    Ok(()) => true,
                    Err(e) => {
                        problems.push(format!("{e}, so it kept its default"));
                        continue;
                    }
                },
                None => false,
            },
        };
        if !ok {
            problems.push(format!(
                "{} could not be used and was reset",
                name.replace('_', " ")
            ));
        }
    }
    Ok(Decoded { state, problems })
}

/// A fragment (`s=1.…`, plus `&hide=…` when panels are hidden) for a state
/// whose text ([`to_text`]) has been compressed to `packed` (raw deflate).
pub fn fragment_for(packed: &[u8], hidden: &[String]) -> String {
    let mut out = format!("s={VERSION}.{}", URL_SAFE_NO_PAD.encode(packed));
    if !hidden.is_empty() {
        out.push_str("&hide=");
        out.push_str(&hidden.join(","));
    }
    out
}

/// The state as a fragment, compressed here (the lab compresses with the
/// browser's own `CompressionStream`, to the same raw deflate).
pub fn encode(state: &LabState) -> String {
    fragment_for(
        &miniz_oxide::deflate::compress_to_vec(to_text(state).as_bytes(), 9),
        &state.hidden,
    )
}

/// A state read from a link, and what had to be replaced by defaults.
#[derive(Debug, Clone, PartialEq)]
pub struct Decoded {
    pub state: LabState,
    /// One plain sentence per field that could not be used.
    pub problems: Vec<String>,
}

/// The compressed state inside an `s=` value: its length and version are
/// checked and its base64 decoded. Errors are plain sentences for the user.
pub fn packed_state(data: &str) -> Result<Vec<u8>, String> {
    if data.len() > MAX_LINK_CHARS {
        return Err(format!(
            "the link is {} characters long; the limit is {MAX_LINK_CHARS}",
            data.len()
        ));
    }
    let Some((version, body)) = data.split_once('.') else {
        return Err("the link's state has no version".into());
    };
    if version != VERSION {
        return Err(format!(
            "the link was made by a newer lab (format {version}); this lab reads format {VERSION}"
        ));
    }
    URL_SAFE_NO_PAD
        .decode(body.trim_end_matches('='))
        .map_err(|_| "the link is damaged (it is not valid base64)".to_string())
}

/// The error for data that does not inflate.
pub const DAMAGED: &str = "the link is damaged or cut short (its data does not decompress)";

/// The error for data that inflates past [`MAX_STATE_BYTES`].
pub fn too_large() -> String {
    format!(
        "the link's state is larger than {} MB",
        MAX_STATE_BYTES >> 20
    )
}

/// Read a state from its inflated text.
pub fn from_bytes(text: Vec<u8>) -> Result<Decoded, String> {
    let text =
        String::from_utf8(text).map_err(|_| "the link's state is not readable".to_string())?;
    from_text(&text)
}

/// Read a state from an `s=` value, inflating here (the lab inflates with
/// the browser's `DecompressionStream`, bounded the same way).
pub fn decode(data: &str) -> Result<Decoded, String> {
    let packed = packed_state(data)?;
    let text = miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_STATE_BYTES)
        .map_err(|e| match e.status {
            miniz_oxide::inflate::TINFLStatus::HasMoreOutput => too_large(),
            _ => DAMAGED.to_string(),
        })?;
    from_bytes(text)
}

#[cfg(test)]
mod tests {

    #[test]
    fn the_trace_end_is_written_as_the_lab_writes_it_and_read_from_either_width() {
        let state = LabState::default();
        assert_eq!(state.trace_position, usize::MAX);
        assert!(to_text(&state).contains("\ntrace_position\t4294967295\n"));
        for (written, read) in [
            ("4294967295", usize::MAX),
            ("18446744073709551615", usize::MAX),
            ("99999999999999999999999", usize::MAX),
            ("7", 7),
        ] {
            let text = to_text(&state).replace(
                "trace_position\t4294967295",
                &format!("trace_position\t{written}"),
            );
            let decoded = from_text(&text).expect("a readable state");
            assert_eq!(decoded.state.trace_position, read, "{written}");
            assert!(
                decoded.problems.is_empty(),
                "{written}: {:?}",
                decoded.problems
            );
        }
    }

    #[test]
    fn a_state_left_before_its_link_was_written_opens_as_it_was() {
        let mut state = LabState::from_example(&crate::examples::all()[0]);
        state.source.push_str(" Typed just before the reload.");
        state.config.set_pair("support_threshold", "0.65").unwrap();
        // The address still holds the link written before the typing, and
        // settings of its own, which the page had already taken in.
        let fragment =
            parse_fragment("#example=clean-answer&support_threshold=0.3&hide=trace&embed");
        let opening = open_unsaved(&fragment, &to_text(&state)).expect("its own text reads back");
        assert_eq!(opening.state, state);
        assert!(opening.embed && !opening.read_only);
        assert!(opening.error.is_none() && opening.notes.is_empty() && !opening.start_lesson);
        assert!(open_unsaved(&fragment, "not a state").is_none());
    }
    use super::*;
    use crate::examples;

    fn roundtrip(state: &LabState) -> Decoded {
        let encoded = encode(state);
        let f = parse_fragment(&encoded);
        decode(f.state.unwrap()).unwrap()
    }

    #[test]
    fn every_example_round_trips_exactly() {
        for ex in examples::all() {
            let mut state = LabState::from_example(&ex);
            state.trace_position = 7;
            state.speed = 2.0;
            state.config.support_threshold = 0.65;
            let d = roundtrip(&state);
            assert_eq!(d.state, state, "{}", ex.name);
            assert!(d.problems.is_empty());
        }
    }

    #[test]
    fn a_20_kb_source_makes_a_working_link() {
        // Real web text from the RAGTruth fixture, 20 KB of it.
        let fixture = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/ragtruth_qa/QA.jsonl"
        ))
        .unwrap();
        let mut state = LabState::default();
        for line in fixture.lines() {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            state
                .source
                .push_str(v["source_info"]["passages"].as_str().unwrap());
            if state.source.len() > 20_000 {
                break;
            }
        }
        let link = encode(&state);
        // Compressed: well under the 20 KB of text, and far under browsers' URL limits.
        assert!(
            link.len() < 15_000,
            "{} characters for {} bytes",
            link.len(),
            state.source.len()
        );
        assert_eq!(roundtrip(&state).state.source, state.source);
    }

    #[test]
    fn hide_and_embed_keys() {
        let f = parse_fragment("#s=1.abc&hide=trace,samples,bogus&embed");
        assert_eq!((f.state, f.embed), (Some("1.abc"), true));
        assert_eq!(f.hide, ["trace", "samples"]);
        assert!(f.settings.is_empty());
        let state = LabState {
            hidden: vec!["trace".into()],
            ..LabState::default()
        };
        assert!(encode(&state).ends_with("&hide=trace"));
    }

    #[test]
    fn broken_links_are_errors_not_panics() {
        assert!(decode("nodot").is_err());
        assert!(decode("9.abcd").unwrap_err().contains("newer lab"));
        assert!(decode("1.@@@@").unwrap_err().contains("not valid base64"));
        let good = encode(&LabState::default());
        let data = parse_fragment(&good).state.unwrap();
        assert!(decode(&data[..data.len() / 2])
            .unwrap_err()
            .contains("damaged"));
        let not_state =
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(b"<script>", 6));
        assert!(decode(&format!("1.{not_state}"))
            .unwrap_err()
            .contains("not readable"));
        let not_utf8 = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(
            b"claimlab-state\t1\nanswer\t\xff",
            6,
        ));
        assert!(decode(&format!("1.{not_utf8}"))
            .unwrap_err()
            .contains("not readable"));
    }

    #[test]
    fn a_decompression_bomb_is_refused() {
        let bomb = vec![b' '; MAX_STATE_BYTES + 1];
        let packed = URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(&bomb, 9));
        assert!(packed.len() < 50_000, "the bomb is small: {}", packed.len());
        assert!(decode(&format!("1.{packed}"))
            .unwrap_err()
            .contains("larger than"));
    }

    #[test]
    fn a_bad_field_falls_back_and_is_named() {
        let text = "claimlab-state\t1\nanswer\tKept.\\nTwo lines.\nspeed\t3.3\nexample\tnope\nhidden\ttrace,bogus\n\
                    set.support_threshold\t7\nset.policy\tflag\nset.bogus\t1\nsource\tbad \\q escape\nstray line";
        let data = format!(
            "1.{}",
            URL_SAFE_NO_PAD.encode(miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 6))
        );
        let d = decode(&data).unwrap();
        assert_eq!(d.state.answer, "Kept.\nTwo lines.");
        assert_eq!((d.state.speed, d.state.example.as_deref()), (1.0, None));
        assert_eq!(d.state.config.support_threshold, 0.5);
        assert_eq!(d.state.config.policy, crate::Policy::Flag);
        assert!(d.state.hidden.is_empty());
        let all = d.problems.join(" | ");
        for name in [
            "speed",
            "example",
            "hidden",
            "support_threshold",
            "bogus",
            "source",
            "without a value",
        ] {
            assert!(all.contains(name), "{name} missing from {all}");
        }
    }

    #[test]
    fn a_hand_written_fragment_opens_an_example_with_its_settings() {
        let f =
            parse_fragment("#example=correct-paraphrase&support_threshold=0.65&hide=trace&embed");
        let o = open(&f, None);
        assert_eq!((o.error, o.embed), (None, true));
        assert!(o.notes.is_empty(), "{:?}", o.notes);
        assert_eq!(o.state.example.as_deref(), Some("correct-paraphrase"));
        assert_eq!(o.state.config.support_threshold, 0.65);
        assert_eq!(o.state.hidden, ["trace"]);
        // Seed 004: at 0.65 the paraphrase is unsupported.
        let report = crate::check_text(&o.state.source, &o.state.answer, &o.state.config);
        assert_eq!(report.claims[1].verdict, crate::Verdict::Unsupported);
    }

    #[test]
    fn a_preset_applies_before_single_settings_and_bad_parts_are_named() {
        let f = parse_fragment("preset=strict&number_check=false&support_threshold=two&colour=red");
        let o = open(&f, None);
        assert_eq!(o.state.example.as_deref(), Some(crate::examples::DEFAULT));
        assert_eq!(
            o.state.config.support_threshold,
            crate::config::Preset::Strict.config().support_threshold
        );
        assert!(!o.state.config.number_check);
        let notes = o.notes.join(" | ");
        assert!(
            notes.contains("support_threshold") && notes.contains("colour"),
            "{notes}"
        );
        assert!(open(&parse_fragment("example=nope"), None)
            .error
            .unwrap()
            .contains("does not have"));
        assert!(open(&parse_fragment("preset=nope"), None).notes[0].contains("no preset"));
    }

    #[test]
    fn a_state_link_wins_over_an_example_and_its_errors_are_plain() {
        let state = LabState {
            answer: "Edited.".into(),
            ..LabState::default()
        };
        let link = format!("{}&example=tagore", encode(&state));
        let f = parse_fragment(&link);
        let o = open(&f, Some(decode(f.state.unwrap())));
        assert_eq!(o.state, state);
        let broken = open(&f, Some(Err("the link is damaged".into())));
        assert_eq!(broken.state, LabState::default());
        assert!(broken.error.unwrap().contains("(the link is damaged)"));
    }

    #[test]
    fn an_examples_state_is_written_as_a_short_readable_link_that_reads_back() {
        let mut s =
            LabState::from_example(&crate::examples::by_name("correct-paraphrase").unwrap());
        assert_eq!(
            short_fragment(&s).as_deref(),
            Some("example=correct-paraphrase")
        );
        s.config.support_threshold = 0.65;
        s.trace_position = 4;
        s.lesson = Some("seed-004".into());
        s.lesson_step = 5;
        s.hidden = vec!["trace".into()];
        let short = short_fragment(&s).unwrap();
        assert_eq!(short, "example=correct-paraphrase&support_threshold=0.65&position=4&lesson=seed-004&step=6&hide=trace");
        let back = open(&parse_fragment(&short), None);
        assert_eq!(back.state, s);
        assert!(back.notes.is_empty() && !back.start_lesson);
        assert!(open(&parse_fragment("lesson=seed-004&step=6"), None).start_lesson);
        // Edited texts, or a teacher's own lesson, need the whole state.
        s.answer.push_str(" More.");
        assert_eq!(short_fragment(&s), None);
    }

    #[test]
    fn position_lesson_step_and_readonly_read_from_a_fragment() {
        let o = open(
            &parse_fragment("#example=tagore&position=end&lesson=seed-000&step=x&readonly"),
            None,
        );
        assert_eq!(o.state.trace_position, usize::MAX);
        assert!(o.read_only);
        assert_eq!(o.state.lesson.as_deref(), Some("seed-000"));
        assert_eq!(o.notes, ["step \"x\" is not a step number (1, 2, …)"]);
        let o = open(&parse_fragment("#position=3"), None);
        assert_eq!(o.state.trace_position, 3);
        let o = open(&parse_fragment("#position=soon"), None);
        assert_eq!(
            o.notes,
            ["position \"soon\" is not end or a number of events"]
        );
    }

    #[test]
    fn a_lesson_and_a_teachers_lesson_text_survive_a_link() {
        let s = LabState {
            lesson: Some("mine".into()),
            lesson_step: 2,
            lesson_text: Some(
                "lesson mine\nstep One\nask Do.\ndone policy = flag\nexplain Done.".into(),
            ),
            ..LabState::default()
        };
        assert_eq!(roundtrip(&s).state, s);
    }

    #[test]
    fn text_escapes_round_trip() {
        for s in [
            "plain",
            "tab\there",
            "line\nbreak",
            "back\\slash \\n not a newline",
            "\r\n",
            "emoji 🙂 and NUL \0",
        ] {
            assert_eq!(unescape(&escape(s)).as_deref(), Some(s));
        }
        assert_eq!(unescape("dangling\\"), None);
    }
}
