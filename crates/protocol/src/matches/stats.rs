//! The one Elo estimate (with its 95% error bar) and the one SPRT of the project, used
//! by the match runner, self-play tests and tuning. Results are counted from the first
//! engine's side: wins, draws, losses.

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
    let Some((score, var)) = mean_and_variance(wins, draws, losses) else {
        return (0.0, 0.0);
    };
    let n = f64::from(wins + draws + losses);
    let to_elo = |s: f64| {
        let s = s.clamp(1e-3, 1.0 - 1e-3);
        -400.0 * (1.0 / s - 1.0).log10()
    };
    let margin = 1.96 * (var / n).sqrt();
    let e = to_elo(score);
    let err = (to_elo(score + margin) - to_elo(score - margin)) / 2.0;
    (e, err)
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
        let Some((s, var)) = mean_and_variance(w, d, l) else {
            return 0.0;
        };
        let n = f64::from(w + d + l);
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
        let llr = self.llr(w, d, l);
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
