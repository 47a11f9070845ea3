//! How ratings are written: the one-line `rate` answer. (Explanations are
//! written by [`crate::render`].)

use std::io::Write;

use crate::grid::Grid;
use crate::logic::{Difficulty, Rating};

/// Appends `<puzzle> <ER>/<EP>/<ED> <level> <hardest technique>` and a
/// newline, the triple as [`Rating::triple`] writes it. Written byte by byte:
/// through `format!`, the line took a tenth of an easy puzzle's time.
pub fn write_rating_line(puzzle: &Grid, rating: &Rating, out: &mut Vec<u8>) {
    puzzle.write_line(out);
    out.push(b' ');
    if !rating.complete {
        out.push(b'>');
    }
    push_difficulty(rating.er, out);
    out.push(b'/');
    push_difficulty(rating.ep, out);
    out.push(b'/');
    push_difficulty(rating.ed, out);
    out.push(b' ');
    out.extend_from_slice(rating.level.name().as_bytes());
    out.push(b' ');
    out.extend_from_slice(rating.hardest.name().as_bytes());
    out.push(b'\n');
}

/// Appends the `rating` and `level` fields of a CSV row, `<ER>/<EP>/<ED>`
/// as [`write_rating_line`] writes it and the level, split by `delimiter`,
/// and a newline.
pub fn write_rating_fields(rating: &Rating, delimiter: u8, out: &mut Vec<u8>) {
    if !rating.complete {
        out.push(b'>');
    }
    push_difficulty(rating.er, out);
    out.push(b'/');
    push_difficulty(rating.ep, out);
    out.push(b'/');
    push_difficulty(rating.ed, out);
    out.push(delimiter);
    out.extend_from_slice(rating.level.name().as_bytes());
    out.push(b'\n');
}

/// Appends a difficulty as its `Display` writes it (`4.4`).
pub(crate) fn push_difficulty(difficulty: Difficulty, out: &mut Vec<u8>) {
    let (whole, tenth) = (difficulty.0 / 10, difficulty.0 % 10);
    if whole >= 10 {
        write!(out, "{difficulty}").expect("writing to a Vec cannot fail");
        return;
    }
    out.extend_from_slice(&[b'0' + whole as u8, b'.', b'0' + tenth as u8]);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::{Level, Technique};

    #[test]
    fn rating_lines_write_the_triple_as_display_does() {
        let puzzle: Grid =
            "....1.9...5.3.6.4...457..3..3...2......8.7...5.9.....8..3..1..4.4.2..7...1.....9."
                .parse()
                .unwrap();
        for (er, complete) in [
            (44, true),
            (10, true),
            (95, false),
            (110, true),
            (123, false),
        ] {
            let rating = Rating {
                er: Difficulty(er),
                ep: Difficulty(12),
                ed: Difficulty(15),
                hardest: Technique::XyWing,
                level: Level::of(Difficulty(er)),
                complete,
                work: 0,
            };
            let mut line = Vec::new();
            write_rating_line(&puzzle, &rating, &mut line);
            let expected = format!(
                "{puzzle} {} {} {}\n",
                rating.triple(),
                rating.level,
                rating.hardest.name()
            );
            assert_eq!(String::from_utf8(line).unwrap(), expected);
        }
    }
}
