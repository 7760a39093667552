use fiveinrow_engine::bench::{game_of, POSITIONS};
use fiveinrow_engine::board::Board;
use fiveinrow_engine::pattern::Combo;
use fiveinrow_rules::Color;
fn main() {
    for &p in POSITIONS {
        let b = Board::from_game(&game_of(p));
        let me = b.side_to_move();
        let counts: Vec<(Combo, u16, u16)> = [
            Combo::Block4,
            Combo::Block4Plus,
            Combo::Block4Flex3,
            Combo::Flex3,
            Combo::Flex4,
        ]
        .iter()
        .map(|&c| (c, b.combo_count(me, c), b.combo_count(me.opponent(), c)))
        .collect();
        println!("{:?} {:?}", me == Color::Black, counts);
    }
}
