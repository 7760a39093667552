//! The one Elo estimate (with its 95% error bar) and the one SPRT of the project, used
//! by the match runner, self-play tests and tuning. Results are counted from the first
//! engine's side: wins, draws, losses, or, where each opening is played twice with
//! colours swapped, the points of each pair of games ([`Pairs`], the pentanomial).

use crate::error::ProtocolError;

/// The expected score of a side `elo` points stronger.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The mean score of the results and the variance of one game's result around it.
fn mean_and_variance(wins: u32, draws: u32, losses: u32) -> Option<(f64, f64)> {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return None;
    }
    let s = (f64::from(wins) + 0.5 * f64::from(draws)) / n;
    let var = (f64::from(wins) * (1.0 - s).powi(2)
        + f64::from(draws) * (0.5 - s).powi(2)
        + f64::from(losses) * s.powi(2))
        / n;
    Some((s, var))
}

/// Elo difference and its 95% error bar from wins, draws and losses (of the first side).
pub fn elo(wins: u32, draws: u32, losses: u32) -> (f64, f64) {
    match mean_and_variance(wins, draws, losses) {
        Some((score, var)) => elo_of(score, var, f64::from(wins + draws + losses)),
        None => (0.0, 0.0),
    }
}

/// Elo and its 95% error bar from the mean `score` of `n` independent observations
/// whose variance around it is `var`.
fn elo_of(score: f64, var: f64, n: f64) -> (f64, f64) {
    let to_elo = |s: f64| {
        let s = s.clamp(1e-3, 1.0 - 1e-3);
        -400.0 * (1.0 / s - 1.0).log10()
    };
    let margin = 1.96 * (var / n).sqrt();
    let e = to_elo(score);
    let err = (to_elo(score + margin) - to_elo(score - margin)) / 2.0;
    (e, err)
}

/// The results of openings played twice with colours swapped, counted per opening by the
/// first engine's points in its two games: 0, 0.5, 1, 1.5 or 2 (the pentanomial).
///
/// The two games of an opening are not independent. Under a strong first-move advantage
/// each engine tends to win with black, so pairs split 1-1 far more often than two
/// independent games would, and counting games as independent (the trinomial [`elo`])
/// overstates the error; where an opening favours one engine with either colour, it
/// understates it. Counting pairs measures it either way: the observation is a pair's
/// mean score, whose spread across openings is the error bar's. With no correlation
/// the two agree.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Pairs {
    /// Openings by the first engine's points in their two games, in half points.
    pub counts: [u32; 5],
}

impl Pairs {
    /// Counts one opening whose two games gave the first engine `points` (0 to 2, in
    /// halves).
    pub fn add(&mut self, points: f64) {
        let k = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.counts[k] += 1;
    }

    /// Openings counted.
    pub fn len(&self) -> u32 {
        self.counts.iter().sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The mean score per game and the variance of a pair's mean score around it.
    fn mean_and_variance(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.len());
        if n == 0.0 {
            return None;
        }
        // A pair with k half points has a mean score of k / 4.
        let each = |k: usize| (k as f64 / 4.0, f64::from(self.counts[k]));
        let s = (0..5).map(each).map(|(x, c)| x * c).sum::<f64>() / n;
        let var = (0..5)
            .map(each)
            .map(|(x, c)| c * (x - s).powi(2))
            .sum::<f64>()
            / n;
        Some((s, var))
    }

    /// Elo difference and its 95% error bar, the pairs as the independent observations.
    pub fn elo(&self) -> (f64, f64) {
        match self.mean_and_variance() {
            Some((score, var)) => elo_of(score, var, f64::from(self.len())),
            None => (0.0, 0.0),
        }
    }
}

/// A sequential probability ratio test on the first engine's Elo.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// Reads `elo0,elo1,alpha,beta`.
    pub fn parse(s: &str) -> Result<Sprt, ProtocolError> {
        let v: Vec<f64> = s
            .split(',')
            .map(|t| {
                t.trim()
                    .parse::<f64>()
                    .map_err(|_| ProtocolError::NotAReal(t.to_string()))
            })
            .collect::<Result<_, _>>()?;
        match v.as_slice() {
            [e0, e1, a, b]
                if e0 < e1
                    && (0.0..0.5).contains(a)
                    && (0.0..0.5).contains(b)
                    && *a > 0.0
                    && *b > 0.0 =>
            {
                Ok(Sprt {
                    elo0: *e0,
                    elo1: *e1,
                    alpha: *a,
                    beta: *b,
                })
            }
            _ => Err(ProtocolError::BadSprt),
        }
    }

    /// Log-likelihood ratio of the results (normal approximation of the game scores).
    pub fn llr(&self, w: u32, d: u32, l: u32) -> f64 {
        match mean_and_variance(w, d, l) {
            Some((s, var)) => self.llr_of(s, var, f64::from(w + d + l)),
            None => 0.0,
        }
    }

    /// Log-likelihood ratio of the finished pairs: the normal approximation of the pairs'
    /// mean scores, as [`Self::llr`] of games.
    pub fn llr_pairs(&self, pairs: &Pairs) -> f64 {
        match pairs.mean_and_variance() {
            Some((s, var)) => self.llr_of(s, var, f64::from(pairs.len())),
            None => 0.0,
        }
    }

    /// The ratio for `n` observations of mean score `s` and variance `var`.
    fn llr_of(&self, s: f64, var: f64, n: f64) -> f64 {
        // One-sided results have no spread; a floor keeps the ratio finite.
        let var = var.max(1e-3);
        let (s0, s1) = (expected_score(self.elo0), expected_score(self.elo1));
        n * (s1 - s0) * (s - (s0 + s1) / 2.0) / var
    }

    /// (lower, upper) decision bounds.
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// Some(true) when H1 (elo1) is accepted, Some(false) for H0, None to go on.
    pub fn decide(&self, w: u32, d: u32, l: u32) -> Option<bool> {
        self.verdict(self.llr(w, d, l))
    }

    /// What a log-likelihood ratio decides: as [`Self::decide`].
    pub fn verdict(&self, llr: f64) -> Option<bool> {
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Some(true)
        } else if llr <= lo {
            Some(false)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_winning_scores() {
        assert_eq!(elo(5, 0, 5).0.round(), 0.0);
        let (e, err) = elo(75, 0, 25);
        assert!((e - 190.8).abs() < 1.0, "{e}");
        assert!(err > 50.0 && err < 100.0, "{err}");
    }

    fn pairs(counts: [u32; 5]) -> Pairs {
        Pairs { counts }
    }

    #[test]
    fn pair_elo_by_hand() {
        // 20 openings: 6 split 1-1, one won 1.5, 13 won both. Mean 0.8375; a pair's mean
        // score varies by 0.05171875 around it; 1.96 * sqrt(var / 20) = 0.09967.
        let p = pairs([0, 0, 6, 1, 13]);
        assert_eq!(p.len(), 20);
        let (e, err) = p.elo();
        assert!((e - 284.8).abs() < 0.5, "{e}");
        assert!((err - 144.85).abs() < 0.5, "{err}");
        // The same 40 games counted one by one (+33 =1 -6): a wider bar.
        let (te, terr) = elo(33, 1, 6);
        assert!((te - e).abs() < 1e-9 && terr > err + 20.0, "{te} {terr}");
    }

    #[test]
    fn pairs_add_counts_half_points() {
        let mut p = Pairs::default();
        assert!(p.is_empty());
        assert_eq!(p.elo(), (0.0, 0.0));
        for points in [0.0, 0.5, 1.0, 1.5, 2.0, 2.0, 1.0] {
            p.add(points);
        }
        assert_eq!(p.counts, [1, 1, 2, 1, 2]);
        assert_eq!(p.len(), 7);
    }

    #[test]
    fn split_pairs_are_certain_and_correlated_pairs_are_not() {
        // Each engine wins with black every time: an even match, known exactly, where
        // games counted alone see a coin toss.
        let (e, err) = pairs([0, 0, 50, 0, 0]).elo();
        assert_eq!((e.round(), err), (0.0, 0.0));
        assert!(elo(50, 0, 50).1 > 60.0);
        // Both games of an opening always go the same way: half as many independent
        // results as games, a bar wider by the square root of two.
        let (_, pair_err) = pairs([25, 0, 0, 0, 25]).elo();
        let (_, game_err) = elo(50, 0, 50);
        assert!(
            (pair_err / game_err - 2f64.sqrt()).abs() < 0.05,
            "{pair_err} {game_err}"
        );
    }

    #[test]
    fn sprt_on_pairs_decides() {
        let t = Sprt::parse("0,10,0.05,0.05").unwrap();
        assert_eq!(t.verdict(t.llr_pairs(&pairs([0, 0, 3, 0, 0]))), None);
        // Openings split every time: no stronger side, H0.
        assert_eq!(
            t.verdict(t.llr_pairs(&pairs([0, 0, 100, 0, 0]))),
            Some(false)
        );
        assert_eq!(
            t.verdict(t.llr_pairs(&pairs([2, 5, 40, 20, 33]))),
            Some(true)
        );
        assert_eq!(
            t.verdict(t.llr_pairs(&pairs([33, 20, 40, 5, 2]))),
            Some(false)
        );
        assert_eq!(t.llr_pairs(&Pairs::default()), 0.0);
    }

    #[test]
    fn sprt_decides() {
        let t = Sprt::parse("0,10,0.05,0.05").unwrap();
        assert_eq!(t.decide(10, 0, 10), None);
        assert_eq!(t.decide(900, 0, 100), Some(true));
        assert_eq!(t.decide(300, 0, 700), Some(false));
        assert_eq!(t.decide(30, 0, 0), Some(true), "all wins decide too");
        assert!(Sprt::parse("10,0,0.05,0.05").is_err());
        assert!(Sprt::parse("0,10,0.05").is_err());
    }
}
