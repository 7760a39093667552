//! INFO keys and the settings they fill, and the search limits and options those
//! settings make for the next search.

use std::time::{Duration, Instant};

use fiveinrow_engine::{Level, Limits, Options, SearchParams};
use fiveinrow_rules::{Pos, Rule};

/// Limits and settings from INFO lines.
#[derive(Debug, Clone, Default)]
pub(super) struct Settings {
    timeout_turn: Option<u64>,
    timeout_match: Option<u64>,
    time_left: Option<i64>,
    max_memory: Option<u64>,
    threads: Option<usize>,
    max_depth: Option<i32>,
    max_node: Option<u64>,
    increment: Option<u64>,
    level: Option<u8>,
    hash_mb: Option<usize>,
    folder: Option<String>,
    /// `INFO param_<name> <value>`: search parameters to override, by name (match
    /// runners and tuning; an unknown name or value is ignored like any unknown key).
    params: SearchParams,
    /// The last `INFO rule` asked for a rule we do not play (caro): no search until
    /// another `INFO rule` clears it.
    pub(super) caro: bool,
}

impl Settings {
    /// Takes one INFO key and value. Returns the rule when the key was `rule` and named
    /// one we play; unknown keys and values that are not numbers are ignored.
    pub(super) fn apply(&mut self, key: &str, value: &str) -> Option<Rule> {
        if let Some(name) = key.strip_prefix("param_") {
            // A refused name or value leaves the parameters as they were.
            let _ = self.params.set(name, value.trim());
            return None;
        }
        let num = value.trim().parse::<i64>().ok();
        match (key, num) {
            ("timeout_turn", Some(v)) => self.timeout_turn = Some(v.max(0) as u64),
            ("timeout_match", Some(v)) => self.timeout_match = Some(v.max(0) as u64),
            ("time_left", Some(v)) => self.time_left = Some(v),
            ("max_memory", Some(v)) => self.max_memory = Some(v.max(0) as u64),
            ("thread_num", Some(v)) => self.threads = Some(v.clamp(1, 64) as usize),
            ("max_depth", Some(v)) => self.max_depth = (v > 0).then_some(v.min(90) as i32),
            ("max_node", Some(v)) => self.max_node = (v > 0).then_some(v as u64),
            ("time_increment", Some(v)) => self.increment = Some(v.max(0) as u64),
            ("strength" | "level", Some(v)) => {
                self.level = (v > 0).then_some(v.clamp(1, 255) as u8)
            }
            ("hash_size", Some(v)) => self.hash_mb = (v > 0).then_some((v as usize).min(4096)),
            ("folder", _) => self.folder = Some(value.to_string()),
            ("rule", Some(v)) => {
                // The flags are the low bits; the truncation keeps them for any number.
                let rule = Rule::from_gomocup_code(v as u32).ok();
                self.caro = rule.is_none();
                return rule;
            }
            _ => {} // game_type, evaluate, unknown keys: ignored
        }
        None
    }

    /// The limits of a search started now, with `exclude` (YXBLOCK points) left out.
    pub(super) fn limits(&self, exclude: Vec<Pos>) -> Limits {
        let mut limits = Limits {
            started: Some(Instant::now()),
            depth: self.max_depth,
            nodes: self.max_node,
            increment: Duration::from_millis(self.increment.unwrap_or(0)),
            exclude,
            ..Limits::default()
        };
        match self.timeout_turn {
            Some(0) => limits.depth = Some(limits.depth.map_or(4, |d| d.min(4))),
            Some(t) => limits.move_time = Some(Duration::from_millis(t)),
            None => {}
        }
        if let Some(left) = self.time_left {
            if left < i64::from(i32::MAX) && self.timeout_match != Some(0) {
                limits.time_left = Some(Duration::from_millis(left.max(1) as u64));
            }
        }
        if limits.move_time.is_none()
            && limits.time_left.is_none()
            && limits.depth.is_none()
            && limits.nodes.is_none()
        {
            limits.move_time = Some(Duration::from_millis(5000));
        }
        limits
    }

    /// The engine options of a search.
    pub(super) fn options(&self) -> Options {
        let mut hash_mb = self.hash_mb.unwrap_or(64);
        if let Some(mem) = self.max_memory.filter(|&m| m > 0) {
            // Keep the table under half the memory limit.
            hash_mb = hash_mb.min((mem / 2 / (1024 * 1024)).max(1) as usize);
        }
        Options {
            threads: self.threads.unwrap_or(1),
            hash_mb,
            multipv: 1,
            level: self.level.map(Level::new),
            params: self.params.clone(),
            ..Options::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_param_overrides_one_search_parameter() {
        let mut s = Settings::default();
        s.apply("param_qsearch_fours", "4");
        s.apply("param_qsearch_fours", " 2 ");
        s.apply("param_move_cap", "12/8/6");
        s.apply("param_no_such", "1");
        s.apply("param_aspiration", "wide");
        let p = s.options().params;
        assert_eq!(p.qsearch_fours, 2);
        assert_eq!(p.move_cap, [12, 8, 6]);
        assert_eq!(p.aspiration, SearchParams::default().aspiration);
    }
}
