//! Strength levels for people: depth and node caps, and a controlled random choice among
//! near-best moves, so that each level is clearly weaker than the next.

/// Strength level, 1 (beginner) to [`Level::MAX`] (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Level(u8);

/// How a level limits the engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelParams {
    /// Deepest iteration.
    pub depth: i32,
    /// Most nodes.
    pub nodes: u64,
    /// Number of candidate lines the random choice picks among (1 = always the best).
    pub candidates: usize,
    /// A candidate must score within this of the best to be picked.
    pub margin: i32,
    /// Whether the root threat search (VCF/VCT) runs.
    pub threats: bool,
}

impl Level {
    pub const MAX: u8 = 8;

    /// A level, clamped to 1..=MAX.
    pub fn new(n: u8) -> Level {
        Level(n.clamp(1, Level::MAX))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn params(self) -> LevelParams {
        let (depth, nodes, candidates, margin, threats) = match self.0 {
            1 => (1, 1_000, 6, 500, false),
            2 => (2, 3_000, 4, 200, false),
            3 => (4, 15_000, 2, 25, false),
            // From here on each level has about 3.5 times the nodes of the one below, so
            // that any budget giving the stronger side its nodes separates them. The node
            // caps are what binds: the depth caps sit past where they end on average
            // (`measure tree 19` over the bench positions, `Bench: 199910`: depth 12 takes
            // 60k nodes on average, 13 106k, 15 418k, 16 786k, 17 1.4M, 19 3.0M).
            4 => (13, 35_000, 1, 0, true),
            5 => (15, 120_000, 1, 0, true),
            6 => (17, 420_000, 1, 0, true),
            7 => (19, 1_500_000, 1, 0, true),
            _ => (i32::MAX, u64::MAX, 1, 0, true),
        };
        LevelParams {
            depth,
            nodes,
            candidates,
            margin,
            threats,
        }
    }
}
