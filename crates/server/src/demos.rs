//! Middle-game positions to start from, a few in each rule. Each is a move string
//! replayed through the rules core when a game starts from it.

use serde::Serialize;

#[derive(Debug, Clone, Copy, Serialize)]
pub struct Demo {
    pub id: &'static str,
    pub rule: &'static str,
    pub size: u8,
    pub name_en: &'static str,
    pub name_zh: &'static str,
    pub moves: &'static str,
}

pub const DEMOS: &[Demo] = &[
    Demo {
        id: "freestyle-centre",
        rule: "freestyle",
        size: 15,
        name_en: "Freestyle: fight in the centre",
        name_zh: "无禁手：中央对攻",
        moves: "h8i9i8g8j9h10j7j8k8h7",
    },
    Demo {
        id: "freestyle-wide",
        rule: "freestyle",
        size: 20,
        name_en: "Freestyle 20x20: open game",
        name_zh: "无禁手 20 路：开放局面",
        moves: "j10k11k10i10l11j12l9m8k9j9",
    },
    Demo {
        id: "standard-diagonal",
        rule: "standard",
        size: 15,
        name_en: "Standard: diagonal pressure",
        name_zh: "标准规则：斜线压力",
        moves: "h8i9g9i7i8g10f10j8h9h10",
    },
    Demo {
        id: "standard-edge",
        rule: "standard",
        size: 15,
        name_en: "Standard: near the edge",
        name_zh: "标准规则：靠近边线",
        moves: "d4e5e4c4f4g4e3d3f5f3",
    },
    Demo {
        id: "renju-cross",
        rule: "renju",
        size: 15,
        name_en: "Renju: a double-three trap for black",
        name_zh: "连珠：黑棋的三三禁手陷阱",
        moves: "g8g7i8i9h7j7h9f10",
    },
    Demo {
        id: "renju-fours",
        rule: "renju",
        size: 15,
        name_en: "Renju: white aims at black's forbidden points",
        name_zh: "连珠：白棋利用黑棋禁手",
        moves: "h8h9i7g9j6k5i8g10j8g8",
    },
];

pub fn find(id: &str) -> Option<&'static Demo> {
    DEMOS.iter().find(|d| d.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fiveinrow_rules::notation::parse_move_string;
    use fiveinrow_rules::{Game, Rule};

    #[test]
    fn every_demo_is_a_legal_game_in_progress() {
        for rule in ["freestyle", "standard", "renju"] {
            assert!(
                DEMOS.iter().filter(|d| d.rule == rule).count() >= 2,
                "{rule}"
            );
        }
        for d in DEMOS {
            let rule: Rule = d.rule.parse().unwrap();
            let moves = parse_move_string(d.moves, d.size).unwrap();
            let game = Game::from_moves(rule, d.size.into(), &moves)
                .unwrap_or_else(|e| panic!("{}: {e}", d.id));
            assert!(!game.is_over(), "{}", d.id);
            assert!(moves.len() >= 8, "{}", d.id);
        }
    }

    #[test]
    fn the_renju_cross_has_a_forbidden_point_for_black_to_move() {
        let d = find("renju-cross").unwrap();
        let moves = parse_move_string(d.moves, d.size).unwrap();
        let game = Game::from_moves(Rule::Renju, 15, &moves).unwrap();
        assert_eq!(game.to_move(), fiveinrow_rules::Color::Black);
        let h8 = fiveinrow_rules::notation::parse_human("h8", 15).unwrap();
        assert!(game.forbidden_points().iter().any(|&(p, _)| p == h8));
    }
}
