//! Where the game's screen puts things: the largest board shape that fits
//! the terminal (chosen again at every draw, so a resize re-lays it out),
//! the side panel, the message area, and which cell a mouse click is on.

use ratatui::layout::Rect;

/// How the board is drawn: a cell's size in columns and rows, and whether
/// thin lines separate the cells inside a box (the boxes always have lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub cell: (u16, u16),
    pub thin_cols: bool,
    pub thin_rows: bool,
}

impl Shape {
    const fn new(width: u16, height: u16, thin_cols: bool, thin_rows: bool) -> Shape {
        Shape {
            cell: (width, height),
            thin_cols,
            thin_rows,
        }
    }

    /// True when each cell draws its own notes.
    pub fn shows_notes(self) -> bool {
        self.cell.1 >= 2
    }

    /// The board's size, its lines included.
    pub fn size(self) -> (u16, u16) {
        let lines = |thin| if thin { 10 } else { 4 };
        (
            9 * self.cell.0 + lines(self.thin_cols),
            9 * self.cell.1 + lines(self.thin_rows),
        )
    }

    /// Where column (or row) `i`'s cells start, from the board's edge.
    fn start(self, i: u16, horizontal: bool) -> u16 {
        let (size, thin) = if horizontal {
            (self.cell.0, self.thin_cols)
        } else {
            (self.cell.1, self.thin_rows)
        };
        let lines_before = if thin { i + 1 } else { i / 3 + 1 };
        i * size + lines_before
    }

    /// The column where board column `col` starts, from the board's left
    /// edge; the same for rows with [`Shape::row_start`].
    #[cfg(test)]
    pub fn col_start(self, col: u16) -> u16 {
        self.start(col, true)
    }

    #[cfg(test)]
    pub fn row_start(self, row: u16) -> u16 {
        self.start(row, false)
    }
}

/// A board shape and the narrowest side panel it is drawn with.
struct Fit {
    shape: Shape,
    panel: u16,
}

/// The shapes, largest first. The first that fits is drawn; `v` (notes in
/// the panel) skips the board whose cells show notes only by giving up the
/// lines between rows.
const FITS: [Fit; 6] = [
    // 120x40: notes as a 3x3 grid in each cell.
    Fit {
        shape: Shape::new(7, 3, true, true),
        panel: 30,
    },
    Fit {
        shape: Shape::new(5, 3, true, true),
        panel: 30,
    },
    // Notes on two lines, 1-5 and 6-9.
    Fit {
        shape: Shape::new(5, 2, true, true),
        panel: 30,
    },
    // 80x24: the same cells, rows parted by underlining their second line.
    Fit {
        shape: NOTES_WITHOUT_ROW_LINES,
        panel: 20,
    },
    // 80x24 with `v`, and a little smaller: one line a cell, the notes of
    // the cursor's box in the panel.
    Fit {
        shape: Shape::new(3, 1, true, true),
        panel: 30,
    },
    // The smallest: lines only around the boxes.
    Fit {
        shape: Shape::new(3, 1, false, false),
        panel: 22,
    },
];

/// The largest board with notes in its cells at 80x24.
const NOTES_WITHOUT_ROW_LINES: Shape = Shape::new(5, 2, true, false);

/// Rows left under the board for messages, at least.
const MESSAGE_ROWS: u16 = 2;

/// The screen's parts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    pub shape: Shape,
    pub board: Rect,
    pub panel: Rect,
    pub message: Rect,
    /// `v` chooses between the board of notes and the one-line board: true
    /// only where the board of notes at 80x24 is the largest that fits.
    pub notes_choice: bool,
}

/// The largest layout that fits `area`, without the board of notes at
/// 80x24 if `notes_in_panel` (`v`); `Err` with the smallest size that
/// would fit.
pub fn choose(area: Rect, notes_in_panel: bool) -> Result<Layout, (u16, u16)> {
    let fits = |fit: &&Fit| {
        let (width, height) = fit.shape.size();
        1 + width + 2 + fit.panel <= area.width && height + MESSAGE_ROWS <= area.height
    };
    let notes_choice = FITS
        .iter()
        .find(fits)
        .is_some_and(|f| f.shape == NOTES_WITHOUT_ROW_LINES);
    let Some(fit) = FITS
        .iter()
        .filter(|f| !(notes_in_panel && f.shape == NOTES_WITHOUT_ROW_LINES))
        .find(fits)
    else {
        let smallest = &FITS[FITS.len() - 1];
        let (width, height) = smallest.shape.size();
        return Err((1 + width + 2 + smallest.panel, height + MESSAGE_ROWS));
    };
    let (width, height) = fit.shape.size();
    let board = Rect::new(area.x + 1, area.y, width, height);
    let panel_x = board.right() + 2;
    let panel = Rect::new(panel_x, area.y, area.right() - panel_x, height);
    let message = Rect::new(
        area.x + 1,
        board.bottom(),
        area.width - 2,
        area.height - height,
    );
    Ok(Layout {
        shape: fit.shape,
        board,
        panel,
        message,
        notes_choice,
    })
}

impl Layout {
    /// The cell at screen position (`x`, `y`), if any.
    pub fn cell_at(&self, x: u16, y: u16) -> Option<usize> {
        let x = x.checked_sub(self.board.x)?;
        let y = y.checked_sub(self.board.y)?;
        let find = |pos: u16, horizontal: bool| {
            let size = if horizontal {
                self.shape.cell.0
            } else {
                self.shape.cell.1
            };
            (0..9u16).find(|&i| {
                let start = self.shape.start(i, horizontal);
                (start..start + size).contains(&pos)
            })
        };
        let col = find(x, true)?;
        let row = find(y, false)?;
        Some(usize::from(row) * 9 + usize::from(col))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shape(width: u16, height: u16, all_notes: bool) -> Result<Shape, (u16, u16)> {
        choose(Rect::new(0, 0, width, height), all_notes).map(|l| l.shape)
    }

    #[test]
    fn the_largest_shape_that_fits() {
        assert_eq!(shape(120, 40, false), Ok(Shape::new(7, 3, true, true)));
        assert_eq!(shape(100, 40, false), Ok(Shape::new(5, 3, true, true)));
        assert_eq!(shape(100, 30, false), Ok(Shape::new(5, 2, true, true)));
        assert_eq!(shape(80, 24, false), Ok(Shape::new(5, 2, true, false)));
        assert_eq!(shape(80, 24, true), Ok(Shape::new(3, 1, true, true)));
        assert_eq!(shape(77, 24, false), Ok(Shape::new(3, 1, true, true)));
        assert_eq!(shape(80, 22, false), Ok(Shape::new(3, 1, true, true)));
        assert_eq!(shape(60, 20, false), Ok(Shape::new(3, 1, false, false)));
        assert_eq!(shape(60, 20, true), Ok(Shape::new(3, 1, false, false)));
        assert_eq!(shape(120, 40, true), Ok(Shape::new(7, 3, true, true)));
        // `v` is offered only where it changes the board.
        let choice = |width, height| choose(Rect::new(0, 0, width, height), false).unwrap();
        assert!(choice(80, 24).notes_choice);
        assert!(!choice(120, 40).notes_choice);
        assert!(!choice(60, 20).notes_choice);
        assert!(!choice(77, 24).notes_choice);
        assert_eq!(shape(55, 20, false), Err((56, 15)));
        assert_eq!(shape(80, 14, false), Err((56, 15)));
        assert_eq!(Shape::new(7, 3, true, true).size(), (73, 37));
        assert_eq!(Shape::new(3, 1, true, true).size(), (37, 19));
    }

    #[test]
    fn clicks_map_to_cells() {
        let layout = choose(Rect::new(0, 0, 80, 24), true).unwrap();
        let (x, y) = (layout.board.x, layout.board.y);
        // Thin lines: each cell is 3 wide plus one line.
        assert_eq!(layout.cell_at(x + 1, y + 1), Some(0));
        assert_eq!(layout.cell_at(x + 4, y + 1), None, "a thin line");
        assert_eq!(layout.cell_at(x + 5, y + 3), Some(10));
        assert_eq!(layout.cell_at(x, y + 1), None, "border");
        assert_eq!(layout.cell_at(x + 35, y + 17), Some(80));
        let notes = choose(Rect::new(0, 0, 80, 24), false).unwrap();
        let (x, y) = (notes.board.x, notes.board.y);
        // Cells 5 wide and 2 high; no line between rows inside a box.
        assert_eq!(notes.cell_at(x + 5, y + 2), Some(0));
        assert_eq!(notes.cell_at(x + 7, y + 3), Some(10));
        assert_eq!(notes.cell_at(x + 1, y + 7), None, "a box line");
        assert_eq!(notes.cell_at(x + 1, y + 8), Some(27));
        assert_eq!(notes.cell_at(x + 53, y + 19), Some(80));
        let small = choose(Rect::new(0, 0, 60, 20), false).unwrap();
        let (x, y) = (small.board.x, small.board.y);
        assert_eq!(small.cell_at(x + 3 * 3 + 2, y + 5), Some(3 * 9 + 3));
        assert_eq!(small.cell_at(x + 29, y + 11), Some(80));
        let large = choose(Rect::new(0, 0, 120, 40), false).unwrap();
        let (x, y) = (large.board.x, large.board.y);
        assert_eq!(large.cell_at(x + 1, y + 1), Some(0));
        assert_eq!(large.cell_at(x + 7 + 2, y + 3 + 2), Some(10));
        assert_eq!(large.cell_at(x + 72, y + 1), None, "right border");
        assert_eq!(large.cell_at(x + 71, y + 35), Some(80));
    }
}
