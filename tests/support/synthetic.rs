//! Deterministic synthetic texts for the scaling benches and tests: a source
//! of about `bytes` bytes (sentences of 8–16 words from a 3,000-word
//! vocabulary, with numbers, capitalised names and the odd hedge), and
//! answers whose claims are copied from it, copied with a number changed, or
//! made up. Same seed, same text, on every machine.

#![allow(dead_code)]

/// A small linear congruential generator (Knuth's MMIX constants).
pub struct Lcg(u64);

impl Lcg {
    pub fn new(seed: u64) -> Lcg {
        Lcg(seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

const SYLLABLES: [&str; 24] = [
    "ka", "lo", "mi", "ren", "sol", "tar", "vin", "dro", "pel", "ast", "or", "un", "bel", "cor",
    "den", "fa", "gri", "hol", "jun", "kes", "lum", "mar", "nov", "pra",
];

fn word(i: usize) -> String {
    let mut w = String::new();
    let mut n = i;
    loop {
        w.push_str(SYLLABLES[n % SYLLABLES.len()]);
        n /= SYLLABLES.len();
        if n == 0 {
            break;
        }
    }
    w
}

fn sentence(rng: &mut Lcg) -> String {
    let len = 8 + rng.below(9);
    let mut words: Vec<String> = (0..len).map(|_| word(rng.below(3_000))).collect();
    match rng.below(6) {
        0 => words.insert(rng.below(len), format!("{}", rng.below(10_000))),
        1 => words.insert(
            rng.below(len),
            format!("${}.{:02}", rng.below(500), rng.below(100)),
        ),
        2 => {
            let name = word(rng.below(200));
            let mut c = name.chars();
            let first = c.next().unwrap().to_uppercase().collect::<String>();
            words.insert(1 + rng.below(len - 1), format!("{first}{}", c.as_str()));
        }
        3 => words.insert(rng.below(len), "probably".into()),
        _ => {}
    }
    let mut s = words.join(" ");
    let first = s[..1].to_uppercase();
    s.replace_range(..1, &first);
    s.push('.');
    s
}

/// A source of about `bytes` bytes.
pub fn source(bytes: usize, seed: u64) -> String {
    let mut rng = Lcg::new(seed);
    let mut out = String::with_capacity(bytes + 200);
    while out.len() < bytes {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(&sentence(&mut rng));
    }
    out
}

/// An answer of `claims` claims about `source`: a third copied, a third
/// copied with a number changed (or a word swapped), a third made up.
pub fn answer(source: &str, claims: usize, seed: u64) -> String {
    let mut rng = Lcg::new(seed.wrapping_add(1));
    let sentences: Vec<&str> = source.split_inclusive(". ").map(str::trim).collect();
    let mut out = Vec::with_capacity(claims);
    for i in 0..claims {
        let picked = sentences[rng.below(sentences.len())];
        let claim = match i % 3 {
            0 => picked.to_string(),
            1 => match picked.find(|c: char| c.is_ascii_digit()) {
                Some(at) => format!("{}9{}", &picked[..at], &picked[at..]),
                None => picked.replacen(' ', &format!(" {} ", word(rng.below(3_000))), 1),
            },
            _ => sentence(&mut rng),
        };
        out.push(claim);
    }
    out.join(" ")
}

/// `n` sampled answers of `sentences` sentences each, reusing the answer's
/// sentences with some changed (for self-consistency).
pub fn samples(answer: &str, n: usize, sentences: usize, seed: u64) -> Vec<String> {
    let mut rng = Lcg::new(seed.wrapping_add(2));
    let claims: Vec<&str> = answer.split_inclusive(". ").map(str::trim).collect();
    (0..n)
        .map(|_| {
            (0..sentences)
                .map(|_| {
                    if rng.below(4) == 0 {
                        sentence(&mut rng)
                    } else {
                        claims[rng.below(claims.len())].to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}
