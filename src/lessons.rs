//! Guided lessons: a sequence of steps, each loading a state of the lab,
//! asking for one action, noticing when it is done, and saying why the
//! verdicts changed.
//!
//! A lesson is plain text, one directive per line (`#` starts a comment), so
//! a teacher can write one in the lab and share it in a link:
//!
//! ```text
//! lesson seed-004                      id (letters, digits, -)
//! title Claim checking, step by step
//! step Thresholds reject correct paraphrases      starts a step (its title)
//! load example=correct-paraphrase&position=end    a readable link's fragment
//! answer The main span is 410 metres.  replace a text (also source, question,
//!                                      sample: each sample line adds one)
//! panel claims                         the panel presenter mode shows
//! ask Raise the Support threshold to 0.65.        what to do (lines join)
//! done support_threshold >= 0.65       when it is done (every line must hold)
//! explain Three of five words is 0.6, below 0.65 …  what happened, and why
//! expect verdict C2 = unsupported      what holds once it is done (the
//!                                      explanation's facts; tests check them)
//! ```
//!
//! A `done` line is `LEFT OP RIGHT` with OP one of `= != >= <= > <`:
//! a setting by name (`number_check = false`, `policy = flag`),
//! `decision`, `routing` or `risk` against its name (`decision = block`),
//! `verdict C2 = contradicted`, `trace = end` (the replay has reached its
//! last event) or `trace = start`, `example = NAME`, and `answer = edited`
//! (the answer differs from the one the step loaded). A step without a
//! `done` line is done once it is opened.
//!
//! Progress is evaluated by the core ([`Lesson::progress`]) against the lab's
//! state and report, so the lessons are tested without a browser.

use crate::config::{Range, Value};
use crate::lab_state::LabState;
use crate::permalink;
use crate::report::Report;

/// The lessons the lab ships, as their text.
const BUILT_IN: [&str; 3] = [
    include_str!("../lessons/seed-004.lesson"),
    include_str!("../lessons/seed-001.lesson"),
    include_str!("../lessons/seed-000.lesson"),
];

/// Most lines a lesson may have (a link may carry one).
const MAX_LINES: usize = 400;

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Lesson {
    pub id: String,
    pub title: String,
    pub steps: Vec<Step>,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct Step {
    pub title: String,
    /// A readable link's fragment (`example=…&number_check=false`).
    pub load: String,
    /// Texts the step puts in place of the loaded ones.
    pub texts: Vec<(TextField, String)>,
    /// The panel presenter mode shows (`claims` unless named).
    pub panel: Option<String>,
    pub ask: String,
    pub done_when: Vec<Condition>,
    pub explain: String,
    /// What holds once the step is done: the facts `explain` states.
    pub expect: Vec<Condition>,
}

/// A text a step may set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum TextField {
    Question,
    Source,
    Answer,
    Sample,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Op {
    Eq,
    Ne,
    Ge,
    Le,
    Gt,
    Lt,
}

impl Op {
    fn holds(self, ordering: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            Op::Eq => ordering == Equal,
            Op::Ne => ordering != Equal,
            Op::Ge => ordering != Less,
            Op::Le => ordering != Greater,
            Op::Gt => ordering == Greater,
            Op::Lt => ordering == Less,
        }
    }
}

/// What must hold for a step to be done.
#[derive(Debug, Clone, PartialEq)]
pub enum Condition {
    /// A setting compared with a value of its range.
    Setting { name: String, op: Op, value: Value },
    /// `decision`, `routing` or `risk` (by name), `example`, `trace`.
    Named { what: Named, op: Op, value: String },
    /// A claim's verdict.
    Verdict {
        claim: String,
        op: Op,
        value: String,
    },
    /// The answer differs from the one the step loaded.
    AnswerEdited,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Named {
    Decision,
    Routing,
    Risk,
    Example,
    Trace,
}

/// Numbers equal to within this are equal (a slider's 0.65 is 0.65).
const EPSILON: f64 = 1e-9;

fn compare(a: f64, b: f64) -> std::cmp::Ordering {
    if (a - b).abs() <= EPSILON {
        std::cmp::Ordering::Equal
    } else if a < b {
        std::cmp::Ordering::Less
    } else {
        std::cmp::Ordering::Greater
    }
}

/// `condition` if `ok`, else a message naming what `value` may be.
fn known(condition: Condition, value: &str, ok: bool, may_be: &str) -> Result<Condition, String> {
    if ok {
        Ok(condition)
    } else {
        Err(format!("\"{value}\" is not one of {may_be}"))
    }
}

fn names(op: Op, actual: &str, wanted: &str) -> bool {
    match op {
        Op::Eq => actual == wanted,
        Op::Ne => actual != wanted,
        _ => false,
    }
}

impl Condition {
    fn parse(text: &str) -> Result<Condition, String> {
        const OPS: [(&str, Op); 6] = [
            (">=", Op::Ge),
            ("<=", Op::Le),
            ("!=", Op::Ne),
            ("=", Op::Eq),
            (">", Op::Gt),
            ("<", Op::Lt),
        ];
        let (at, sym, op) = OPS
            .iter()
            .filter_map(|(s, op)| text.find(s).map(|i| (i, *s, *op)))
            .min_by_key(|(i, s, _)| (*i, usize::MAX - s.len()))
            .ok_or_else(|| format!("\"{text}\" has no comparison (=, !=, >=, <=, >, <)"))?;
        let left = text[..at].trim();
        let right = text[at + sym.len()..].trim();
        let named = |what| Condition::Named {
            what,
            op,
            value: right.to_string(),
        };
        let mut words = left.split_whitespace();
        Ok(match (words.next(), words.next()) {
            (Some("decision"), None) => known(
                named(Named::Decision),
                right,
                crate::verdict::Decision::from_name(right).is_some(),
                "deliver, deliver_with_flags or block",
            )?,
            (Some("routing"), None) => known(
                named(Named::Routing),
                right,
                crate::verdict::Routing::from_name(right).is_some(),
                "accept, healed_accept, fallback or discard",
            )?,
            (Some("risk"), None) => known(
                named(Named::Risk),
                right,
                crate::verdict::RiskLevel::from_name(right).is_some(),
                "low, medium, high or critical",
            )?,
            (Some("example"), None) => named(Named::Example),
            (Some("trace"), None) if matches!(right, "end" | "start") => named(Named::Trace),
            (Some("answer"), None) if right == "edited" => Condition::AnswerEdited,
            (Some("verdict"), Some(claim)) => known(
                Condition::Verdict {
                    claim: claim.to_string(),
                    op,
                    value: right.to_string(),
                },
                right,
                crate::verdict::Verdict::from_name(right).is_some(),
                "supported, miscited, unsupported or contradicted",
            )?,
            (Some(name), None) => {
                let range = crate::config::range_of(name)
                    .ok_or_else(|| format!("\"{name}\" is no setting, decision, routing, risk, verdict, example, trace or answer"))?;
                let value = Value::from_text(right, range).ok_or_else(|| {
                    format!("{name} cannot be \"{right}\": it is {}", range.describe())
                })?;
                if matches!(range, Range::Toggle | Range::Choice(_))
                    && !matches!(op, Op::Eq | Op::Ne)
                {
                    return Err(format!("{name} can only be compared with = or !="));
                }
                Condition::Setting {
                    name: name.to_string(),
                    op,
                    value,
                }
            }
            _ => return Err(format!("\"{text}\" is not a condition")),
        })
    }

    /// Does it hold for this state and its report? `loaded` is the answer
    /// the step loaded.
    pub fn holds(&self, state: &LabState, report: &Report, loaded: &str) -> bool {
        match self {
            Condition::Setting { name, op, value } => match (state.config.get(name), value) {
                (Some(Value::Number(a)), Value::Number(b)) => op.holds(compare(a, *b)),
                (Some(Value::Count(a)), Value::Count(b)) => op.holds(a.cmp(b)),
                (Some(a), b) => match op {
                    Op::Eq => a == *b,
                    Op::Ne => a != *b,
                    _ => false,
                },
                (None, _) => false,
            },
            Condition::Named { what, op, value } => {
                let actual = match what {
                    Named::Decision => report.decision.name(),
                    Named::Routing => report.quality.routing.name(),
                    Named::Risk => report.risk.level.name(),
                    Named::Example => state.example.as_deref().unwrap_or(""),
                    Named::Trace => {
                        if state.trace_position >= report.trace.len() {
                            "end"
                        } else if state.trace_position == 0 {
                            "start"
                        } else {
                            "middle"
                        }
                    }
                };
                names(*op, actual, value)
            }
            Condition::Verdict { claim, op, value } => report
                .claim(claim)
                .is_some_and(|c| names(*op, c.verdict.name(), value)),
            Condition::AnswerEdited => state.answer.trim() != loaded.trim(),
        }
    }
}

impl Step {
    /// `state` as this step loads it: the fragment, then the texts. Trace
    /// position, lesson and hidden panels are the caller's (kept unless the
    /// fragment names them). Returns what could not be used.
    pub fn apply(&self, state: &mut LabState) -> Vec<String> {
        let fragment = permalink::parse_fragment(&self.load);
        let opening = permalink::open(&fragment, None);
        let mut notes = opening.notes;
        if let Some(e) = opening.error {
            notes.push(e);
        }
        let keep = (
            state.lesson.clone(),
            state.lesson_step,
            state.lesson_text.clone(),
            state.hidden.clone(),
        );
        *state = opening.state;
        (state.lesson, state.lesson_step, state.lesson_text) = (keep.0, keep.1, keep.2);
        if fragment.hide.is_empty() {
            state.hidden = keep.3;
        }
        let mut samples = Vec::new();
        for (field, text) in &self.texts {
            match field {
                TextField::Question => state.question = text.clone(),
                TextField::Source => state.source = text.clone(),
                TextField::Answer => state.answer = text.clone(),
                TextField::Sample => samples.push(text.clone()),
            }
        }
        if !samples.is_empty() {
            state.samples = samples;
        }
        notes
    }

    /// The claims this step's conditions name that the report does not
    /// have (the step waits for them: the answer must be edited to have them).
    pub fn missing_claims(&self, report: &Report) -> Vec<String> {
        self.done_when
            .iter()
            .filter_map(|c| match c {
                Condition::Verdict { claim, .. } if report.claim(claim).is_none() => {
                    Some(claim.clone())
                }
                _ => None,
            })
            .collect()
    }

    /// The answer this step loads.
    pub fn loaded_answer(&self) -> String {
        let mut s = LabState::default();
        self.apply(&mut s);
        s.answer
    }

    /// Is every condition met? (A step without one is done.)
    pub fn is_done(&self, state: &LabState, report: &Report) -> bool {
        if self.done_when.is_empty() {
            return true;
        }
        let loaded = if self.done_when.contains(&Condition::AnswerEdited) {
            self.loaded_answer()
        } else {
            String::new()
        };
        self.done_when
            .iter()
            .all(|c| c.holds(state, report, &loaded))
    }
}

impl Lesson {
    /// Read a lesson's text. Errors name the line (`line 4: …`).
    pub fn parse(text: &str) -> Result<Lesson, String> {
        let mut lesson = Lesson::default();
        for (n, raw) in text.lines().enumerate() {
            if n >= MAX_LINES {
                return Err(format!("a lesson has at most {MAX_LINES} lines"));
            }
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |e: String| format!("line {}: {e}", n + 1);
            let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
            let rest = rest.trim();
            if key == "lesson" {
                if rest.is_empty() || !rest.chars().all(|c| c.is_ascii_alphanumeric() || c == '-') {
                    return Err(at("a lesson id is letters, digits and -".into()));
                }
                lesson.id = rest.to_string();
                continue;
            }
            if key == "title" && lesson.steps.is_empty() {
                lesson.title = rest.to_string();
                continue;
            }
            if key == "step" {
                lesson.steps.push(Step {
                    title: rest.to_string(),
                    ..Step::default()
                });
                continue;
            }
            let Some(step) = lesson.steps.last_mut() else {
                return Err(at(format!("\"{key}\" comes before the first step")));
            };
            let join = |to: &mut String| {
                if !to.is_empty() {
                    to.push(' ');
                }
                to.push_str(rest);
            };
            match key {
                "load" => {
                    step.load = rest.trim_start_matches('#').to_string();
                    let fragment = permalink::parse_fragment(&step.load);
                    if fragment.state.is_some() {
                        return Err(at(
                            "a step loads a readable link (example=…&setting=…), not an s= state"
                                .into(),
                        ));
                    }
                    if let Some(name) = fragment
                        .example
                        .filter(|n| crate::examples::by_name(n).is_none())
                    {
                        return Err(at(format!("load names no example \"{name}\"")));
                    }
                    let opened = permalink::open(&fragment, None);
                    if let Some(e) = opened.notes.into_iter().next() {
                        let e = e
                            .trim_end_matches(", so it kept its value")
                            .trim_end_matches(", so it was ignored");
                        return Err(at(format!("load: {e}")));
                    }
                }
                "panel" => step.panel = Some(rest.to_string()),
                "ask" => join(&mut step.ask),
                "explain" => join(&mut step.explain),
                "done" => step.done_when.push(Condition::parse(rest).map_err(at)?),
                "expect" => step.expect.push(Condition::parse(rest).map_err(at)?),
                "question" => step.texts.push((TextField::Question, rest.to_string())),
                "source" => step.texts.push((TextField::Source, rest.to_string())),
                "answer" => step.texts.push((TextField::Answer, rest.to_string())),
                "sample" => step.texts.push((TextField::Sample, rest.to_string())),
                _ => return Err(at(format!("\"{key}\" is not a lesson directive"))),
            }
        }
        if lesson.id.is_empty() {
            return Err("a lesson needs a `lesson ID` line".into());
        }
        if lesson.steps.is_empty() {
            return Err("a lesson needs at least one `step` line".into());
        }
        // A step done when the replay ends must start it from the beginning.
        for (i, step) in lesson.steps.iter().enumerate() {
            let plays = step.done_when.iter().any(|c| matches!(c, Condition::Named { what: Named::Trace, value, .. } if value == "end"));
            if plays && permalink::parse_fragment(&step.load).position != Some("0") {
                return Err(format!("step {} is done at trace = end, so it must load position=0 (else it is done at once)", i + 1));
            }
        }
        if lesson.title.is_empty() {
            lesson.title = lesson.id.clone();
        }
        Ok(lesson)
    }

    /// The lessons the lab ships, read once.
    pub fn built_in() -> &'static [Lesson] {
        static LESSONS: std::sync::OnceLock<Vec<Lesson>> = std::sync::OnceLock::new();
        LESSONS.get_or_init(|| {
            BUILT_IN
                .iter()
                .map(|t| Lesson::parse(t).expect("a built-in lesson reads"))
                .collect()
        })
    }

    /// A built-in lesson by id.
    pub fn by_id(id: &str) -> Option<&'static Lesson> {
        Lesson::built_in().iter().find(|l| l.id == id)
    }

    /// The lesson a state names (`LabState::lesson_text`, `lesson`): its
    /// own text, else a built-in by id.
    pub fn named(text: Option<&str>, id: Option<&str>) -> Option<Result<Lesson, String>> {
        match (text, id) {
            (Some(text), _) => Some(Lesson::parse(text)),
            (None, Some(id)) => Some(
                Lesson::by_id(id)
                    .cloned()
                    .ok_or_else(|| format!("there is no lesson \"{id}\"")),
            ),
            (None, None) => None,
        }
    }

    /// Which steps are done: a step is done once its conditions hold
    /// (and stays done: `was_done` is the previous progress). Conditions on
    /// settings count whichever step is open (raising the threshold to 0.65
    /// does the threshold step); a step that asks to play the trace or edit
    /// the answer is done only by doing so while it is open.
    pub fn progress(&self, state: &LabState, report: &Report, was_done: &[bool]) -> Vec<bool> {
        self.steps
            .iter()
            .enumerate()
            .map(|(i, step)| {
                let current = i == state.lesson_step;
                let before = was_done.get(i).copied().unwrap_or(false);
                // A step without conditions is done once opened.
                if step.done_when.is_empty() {
                    return before || current;
                }
                let needs_opening = step.done_when.iter().any(|c| {
                    matches!(
                        c,
                        Condition::AnswerEdited
                            | Condition::Named {
                                what: Named::Trace,
                                ..
                            }
                    )
                });
                before || ((current || !needs_opening) && step.is_done(state, report))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Policy;

    fn report_of(state: &LabState) -> Report {
        let doc = crate::text::Document::analyse(&state.source, (&state.config).into());
        let history = state
            .example
            .as_deref()
            .and_then(crate::examples::by_name)
            .filter(|e| e.question == state.question)
            .map(|e| e.history_fingerprints());
        let vectors = state.vectors();
        let input = crate::CheckInput {
            answer: &state.answer,
            samples: &state.samples,
            question: &state.question,
            history: history.as_deref(),
            latency_ms: 0.0,
            vectors: vectors.as_ref(),
            skip_trace: false,
            skip_sources: false,
            earlier: None,
        };
        crate::check(&doc, &input, &state.config)
    }

    /// Open step `i` of `lesson` as the lab does.
    fn open(lesson: &Lesson, i: usize) -> LabState {
        let mut s = LabState {
            lesson: Some(lesson.id.clone()),
            lesson_step: i,
            ..LabState::default()
        };
        assert!(
            lesson.steps[i].apply(&mut s).is_empty(),
            "step {i} loads cleanly"
        );
        s
    }

    #[test]
    fn the_built_in_lessons_read_and_every_step_loads_cleanly() {
        let lessons = Lesson::built_in();
        let ids: Vec<&str> = lessons.iter().map(|l| l.id.as_str()).collect();
        assert_eq!(ids, ["seed-004", "seed-001", "seed-000"]);
        for l in lessons {
            assert!(l.steps.len() >= 4, "{} has {} steps", l.id, l.steps.len());
            for (i, step) in l.steps.iter().enumerate() {
                assert!(
                    !step.ask.is_empty() && !step.explain.is_empty(),
                    "{} step {i}",
                    l.id
                );
                open(l, i);
            }
        }
    }

    #[test]
    fn seed_004_threshold_step_is_done_at_0_65_and_not_before() {
        let lesson = Lesson::by_id("seed-004").unwrap().clone();
        let i = lesson
            .steps
            .iter()
            .position(|s| s.title.contains("paraphrase"))
            .unwrap();
        let mut s = open(&lesson, i);
        let r = report_of(&s);
        assert_eq!(r.claim("C2").unwrap().verdict.name(), "supported");
        assert!(!lesson.steps[i].is_done(&s, &r));
        s.config.support_threshold = 0.65;
        let r = report_of(&s);
        assert!(lesson.steps[i].is_done(&s, &r));
        // Seed 004: the true claim becomes unsupported and the answer is blocked.
        assert_eq!(r.claim("C2").unwrap().verdict.name(), "unsupported");
        assert_eq!(r.decision.name(), "block");
        // Done is kept once reached, even when the threshold goes back.
        let done = lesson.progress(&s, &r, &[]);
        s.config.support_threshold = 0.5;
        let r = report_of(&s);
        assert!(lesson.progress(&s, &r, &done)[i]);
        assert!(!lesson.progress(&s, &r, &[])[i]);
        // Step 1 (play the trace) is not done by a trace at its end while
        // another step is open; it is once it is the open step.
        assert_eq!(s.trace_position, usize::MAX);
        assert!(!lesson.progress(&s, &r, &[])[0]);
        s.lesson_step = 0;
        assert!(lesson.progress(&s, &r, &[])[0]);
    }

    /// Doing what each step asks, as a learner would, completes it; and no
    /// step (but reading steps) is done the moment it opens.
    #[test]
    fn every_step_of_every_lesson_can_be_done_by_its_action() {
        for lesson in Lesson::built_in().iter().cloned() {
            for (i, step) in lesson.steps.iter().enumerate() {
                let mut s = open(&lesson, i);
                if step.done_when.is_empty() {
                    continue;
                }
                let r = report_of(&s);
                assert!(
                    !step.is_done(&s, &r),
                    "{} step {} is done before any action",
                    lesson.id,
                    i + 1
                );
                for c in &step.done_when {
                    match c {
                        Condition::Setting { name, value, op } => {
                            if matches!(op, Op::Eq | Op::Ge | Op::Le) {
                                s.config.set(name, *value).unwrap();
                            }
                        }
                        Condition::Named {
                            what: Named::Trace,
                            value,
                            ..
                        } => s.trace_position = if value == "end" { usize::MAX } else { 0 },
                        Condition::AnswerEdited => {
                            s.answer.push_str(" The deck is 20 metres wide.")
                        }
                        _ => {}
                    }
                }
                let r = report_of(&s);
                assert!(
                    step.is_done(&s, &r),
                    "{} step {} ({}) is not done after its action",
                    lesson.id,
                    i + 1,
                    step.title
                );
                // What the explanation says happened, happened.
                for c in &step.expect {
                    assert!(
                        c.holds(&s, &r, ""),
                        "{} step {}: {c:?} does not hold",
                        lesson.id,
                        i + 1
                    );
                }
            }
        }
    }

    #[test]
    fn the_opening_answer_lesson_flags_c2_under_the_flag_policy() {
        let lesson = Lesson::by_id("seed-004").unwrap().clone();
        let i = lesson
            .steps
            .iter()
            .position(|s| {
                s.done_when
                    .iter()
                    .any(|c| matches!(c, Condition::Setting { name, .. } if name == "policy"))
            })
            .unwrap();
        let mut s = open(&lesson, i);
        s.config.policy = Policy::Flag;
        let r = report_of(&s);
        assert_eq!(r.decision.name(), "deliver_with_flags");
        assert_eq!(r.first_problem.as_deref(), Some("C2"));
    }

    #[test]
    fn bad_lessons_get_a_message_naming_the_line() {
        let err = |t: &str| Lesson::parse(t).unwrap_err();
        assert_eq!(err("title x"), "a lesson needs a `lesson ID` line");
        assert_eq!(
            err("lesson a\nask x"),
            "line 2: \"ask\" comes before the first step"
        );
        assert!(err("lesson a\nstep s\ndone support_threshold = high")
            .starts_with("line 3: support_threshold cannot be \"high\""));
        assert!(err("lesson a\nstep s\ndone colour = red").contains("is no setting"));
        assert!(err("lesson a\nstep s\ndone number_check >= true").contains("only be compared"));
        assert!(err("lesson a\nstep s\nwobble").contains("not a lesson directive"));
        assert!(err("lesson a b").contains("letters, digits"));
        assert!(err("lesson a\nstep s\ndone verdict C9 = purple")
            .contains("\"purple\" is not one of supported"));
        assert!(err("lesson a\nstep s\ndone decision = maybe").contains("not one of deliver"));
        assert_eq!(
            err("lesson a\nstep s\nload example=no-such-example"),
            "line 3: load names no example \"no-such-example\""
        );
        assert_eq!(
            err("lesson a\nstep s\nload support_threshold=abc"),
            "line 3: load: support_threshold cannot be \"abc\": it is 0–1"
        );
        assert!(err("lesson a\nstep s\nload s=1.abc").contains("not an s= state"));
        assert_eq!(
            err("lesson a\nstep s\nload example=tagore\ndone trace = end"),
            "step 1 is done at trace = end, so it must load position=0 (else it is done at once)"
        );
    }

    #[test]
    fn a_step_says_which_claims_it_waits_for() {
        let l = Lesson::parse("lesson a\nstep s\nload example=invented-fact\nask x\ndone verdict C9 = supported\nexplain y").unwrap();
        let mut s = LabState::default();
        l.steps[0].apply(&mut s);
        assert_eq!(l.steps[0].missing_claims(&report_of(&s)), ["C9"]);
    }

    #[test]
    fn a_teachers_lesson_sets_its_own_texts() {
        let l = Lesson::parse(
            "lesson mine\nstep One\nload example=tagore\nsample He was born in Mumbai.\nsample Tagore was born in Mumbai.\nask Look.\ndone answer = edited\nexplain x",
        )
        .unwrap();
        let mut s = LabState::default();
        l.steps[0].apply(&mut s);
        assert_eq!(s.example.as_deref(), Some("tagore"));
        assert_eq!(s.samples.len(), 2);
        let r = report_of(&s);
        assert!(!l.steps[0].is_done(&s, &r));
        s.answer = "Tagore was born in Kolkata.".into();
        assert!(l.steps[0].is_done(&s, &report_of(&s)));
    }
}
