//! Seven-card evaluation speed: ours against two published evaluators, on
//! the same fixed set of pseudo-random hands: `aya_poker` (OMPEval's
//! method) and `pokers` (b-inary's holdem-hand-evaluator, the fastest Rust
//! evaluator we know of; it uses unchecked indexing). Both are
//! dev-dependencies of this crate (benches/Cargo.toml) used only here.
//!
//! Each iteration evaluates all `HANDS` hands and sums the ranks (so the
//! work cannot be optimised away); criterion reports the time per hand
//! through `Throughput::Elements`.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use floorcall::table::cards::Card;
use floorcall::table::eval::{evaluate, evaluate_ids, init};

const HANDS: usize = 1000;

/// `HANDS` seven-card hands of distinct card ids, from a fixed seed.
fn hands() -> Vec<[u8; 7]> {
    // splitmix64: a small, good generator, so the set never changes.
    let mut state = 0x5eed_u64;
    let mut next = move || {
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    (0..HANDS)
        .map(|_| {
            // A partial Fisher-Yates shuffle deals the first seven cards.
            let mut deck: [u8; 52] = std::array::from_fn(|i| i as u8);
            let mut hand = [0u8; 7];
            for (i, card) in hand.iter_mut().enumerate() {
                let j = i + (next() % (52 - i) as u64) as usize;
                deck.swap(i, j);
                *card = deck[i];
            }
            hand
        })
        .collect()
}

/// The same hand as an `aya_poker` hand (its card indices are ours:
/// `4 * rank + suit`, deuce and clubs first).
fn aya_hand(ids: &[u8; 7]) -> aya_poker::base::Hand {
    ids.iter()
        .map(|&id| &aya_poker::base::CARDS[usize::from(id)])
        .collect()
}

/// The same hand as a `pokers` hand (same card indices again).
fn pokers_hand(ids: &[u8; 7]) -> pokers::Hand {
    ids.iter().fold(pokers::Hand::default(), |hand, &id| {
        hand + pokers::CARDS[usize::from(id)]
    })
}

fn bench(c: &mut Criterion) {
    let hands = hands();
    let card_hands: Vec<Vec<Card>> = hands
        .iter()
        .map(|ids| ids.iter().filter_map(|&id| Card::from_id(id)).collect())
        .collect();
    init();

    // Both evaluators must order the hands alike, or the race is not fair.
    for pair in hands.windows(2) {
        let ours = evaluate_ids(&pair[0]).cmp(&evaluate_ids(&pair[1]));
        let theirs = aya_poker::poker_rank(&aya_hand(&pair[0]))
            .cmp(&aya_poker::poker_rank(&aya_hand(&pair[1])));
        assert_eq!(ours, theirs, "{pair:?}");
        let theirs = pokers_hand(&pair[0])
            .evaluate()
            .cmp(&pokers_hand(&pair[1]).evaluate());
        assert_eq!(ours, theirs, "{pair:?}");
    }

    let mut group = c.benchmark_group("eval");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("floorcall evaluate_ids", |b| {
        b.iter(|| {
            black_box(&hands)
                .iter()
                .map(|h| u64::from(evaluate_ids(h).value()))
                .sum::<u64>()
        })
    });
    group.bench_function("floorcall evaluate (slice of Card)", |b| {
        b.iter(|| {
            black_box(&card_hands)
                .iter()
                .map(|h| u64::from(evaluate(h).value()))
                .sum::<u64>()
        })
    });
    group.bench_function("aya_poker poker_rank (from ids)", |b| {
        b.iter(|| {
            black_box(&hands)
                .iter()
                .map(|h| u64::from(aya_poker::poker_rank(&aya_hand(h)).0))
                .sum::<u64>()
        })
    });
    group.bench_function("pokers Hand::evaluate (from ids)", |b| {
        b.iter(|| {
            black_box(&hands)
                .iter()
                .map(|h| u64::from(pokers_hand(h).evaluate()))
                .sum::<u64>()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
