//! League points (issue 35.5): what a league scores each player for one
//! tournament, from his place in the results (`results::points`). The
//! `[league]` table of a structure file, beside its `[money]`:
//!
//! ```toml
//! [league]
//! basic = 50                      # every player, for playing
//! points = [100, 70, 50, 30, 20]  # on top of it, first place first
//! ```
//!
//! The pub leagues' books give only the points for playing (Nuts Poker
//! League rule 2: the basic 50); a league's points by place are its own,
//! so the file lists them. The floor does not record them: `floor results
//! --league` reads them from the same `--structure` file.

use serde::Deserialize;
use toml::Spanned;

use super::funding::FundingProblem;

/// A league's points for one tournament.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct League {
    /// The points every player scores for playing, whatever his place
    /// (Nuts Poker League rule 2: "Under 18's ... shall receive only the
    /// basic 50 points for playing regardless of finishing position").
    pub basic: u32,
    /// The points each place scores on top of the basic, first place
    /// first; a place past the list scores the basic alone.
    pub points: Vec<u32>,
}

impl League {
    /// The points of a player at `place` (1 first; None: still in, who
    /// has the basic so far).
    pub fn points_for(&self, place: Option<u32>) -> u32 {
        let by_place = place
            .and_then(|p| p.checked_sub(1))
            .and_then(|i| self.points.get(i as usize))
            .copied()
            .unwrap_or(0);
        self.basic.saturating_add(by_place)
    }
}

/// The `[league]` table as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLeague {
    basic: Option<Spanned<u32>>,
    points: Option<Spanned<Vec<u32>>>,
}

impl RawLeague {
    /// The league, checked: it scores something, and no place more than
    /// the place before it (`offset`: where the table is written).
    fn resolve(self, offset: usize) -> Result<League, FundingProblem> {
        let problem = |offset: usize, message: String| FundingProblem { offset, message };
        if self.basic.is_none() && self.points.is_none() {
            return Err(problem(
                offset,
                "league: give basic (the points for playing) or points (by place), or leave [league] out"
                    .into(),
            ));
        }
        let points = match self.points {
            Some(p) => {
                let start = p.span().start;
                let points = p.into_inner();
                if let Some(i) = points.windows(2).position(|w| w[1] > w[0]) {
                    return Err(problem(
                        start,
                        format!(
                            "league.points: place {} scores more than the place before it",
                            i + 2
                        ),
                    ));
                }
                points
            }
            None => Vec::new(),
        };
        Ok(League {
            basic: self.basic.map_or(0, Spanned::into_inner),
            points,
        })
    }
}

/// The `[league]` of a structure file (None: it has none), checked; a
/// problem names its line and column.
pub fn from_structure_toml(text: &str) -> Result<Option<League>, String> {
    #[derive(Deserialize)]
    struct File {
        league: Option<Spanned<RawLeague>>,
    }
    super::funding::structure_table(text, |file: File| {
        file.league.map(|l| {
            let offset = l.span().start;
            l.into_inner().resolve(offset)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const NUTS: &str =
        "[[level]]\nsmall = 100\nbig = 200\n\n[league]\nbasic = 50\npoints = [100, 70, 50]\n";

    #[test]
    fn a_structure_file_s_league_reads_beside_its_levels() {
        assert!(crate::session::Structure::from_toml(NUTS, 20).is_ok());
        assert_eq!(
            from_structure_toml(NUTS),
            Ok(Some(League {
                basic: 50,
                points: vec![100, 70, 50]
            }))
        );
        assert_eq!(
            from_structure_toml("[[level]]\nsmall = 1\nbig = 2\n"),
            Ok(None)
        );
    }

    #[test]
    fn each_place_scores_the_basic_and_its_own_points() {
        let league = League {
            basic: 50,
            points: vec![100, 70, 50],
        };
        assert_eq!(league.points_for(Some(1)), 150);
        assert_eq!(league.points_for(Some(3)), 100);
        // Past the places that score, and still in: the basic alone.
        assert_eq!(league.points_for(Some(4)), 50);
        assert_eq!(league.points_for(None), 50);
    }

    #[test]
    fn a_league_that_does_not_hold_is_refused_with_line_and_column() {
        let cases = [
            (
                "[league]\nbasic = 50\npoints = [100, 120, 50]\n",
                "line 3, column 10: league.points: place 2 scores more than the place before it",
            ),
            (
                "[league]\n",
                "line 1, column 1: league: give basic (the points for playing) or points (by place), or leave [league] out",
            ),
            (
                "[league]\nbasic = 50\nbonus = 5\n",
                "line 3, column 1: unknown field `bonus`, expected `basic` or `points`",
            ),
            (
                "[league]\nbasic = -5\n",
                "line 2, column 9: invalid value: integer `-5`, expected u32",
            ),
        ];
        for (text, message) in cases {
            assert_eq!(
                from_structure_toml(text),
                Err(message.to_string()),
                "{text}"
            );
        }
    }
}
