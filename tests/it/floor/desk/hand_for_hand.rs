//! Hand-for-hand at the Desk: its rounds, and a table offline keeping
//! the others waiting rather than ending it.

use super::*;
use floorcall::tournament::Decide;

/// Hand-for-hand (Redtooth 53: "each table will play one hand at a time
/// ... until all tables have completed the hand"): the first round when
/// it is switched on, the tables still waited for as each finishes, and a
/// table offline keeps the others waiting rather than ending it.
#[test]
fn hand_for_hand_rounds_wait_for_a_table_offline() {
    let Some(pg) = pg::shared() else { return };
    let dir = tempfile::tempdir().expect("tempdir");
    let (mut desk, mut dealers) = hand_for_hand_on(pg, "desk-hfh", dir.path());
    let round = desk.hand_for_hand().flatten().cloned().expect("a round");
    assert_eq!(round.round, 1);
    assert_eq!(round.deal.values().copied().collect::<Vec<_>>(), [2, 2, 2]);
    assert_eq!(round.waiting, ["T1", "T2", "T3"]);

    // T3 goes offline, then plays its hand: the floor cannot know.
    dealer(&mut dealers, "T3").offline();
    dealer(&mut dealers, "T3").hand(None);
    dealer(&mut dealers, "T1").hand(None);
    sync(&mut desk, &dealers);
    let round = desk.hand_for_hand().flatten().cloned().unwrap();
    assert_eq!(
        (round.round, round.waiting.clone()),
        (1, vec!["T2".into(), "T3".into()])
    );
    dealer(&mut dealers, "T2").hand(None);
    sync(&mut desk, &dealers);
    let round = desk.hand_for_hand().flatten().cloned().unwrap();
    assert_eq!(
        (round.round, round.waiting.clone()),
        (1, vec!["T3".to_string()])
    );
    assert_eq!(round.text(), "hand-for-hand: hand 1, waiting for T3");
    assert_eq!(
        desk.floor().hand_for_hand_status().as_deref(),
        Some("hand-for-hand: hand 1, waiting for T3")
    );

    // T3 back: its hand is read, and round 2 opens for every table.
    dealer(&mut dealers, "T3").online();
    sync(&mut desk, &dealers);
    let round = desk.hand_for_hand().flatten().cloned().unwrap();
    assert_eq!(round.round, 2);
    assert_eq!(round.deal.values().copied().collect::<Vec<_>>(), [3, 3, 3]);
    assert_eq!(round.waiting, ["T1", "T2", "T3"]);
    let rounds: Vec<(u32, usize)> = records(&desk)
        .iter()
        .filter_map(|r| match r {
            FloorRecord::HandForHandRound { round, waiting, .. } => Some((*round, waiting.len())),
            _ => None,
        })
        .collect();
    assert_eq!(rounds, [(1, 3), (1, 2), (1, 1), (2, 3)]);

    // Off: no more rounds.
    desk.set_hand_for_hand(false).expect("off");
    assert!(desk.hand_for_hand().is_none());
    assert!(desk.set_hand_for_hand(false).is_err());
}
