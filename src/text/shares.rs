//! A large source shared out among threads by bytes, each share read and
//! indexed on its own thread, then joined in order into the index one
//! thread reading every sentence in turn would have made
//! (`Document::analyse_in_parallel`; the CLI's large sources).
//!
//! **Shares** are runs of passages. Where a share's bytes run out inside a
//! passage, the passage is cut at a place where a sentence all but surely
//! starts afresh ([`sentences::likely_sentence_start`]), and the next share
//! reads on from there: a source of one long passage (a pasted page with no
//! blank line, a text whose labels stop) is read on every thread too, not
//! on one. With no such place in reach, the share takes the whole passage.
//!
//! **Joined exactly**: the part of a passage before a cut is read on until
//! a sentence at or after the cut starts afresh ([`read_piece`]). When
//! that sentence starts at the cut, the split from there is the one the
//! next share made, and its sentences join. When not (an abbreviation
//! before the cut, "Dr. Lee", held the sentence on past it), the next
//! share's sentences of that passage are dropped and the thread joining
//! them reads the passage on from where the split stands instead.
//! `tests/edited.rs` holds the joined document to the one read in order,
//! term ids included.
//!
//! **Defaults**: the last share is the smaller by [`FOLD_COST`], for its
//! thread folds the source first.

use crate::text::memo::WordMemo;
use crate::text::sentences::{self, Span};
use crate::text::{AnalysisOptions, SentenceIndex};

/// What folding a source costs beside reading it, as a part of reading's
/// work. Reading the fold's words a byte at a time (4.4–6 ms beside 23 ms
/// of reading a 1 MB source of RAGTruth QA contexts) it was 0.22; read
/// eight bytes at a time (1.75 ms, `mentions::FoldWords`), 0.12 to 0.16
/// end a 1 MB check alike (medians of 31 alternating runs within 0.3 ms),
/// 0.22 and 0.08 later.
pub(super) const FOLD_COST: f64 = 0.14;

/// A run of one passage that one thread reads: all of it, or the part
/// between cuts where shares meet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Piece {
    /// Its passage (0-based).
    pub passage: usize,
    /// Where its reading starts: the passage's start, or a cut.
    pub start: usize,
    /// Where the next piece of its passage starts (a cut), or the
    /// passage's end.
    pub end: usize,
}

impl Piece {
    /// Does it start at a cut (not at its passage's start)?
    pub fn starts_at_cut(&self, passages: &[Span]) -> bool {
        self.start != passages[self.passage].0
    }

    /// All of passage `passage` (0-based) of `passages`.
    fn whole(passages: &[Span], passage: usize) -> Piece {
        let (start, end) = passages[passage];
        Piece {
            passage,
            start,
            end,
        }
    }
}

/// The pieces one thread reads, in order: its first, the whole passages
/// after it up to its last, and its last (one piece when it lies in one
/// passage). Two pieces, not one a passage: a source of short paragraphs
/// holds a passage every few dozen bytes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(super) struct Share {
    /// Its first and last pieces; none for a share of no passage.
    ends: Option<(Piece, Piece)>,
}

impl Share {
    /// Its pieces, in order.
    pub fn pieces<'p>(&self, passages: &'p [Span]) -> impl Iterator<Item = Piece> + 'p {
        let ends = self.ends;
        let (first, last) = ends.unzip();
        let middle = ends.map_or(0..0, |(f, l)| f.passage + 1..l.passage);
        (first.into_iter())
            .chain(middle.map(|p| Piece::whole(passages, p)))
            .chain(last.filter(|l| Some(l.passage) != first.map(|f| f.passage)))
    }

    /// Its first piece.
    pub fn first(&self) -> Option<Piece> {
        self.ends.map(|(first, _)| first)
    }

    /// How many bytes its pieces hold.
    pub fn bytes(&self, passages: &[Span]) -> usize {
        self.pieces(passages).map(|p| p.end - p.start).sum()
    }

    /// The share of its first piece alone, and the share of the rest.
    fn split_first(&self, passages: &[Span]) -> (Share, Share) {
        let Some((first, last)) = self.ends else {
            return (Share::default(), Share::default());
        };
        let rest = (first.passage != last.passage).then(|| {
            let next = match first.passage + 1 == last.passage {
                true => last,
                false => Piece::whole(passages, first.passage + 1),
            };
            (next, last)
        });
        (
            Share {
                ends: Some((first, first)),
            },
            Share { ends: rest },
        )
    }

    /// The share with `piece` added after its pieces (the next passage's,
    /// or its first).
    fn and(self, piece: Piece) -> Share {
        let first = self.first().unwrap_or(piece);
        Share {
            ends: Some((first, piece)),
        }
    }
}

/// `passages` of `text` shared out into at most `n` runs of pieces, in
/// order, for `n` threads of which the last also folds the source first:
/// each thread about the same work, so the last run is the smaller by the
/// fold's ([`FOLD_COST`]). Never empty (one empty run for no passages).
pub(super) fn shares_by_bytes(text: &str, passages: &[Span], n: usize) -> Vec<Share> {
    let total: usize = passages.iter().map(|(s, e)| e - s).sum();
    // Each thread's part of reading's work, folding included.
    let part = (1.0 + FOLD_COST) / n as f64;
    let mut shares = Vec::new();
    let mut share = Share::default();
    // The bytes of the passages before this one.
    let mut before = 0;
    for (passage, &(ps, pe)) in passages.iter().enumerate() {
        let mut start = ps;
        let mut whole_taken = false;
        // Close each share that runs out of bytes in this passage.
        while shares.len() + 1 < n {
            let due = total as f64 * (part * (shares.len() + 1) as f64).min(1.0);
            if ((before + pe - ps) as f64) < due {
                break;
            }
            let at = (ps + (due - before as f64).max(0.0) as usize).max(start);
            let cut = sentences::likely_sentence_start(text, at, pe).filter(|&cut| cut > start);
            let end = cut.unwrap_or(pe);
            shares.push(share.and(Piece {
                passage,
                start,
                end,
            }));
            share = Share::default();
            start = end;
            // No place to cut in reach: the share took the passage.
            if cut.is_none() {
                whole_taken = true;
                break;
            }
        }
        if !whole_taken {
            share = share.and(Piece {
                passage,
                start,
                end: pe,
            });
        }
        before += pe - ps;
    }
    if share.ends.is_some() || shares.is_empty() {
        shares.push(share);
    }
    shares
}

/// Read `piece` of `text` (passages `passages`) into `index` through
/// `memo`: its sentences from its start, up to the first sentence at or
/// after its end that starts afresh ([`sentences::starts_afresh`]), or to
/// the passage's end. Returns where it stopped: that sentence's start (the
/// split stands there as one started there would), or the passage's end.
pub(super) fn read_piece(
    index: &mut SentenceIndex,
    text: &str,
    passages: &[Span],
    piece: Piece,
    options: AnalysisOptions,
    memo: &mut WordMemo,
) -> usize {
    let (_, pe) = passages[piece.passage];
    let mut spans = Vec::new();
    let stopped = sentences::split_until(text, piece.start, pe, &mut spans, |spans| {
        let (a, _) = spans[spans.len() - 1];
        // Only a sentence after another: the first one's split began at
        // the piece's start, whatever whitespace lies before it.
        let Some(before) = spans.len().checked_sub(2) else {
            return false;
        };
        a >= piece.end && sentences::starts_afresh(text, spans[before].1, a)
    });
    let reached = match stopped {
        true => spans.pop().map_or(pe, |(a, _)| a),
        false => pe,
    };
    for span in spans {
        index.add(text, piece.passage, span, options, memo);
    }
    reached
}

/// [`read_piece`] of each of `share`'s pieces in turn: where the last one
/// stopped (0 for none).
pub(super) fn read_pieces(
    index: &mut SentenceIndex,
    text: &str,
    passages: &[Span],
    share: Share,
    options: AnalysisOptions,
    memo: &mut WordMemo,
) -> usize {
    let mut reached = 0;
    for piece in share.pieces(passages) {
        reached = read_piece(index, text, passages, piece, options, memo);
    }
    reached
}

/// A share's sentences, read on its own thread: its first piece's alone
/// when that piece starts at a cut (to be dropped if the split before it
/// does not come to the cut), then the rest's.
pub(super) struct Segment {
    pub index: SentenceIndex,
    /// Its first piece.
    pub first: Piece,
    /// Where its last piece stopped ([`read_piece`]).
    pub reached: usize,
}

/// The pieces of a share read as [`Segment`]s: `fresh(bytes)` gives each
/// one's empty index, with room for about that many bytes of text.
pub(super) fn read_share(
    text: &str,
    passages: &[Span],
    share: Share,
    options: AnalysisOptions,
    memo: &mut WordMemo,
    fresh: impl Fn(usize) -> SentenceIndex,
) -> Vec<Segment> {
    let parts = match share.first() {
        Some(first) if first.starts_at_cut(passages) => {
            let (first, rest) = share.split_first(passages);
            [first, rest]
        }
        _ => [share, Share::default()],
    };
    (parts.into_iter())
        .filter_map(|part| Some((part, part.first()?)))
        .map(|(part, first)| {
            let mut index = fresh(part.bytes(passages));
            let reached = read_pieces(&mut index, text, passages, part, options, memo);
            Segment {
                index,
                first,
                reached,
            }
        })
        .collect()
}

/// Join `segments`, read on another thread, to `index`, the sentences
/// before them, whose reading of its last passage stopped at `at`
/// ([`read_piece`]; it becomes where the joined reading stops). A segment
/// that starts at a cut joins when the reading before stopped at the cut;
/// else its sentences are dropped and the passage is read on from `at`
/// (up to the segment's end, if `at` is not past it already) on this
/// thread.
pub(super) fn join(
    index: &mut SentenceIndex,
    at: &mut usize,
    segments: Vec<Segment>,
    text: &str,
    passages: &[Span],
    options: AnalysisOptions,
) {
    for segment in segments {
        let first = segment.first;
        if !first.starts_at_cut(passages) || first.start == *at {
            index.append(segment.index);
            *at = segment.reached;
        } else if *at < first.end {
            let mut memo = super::thread_words(options);
            let piece = Piece {
                start: *at,
                ..first
            };
            *at = read_piece(index, text, passages, piece, options, &mut memo);
            super::give_back_words(memo);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pieces(share: &Share, passages: &[Span]) -> Vec<Piece> {
        share.pieces(passages).collect()
    }

    /// Shares are runs of pieces in order, all of them, at most one a
    /// thread; the last thread's is the smaller by the fold it does first.
    #[test]
    fn the_thread_that_folds_reads_the_smaller_share() {
        // Passages of nine bytes, no sentence start in them: never cut.
        let text = "abcdefghi\n".repeat(100);
        let passages: Vec<Span> = (0..100).map(|i| (i * 10, i * 10 + 9)).collect();
        for n in 1..6 {
            let shares = shares_by_bytes(&text, &passages, n);
            assert!(shares.len() <= n && !shares.is_empty());
            let pieces: Vec<Piece> = shares.iter().flat_map(|s| pieces(s, &passages)).collect();
            assert_eq!(pieces.len(), 100);
            assert!(pieces
                .iter()
                .zip(&passages)
                .all(|(p, &(s, e))| (p.start, p.end) == (s, e)));
            let bytes: usize = shares.iter().map(|s| s.bytes(&passages)).sum();
            assert_eq!(bytes, 900);
        }
        let passage_runs = |shares: Vec<Share>| -> Vec<std::ops::Range<usize>> {
            (shares.iter())
                .map(|s| pieces(s, &passages))
                .map(|p| p[0].passage..p[p.len() - 1].passage + 1)
                .collect()
        };
        // The first thread's part: (1 + FOLD_COST) / 2 of the bytes.
        assert_eq!(
            passage_runs(shares_by_bytes(&text, &passages, 2)),
            [0..57, 57..100]
        );
        assert_eq!(
            passage_runs(shares_by_bytes(&text, &passages[..1], 4)).len(),
            1
        );
        assert_eq!(shares_by_bytes("", &[], 2), vec![Share::default()]);
    }

    /// A share's first piece split off leaves the rest of its pieces.
    #[test]
    fn a_share_split_after_its_first_piece_keeps_the_rest() {
        let passages: Vec<Span> = (0..5).map(|i| (i * 10, i * 10 + 9)).collect();
        let cut = |passage: usize, start: usize, end: usize| Piece {
            passage,
            start,
            end,
        };
        for last in 1..5 {
            let share = Share::default()
                .and(cut(0, 4, 9))
                .and(cut(last, last * 10, last * 10 + 6));
            let all = pieces(&share, &passages);
            assert_eq!(all.len(), last + 1);
            let (first, rest) = share.split_first(&passages);
            assert_eq!(pieces(&first, &passages), [all[0]]);
            assert_eq!(pieces(&rest, &passages), all[1..]);
        }
        let one = Share::default().and(cut(2, 24, 27));
        assert_eq!(pieces(&one, &passages), [cut(2, 24, 27)]);
        assert_eq!(one.split_first(&passages), (one, Share::default()));
    }

    /// One long passage is cut where its shares meet, at a capital after a
    /// stop: each thread reads about its part.
    #[test]
    fn a_long_passage_is_cut_where_a_sentence_starts() {
        let text = "The pier opened in 1998. ".repeat(400);
        let passages = [(0, text.trim_end().len())];
        let shares = shares_by_bytes(&text, &passages, 2);
        assert_eq!(shares.len(), 2);
        let [a, b] = [0, 1].map(|k| shares[k].first().unwrap());
        let cut = a.end;
        assert_eq!((a.start, b.start), (0, cut));
        assert_eq!(b.end, passages[0].1);
        assert!(text[cut..].starts_with("The pier"));
        // The first sentence start after the first share's part of the
        // bytes (the fold beside the second's).
        let due = (text.trim_end().len() as f64 * (1.0 + FOLD_COST) / 2.0) as usize;
        assert_eq!(cut, due + text[due..].find(". T").unwrap() + 2);
        // No sentence start in reach: the passage is not cut.
        let text = "word ".repeat(20_000);
        let passages = [(0, text.len())];
        let shares = shares_by_bytes(&text, &passages, 2);
        assert_eq!(shares.len(), 1);
        assert_eq!(
            pieces(&shares[0], &passages),
            [Piece {
                passage: 0,
                start: 0,
                end: text.len()
            }]
        );
    }
}
