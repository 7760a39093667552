//! Every hand-set tuning number of the engine in one place: cell values for move
//! ordering, search margins, reductions (the evaluation's fitted weights are generated
//! into `eval/weights.rs`). Change them here and prove the change in games.

use crate::board::pattern::{Combo, Pattern, COMBOS};

/// Value of one line pattern of a cell, for the colour that could play there.
pub(crate) const PATTERN_VALUE: [i32; 11] = [
    0,   // Dead
    1,   // B1
    3,   // F1
    4,   // B2
    12,  // F2
    14,  // B3
    40,  // F3
    40,  // B4
    120, // F4
    600, // F5
    0,   // Overline
];

/// Extra value of a cell's combined shape.
pub(crate) const COMBO_VALUE: [i32; COMBOS] = [
    0,    // None
    0,    // Flex2
    0,    // Block3
    10,   // Flex2x2
    12,   // Block3Plus
    20,   // Flex3
    30,   // Flex3Plus
    150,  // Flex3x2
    15,   // Block4
    40,   // Block4Plus
    250,  // Block4Flex3
    400,  // Flex4
    1000, // Five
    0,    // Forbid: black cannot play it; it is worth nothing to black
];

/// The search's unit of depth: a ply is this many units, so that extensions and
/// reductions can be fractions of a ply (the `*_ext` settings and `lmr_fraction` are in
/// these units; a node's whole plies, `depth / ONE_PLY` rounded down, are what its
/// pruning rules and the table see).
pub const ONE_PLY: i32 = 100;

/// The search's tunable numbers. `Default` holds the tuned values; a match between two
/// settings (`fiveinrow_protocol::matches::selfplay`, the protocol crate's `tune` example)
/// shows whether a change is worth it.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchParams {
    /// Late-move reductions start at this move index...
    pub lmr_min_index: usize,
    /// ...at this depth or more.
    pub lmr_min_depth: i32,
    /// Extra reduction for every this many further moves.
    pub lmr_step: usize,
    /// Aspiration window half-width at the root.
    pub aspiration: i32,
    /// How far the aspiration window follows the swing between the last two iterations'
    /// scores, in % (0: off, a window around the last score alone). The evaluation's
    /// score alternates between odd and even depths, so a narrow window around the last
    /// score fails and is searched again in most iterations; at `p` the window's centre
    /// moves `p/2` % of the way toward the score before it and widens by as much.
    pub aspiration_swing: i32,
    /// At depth 1 (up to `futility_depth`), quiet moves of a node whose eval plus the
    /// move's cell value stays this far (per ply) below alpha are skipped.
    pub futility_margin: i32,
    pub futility_depth: i32,
    /// History pruning: at a node of this depth or less (0: off), a late quiet move whose
    /// history score is below `-history_prune_margin` per ply is skipped.
    pub history_prune_depth: i32,
    pub history_prune_margin: i32,
    /// Most quiet-node moves searched at depth >= 8, >= 4 and below. Deep nodes are all
    /// but uncapped (60): at 12/8/6 the cap hid the opponent's threat wins near the
    /// root (a freestyle loss of a game against Rapfi, scored +112, was found only with
    /// the cap off). With 60/16/6, against Rapfi at 1 s: freestyle 29.8% (156 games;
    /// 16.8% over 104 before), renju 41.3% (104 games; 38.9% before).
    pub move_cap: [usize; 3],
    /// Node budget of the VCF tried at the horizon when the side to move has a four
    /// (0: none).
    pub leaf_vcf_nodes: u64,
    /// Fours searched below the horizon, in a row (0: the static evaluation stands).
    pub qsearch_fours: i32,
    /// The quiescence's fours are only those near the mover's previous stone (within two
    /// cells, or four along its lines), and below its first ply only fours that also
    /// make a two or a three (with `qsearch_fours`).
    pub qsearch_local: bool,
    /// The quiescence searches our fours near our previous stone with the table, the
    /// opponent's blocks played in place (see the worker's `qvcf`); off: `qsearch_fours`.
    /// (On against off at 200 ms a move: renju +30 +- 66, freestyle +53 +- 62; at 100k
    /// nodes, where its cheap nodes count in full, +17 +- 61 and -12 +- 61.)
    pub qvcf: bool,
    /// Null-move pruning from this depth on (0: off). Five-in-a-row has no zugzwang (a
    /// stone never hurts its owner, renju corner cases aside), so a pass that still
    /// beats beta means the node will.
    pub null_move_depth: i32,
    /// Null-move reduction: this plus depth / 4.
    pub null_move_r: i32,
    /// Singular extension from this depth on (0: off): the hash move is searched one ply
    /// deeper when every other move, searched to half depth, fails below the hash score
    /// less `singular_margin` per ply.
    pub singular_depth: i32,
    pub singular_margin: i32,
    /// Singular extension refinements (0: off). `singular_double`: at a non-PV node, a
    /// hash move whose rivals stay this far below the singular bound is extended two
    /// plies, while the line's extra extensions stay under `singular_extra_max`.
    pub singular_double: i32,
    pub singular_extra_max: i32,
    /// Multi-cut: when the rivals alone reach the singular bound and that bound is at
    /// least beta, the node cuts without searching the hash move.
    pub singular_multicut: bool,
    /// Plies taken off a hash move that is not singular but whose score beats beta (it
    /// is expected to cut anyway; 0: off).
    pub singular_less: i32,
    /// How far the hash entry's depth may lag the node's for the singular test.
    pub singular_tt_lag: i32,
    /// Internal iterative reduction from this depth on (0: off): a node with no hash move
    /// is searched a ply shallower (its ordering is a guess anyway).
    pub iir_depth: i32,
    /// At a PV node whose hash move comes from a shallower search than this one, the
    /// node is searched shallower by this many depth units ([`ONE_PLY`] a ply) per ply
    /// the entry lags, at most `pv_tt_lag_max` and never below one ply (0: off). The
    /// hash move was not on the PV of the last iterations (else its entry would be
    /// deep), so the PV has moved away from it.
    pub pv_tt_lag: i32,
    pub pv_tt_lag_max: i32,
    /// Ordering bonus of the first and second killer move, in cell-value units.
    pub killer_bonus: [i32; 2],
    /// Ordering bonus of the quiet move that last cut off after the same opponent move.
    pub counter_bonus: i32,
    /// Share (/16) of the fitted policy ([`crate::eval::policy`]) in a move's ordering
    /// value, the rest the hand-set cell values (`order_own_weight`); 0: those alone.
    /// Freestyle and standard, then renju (`A/B` by name). At 100k nodes a move, 16
    /// against 0: freestyle +50 +- 63 (118 games); renju -10 +- 66 (104 games) on the
    /// renju weights before their last refit, +21 +- 38 on the refitted ones (312 games,
    /// 100k, 107k and 115k nodes).
    pub policy_weight: PerRule<i32>,
    /// Ordering weight (/16) of the mover's own cell value (the opponent's counts 16).
    pub order_own_weight: i32,
    /// History counts are divided by this in the ordering score (cell-value units * 64).
    pub history_divisor: i32,
    /// Logarithmic late-move reductions: a late move at `depth` is reduced by
    /// `ln(depth) * ln(index) * 100 / lmr_divisor` plies (0: the linear rule above).
    pub lmr_divisor: i32,
    /// Plies less reduction for a move that is not quiet (with `lmr_divisor` only).
    pub lmr_threat_less: i32,
    /// Plies less reduction at PV nodes, the root's late moves included.
    pub lmr_pv_less: i32,
    /// Less reduction, in depth units ([`ONE_PLY`] a ply), at a node off the principal
    /// variation that the table marks as once on one (0: no such term). Freestyle and
    /// standard, then renju (`A/B` by name; one number sets both). At a ply it won at
    /// fixed nodes and lost in self-play at 300 ms (README, "Bucketed table"); at 1 s
    /// against Rapfi in freestyle +3.2% ± 8.6% paired over 156 games: not shown, off.
    pub lmr_ttpv_less: PerRule<i32>,
    /// Once a PV node's alpha rises (below beta) at depth 3 to 11, its remaining moves
    /// are searched this many depth units shallower (0: off): a move that beat the first
    /// is rarer still.
    pub alpha_raise_less: i32,
    /// More reduction, in depth units, for a late defence that blocks nothing and lies
    /// far (over four cells) from the opponent's last stone, and again from our own last
    /// one (0: off): such moves mostly delay.
    pub defend_far_more: i32,
    /// The PV flag spreads to nodes that fail low under a flagged node and leaves nodes
    /// refuted by an unflagged child (at depth 4 and more).
    pub ttpv_spread: bool,
    /// A move's reduction falls by its history score over this (0: history ignored;
    /// history scores are bounded by 2^16).
    pub lmr_history_div: i32,
    /// Plies less reduction for a move that goes on with an attack (an open three or more
    /// after our own one, or two twos near it; 0: off). Screened at 1: freestyle +17.7 at
    /// 100k nodes and +41 +- 63 at 200 ms (with qvcf), renju 0 +- 67 and +7 +- 66.
    pub lmr_attack_less: i32,
    /// A late move's reduction follows its policy prior (0: off): one ply less within
    /// this many logits of the node's best prior, one more for every further this many
    /// below it, at most two more. (At 100k nodes, 2 against 0: renju with the hand-set
    /// order 0 +- 75 after 80 games, freestyle with the policy's -38 +- 92 after 55.)
    pub lmr_policy: i32,
    /// Plies more reduction for a late move at an expected cut node (a zero-window node
    /// whose parent's move was reduced, or the first child of an expected all node),
    /// killers excepted: one move should cut there, the rest are searched to refute.
    pub lmr_cut_more: i32,
    /// Plies more reduction for a late move at a non-PV node where the side to move's
    /// eval has not risen since its previous move (and the reduction is already over one).
    pub lmr_not_improving: i32,
    /// Plies less reduction for a move that makes an open three or better for the mover,
    /// or takes a point where the opponent would make one. Freestyle and standard, then
    /// renju (`A/B` by name).
    pub lmr_three_less: PerRule<i32>,
    /// A reduced move is searched to depth 1 at least, never straight into the horizon.
    /// (Freestyle at 100k nodes: -24 +- 61.)
    pub lmr_keep_ply: bool,
    /// Depth (in [`ONE_PLY`] units) a forced block of a four gains over a ply: at
    /// `ONE_PLY` the block costs no depth, above it a line of fours and blocks gains
    /// depth with each block (it still ends: each four costs a ply).
    pub block_ext: i32,
    /// Extension (in [`ONE_PLY`] units) of the hash move at a non-PV node and at a PV
    /// node, where no singular extension applies (0: none).
    pub tt_move_ext: i32,
    pub tt_move_ext_pv: i32,
    /// Late-move reductions in fractions of a ply: the logarithmic formula's value, and
    /// the history (`lmr_history_div`) and policy (`lmr_policy`) terms, as they are
    /// instead of rounded to whole plies.
    pub lmr_fraction: bool,
    /// A reduced move that beat alpha is searched again one ply deeper than planned when
    /// its score cleared alpha by this margin (plus a quarter of it per ply of the
    /// reduction), one ply shallower when it did not beat the node's best by 10 (0:
    /// off, the planned depth). Never deeper than the node itself.
    pub lmr_research_margin: i32,
    /// The search's static evaluation is the mean of this position's and the previous
    /// one's, both from the side to move's view (`eval::evaluate_smoothed`). With weights
    /// fitted without it: renju at 100k nodes -103 +- 81 (80 games).
    pub eval_smooth: bool,
    /// The evaluation adds its network's correction (`eval::net`) where the rule and
    /// board have one; off, the board does not keep the network's sums either, so a match
    /// of one binary with and without it compares them at their own speeds.
    pub eval_net: bool,
    /// Reverse futility, razoring and the fail-high reduction judge by the table's score
    /// instead of the static eval where the entry's bound says the score lies beyond it
    /// (a lower bound above the eval, an upper one below, or exact).
    pub tt_eval: bool,
    /// Move-count pruning at shallow depth: from this depth down, quiet moves after the
    /// first `lmp_base + depth * depth` are pruned (0: only the caps of `move_cap`).
    pub lmp_depth: i32,
    pub lmp_base: usize,
    /// Reverse futility: at a non-PV quiet node of this depth or less (0: off) whose
    /// static eval beats beta by `rfp_margin` per ply, and where the opponent has no
    /// threat, the eval is returned.
    pub rfp_depth: i32,
    pub rfp_margin: i32,
    /// Which of the opponent's threats keep reverse futility and null moves off: 0 any
    /// four or open three it could make, 1 a four-three or an open four, 2 an open four,
    /// 3 none (the evaluation is trusted to see the threat; with `rfp_depth` 6 at 100k
    /// nodes a move it lost heavily: freestyle +3 -18 after 22 games, renju -61 +- 105).
    /// (0 held nearly always in a midgame, so the pruning seldom fired; at 100k nodes a
    /// move, 2 against 0 scored +84 +- 63 in freestyle and +82 +- 69 in renju.)
    pub rfp_threat: i32,
    /// Razoring: a non-PV node of this depth or less (0: off) whose static eval stays
    /// `razor_margin` per ply below alpha drops into the quiescence search (under the
    /// same threat condition as reverse futility).
    pub razor_depth: i32,
    pub razor_margin: i32,
    /// Fail-high reduction: at a non-PV node whose static eval beats beta by this much
    /// plus `fhr_margin / 8` per ply (0: off), moves that make no four are searched a ply
    /// shallower (the node is expected to cut anyway).
    pub fhr_margin: i32,
    /// Move-count pruning keeps this share (in %) of its count where the side to move's
    /// eval has not risen since its previous move.
    pub lmp_not_improving: usize,
    /// Which moves count as quiet for count pruning and full reductions: 0 none that
    /// makes or spoils a four or an open three, 1 none that makes or spoils a four, 2
    /// none that makes a four, 3 none that makes a four with anything beside it (a plain
    /// four mostly delays: its block is forced and costs no depth, and unpruned,
    /// unreduced fours made most of the tree in tactical midgames), 4 none that makes a
    /// four with an open three or better. (3 against 2 at 100k nodes a move: freestyle
    /// +35 +- 63, renju +20 +- 66; the bench's nodes to finish depth 12 fell 2.3x. 4
    /// missed a loss in 7 on a renju position at depth 13.)
    pub threat_prune: i32,
    /// Late defences against a threat to win are reduced like late moves (own fours
    /// never are).
    pub defend_lmr: bool,
    /// ...and so are late plain fours among the defences (a four with no open three).
    pub defend_four_lmr: bool,
    /// The late moves of a defence against a threat to win (an open three, a four-three)
    /// are pruned by count, once a move that does not lose is known: after this many
    /// plus the depth, and never later than a quiet node's (0: off, every listed
    /// defence is searched). Defence nodes are most of the tree, most near the horizon.
    pub defend_prune: usize,
    /// Late moves that make an open three or a four (the steps of a VCT) are never
    /// pruned by count, only reduced. Off: against Rapfi at 1 s, freestyle, it scored
    /// +11 =0 -41 (21.2%, 52 games; 16.8% without; both with `move_cap` 12/8/6), and the
    /// tree to depth 14 grew 18%.
    pub prune_keep_threes: bool,
    /// Against a four-three threat, our moves that make an open three are tried with the
    /// defences (`movegen::four_three_defences_into`) at plies below this (0: never; only
    /// the blocks and our fours): an attack that starts with such a three can win first.
    /// Per rule (freestyle and standard / renju); every ply in both. On an older search it
    /// cost freestyle games at 1 s (8 wins in 40, against 29.8% without); on `Bench:
    /// 212659` against Rapfi-classical at equal nodes it gained in both rules: renju 44.2%
    /// to 53.8% (104 games), freestyle +3.8% and +5.5% paired over 118 games each at 300k
    /// and 200k nodes (README, "Signature and strength").
    pub defend_counters: PerRule<usize>,
    /// Move-count pruning by a curve over every depth instead of `move_cap` and
    /// `lmp_*` (0: off): quiet moves after the first `3 + depth^(lmp_curve / 100)` are
    /// pruned, half as many where the eval has not improved.
    pub lmp_curve: i32,
    /// Against a four-three threat whose listed defences (blocks and our fours) all fail
    /// low, our moves that make an open three are searched after them, reduced like late
    /// defences: the cheap form of `defend_counters` (it costs only where the defences
    /// fail). Per rule (freestyle and standard / renju).
    pub counter_phase: PerRule<bool>,
    /// A four-three or double open three against no four of the opponent's is a win in
    /// five plies at once, in the search and at the horizon
    /// ([`crate::search::movegen::wins_in_five`]).
    pub quick_win: bool,
    /// Late root moves are reduced like late moves (moves making a four never are).
    pub root_lmr: bool,
    /// The static evaluation corrected by the errors the search saw after the same last
    /// moves ([`crate::search::correction`]), in % of the learned correction (0: off).
    pub corr_weight: i32,
    /// The same by the position's threat mask, in % (0: off).
    pub corr_mask_weight: i32,
    /// The same by the opponent's last two moves (the attack they build), in %, per rule
    /// (freestyle and standard / renju; 0: off).
    pub corr_theirs_weight: PerRule<i32>,
    /// Moves are ordered by their history score plus this share (in %, 0: off) of a
    /// second history kept per opponent's last move (`search::learned::Learned::cont`):
    /// which replies cut after that move.
    pub cont_history: i32,
    /// The same for a history kept per our own move before it.
    pub cont_own_history: i32,
    /// A search of a position that goes on from the last one searched (the same game,
    /// one or two stones on) starts from its history scores and corrections, kept at
    /// these shares in % ([`crate::search::learned`]; both 0: every search starts afresh).
    pub carry_history: i32,
    pub carry_corr: i32,
    /// The root's threat pre-search: most fours of its VCF, most threats of its VCT, the
    /// node budget of each, and the share of the hard time limit it may use (1/n).
    pub root_vcf_depth: u32,
    pub root_vct_depth: u32,
    pub root_threat_nodes: u64,
    pub root_threat_time_div: u32,
    /// Helper threads join once the main thread has finished this depth: shallow
    /// iterations take a few milliseconds, and two threads on the same few table entries
    /// mostly wait on each other (measured: 2 threads reached depth 7 in 185 ms, 1 in 73).
    pub helpers_from_depth: i32,
    /// The check of the chosen move (`search::verify`), in % of a search's time or node
    /// budget (0: off; only searches with a time or node limit and one line): the root
    /// search gets the budget less this and `verify_reserve`, then the opponent's search
    /// after the best move gets this share, then the root search runs again on the
    /// reserve: without the move if the check showed it worse than the root search said
    /// (a proven loss, or with `verify_margin` > 0 that much below), else going on where
    /// it stopped.
    pub verify_share: u32,
    pub verify_reserve: u32,
    pub verify_margin: i32,
}

impl Default for SearchParams {
    fn default() -> Self {
        SearchParams {
            lmr_min_index: 2,
            lmr_min_depth: 2,
            lmr_step: 6,
            aspiration: 40,
            aspiration_swing: 0,
            futility_margin: 150,
            futility_depth: 1,
            history_prune_depth: 0,
            history_prune_margin: 2000,
            move_cap: [60, 16, 6],
            leaf_vcf_nodes: 0,
            qsearch_fours: 0,
            qsearch_local: false,
            qvcf: true,
            null_move_depth: 0,
            null_move_r: 2,
            singular_depth: 0,
            singular_margin: 8,
            singular_double: 0,
            singular_extra_max: 6,
            singular_multicut: false,
            singular_less: 0,
            singular_tt_lag: 3,
            iir_depth: 0,
            pv_tt_lag: 0,
            pv_tt_lag_max: 360,
            killer_bonus: [20, 10],
            counter_bonus: 0,
            policy_weight: PerRule([16, 16]),
            order_own_weight: 32,
            history_divisor: 16,
            lmr_divisor: 100,
            lmr_threat_less: 2,
            lmr_pv_less: 0,
            lmr_ttpv_less: PerRule([0, 0]),
            alpha_raise_less: 0,
            defend_far_more: 0,
            ttpv_spread: false,
            lmr_history_div: 0,
            lmr_attack_less: 0,
            lmr_policy: 0,
            lmr_cut_more: 0,
            lmr_not_improving: 0,
            lmr_three_less: PerRule([0, 0]),
            lmr_keep_ply: false,
            lmr_research_margin: 0,
            block_ext: ONE_PLY,
            tt_move_ext: 0,
            tt_move_ext_pv: 0,
            lmr_fraction: false,
            eval_smooth: false,
            eval_net: true,
            tt_eval: false,
            lmp_depth: 3,
            lmp_base: 3,
            rfp_depth: 3,
            rfp_margin: 120,
            rfp_threat: 2,
            razor_depth: 0,
            razor_margin: 150,
            fhr_margin: 0,
            lmp_not_improving: 100,
            threat_prune: 3,
            defend_lmr: true,
            defend_four_lmr: false,
            defend_prune: 0,
            prune_keep_threes: false,
            defend_counters: PerRule([99, 99]),
            counter_phase: PerRule([false, false]),
            quick_win: false,
            lmp_curve: 0,
            root_lmr: true,
            corr_weight: 100,
            corr_mask_weight: 0,
            corr_theirs_weight: PerRule([0, 0]),
            cont_history: 0,
            cont_own_history: 0,
            carry_history: 0,
            carry_corr: 0,
            root_vcf_depth: 40,
            root_vct_depth: 5,
            root_threat_nodes: 100_000,
            root_threat_time_div: 4,
            helpers_from_depth: 8,
            verify_share: 0,
            verify_reserve: 15,
            verify_margin: 0,
        }
    }
}

impl SearchParams {
    /// Whether the static evaluation is corrected by any table (`corr_weight`,
    /// `corr_mask_weight`, `corr_theirs_weight`).
    pub fn corrects(&self) -> bool {
        self.corr_weight != 0
            || self.corr_mask_weight != 0
            || self.corr_theirs_weight != PerRule([0, 0])
    }

    /// Whether moves are ordered by a continuation history too (`cont_history`,
    /// `cont_own_history`).
    pub fn continuations_on(&self) -> bool {
        self.cont_history != 0 || self.cont_own_history != 0
    }

    /// Sets the number named `key` (its field name) from `value`: how tools and the
    /// brain's `INFO param_<key>` override one setting. `killer_bonus` takes `A/B`,
    /// `move_cap` `A/B/C`; a [`PerRule`] setting one value or `A/B`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        fn num<T: std::str::FromStr>(key: &str, v: &str) -> Result<T, String> {
            v.trim()
                .parse()
                .map_err(|_| format!("{key}: {v:?} is not a number"))
        }
        fn switch(key: &str, v: &str) -> Result<bool, String> {
            match v.trim() {
                "1" | "true" | "on" => Ok(true),
                "0" | "false" | "off" => Ok(false),
                _ => Err(format!("{key}: {v:?} is not 0/1, true/false or on/off")),
            }
        }
        /// Freestyle/standard then renju, `A/B`, each read by `one`; one value sets both
        /// rules (as the per-rule settings were first screened).
        fn per_rule<T: Copy>(
            key: &str,
            v: &str,
            one: fn(&str, &str) -> Result<T, String>,
        ) -> Result<PerRule<T>, String> {
            if let Ok(x) = one(key, v) {
                return Ok(PerRule([x, x]));
            }
            match v.split_once('/') {
                Some((a, b)) if !b.contains('/') => Ok(PerRule([one(key, a)?, one(key, b)?])),
                _ => Err(format!(
                    "{key}: {v:?} is one value, or two separated by '/'"
                )),
            }
        }
        fn list<const N: usize>(key: &str, v: &str) -> Result<[i64; N], String> {
            let parts: Vec<i64> = v
                .split('/')
                .map(|x| num(key, x))
                .collect::<Result<_, _>>()?;
            parts
                .try_into()
                .map_err(|_| format!("{key}: {N} numbers separated by '/'"))
        }
        match key {
            "lmr_min_index" => self.lmr_min_index = num(key, value)?,
            "lmr_min_depth" => self.lmr_min_depth = num(key, value)?,
            "lmr_step" => self.lmr_step = num(key, value)?,
            "aspiration" => self.aspiration = num(key, value)?,
            "aspiration_swing" => self.aspiration_swing = num(key, value)?,
            "futility_margin" => self.futility_margin = num(key, value)?,
            "futility_depth" => self.futility_depth = num(key, value)?,
            "history_prune_depth" => self.history_prune_depth = num(key, value)?,
            "history_prune_margin" => self.history_prune_margin = num(key, value)?,
            "move_cap" => self.move_cap = list::<3>(key, value)?.map(|x| x.max(0) as usize),
            "leaf_vcf_nodes" => self.leaf_vcf_nodes = num(key, value)?,
            "qsearch_fours" => self.qsearch_fours = num(key, value)?,
            "qsearch_local" => self.qsearch_local = switch(key, value)?,
            "qvcf" => self.qvcf = switch(key, value)?,
            "null_move_depth" => self.null_move_depth = num(key, value)?,
            "null_move_r" => self.null_move_r = num(key, value)?,
            "singular_depth" => self.singular_depth = num(key, value)?,
            "singular_margin" => self.singular_margin = num(key, value)?,
            "singular_double" => self.singular_double = num(key, value)?,
            "singular_extra_max" => self.singular_extra_max = num(key, value)?,
            "singular_multicut" => self.singular_multicut = switch(key, value)?,
            "singular_less" => self.singular_less = num(key, value)?,
            "singular_tt_lag" => self.singular_tt_lag = num(key, value)?,
            "iir_depth" => self.iir_depth = num(key, value)?,
            "pv_tt_lag" => self.pv_tt_lag = num(key, value)?,
            "pv_tt_lag_max" => self.pv_tt_lag_max = num(key, value)?,
            "killer_bonus" => self.killer_bonus = list::<2>(key, value)?.map(|x| x as i32),
            "counter_bonus" => self.counter_bonus = num(key, value)?,
            "policy_weight" => self.policy_weight = per_rule(key, value, num)?,
            "order_own_weight" => self.order_own_weight = num(key, value)?,
            "history_divisor" => self.history_divisor = num(key, value)?,
            "lmr_divisor" => self.lmr_divisor = num(key, value)?,
            "lmr_threat_less" => self.lmr_threat_less = num(key, value)?,
            "lmr_pv_less" => self.lmr_pv_less = num(key, value)?,
            "lmr_ttpv_less" => self.lmr_ttpv_less = per_rule(key, value, num)?,
            "alpha_raise_less" => self.alpha_raise_less = num(key, value)?,
            "defend_far_more" => self.defend_far_more = num(key, value)?,
            "ttpv_spread" => self.ttpv_spread = switch(key, value)?,
            "lmr_history_div" => self.lmr_history_div = num(key, value)?,
            "lmr_attack_less" => self.lmr_attack_less = num(key, value)?,
            "lmr_policy" => self.lmr_policy = num(key, value)?,
            "lmr_cut_more" => self.lmr_cut_more = num(key, value)?,
            "lmr_not_improving" => self.lmr_not_improving = num(key, value)?,
            "lmr_three_less" => self.lmr_three_less = per_rule(key, value, num)?,
            "lmr_keep_ply" => self.lmr_keep_ply = switch(key, value)?,
            "lmr_research_margin" => self.lmr_research_margin = num(key, value)?,
            "block_ext" => self.block_ext = num(key, value)?,
            "tt_move_ext" => self.tt_move_ext = num(key, value)?,
            "tt_move_ext_pv" => self.tt_move_ext_pv = num(key, value)?,
            "lmr_fraction" => self.lmr_fraction = switch(key, value)?,
            "tt_eval" => self.tt_eval = switch(key, value)?,
            "eval_smooth" => self.eval_smooth = switch(key, value)?,
            "eval_net" => self.eval_net = switch(key, value)?,
            "lmp_depth" => self.lmp_depth = num(key, value)?,
            "lmp_base" => self.lmp_base = num(key, value)?,
            "rfp_depth" => self.rfp_depth = num(key, value)?,
            "rfp_margin" => self.rfp_margin = num(key, value)?,
            "rfp_threat" => self.rfp_threat = num(key, value)?,
            "razor_depth" => self.razor_depth = num(key, value)?,
            "razor_margin" => self.razor_margin = num(key, value)?,
            "fhr_margin" => self.fhr_margin = num(key, value)?,
            "lmp_not_improving" => self.lmp_not_improving = num(key, value)?,
            "threat_prune" => self.threat_prune = num(key, value)?,
            "defend_lmr" => self.defend_lmr = switch(key, value)?,
            "defend_prune" => self.defend_prune = num(key, value)?,
            "defend_four_lmr" => self.defend_four_lmr = switch(key, value)?,
            "prune_keep_threes" => self.prune_keep_threes = switch(key, value)?,
            "defend_counters" => self.defend_counters = per_rule(key, value, num)?,
            "lmp_curve" => self.lmp_curve = num(key, value)?,
            "counter_phase" => self.counter_phase = per_rule(key, value, switch)?,
            "quick_win" => self.quick_win = switch(key, value)?,
            "root_lmr" => self.root_lmr = switch(key, value)?,
            "corr_weight" => self.corr_weight = num(key, value)?,
            "cont_history" => self.cont_history = num(key, value)?,
            "cont_own_history" => self.cont_own_history = num(key, value)?,
            "carry_history" => self.carry_history = num(key, value)?,
            "carry_corr" => self.carry_corr = num(key, value)?,
            "corr_mask_weight" => self.corr_mask_weight = num(key, value)?,
            "corr_theirs_weight" => self.corr_theirs_weight = per_rule(key, value, num)?,
            "root_vcf_depth" => self.root_vcf_depth = num(key, value)?,
            "root_vct_depth" => self.root_vct_depth = num(key, value)?,
            "root_threat_nodes" => self.root_threat_nodes = num(key, value)?,
            "root_threat_time_div" => self.root_threat_time_div = num(key, value)?,
            "helpers_from_depth" => self.helpers_from_depth = num(key, value)?,
            "verify_share" => self.verify_share = num(key, value)?,
            "verify_reserve" => self.verify_reserve = num(key, value)?,
            "verify_margin" => self.verify_margin = num(key, value)?,
            _ => return Err(format!("no search parameter named {key}")),
        }
        Ok(())
    }

    /// Most candidate moves searched at a quiet node of this depth.
    #[inline]
    pub(crate) fn move_cap(&self, depth: i32) -> usize {
        match depth {
            d if d >= 8 => self.move_cap[0],
            d if d >= 4 => self.move_cap[1],
            _ => self.move_cap[2],
        }
    }

    /// Reduction of the `i`-th move of a quiet node at `depth` (plies), in [`ONE_PLY`]
    /// units: whole plies, or with `lmr_fraction` the logarithmic formula's fractions too.
    #[inline]
    pub(crate) fn reduction(&self, i: usize, depth: i32) -> i32 {
        if i < self.lmr_min_index || depth < self.lmr_min_depth {
            0
        } else if self.lmr_divisor > 0 {
            let r = (depth as f32).ln() * (i as f32).ln() * 100.0 / self.lmr_divisor as f32;
            if self.lmr_fraction {
                (r * ONE_PLY as f32) as i32
            } else {
                r as i32 * ONE_PLY
            }
        } else {
            (1 + ((i - self.lmr_min_index) / self.lmr_step.max(1)) as i32) * ONE_PLY
        }
    }

    /// The aspiration window of an iteration whose line scored `last`, and `before` the
    /// iteration before (see [`Self::aspiration_swing`]): `(alpha, beta)`.
    pub(crate) fn aspiration_window(&self, last: i32, before: Option<i32>) -> (i32, i32) {
        let shift = before.map_or(0, |b| (b - last) * self.aspiration_swing / 200);
        let delta = self.aspiration.max(1) + shift.abs();
        (last + shift - delta, last + shift + delta)
    }

    /// Whether a move counts as quiet (pruned by count, fully reduced) by what it makes
    /// for the mover (`mine`) and would have made for the opponent (`theirs`); see
    /// [`SearchParams::threat_prune`].
    #[inline]
    pub(crate) fn is_quiet(&self, mine: Combo, theirs: Combo) -> bool {
        match self.threat_prune {
            0 => !mine.is_threat() && !theirs.is_threat(),
            1 => !mine.is_four() && !theirs.is_four(),
            2 => !mine.is_four(),
            3 => !mine.is_four() || mine <= Combo::Block4,
            _ => !mine.is_four() || mine <= Combo::Block4Plus,
        }
    }

    /// Whether a late move of a quiet node may be pruned by count: a quiet one, unless
    /// it makes an open three or a four and [`SearchParams::prune_keep_threes`] keeps
    /// those.
    #[inline]
    pub(crate) fn count_prunes(&self, quiet: bool, mine: Combo) -> bool {
        quiet && !(self.prune_keep_threes && mine.is_threat())
    }

    /// A move's ordering value before killers and history: the mover's cell value weighed
    /// by `order_own_weight` (/16) plus the opponent's.
    #[inline]
    pub(crate) fn order_value(&self, own: i32, theirs: i32) -> i32 {
        own * self.order_own_weight / 16 + theirs
    }

    /// How many defences against a threat to win at `depth` are searched before the
    /// rest is pruned ([`Self::defend_prune`]; `usize::MAX`: none is).
    #[inline]
    pub(crate) fn defend_prune_from(&self, depth: i32, improving: bool) -> usize {
        if self.defend_prune == 0 {
            return usize::MAX;
        }
        let count = self.defend_prune + depth.max(0) as usize;
        count.min(self.prune_from(depth, improving))
    }

    /// How many moves of a quiet node at `depth` are searched before the quiet rest is
    /// pruned (once a move that does not lose is known).
    #[inline]
    pub(crate) fn prune_from(&self, depth: i32, improving: bool) -> usize {
        if self.lmp_curve > 0 {
            // 3 + depth^1.32 moves, halved where the eval has not improved.
            let count = 3 + (depth.max(0) as f32).powf(self.lmp_curve as f32 / 100.0) as usize;
            return if improving { count } else { (count / 2).max(1) };
        }
        let cap = self.move_cap(depth);
        let count = if depth <= self.lmp_depth {
            cap.min(self.lmp_base + (depth * depth) as usize)
        } else {
            cap
        };
        if improving {
            count
        } else {
            (count * self.lmp_not_improving / 100).max(1)
        }
    }
}

/// A setting with one value for freestyle and standard and another for renju (`A/B` in
/// [`SearchParams::set`]): renju's forbidden points change which selectivity pays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PerRule<T>(pub [T; 2]);

impl<T: Copy> PerRule<T> {
    /// The value that applies under `rule`.
    #[inline]
    pub fn get(&self, rule: fiveinrow_rules::Rule) -> T {
        self.0[usize::from(rule == fiveinrow_rules::Rule::Renju)]
    }
}

#[inline]
pub(crate) fn pattern_value(p: Pattern) -> i32 {
    PATTERN_VALUE[p as usize]
}

#[inline]
pub(crate) fn combo_value(c: Combo) -> i32 {
    COMBO_VALUE[c as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parameters_are_set_by_name() {
        let mut p = SearchParams::default();
        p.set("qsearch_fours", "4").unwrap();
        p.set("move_cap", "12/8/6").unwrap();
        p.set("killer_bonus", "5/3").unwrap();
        p.set("policy_weight", "8/4").unwrap();
        assert_eq!(p.policy_weight, PerRule([8, 4]));
        assert_eq!(p.policy_weight.get(fiveinrow_rules::Rule::Renju), 4);
        assert_eq!(p.policy_weight.get(fiveinrow_rules::Rule::Standard), 8);
        p.set("policy_weight", "8").unwrap();
        assert_eq!(p.policy_weight, PerRule([8, 8]));
        assert!(p.set("policy_weight", "8/").is_err());
        assert_eq!(p.qsearch_fours, 4);
        assert_eq!(p.move_cap, [12, 8, 6]);
        assert_eq!(p.killer_bonus, [5, 3]);
        assert!(p.set("move_cap", "1/2").is_err());
        assert!(p.set("aspiration", "wide").is_err());
        assert!(p.set("no_such_thing", "1").is_err());
        p.set("rfp_threat", "1").unwrap();
        p.set("razor_depth", "2").unwrap();
        p.set("fhr_margin", "40").unwrap();
        p.set("qsearch_local", "on").unwrap();
        assert_eq!((p.rfp_threat, p.razor_depth, p.fhr_margin), (1, 2, 40));
        assert!(p.qsearch_local);
        assert!(p.set("qsearch_local", "2").is_err());
        p.set("root_lmr", "0").unwrap();
        assert!(!p.root_lmr);
        assert!(p.set("defend_lmr", "maybe").is_err());
        assert!(p.defend_lmr);
        assert_eq!(p.aspiration, SearchParams::default().aspiration);
        // One number for both rules, or freestyle/renju.
        p.set("lmr_three_less", "1").unwrap();
        assert_eq!(p.lmr_three_less, PerRule([1, 1]));
        p.set("lmr_three_less", "2/0").unwrap();
        assert_eq!(p.lmr_three_less.get(fiveinrow_rules::Rule::Freestyle), 2);
        assert_eq!(p.lmr_three_less.get(fiveinrow_rules::Rule::Renju), 0);
        assert!(p.set("lmr_three_less", "1/2/3").is_err());
        p.set("lmp_curve", "132").unwrap();
        p.set("counter_phase", "on").unwrap();
        p.set("quick_win", "on").unwrap();
        p.set("tt_eval", "1").unwrap();
        p.set("eval_net", "off").unwrap();
        assert!(!p.eval_net);
        p.set("lmr_cut_more", "1").unwrap();
        assert_eq!((p.lmp_curve, p.lmr_cut_more), (132, 1));
        assert!(p.counter_phase == PerRule([true, true]) && p.tt_eval && p.quick_win);
        p.set("counter_phase", "off/on").unwrap();
        assert!(!p.counter_phase.get(fiveinrow_rules::Rule::Freestyle));
        assert!(p.counter_phase.get(fiveinrow_rules::Rule::Renju));
        assert!(p.set("counter_phase", "on/maybe").is_err());
        p.set("defend_counters", "0/99").unwrap();
        assert_eq!(p.defend_counters, PerRule([0, 99]));
        assert!(p.set("defend_counters", "-1").is_err());
        p.set("singular_double", "100").unwrap();
        p.set("singular_multicut", "on").unwrap();
        p.set("singular_less", "1").unwrap();
        p.set("lmr_research_margin", "150").unwrap();
        assert_eq!((p.singular_double, p.singular_less), (100, 1));
        assert!(p.singular_multicut && p.lmr_research_margin == 150);
        assert!(p.set("singular_multicut", "2").is_err());
        p.set("block_ext", "130").unwrap();
        p.set("tt_move_ext", "8").unwrap();
        p.set("tt_move_ext_pv", "25").unwrap();
        p.set("lmr_fraction", "on").unwrap();
        assert_eq!((p.block_ext, p.tt_move_ext, p.tt_move_ext_pv), (130, 8, 25));
        assert!(p.lmr_fraction);
        p.set("lmr_ttpv_less", "50").unwrap();
        p.set("pv_tt_lag", "28").unwrap();
        assert_eq!(p.pv_tt_lag, 28);
        p.set("alpha_raise_less", "100").unwrap();
        p.set("defend_far_more", "150").unwrap();
        assert_eq!((p.alpha_raise_less, p.defend_far_more), (100, 150));
        p.set("ttpv_spread", "on").unwrap();
        assert!(p.lmr_ttpv_less == PerRule([50, 50]) && p.ttpv_spread);
        p.set("lmr_ttpv_less", "100/0").unwrap();
        assert_eq!(p.lmr_ttpv_less.get(fiveinrow_rules::Rule::Standard), 100);
        assert_eq!(p.lmr_ttpv_less.get(fiveinrow_rules::Rule::Renju), 0);
        assert!(p.set("block_ext", "1.3").is_err());
        p.set("futility_depth", "3").unwrap();
        p.set("history_prune_depth", "3").unwrap();
        p.set("history_prune_margin", "40").unwrap();
        p.set("lmr_not_improving", "1").unwrap();
        assert_eq!(
            (
                p.futility_depth,
                p.history_prune_depth,
                p.history_prune_margin,
                p.lmr_not_improving
            ),
            (3, 3, 40, 1)
        );
    }

    /// Reductions are whole plies in [`ONE_PLY`] units, or with `lmr_fraction` the
    /// formula's value to the unit: never less than the whole plies, less than a ply more.
    #[test]
    fn fractional_reductions_refine_the_whole_plies() {
        let whole = SearchParams::default();
        let mut fine = whole.clone();
        fine.set("lmr_fraction", "1").unwrap();
        let mut fractions = 0;
        for depth in 1..30 {
            for i in 0..60 {
                let (w, f) = (whole.reduction(i, depth), fine.reduction(i, depth));
                assert_eq!(w % ONE_PLY, 0, "{i} {depth}");
                assert!(w <= f && f < w + ONE_PLY, "{i} {depth}: {w} {f}");
                fractions += usize::from(f % ONE_PLY != 0);
            }
        }
        assert!(fractions > 100, "{fractions}");
        assert_eq!(whole.reduction(1, 10), 0);
        assert_eq!(fine.reduction(1, 10), 0);
    }

    /// The aspiration window sits around the last score, or with `aspiration_swing`
    /// moves toward the score before it and widens to hold both; it never has width 0.
    #[test]
    fn the_aspiration_window_follows_the_swing() {
        let mut p = SearchParams {
            aspiration: 40,
            ..SearchParams::default()
        };
        assert_eq!(p.aspiration_window(100, Some(-300)), (60, 140));
        assert_eq!(p.aspiration_window(100, None), (60, 140));
        p.aspiration_swing = 100;
        // Halfway toward -300, wide enough for both scores and the margin.
        assert_eq!(p.aspiration_window(100, Some(-300)), (-340, 140));
        assert_eq!(p.aspiration_window(-300, Some(100)), (-340, 140));
        p.aspiration_swing = 200;
        let (lo, hi) = p.aspiration_window(100, Some(-300));
        assert_eq!((lo + hi) / 2, -300);
        assert!(lo < -300 - 39 && hi > 100 + 39);
        p.aspiration = 0;
        p.aspiration_swing = 0;
        let (lo, hi) = p.aspiration_window(5, Some(5));
        assert!(lo < 5 && hi > 5, "a window of width 0 would fail forever");
    }

    /// Defences are pruned by count only when `defend_prune` is on: after that many plus
    /// the depth, never later than a quiet node of the same depth.
    #[test]
    fn defences_are_pruned_by_count_only_when_asked() {
        let mut p = SearchParams::default();
        assert_eq!(p.defend_prune_from(1, true), usize::MAX);
        assert_eq!(p.defend_prune_from(12, false), usize::MAX);
        p.set("defend_prune", "1").unwrap();
        assert_eq!(p.defend_prune_from(1, true), 2);
        assert_eq!(p.defend_prune_from(3, true), 4);
        for depth in 0..20 {
            for improving in [false, true] {
                let d = p.defend_prune_from(depth, improving);
                assert!(d <= p.prune_from(depth, improving), "{depth} {improving}");
                assert!(d >= 1);
            }
        }
    }

    /// The count curve grows with depth and halves where the eval has not improved.
    #[test]
    fn the_count_curve_grows_with_depth() {
        let mut p = SearchParams::default();
        p.set("lmp_curve", "132").unwrap();
        assert_eq!(p.prune_from(1, true), 4);
        assert_eq!(p.prune_from(8, true), 3 + 15);
        assert_eq!(p.prune_from(8, false), 9);
        let counts: Vec<usize> = (1..30).map(|d| p.prune_from(d, true)).collect();
        assert!(counts.windows(2).all(|w| w[0] <= w[1]), "{counts:?}");
    }

    #[test]
    fn kept_threes_are_reduced_but_not_pruned_by_count() {
        let mut p = SearchParams::default();
        p.set("prune_keep_threes", "1").unwrap();
        assert!(p.is_quiet(Combo::Flex3, Combo::None));
        assert!(!p.count_prunes(true, Combo::Flex3));
        assert!(!p.count_prunes(true, Combo::Flex3x2));
        assert!(p.count_prunes(true, Combo::Block3Plus));
        assert!(!p.count_prunes(true, Combo::Block4));
        assert!(p.count_prunes(true, Combo::Flex2x2));
        assert!(!p.count_prunes(false, Combo::None));
        p.set("prune_keep_threes", "0").unwrap();
        assert!(p.count_prunes(true, Combo::Flex3));
    }

    /// Each `threat_prune` level lets fewer moves count as threats, never more; a
    /// four-three or an open four is never quiet, a move making nothing always is.
    #[test]
    fn quiet_levels_widen_step_by_step() {
        use crate::board::pattern::Combo::*;
        let all = &crate::board::pattern::COMBO_LIST[..COMBOS - 1];
        let quiet = |level: i32, mine: Combo, theirs: Combo| {
            let mut p = SearchParams::default();
            p.set("threat_prune", &level.to_string()).unwrap();
            p.is_quiet(mine, theirs)
        };
        for level in 0..5 {
            for &mine in all {
                for &theirs in all {
                    if level > 0 && quiet(level - 1, mine, theirs) {
                        assert!(quiet(level, mine, theirs), "{level} {mine:?} {theirs:?}");
                    }
                }
                assert!(!quiet(level, Block4Flex3, mine) && !quiet(level, Flex4, mine));
                assert!(quiet(level, None, None));
            }
        }
        assert!(!quiet(2, Block4, None) && quiet(3, Block4, None));
        assert!(!quiet(3, Block4Plus, None) && quiet(4, Block4Plus, None));
        assert!(!quiet(0, Flex3, None) && quiet(1, Flex3, None));
        assert!(!quiet(1, None, Flex4) && quiet(2, None, Flex4));
    }
}
