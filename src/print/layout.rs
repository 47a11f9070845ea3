//! Where everything goes on the pages of a sheet: boards, their numbers and
//! ratings, the title and page numbers, in points from the top left corner.
//! The writers only draw what this decides, so PDF, SVG and HTML pages match.

use sudokuflow::grid::Grid;

use super::metrics;
use super::paper::Paper;

/// One puzzle to print.
#[derive(Clone, Debug)]
pub struct Entry {
    /// The puzzle, with one solution.
    pub puzzle: Grid,
    /// What to print beside its number, such as `medium · 2.0`; may be empty.
    pub note: String,
}

/// Which pages a sheet has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contents {
    /// The puzzles only.
    Puzzles,
    /// The puzzles, then answer pages.
    PuzzlesAndSolutions,
    /// Answer pages only.
    Solutions,
}

/// How a sheet is laid out.
#[derive(Clone, Debug)]
pub struct Sheet {
    pub paper: Paper,
    /// Puzzles on a puzzle page: 1, 2, 4 or 6.
    pub per_page: usize,
    pub title: Option<String>,
    pub contents: Contents,
}

/// Where a text's anchor point is: its start, middle or end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    Start,
    Middle,
    End,
}

/// A line of text; `y` is its baseline.
#[derive(Clone, Debug, PartialEq)]
pub struct Text {
    pub x: f32,
    pub y: f32,
    pub size: f32,
    pub bold: bool,
    pub anchor: Anchor,
    /// 0 black to 1 white.
    pub gray: f32,
    pub text: String,
}

impl Text {
    /// Where the text starts, once its width is known.
    pub fn left(&self) -> f32 {
        let width = metrics::text_width(&self.text, self.bold, self.size);
        match self.anchor {
            Anchor::Start => self.x,
            Anchor::Middle => self.x - width / 2.0,
            Anchor::End => self.x - width,
        }
    }
}

/// What a cell of a printed board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    /// A given of the puzzle.
    Given(u8),
    /// A digit of the solution that was not given.
    Answer(u8),
}

/// One board: its top left corner, cell size and cells.
#[derive(Clone, Debug, PartialEq)]
pub struct Board {
    pub x: f32,
    pub y: f32,
    pub cell: f32,
    /// The puzzle's number in the sheet, from 1.
    pub number: usize,
    pub cells: [Cell; 81],
}

impl Board {
    /// Width of the lines between cells.
    pub fn thin_line(&self) -> f32 {
        (self.cell * 0.02).clamp(0.4, 0.75)
    }

    /// Width of the lines around boxes and the board.
    pub fn thick_line(&self) -> f32 {
        (self.cell * 0.07).clamp(1.4, 3.0)
    }

    /// Font size of the digits.
    pub fn digit_size(&self) -> f32 {
        self.cell * 0.62
    }

    /// The centre of the cell in row `row` and column `col` (from 0).
    pub fn centre(&self, row: usize, col: usize) -> (f32, f32) {
        (
            self.x + (col as f32 + 0.5) * self.cell,
            self.y + (row as f32 + 0.5) * self.cell,
        )
    }

    /// The baseline that centres a digit vertically in a cell whose centre
    /// is at `y` (digits are 0.7 of the font size tall).
    pub fn digit_baseline(&self, y: f32) -> f32 {
        y + self.digit_size() * 0.35
    }
}

/// One page, ready to draw.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    pub width: f32,
    pub height: f32,
    pub boards: Vec<Board>,
    pub texts: Vec<Text>,
}

/// The largest cell, so that one board on a page stays a sensible size.
const MAX_CELL: f32 = 50.0;

/// A sheet's pages, made one at a time.
pub struct Layout<'a> {
    sheet: &'a Sheet,
    entries: &'a [Entry],
    puzzle_pages: usize,
    solution_pages: usize,
}

impl<'a> Layout<'a> {
    pub fn new(sheet: &'a Sheet, entries: &'a [Entry]) -> Layout<'a> {
        let pages_for = |per_page: usize| entries.len().div_ceil(per_page);
        let (puzzle_pages, solution_pages) = match sheet.contents {
            Contents::Puzzles => (pages_for(sheet.per_page), 0),
            Contents::PuzzlesAndSolutions => (
                pages_for(sheet.per_page),
                pages_for(solutions_per_page(sheet.paper)),
            ),
            Contents::Solutions => (0, pages_for(solutions_per_page(sheet.paper))),
        };
        Layout {
            sheet,
            entries,
            puzzle_pages,
            solution_pages,
        }
    }

    pub fn page_count(&self) -> usize {
        self.puzzle_pages + self.solution_pages
    }

    /// Page `index` (from 0).
    pub fn page(&self, index: usize) -> Page {
        let answers = index >= self.puzzle_pages;
        let (columns, rows) = if answers {
            columns_and_rows(solutions_per_page(self.sheet.paper))
        } else {
            columns_and_rows(self.sheet.per_page)
        };
        let per_page = columns * rows;
        let first = if answers {
            (index - self.puzzle_pages) * per_page
        } else {
            index * per_page
        };
        let entries = &self.entries[first..self.entries.len().min(first + per_page)];

        let paper = self.sheet.paper;
        let (width, height) = paper.size();
        let margin = paper.margin();
        let small = paper == Paper::A5;
        let mut page = Page {
            width,
            height,
            boards: Vec::with_capacity(entries.len()),
            texts: Vec::with_capacity(2 + 2 * entries.len()),
        };

        let heading = match (&self.sheet.title, answers) {
            (Some(title), false) => Some(title.clone()),
            (Some(title), true) => Some(format!("{title} \u{2014} solutions")),
            (None, true) => Some("Solutions".to_string()),
            (None, false) => None,
        };
        let mut top = margin;
        if let Some(heading) = heading {
            let size = if small { 13.0 } else { 16.0 };
            let (heading, size) = fit(heading, size, width - 2.0 * margin);
            page.texts.push(Text {
                x: width / 2.0,
                y: top + size * 0.8,
                size,
                bold: true,
                anchor: Anchor::Middle,
                gray: 0.0,
                text: heading,
            });
            top += size * 2.0;
        }
        let footer_size = 9.0;
        page.texts.push(Text {
            x: width / 2.0,
            y: height - margin,
            size: footer_size,
            bold: false,
            anchor: Anchor::Middle,
            gray: 0.35,
            text: format!("{} / {}", index + 1, self.page_count()),
        });
        let bottom = height - margin - footer_size * 2.0;

        // The largest cell that fits the boards, their labels and the gaps.
        let gap_x = if small { 16.0 } else { 24.0 };
        let gap_y = if small { 10.0 } else { 16.0 };
        let label_size = |cell: f32| (cell * 0.45).clamp(7.5, 11.0);
        let label_height = |cell: f32| label_size(cell) * 1.6;
        let area_width = width - 2.0 * margin;
        let area_height = bottom - top;
        let fit_width = (area_width - (columns - 1) as f32 * gap_x) / columns as f32 / 9.0;
        let fit_height = |label: f32| {
            (area_height - rows as f32 * label - (rows - 1) as f32 * gap_y) / rows as f32 / 9.0
        };
        let guess = fit_width.min(fit_height(label_height(MAX_CELL)));
        let cell = fit_width.min(fit_height(label_height(guess))).min(MAX_CELL);

        let label = label_height(cell);
        let block_width = columns as f32 * 9.0 * cell + (columns - 1) as f32 * gap_x;
        let block_height = rows as f32 * (label + 9.0 * cell) + (rows - 1) as f32 * gap_y;
        let left = margin + (area_width - block_width) / 2.0;
        let upper = top + (area_height - block_height) / 2.0;

        for (slot, entry) in entries.iter().enumerate() {
            let (column, row) = (slot % columns, slot / columns);
            let x = left + column as f32 * (9.0 * cell + gap_x);
            let label_top = upper + row as f32 * (label + 9.0 * cell + gap_y);
            let y = label_top + label;
            let number = first + slot + 1;
            let size = label_size(cell);
            let baseline = y - size * 0.5;
            page.texts.push(Text {
                x,
                y: baseline,
                size,
                bold: true,
                anchor: Anchor::Start,
                gray: 0.0,
                text: number.to_string(),
            });
            if !entry.note.is_empty() {
                page.texts.push(Text {
                    x: x + 9.0 * cell,
                    y: baseline,
                    size,
                    bold: false,
                    anchor: Anchor::End,
                    gray: 0.3,
                    text: entry.note.clone(),
                });
            }
            page.boards.push(Board {
                x,
                y,
                cell,
                number,
                cells: cells(entry, answers),
            });
        }
        page
    }
}

/// A bold heading and its size, made to fit `room`: smaller, down to 8 points,
/// then cut short with an ellipsis.
fn fit(heading: String, size: f32, room: f32) -> (String, f32) {
    let width = metrics::text_width(&heading, true, size);
    if width <= room {
        return (heading, size);
    }
    let smaller = (size * room / width).max(8.0);
    if metrics::text_width(&heading, true, smaller) <= room {
        return (heading, smaller);
    }
    let mut chars: Vec<char> = heading.chars().collect();
    while !chars.is_empty() {
        let cut: String = chars.iter().collect();
        let cut = format!("{}\u{2026}", cut.trim_end());
        if metrics::text_width(&cut, true, smaller) <= room {
            return (cut, smaller);
        }
        chars.pop();
    }
    ("\u{2026}".to_string(), smaller)
}

/// The boards on an answer page: smaller than on puzzle pages.
fn solutions_per_page(paper: Paper) -> usize {
    match paper {
        Paper::A5 => 6,
        Paper::A4 | Paper::Letter => 12,
    }
}

/// Boards across and down for `per_page` boards.
fn columns_and_rows(per_page: usize) -> (usize, usize) {
    match per_page {
        1 => (1, 1),
        2 => (1, 2),
        4 => (2, 2),
        6 => (2, 3),
        12 => (3, 4),
        _ => unreachable!("the command line allows 1, 2, 4 or 6 puzzles a page"),
    }
}

fn cells(entry: &Entry, answers: bool) -> [Cell; 81] {
    // Solved only here, so that a sheet keeps no solutions in memory.
    let solution = answers.then(|| {
        sudokuflow::solve(&entry.puzzle)
            .expect("a puzzle to print has a solution")
            .grid
    });
    std::array::from_fn(|index| match (entry.puzzle.get(index), solution) {
        (0, Some(solution)) => Cell::Answer(solution.get(index)),
        (0, None) => Cell::Empty,
        (digit, _) => Cell::Given(digit),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entries(count: usize) -> Vec<Entry> {
        let solution = sudokuflow::solve(&Grid::EMPTY).unwrap().grid;
        let mut puzzle = solution;
        for index in (0..81).step_by(2) {
            puzzle.set(index, 0);
        }
        vec![
            Entry {
                puzzle,
                note: "hard \u{b7} 3.2".to_string(),
            };
            count
        ]
    }

    fn sheet(paper: Paper, per_page: usize, contents: Contents) -> Sheet {
        Sheet {
            paper,
            per_page,
            title: Some("Week 12".to_string()),
            contents,
        }
    }

    #[test]
    fn pages_hold_per_page_boards_then_answers() {
        let entries = entries(13);
        let sheet = sheet(Paper::A4, 6, Contents::PuzzlesAndSolutions);
        let layout = Layout::new(&sheet, &entries);
        assert_eq!(layout.page_count(), 3 + 2);
        let counts: Vec<usize> = (0..5).map(|i| layout.page(i).boards.len()).collect();
        assert_eq!(counts, [6, 6, 1, 12, 1]);
        let numbers: Vec<usize> = layout.page(3).boards.iter().map(|b| b.number).collect();
        assert_eq!(numbers, (1..=12).collect::<Vec<_>>());
        assert_eq!(layout.page(4).boards[0].number, 13);
        assert!(matches!(layout.page(0).boards[0].cells[0], Cell::Empty));
        assert!(matches!(layout.page(3).boards[0].cells[0], Cell::Answer(_)));
        assert!(matches!(layout.page(3).boards[0].cells[1], Cell::Given(_)));
    }

    #[test]
    fn everything_stays_inside_the_margins_and_boards_do_not_overlap() {
        let entries = entries(12);
        for paper in [Paper::A4, Paper::Letter, Paper::A5] {
            for per_page in [1, 2, 4, 6] {
                let sheet = sheet(paper, per_page, Contents::PuzzlesAndSolutions);
                let layout = Layout::new(&sheet, &entries);
                for index in 0..layout.page_count() {
                    let page = layout.page(index);
                    let margin = paper.margin() - 0.01;
                    for board in &page.boards {
                        let size = 9.0 * board.cell;
                        assert!(board.x >= margin && board.y >= margin);
                        assert!(board.x + size <= page.width - margin);
                        assert!(board.y + size <= page.height - margin);
                        assert!(board.cell >= 12.0, "{paper:?} {per_page}: {}", board.cell);
                        for other in &page.boards {
                            let apart = board.x + size <= other.x
                                || other.x + size <= board.x
                                || board.y + size <= other.y
                                || other.y + size <= board.y;
                            assert!(std::ptr::eq(board, other) || apart);
                        }
                    }
                    for text in &page.texts {
                        let width = metrics::text_width(&text.text, text.bold, text.size);
                        assert!(text.left() >= margin, "{text:?}");
                        assert!(text.left() + width <= page.width - margin, "{text:?}");
                        assert!(
                            text.y - 0.75 * text.size >= margin && text.y <= page.height - margin
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn long_titles_shrink_then_are_cut_short() {
        let (text, size) = fit("Week 12".to_string(), 16.0, 500.0);
        assert_eq!((text.as_str(), size), ("Week 12", 16.0));
        let (text, size) = fit("W".repeat(40), 16.0, 500.0);
        assert_eq!(text.chars().count(), 40);
        assert!(size < 16.0 && metrics::text_width(&text, true, size) <= 500.0);
        let (text, size) = fit("W".repeat(300), 16.0, 500.0);
        assert_eq!(size, 8.0);
        assert!(text.ends_with('\u{2026}'));
        assert!(metrics::text_width(&text, true, size) <= 500.0);
    }

    #[test]
    fn puzzle_only_and_answer_only_sheets() {
        let entries = entries(7);
        let only = sheet(Paper::Letter, 4, Contents::Puzzles);
        assert_eq!(Layout::new(&only, &entries).page_count(), 2);
        let answers = sheet(Paper::Letter, 4, Contents::Solutions);
        let layout = Layout::new(&answers, &entries);
        assert_eq!(layout.page_count(), 1);
        assert!(layout.page(0).texts[0].text.ends_with("solutions"));
    }
}
