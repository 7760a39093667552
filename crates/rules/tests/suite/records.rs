//! Record formats: reading, writing, round trips and errors that say where and what.

use fiveinrow_rules::notation::parse_moves;
use fiveinrow_rules::record::{
    read_psq, read_sgf, read_sgf_with_info, write_psq, write_psq_with_info, write_sgf,
    write_sgf_annotated, write_sgf_with_info, Judgement, MoveNote, RecordInfo, RecordResult, WinBy,
};
use fiveinrow_rules::{Color, Game, Pos, Record, RecordError, Rule};
use proptest::prelude::*;

fn parse_error(e: RecordError) -> (usize, usize, Option<String>, String) {
    match e {
        RecordError::Parse(p) => (p.line, p.column, p.token, p.message),
        other => panic!("expected a parse error, got {other}"),
    }
}

#[test]
fn sgf_text_is_canonical() {
    let moves = parse_moves("h8i9j10", 15).unwrap();
    let r = Record::new(Rule::Renju, 15, moves);
    assert_eq!(
        write_sgf(&r),
        "(;GM[4]FF[4]CA[UTF-8]AP[FiveInRow]SZ[15]RU[renju];B[hh];W[ig];B[jf])\n"
    );
}

#[test]
fn sgf_carries_what_is_said_of_each_move() {
    let moves = parse_moves("h8i9j10", 15).unwrap();
    let r = Record::new(Rule::Renju, 15, moves);
    let notes = [
        MoveNote::default(),
        MoveNote {
            comment: Some("blunder [best j9]".into()),
            value: Some(87.5),
            judgement: Some(Judgement::VeryBad),
        },
    ];
    let text = write_sgf_annotated(&r, &RecordInfo::default(), &notes);
    assert_eq!(
        text,
        "(;GM[4]FF[4]CA[UTF-8]AP[FiveInRow]SZ[15]RU[renju];B[hh];W[ig]BM[2]V[87.5]\
         C[blunder [best j9\\]];B[jf])\n"
    );
    assert_eq!(
        read_sgf(&text).unwrap(),
        r,
        "annotations do not change the moves"
    );
}

#[test]
fn sgf_reads_other_programs_files() {
    let text = "(;GM[4]FF[4]SZ[15]RU[Renju]PB[Alice]PW[Bob]C[a comment with \\] inside]\n\
                ;B[hh]C[first];W[ii]\n(;B[jj];W[kk])(;B[aa]))";
    let r = read_sgf(text).unwrap();
    assert_eq!(r.rule, Rule::Renju);
    assert_eq!(
        r.moves,
        vec![
            Pos::new(7, 7).unwrap(),
            Pos::new(8, 8).unwrap(),
            Pos::new(9, 9).unwrap(),
            Pos::new(10, 10).unwrap()
        ]
    );
}

#[test]
fn sgf_setup_round_trips() {
    let g = Game::from_setup(
        Rule::Renju,
        15,
        &[Pos::new(7, 7).unwrap(), Pos::new(8, 8).unwrap()],
        &[Pos::new(7, 8).unwrap()],
        None,
    )
    .unwrap();
    let mut g2 = g.clone();
    g2.play(Pos::new(1, 1).unwrap()).unwrap();
    let r = Record::from_game(&g2);
    let text = write_sgf(&r);
    assert!(text.contains("AB[hh][ii]AW[hi]PL[W];W[bb]"), "{text}");
    let back = read_sgf(&text).unwrap();
    assert_eq!(back, r);
    assert_eq!(back.to_game().unwrap(), g2);
    assert_eq!(back.first_to_move, Color::White);
    assert!(write_psq(&r).is_err(), "PSQ cannot hold a set-up");
}

#[test]
fn sgf_errors_say_where_and_what() {
    let (line, col, token, msg) =
        parse_error(read_sgf("(;GM[4]SZ[15]\n;B[hh];W[zz])").unwrap_err());
    assert_eq!((line, col), (2, 10));
    assert_eq!(token.as_deref(), Some("zz"));
    assert!(msg.contains("off the 15x15 board"), "{msg}");

    let (_, _, token, msg) = parse_error(read_sgf("(;GM[1]SZ[19];B[aa])").unwrap_err());
    assert_eq!(token.as_deref(), Some("1"));
    assert!(msg.contains("GM must be 4"));

    let (line, col, _, msg) = parse_error(read_sgf("(;GM[4];B[hh];B[ii])").unwrap_err());
    assert_eq!((line, col), (1, 17));
    assert!(msg.contains("expected white"), "{msg}");

    let (_, _, _, msg) = parse_error(read_sgf("(;GM[4];B[hh]").unwrap_err());
    assert!(msg.contains("not closed"));
    let (_, _, _, msg) = parse_error(read_sgf("(;GM[4];B[hh").unwrap_err());
    assert!(msg.contains("not closed by ']'"));
    let (_, _, _, msg) = parse_error(read_sgf("").unwrap_err());
    assert!(msg.contains("expected '('"));
    let (_, _, _, msg) = parse_error(read_sgf("(;SZ[30])").unwrap_err());
    assert!(msg.contains("not supported"), "{msg}");
    let (_, _, _, msg) = parse_error(read_sgf("(;RU[caro])").unwrap_err());
    assert!(msg.contains("unknown rule"), "{msg}");
    // A record that parses but is not a legal game says which move.
    let e = read_sgf("(;GM[4]SZ[15];B[hh];W[hh])")
        .unwrap()
        .to_game()
        .unwrap_err();
    assert_eq!(e.to_string(), "move 2: h8 is occupied");
}

#[test]
fn psq_reads_piskvork_files() {
    let text = "Piskvorky 20x20, 11:11, 0\r\n10,10,1203\r\n11,11,500\r\n9,9,0\r\npbrain-a.exe\r\npbrain-b.exe\r\n-1\r\n1,Freestyle\r\n";
    let r = read_psq(text, Rule::Renju).unwrap();
    assert_eq!(r.size, 20);
    assert_eq!(r.rule, Rule::Freestyle);
    assert_eq!(
        r.moves,
        vec![
            Pos::new(9, 9).unwrap(),
            Pos::new(10, 10).unwrap(),
            Pos::new(8, 8).unwrap()
        ]
    );
    // Without a trailer the caller's rule stands.
    let r = read_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\n", Rule::Renju).unwrap();
    assert_eq!(r.rule, Rule::Renju);
    let written = write_psq(&r).unwrap();
    assert_eq!(written, "Piskvorky 15x15, 11:11, 0\n8,8,0\n-1\nRenju\n");
    assert_eq!(read_psq(&written, Rule::Freestyle).unwrap(), r);
}

#[test]
fn psq_errors_say_where_and_what() {
    let (line, _, token, msg) = parse_error(
        read_psq("Piskvorky 15x15, 11:11, 0\n8,8,0\n8,x,0\n", Rule::Freestyle).unwrap_err(),
    );
    assert_eq!(line, 3);
    assert_eq!(token.as_deref(), Some("8,x,0"));
    assert!(msg.contains("'x' is not a whole number"));
    let (line, _, _, msg) =
        parse_error(read_psq("Piskvorky 15x15, 11:11, 0\n16,1,0\n", Rule::Freestyle).unwrap_err());
    assert_eq!(line, 2);
    assert!(msg.contains("off the 15x15 board"));
    let (line, _, _, msg) = parse_error(read_psq("hello\n", Rule::Freestyle).unwrap_err());
    assert_eq!(line, 1);
    assert!(msg.contains("header"));
    assert!(read_psq("Piskvorky 20x15, 1:1, 0\n", Rule::Freestyle).is_err());
    assert!(read_psq("", Rule::Freestyle).is_err());
}

proptest! {
    #![proptest_config(crate::support::seeded(256))]

    /// No input makes a reader panic; every failure is an error value.
    #[test]
    fn readers_never_panic(text in ".{0,200}") {
        let _ = read_sgf(&text);
        let _ = read_psq(&text, Rule::Renju);
        let _ = parse_moves(&text, 15);
    }

    /// Mangled valid records: a reader either reads them or says what is wrong.
    #[test]
    fn mangled_records_never_panic(cut in 0usize..80, insert in "[\\[\\]();A-Z a-z0-9,\\\\\n-]{0,6}") {
        let base = "(;GM[4]FF[4]SZ[15]RU[renju];B[hh];W[ig];B[jf](;W[aa])(;W[bb]))";
        let at = cut.min(base.len());
        let text = format!("{}{}{}", &base[..at], insert, &base[at..]);
        if let Ok(r) = read_sgf(&text) {
            let _ = r.to_game();
        }
        let psq = "Piskvorky 15x15, 11:11, 0\n8,8,0\n9,7,0\n-1\nRenju\n";
        let at = cut.min(psq.len());
        let text = format!("{}{}{}", &psq[..at], insert, &psq[at..]);
        if let Ok(r) = read_psq(&text, Rule::Freestyle) {
            let _ = r.to_game();
        }
    }
}

#[test]
fn sgf_metadata_round_trips_with_escapes() {
    let r = Record::new(Rule::Standard, 15, parse_moves("h8i9j10", 15).unwrap());
    let info = RecordInfo {
        black: Some(r"Alice ]the\first[".into()),
        white: Some(r"C:\engines\pbrain-x.exe".into()),
        result: Some(RecordResult::Win {
            winner: Color::White,
            by: WinBy::Time,
        }),
        date: Some("2025-01-31".into()),
        comment: Some("black lost on time: answered after 1200 ms]".into()),
        opening: None,
    };
    let text = write_sgf_with_info(&r, &info);
    assert!(text.contains(r"PB[Alice \]the\\first[]"), "{text}");
    assert!(text.contains(r"PW[C:\\engines\\pbrain-x.exe]"), "{text}");
    assert!(text.contains("RE[W+T]DT[2025-01-31]"), "{text}");
    let (back, back_info) = read_sgf_with_info(&text).unwrap();
    assert_eq!(back, r);
    assert_eq!(back_info, info);
    assert_eq!(read_sgf(&text).unwrap(), r);
}

#[test]
fn sgf_results_follow_the_convention() {
    let r = Record::new(Rule::Freestyle, 15, Vec::new());
    for (result, re) in [
        (
            RecordResult::Win {
                winner: Color::Black,
                by: WinBy::Five,
            },
            "B+",
        ),
        (
            RecordResult::Win {
                winner: Color::Black,
                by: WinBy::Resign,
            },
            "B+R",
        ),
        (RecordResult::Draw, "0"),
        (RecordResult::Unknown, "?"),
    ] {
        let info = RecordInfo {
            result: Some(result),
            ..RecordInfo::default()
        };
        let text = write_sgf_with_info(&r, &info);
        assert!(text.contains(&format!("RE[{re}]")), "{text}");
        assert_eq!(read_sgf_with_info(&text).unwrap().1, info);
    }
    let (_, info) = read_sgf_with_info("(;GM[4]RE[Void];B[hh])").unwrap();
    assert_eq!(info.result, Some(RecordResult::Unknown));
    assert!(write_sgf_with_info(&r, &RecordInfo::default()) == write_sgf(&r));
}

#[test]
fn psq_holds_the_names_and_the_result() {
    let r = Record::new(Rule::Renju, 15, parse_moves("h8i9j10", 15).unwrap());
    let info = RecordInfo {
        black: Some("self:level=3".into()),
        white: Some("7-up engine".into()),
        result: Some(RecordResult::Draw),
        comment: Some("draw: move cap 3 reached".into()),
        opening: None,
        ..RecordInfo::default()
    };
    let text = write_psq_with_info(&r, &info).unwrap();
    assert!(text.contains("10,6,0\nself:level=3\n-1\n"), "{text}");
    assert!(
        !text.contains("7-up"),
        "a name that reads as a move is left out: {text}"
    );
    assert!(
        text.ends_with("Renju\n0 draw: move cap 3 reached\n"),
        "{text}"
    );
    assert_eq!(read_psq(&text, Rule::Freestyle).unwrap(), r);
}

#[test]
fn sgf_keeps_the_opening_rules_decisions() {
    use fiveinrow_rules::opening::{Action, Opening, OpeningRule};
    let mut o = Opening::new(OpeningRule::Swap2, Rule::Freestyle, 15).unwrap();
    for a in ["h8", "i9", "g7", "place-two", "j10", "k11", "stay"] {
        o.act(Action::from_word(a, 15).unwrap()).unwrap();
    }
    assert!(o.is_done());
    let r = Record::from_game(o.game());
    let info = RecordInfo {
        opening: Some(o.record()),
        ..RecordInfo::default()
    };
    let text = write_sgf_with_info(&r, &info);
    assert!(
        text.contains("OPENING[swap2 h8 i9 g7 place-two j10 k11 stay]"),
        "{text}"
    );
    let (back, back_info) = read_sgf_with_info(&text).unwrap();
    assert_eq!(back, r);
    let replayed = Opening::from_record(&back_info.opening.unwrap(), back.rule, back.size).unwrap();
    assert_eq!(
        replayed.game().moves(),
        back.moves,
        "the decisions give the same stones"
    );
    assert_eq!(replayed.black_seat(), o.black_seat());
}
