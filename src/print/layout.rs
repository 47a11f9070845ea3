//! Where everything goes on the pages of a sheet: boards, their numbers and
//! ratings, the title and page numbers, in points from the top left corner.
//! The writers only draw what this decides, so PDF, SVG and HTML pages match.

use std::ops::Range;

use sudokuflow::grid::Grid;

use super::font::Fonts;
use super::paper::Paper;
use super::strings::Strings;

/// One puzzle to print.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The puzzle, with one solution.
    pub puzzle: Grid,
    /// Its ordinal among the input's puzzles, bad ones counted, from 1: the
    /// line of `solve`'s output that answers it.
    pub number: u64,
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
    /// A line of rules under the title of puzzle pages.
    pub rules: Option<String>,
    pub contents: Contents,
    /// The sheet's fixed words.
    pub strings: Strings,
}

/// The line of rules `--rules` prints when not given one.
pub const USUAL_RULES: &str = "Fill in the digits 1 to 9 so that each row, each column and each 3\u{d7}3 box holds every digit once.";

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
    /// The puzzle's number ([`Entry::number`]).
    pub number: u64,
    /// On an answer page.
    pub answer: bool,
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
    /// is at `y` (digits are 0.71 of the font size tall).
    pub fn digit_baseline(&self, y: f32) -> f32 {
        y + self.digit_size() * 0.357
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

/// Size of the page numbers at the foot of pages.
const FOOTER_SIZE: f32 = 9.0;

/// The least room between the lowest board and the top of the footer.
const FOOTER_CLEARANCE: f32 = 14.0;

/// The gap between boards of a 4-a-page sheet, across and down: 10 mm
/// (7 mm on A5).
const BALANCED_GAP: f32 = 28.35;
const BALANCED_GAP_A5: f32 = 19.85;

/// How much wider a board is at 4 a page than at 6.
const FOUR_OVER_SIX: f32 = 1.25;

/// Where the boards of one kind of page (puzzles or answers) go.
#[derive(Clone, Copy, Debug)]
struct Slots {
    columns: usize,
    rows: usize,
    cell: f32,
    label: f32,
    /// Left edge of each column's boards and top of each row's labels are
    /// `left + column * step_x`, `top + row * step_y`.
    left: f32,
    top: f32,
    step_x: f32,
    step_y: f32,
}

/// A sheet's pages, made one at a time from the entries each holds
/// ([`Layout::entries_on`]), so that no page needs the others' entries.
pub struct Layout<'a> {
    sheet: &'a Sheet,
    /// How many entries the sheet has.
    count: usize,
    fonts: &'a Fonts,
    puzzle_pages: usize,
    solution_pages: usize,
    puzzle_grid: Slots,
    solution_grid: Slots,
    puzzle_header: Header,
    answer_header: Header,
    /// What did not fit on the page, one message each.
    warnings: Vec<String>,
}

/// A title or rules text set in lines that fit the page's width.
#[derive(Clone, Debug, PartialEq)]
struct Block {
    lines: Vec<String>,
    size: f32,
}

impl Block {
    /// The height the block takes, with the space below it: `spacing`
    /// times its size for the first line, then a line's spacing for each
    /// other.
    fn height(&self, spacing: f32) -> f32 {
        self.size * (spacing + LINE_SPACING * (self.lines.len() - 1) as f32)
    }
}

/// The title and rules of one kind of page.
#[derive(Clone, Debug, Default)]
struct Header {
    title: Option<Block>,
    rules: Option<Block>,
}

impl Header {
    fn height(&self) -> f32 {
        self.title.as_ref().map_or(0.0, |b| b.height(TITLE_LINES))
            + self.rules.as_ref().map_or(0.0, |b| b.height(RULES_LINES))
    }
}

impl<'a> Layout<'a> {
    /// The layout of `count` entries on `sheet`; `fonts` measure its texts.
    pub fn new(sheet: &'a Sheet, count: usize, fonts: &'a Fonts) -> Layout<'a> {
        let pages_for = |per_page: usize| count.div_ceil(per_page);
        let solutions = solutions_per_page(sheet.paper);
        let (puzzle_pages, solution_pages) = match sheet.contents {
            Contents::Puzzles => (pages_for(sheet.per_page), 0),
            Contents::PuzzlesAndSolutions => (pages_for(sheet.per_page), pages_for(solutions)),
            Contents::Solutions => (0, pages_for(solutions)),
        };
        let paper = sheet.paper;
        let room = paper.size().0 - 2.0 * paper.margin();
        let mut warnings = Vec::new();
        let mut block = |text: &str, origin: &str, bold: bool, size: f32| {
            let wrapped = wrap(fonts, text, bold, size, room);
            let warned = warnings.iter().any(|w: &String| w.starts_with(origin));
            if !wrapped.fits && !warned {
                // The last words printed, escaped for the terminal.
                let printed = wrapped.block.lines.concat();
                let printed = printed.trim_end_matches('\u{2026}');
                let words: Vec<&str> = printed.split_whitespace().collect();
                let tail = words[words.len().saturating_sub(3)..].join(" ");
                warnings.push(format!(
                    "{origin} does not fit on {} paper even in {MOST_LINES} lines at {MIN_SIZE} pt: \
                     it is cut short after '{}'",
                    paper.name(),
                    tail.escape_debug()
                ));
            }
            wrapped.block
        };
        let title = sheet.title.as_deref();
        let puzzle_header = Header {
            title: title.map(|title| block(title, "--title", true, title_size(paper))),
            rules: sheet
                .rules
                .as_deref()
                .map(|rules| block(rules, "--rules", false, rules_size(paper))),
        };
        let answer_heading = sheet.strings.solutions_heading(title);
        let answer_header = Header {
            title: (sheet.contents != Contents::Puzzles)
                .then(|| block(&answer_heading, "--title", true, title_size(paper))),
            rules: None,
        };
        let puzzle_top = puzzle_header.height();
        let puzzle_grid = if sheet.per_page == 6 {
            // Six a page fit the height; four, only the width. Six are kept
            // well smaller, so that four a page are worth choosing.
            let four = grid(sheet.paper, 4, puzzle_top, f32::INFINITY);
            grid(sheet.paper, 6, puzzle_top, four.cell / FOUR_OVER_SIX)
        } else {
            grid(sheet.paper, sheet.per_page, puzzle_top, f32::INFINITY)
        };
        let solution_top = answer_header.height();
        let solution_grid = grid(sheet.paper, solutions, solution_top, f32::INFINITY);
        Layout {
            sheet,
            count,
            fonts,
            puzzle_pages,
            solution_pages,
            puzzle_grid,
            solution_grid,
            puzzle_header,
            answer_header,
            warnings,
        }
    }

    /// What does not fit on the page and is cut short, one message each.
    pub fn warnings(&self) -> &[String] {
        &self.warnings
    }

    pub fn page_count(&self) -> usize {
        self.puzzle_pages + self.solution_pages
    }

    /// Which entries, by place in the sheet (from 0), page `index` holds:
    /// puzzle pages hold them in order, then answer pages again from the first.
    pub fn entries_on(&self, index: usize) -> Range<usize> {
        let (grid, first) = if index < self.puzzle_pages {
            (self.puzzle_grid, index)
        } else {
            (self.solution_grid, index - self.puzzle_pages)
        };
        let per_page = grid.columns * grid.rows;
        let start = first * per_page;
        start..self.count.min(start + per_page)
    }

    /// Page `index` (from 0), given its entries ([`Layout::entries_on`]).
    pub fn page(&self, index: usize, entries: &[Entry]) -> Page {
        let answers = index >= self.puzzle_pages;
        let grid = if answers {
            self.solution_grid
        } else {
            self.puzzle_grid
        };
        let first = self.entries_on(index).start;
        debug_assert_eq!(entries.len(), self.entries_on(index).len());

        let paper = self.sheet.paper;
        let (width, height) = paper.size();
        let margin = paper.margin();
        let mut page = Page {
            width,
            height,
            boards: Vec::with_capacity(entries.len()),
            texts: Vec::with_capacity(4 + 2 * entries.len()),
        };

        let header = if answers {
            &self.answer_header
        } else {
            &self.puzzle_header
        };
        let mut top = margin;
        for (block, bold, gray, spacing) in [
            (&header.title, true, 0.0, TITLE_LINES),
            (&header.rules, false, 0.25, RULES_LINES),
        ] {
            let Some(block) = block else { continue };
            for (index, line) in block.lines.iter().enumerate() {
                page.texts.push(Text {
                    x: width / 2.0,
                    y: top + block.size * (0.8 + LINE_SPACING * index as f32),
                    size: block.size,
                    bold,
                    anchor: Anchor::Middle,
                    gray,
                    text: line.clone(),
                });
            }
            top += block.height(spacing);
        }

        let footer = height - margin;
        page.texts.push(Text {
            x: width / 2.0,
            y: footer,
            size: FOOTER_SIZE,
            bold: false,
            anchor: Anchor::Middle,
            gray: 0.35,
            text: self.sheet.strings.page_number(index + 1, self.page_count()),
        });
        if let Some(pages) = self.answer_pages(first, entries.len()).filter(|_| !answers) {
            page.texts.push(Text {
                x: width - margin,
                y: footer,
                size: FOOTER_SIZE,
                bold: false,
                anchor: Anchor::End,
                gray: 0.35,
                text: pages,
            });
        }

        let label_size = label_size(grid.cell);
        for (slot, entry) in entries.iter().enumerate() {
            let (column, row) = (slot % grid.columns, slot / grid.columns);
            let x = grid.left + column as f32 * grid.step_x;
            let label_top = grid.top + row as f32 * grid.step_y;
            let y = label_top + grid.label;
            let baseline = y - label_size * 0.5;
            let number = entry.number.to_string();
            let number_width = self.fonts.width(&number, true, label_size);
            page.texts.push(Text {
                x,
                y: baseline,
                size: label_size,
                bold: true,
                anchor: Anchor::Start,
                gray: 0.0,
                text: number,
            });
            if !entry.note.is_empty() {
                let room = 9.0 * grid.cell - number_width - label_size;
                let note = cut(self.fonts, &entry.note, false, label_size, room);
                page.texts.push(Text {
                    x: x + 9.0 * grid.cell,
                    y: baseline,
                    size: label_size,
                    bold: false,
                    anchor: Anchor::End,
                    gray: 0.3,
                    text: note,
                });
            }
            page.boards.push(Board {
                x,
                y,
                cell: grid.cell,
                number: entry.number,
                answer: answers,
                cells: cells(entry, answers),
            });
        }
        page
    }

    /// "Answers on page N" for the puzzles `first..first + count`, when
    /// the sheet has answer pages.
    fn answer_pages(&self, first: usize, count: usize) -> Option<String> {
        if self.sheet.contents != Contents::PuzzlesAndSolutions || count == 0 {
            return None;
        }
        let per_page = self.solution_grid.columns * self.solution_grid.rows;
        let page = |entry: usize| self.puzzle_pages + entry / per_page + 1;
        let (from, to) = (page(first), page(first + count - 1));
        Some(self.sheet.strings.answers_on(from, to))
    }
}

/// Title lines take this many times their size, with the space below.
const TITLE_LINES: f32 = 1.7;

/// The same for the line of rules.
const RULES_LINES: f32 = 2.0;

fn title_size(paper: Paper) -> f32 {
    if paper == Paper::A5 { 13.0 } else { 16.0 }
}

fn rules_size(paper: Paper) -> f32 {
    if paper == Paper::A5 { 8.0 } else { 9.5 }
}

fn label_size(cell: f32) -> f32 {
    (cell * 0.45).clamp(7.5, 13.0)
}

/// Lines after the first of a title or rules text are this many times its
/// size below the one before.
const LINE_SPACING: f32 = 1.25;

/// The most lines a title or rules text takes.
const MOST_LINES: usize = 3;

/// The smallest size a title or rules text is made to fit.
const MIN_SIZE: f32 = 8.0;

/// A text set to fit, and whether all of it does.
struct Wrapped {
    block: Block,
    fits: bool,
}

/// `text` set to fit `room` at `size` points: on one line, made up to a
/// tenth smaller if that is enough; else wrapped between words (or between
/// the characters of Chinese and Japanese) onto up to [`MOST_LINES`] lines,
/// made smaller down to [`MIN_SIZE`] only if they are not enough; else its
/// last line is cut short with an ellipsis.
fn wrap(fonts: &Fonts, text: &str, bold: bool, size: f32, room: f32) -> Wrapped {
    let text = text.trim();
    let width = fonts.width(text, bold, size);
    if width <= room / 0.9 {
        let size = if width <= room {
            size
        } else {
            size * room / width
        };
        return Wrapped {
            block: Block {
                lines: vec![text.to_string()],
                size,
            },
            fits: true,
        };
    }
    let mut size = size;
    loop {
        let lines = lines(fonts, text, bold, size, room);
        let fits = lines.len() <= MOST_LINES;
        if fits || size <= MIN_SIZE {
            let mut kept: Vec<String> = lines
                .iter()
                .take(MOST_LINES)
                .map(|line| text[line.clone()].to_string())
                .collect();
            if !fits {
                // The last line holds the rest of the text, cut short.
                let rest = &text[lines[MOST_LINES - 1].start..];
                kept[MOST_LINES - 1] = cut(fonts, rest, bold, size, room);
            }
            return Wrapped {
                block: Block { lines: kept, size },
                fits,
            };
        }
        size = (size - 0.5).max(MIN_SIZE);
    }
}

/// `text` broken greedily into lines no wider than `room` at `size`, at the
/// places [`breaks`] allows (anywhere in a word wider than `room`): the
/// byte ranges of the lines, without the spaces between them.
fn lines(fonts: &Fonts, text: &str, bold: bool, size: f32, room: f32) -> Vec<Range<usize>> {
    let fits = |line: &str| fonts.width(line.trim_end(), bold, size) <= room;
    let breaks = breaks(text);
    let mut lines = Vec::new();
    let mut start = 0;
    while start < text.len() {
        let end = breaks
            .iter()
            .filter(|&&at| at > start)
            .take_while(|&&at| fits(&text[start..at]))
            .last()
            .copied()
            .unwrap_or_else(|| {
                // A word wider than the line: as many of its characters as
                // fit, and at least one.
                let mut ends = text[start..]
                    .char_indices()
                    .map(|(at, c)| start + at + c.len_utf8());
                let first = ends.next().unwrap_or(text.len());
                ends.take_while(|&at| fits(&text[start..at]))
                    .last()
                    .unwrap_or(first)
            });
        lines.push(start..start + text[start..end].trim_end().len());
        start = end;
    }
    lines
}

/// Where a line may end in `text` (byte offsets, the text's end last):
/// after spaces, and between characters of scripts written without spaces
/// (Han, kana), though not before closing punctuation nor after opening.
fn breaks(text: &str) -> Vec<usize> {
    let mut breaks = Vec::new();
    let mut previous: Option<char> = None;
    for (at, c) in text.char_indices() {
        if let Some(before) = previous {
            let after_space = before.is_whitespace() && !c.is_whitespace();
            let ideographic = (is_ideographic(before) || is_ideographic(c))
                && !c.is_whitespace()
                && !before.is_whitespace()
                && !is_closing(c)
                && !is_opening(before);
            if after_space || ideographic {
                breaks.push(at);
            }
        }
        previous = Some(c);
    }
    breaks.push(text.len());
    breaks
}

/// Characters of scripts that break lines between any two characters.
fn is_ideographic(c: char) -> bool {
    matches!(c, '\u{2e80}'..='\u{9fff}' | '\u{f900}'..='\u{faff}' | '\u{ff00}'..='\u{ffef}'
        | '\u{20000}'..='\u{3ffff}')
}

/// Punctuation that never starts a line.
fn is_closing(c: char) -> bool {
    matches!(
        c,
        '\u{3001}'
            | '\u{3002}'
            | '\u{ff0c}'
            | '\u{ff0e}'
            | '\u{ff1a}'
            | '\u{ff1b}'
            | '\u{ff01}'
            | '\u{ff1f}'
            | '\u{ff09}'
            | '\u{300d}'
            | '\u{300f}'
            | '\u{300b}'
            | '\u{3009}'
            | '\u{3011}'
            | ')'
            | ','
            | '.'
            | ':'
            | ';'
            | '!'
            | '?'
            | '\u{2026}'
    )
}

/// Punctuation that never ends a line.
fn is_opening(c: char) -> bool {
    matches!(
        c,
        '\u{ff08}' | '\u{300c}' | '\u{300e}' | '\u{300a}' | '\u{3008}' | '\u{3010}' | '('
    )
}

/// `text` cut short with an ellipsis to fit `room` at `size`.
fn cut(fonts: &Fonts, text: &str, bold: bool, size: f32, room: f32) -> String {
    if fonts.width(text, bold, size) <= room {
        return text.to_string();
    }
    let mut chars: Vec<char> = text.chars().collect();
    while !chars.is_empty() {
        let cut: String = chars.iter().collect();
        let cut = format!("{}\u{2026}", cut.trim_end());
        if fonts.width(&cut, bold, size) <= room {
            return cut;
        }
        chars.pop();
    }
    "\u{2026}".to_string()
}

/// Where `per_page` boards go below a header `header` high: the largest
/// cell (up to `most`) that fits them, their labels and the least gaps,
/// then what room is left spread evenly around and between them.
fn grid(paper: Paper, per_page: usize, header: f32, most: f32) -> Slots {
    let (columns, rows) = columns_and_rows(per_page);
    let (width, height) = paper.size();
    let margin = paper.margin();
    let small = paper == Paper::A5;
    // Two boards side by side would fill the width with only the least gap
    // between them and leave the rows far apart: they get a gap as wide as
    // the one between rows, the board block centred in the height.
    let balanced = columns == 2 && rows == 2;
    let (gap_x, gap_y) = match (small, balanced) {
        (true, true) => (BALANCED_GAP_A5, BALANCED_GAP_A5),
        (false, true) => (BALANCED_GAP, BALANCED_GAP),
        (true, false) => (10.0, 10.0),
        (false, false) => (14.0, 14.0),
    };
    let top = margin + header;
    // The footer's cap height, and room below the boards.
    let bottom = height - margin - FOOTER_SIZE * 0.75 - FOOTER_CLEARANCE;
    let (area_width, area_height) = (width - 2.0 * margin, bottom - top);
    let label_height = |cell: f32| label_size(cell) * 1.6;
    let fit_width = (area_width - (columns - 1) as f32 * gap_x) / columns as f32 / 9.0;
    let fit_height = |label: f32| {
        (area_height - rows as f32 * label - (rows - 1) as f32 * gap_y) / rows as f32 / 9.0
    };
    let guess = fit_width.min(fit_height(label_height(fit_width))).min(most);
    let cell = fit_width.min(fit_height(label_height(guess))).min(most);
    let label = label_height(cell);

    let board = 9.0 * cell;
    let spread = |room: f32, count: usize, size: f32, least: f32| {
        let free = room - count as f32 * size;
        let between = (free / (count + 1) as f32).max(least);
        let outer = (free - (count - 1) as f32 * between) / 2.0;
        (outer, size + between)
    };
    let (left, step_x) = spread(area_width, columns, board, gap_x);
    let (upper, step_y) = if balanced {
        let block = rows as f32 * (label + board) + (rows - 1) as f32 * gap_y;
        ((area_height - block).max(0.0) / 2.0, label + board + gap_y)
    } else {
        spread(area_height, rows, label + board, gap_y)
    };
    Slots {
        columns,
        rows,
        cell,
        label,
        left: margin + left,
        top: top + upper,
        step_x,
        step_y,
    }
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

    const PAPERS: [Paper; 3] = [Paper::A4, Paper::Letter, Paper::A5];

    /// `count` entries numbered from 1 with a gap at 3, as after a bad line.
    fn entries(count: usize) -> Vec<Entry> {
        let solution = sudokuflow::solve(&Grid::EMPTY).unwrap().grid;
        let mut puzzle = solution;
        for index in (0..81).step_by(2) {
            puzzle.set(index, 0);
        }
        (1..=count as u64 + 1)
            .filter(|&number| number != 3)
            .map(|number| Entry {
                puzzle,
                number,
                note: "hard \u{b7} 3.2".to_string(),
            })
            .collect()
    }

    /// A layout of `entries` with them at hand, to make any page.
    struct LaidOut<'a> {
        layout: Layout<'a>,
        entries: &'a [Entry],
    }

    impl LaidOut<'_> {
        fn page_count(&self) -> usize {
            self.layout.page_count()
        }

        fn page(&self, index: usize) -> Page {
            let entries = &self.entries[self.layout.entries_on(index)];
            self.layout.page(index, entries)
        }
    }

    fn laid_out<'a>(sheet: &'a Sheet, entries: &'a [Entry], fonts: &'a Fonts) -> LaidOut<'a> {
        LaidOut {
            layout: Layout::new(sheet, entries.len(), fonts),
            entries,
        }
    }

    fn sheet(paper: Paper, per_page: usize, contents: Contents) -> Sheet {
        Sheet {
            paper,
            per_page,
            title: Some("Week 12".to_string()),
            rules: None,
            contents,
            strings: Strings::default(),
        }
    }

    /// Every way a sheet's header can be.
    fn headers(paper: Paper, per_page: usize, contents: Contents) -> Vec<Sheet> {
        let mut sheets = Vec::new();
        for title in [None, Some("Week 12".to_string())] {
            for rules in [None, Some(USUAL_RULES.to_string())] {
                sheets.push(Sheet {
                    title: title.clone(),
                    rules,
                    ..sheet(paper, per_page, contents)
                });
            }
        }
        sheets
    }

    #[test]
    fn pages_hold_per_page_boards_then_answers_with_the_entries_numbers() {
        let fonts = Fonts::bundled();
        let entries = entries(13);
        let sheet = sheet(Paper::A4, 6, Contents::PuzzlesAndSolutions);
        let layout = laid_out(&sheet, &entries, &fonts);
        assert_eq!(layout.page_count(), 3 + 2);
        let ranges: Vec<_> = (0..5).map(|i| layout.layout.entries_on(i)).collect();
        assert_eq!(ranges, [0..6, 6..12, 12..13, 0..12, 12..13]);
        let counts: Vec<usize> = (0..5).map(|i| layout.page(i).boards.len()).collect();
        assert_eq!(counts, [6, 6, 1, 12, 1]);
        let numbers = |page: &Page| page.boards.iter().map(|b| b.number).collect::<Vec<_>>();
        assert_eq!(numbers(&layout.page(0)), [1, 2, 4, 5, 6, 7]);
        assert_eq!(
            numbers(&layout.page(3)),
            [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13]
        );
        assert_eq!(numbers(&layout.page(4)), [14]);
        // Each board's label is its number.
        let first = layout.page(0);
        let labels: Vec<&str> = first
            .texts
            .iter()
            .filter(|t| t.bold && t.size < 14.0)
            .map(|t| t.text.as_str())
            .collect();
        assert_eq!(labels, ["1", "2", "4", "5", "6", "7"]);
        assert!(!layout.page(0).boards[0].answer && layout.page(3).boards[0].answer);
        assert!(matches!(layout.page(0).boards[0].cells[0], Cell::Empty));
        assert!(matches!(layout.page(3).boards[0].cells[0], Cell::Answer(_)));
        assert!(matches!(layout.page(3).boards[0].cells[1], Cell::Given(_)));
    }

    #[test]
    fn puzzle_pages_say_where_their_answers_are() {
        let fonts = Fonts::bundled();
        let entries = entries(30);
        // 8 pages of 4 puzzles, then answer pages 9 to 13 of 6 boards each.
        let sheet = sheet(Paper::A5, 4, Contents::PuzzlesAndSolutions);
        let layout = laid_out(&sheet, &entries, &fonts);
        assert_eq!(layout.page_count(), 13);
        let footer = |index: usize| {
            layout
                .page(index)
                .texts
                .iter()
                .find(|t| t.text.starts_with("Answers"))
                .map(|t| t.text.clone())
        };
        assert_eq!(footer(0).as_deref(), Some("Answers on page 9"));
        assert_eq!(footer(1).as_deref(), Some("Answers on pages 9\u{2013}10"));
        assert_eq!(footer(7).as_deref(), Some("Answers on page 13"));
        assert_eq!(footer(8), None);
        let only = self::sheet(Paper::A5, 4, Contents::Puzzles);
        let layout = laid_out(&only, &entries, &fonts);
        assert!(
            layout
                .page(0)
                .texts
                .iter()
                .all(|t| !t.text.starts_with("Answers"))
        );
    }

    #[test]
    fn everything_stays_inside_the_margins_and_boards_do_not_overlap() {
        let fonts = Fonts::bundled();
        let entries = entries(12);
        for paper in PAPERS {
            for per_page in [1, 2, 4, 6] {
                for sheet in headers(paper, per_page, Contents::PuzzlesAndSolutions) {
                    let layout = laid_out(&sheet, &entries, &fonts);
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
                            let width = fonts.width(&text.text, text.bold, text.size);
                            let left = match text.anchor {
                                Anchor::Start => text.x,
                                Anchor::Middle => text.x - width / 2.0,
                                Anchor::End => text.x - width,
                            };
                            assert!(left >= margin, "{text:?}");
                            assert!(left + width <= page.width - margin + 0.02, "{text:?}");
                            assert!(
                                text.y - 0.75 * text.size >= margin
                                    && text.y <= page.height - margin + 0.01
                            );
                        }
                    }
                }
            }
        }
    }

    /// The width of the boards on the first page.
    fn board_width(sheet: &Sheet, fonts: &Fonts) -> f32 {
        let entries = entries(12);
        9.0 * laid_out(sheet, &entries, fonts).page(0).boards[0].cell
    }

    #[test]
    fn four_a_page_are_a_quarter_wider_than_six() {
        let fonts = Fonts::bundled();
        for paper in PAPERS {
            for (four, six) in headers(paper, 4, Contents::Puzzles).iter().zip(&headers(
                paper,
                6,
                Contents::Puzzles,
            )) {
                let ratio = board_width(four, &fonts) / board_width(six, &fonts);
                assert!(ratio >= 1.25 - 1e-4, "{paper:?}: {ratio}");
            }
        }
    }

    #[test]
    fn four_a_page_are_as_far_apart_across_as_down() {
        let fonts = Fonts::bundled();
        let entries = entries(4);
        for paper in PAPERS {
            for sheet in headers(paper, 4, Contents::Puzzles) {
                let page = laid_out(&sheet, &entries, &fonts).page(0);
                let size = 9.0 * page.boards[0].cell;
                let (left, right, lower) = (&page.boards[0], &page.boards[1], &page.boards[2]);
                let across = right.x - (left.x + size);
                // From a board's foot to the top of the label of the one below.
                let down = lower.y
                    - laid_out(&sheet, &entries, &fonts).layout.puzzle_grid.label
                    - (left.y + size);
                let least = if paper == Paper::A5 { 19.8 } else { 28.3 };
                assert!(across >= least, "{paper:?}: {across}");
                assert!(
                    (across - down).abs() < 0.01,
                    "{paper:?}: {across} across, {down} down"
                );
            }
        }
    }

    #[test]
    fn one_and_two_a_page_fill_the_page() {
        let fonts = Fonts::bundled();
        for paper in PAPERS {
            let (width, height) = paper.size();
            let room = width - 2.0 * paper.margin();
            for sheet in headers(paper, 1, Contents::Puzzles) {
                // One board: as wide as the margins allow.
                assert!(board_width(&sheet, &fonts) >= room - 0.01, "{paper:?}");
            }
            for sheet in headers(paper, 2, Contents::Puzzles) {
                // Two boards, one above the other: from the header to the
                // footer, less the least gaps.
                let entries = entries(2);
                let layout = laid_out(&sheet, &entries, &fonts);
                let boards = 2.0 * 9.0 * layout.page(0).boards[0].cell;
                let header = layout.layout.puzzle_header.height();
                let free = height - 2.0 * paper.margin() - header - boards;
                assert!(free < 0.2 * height, "{paper:?}: {free} of {height} unused");
            }
        }
    }

    #[test]
    fn the_footer_never_crowds_a_board() {
        let fonts = Fonts::bundled();
        let entries = entries(13);
        for paper in PAPERS {
            for per_page in [1, 2, 4, 6] {
                for sheet in headers(paper, per_page, Contents::PuzzlesAndSolutions) {
                    let layout = laid_out(&sheet, &entries, &fonts);
                    for index in 0..layout.page_count() {
                        let page = layout.page(index);
                        let footer_top = page.height - paper.margin() - FOOTER_SIZE * 0.75;
                        for board in &page.boards {
                            let bottom = board.y + 9.0 * board.cell + board.thick_line() / 2.0;
                            assert!(
                                footer_top - bottom >= 12.0,
                                "{paper:?} {per_page}: {} pt",
                                footer_top - bottom
                            );
                        }
                    }
                }
            }
        }
    }

    /// The lines of `text` set bold at 16 points in 500 points, and their size.
    fn wrapped(text: &str) -> (Vec<String>, f32, bool) {
        let wrapped = wrap(&Fonts::bundled(), text, true, 16.0, 500.0);
        (wrapped.block.lines, wrapped.block.size, wrapped.fits)
    }

    #[test]
    fn long_titles_shrink_a_little_then_wrap_then_are_cut_with_a_warning() {
        let fonts = Fonts::bundled();
        assert_eq!(
            wrapped("Week 12"),
            (vec!["Week 12".to_string()], 16.0, true)
        );
        // A little too wide: a little smaller, on one line.
        let title = (1..)
            .map(|count| "W".repeat(count))
            .find(|title| fonts.width(title, true, 16.0) > 500.0)
            .unwrap();
        let (lines, size, fits) = wrapped(&title);
        assert!(fits && lines == [title.clone()] && size < 16.0 && size > 14.0);
        // Far too wide: whole words on more lines, at full size.
        let words =
            "Sudoku for the whole family: forty puzzles from easy to hard (medium ones first)";
        let (lines, size, fits) = wrapped(&words.repeat(2));
        assert!(fits && size == 16.0 && lines.len() == 3, "{lines:?}");
        assert_eq!(lines.join(" "), words.repeat(2));
        for line in &lines {
            assert!(fonts.width(line, true, 16.0) <= 500.0, "{line}");
            assert_eq!(line.trim(), line);
        }
        // Too much for three lines at full size: smaller first.
        let (lines, size, fits) = wrapped(&words.repeat(3));
        assert!(fits && (MIN_SIZE..16.0).contains(&size) && lines.len() == 3);
        assert_eq!(lines.join(" "), words.repeat(3));
        // Too much at the least size: cut short, and said so.
        let (lines, size, fits) = wrapped(&words.repeat(20));
        assert!(!fits && size == MIN_SIZE && lines.len() == MOST_LINES);
        assert!(lines[2].ends_with('\u{2026}'));
        assert!(fonts.width(&lines[2], true, size) <= 500.0);
        // A word wider than a line is broken where it must be.
        let (lines, _, fits) = wrapped(&"W".repeat(60));
        assert!(fits && lines.len() == 2 && lines.concat() == "W".repeat(60));
    }

    #[test]
    fn chinese_breaks_between_characters_but_not_before_closing_punctuation() {
        let text = "在空格中填入数字，使每行、每列和每宫都不重复。";
        let ends = breaks(text);
        let before = |c: char| text.find(c).unwrap();
        assert!(ends.contains(&before('空')) && ends.contains(&before('使')));
        assert!(!ends.contains(&before('，')) && !ends.contains(&before('、')));
        assert!(!ends.contains(&before('。')));
        assert_eq!(breaks("two words"), [4, 9]);
        assert_eq!(breaks("(x)"), [3]);
    }

    #[test]
    fn titles_and_rules_too_long_for_three_lines_are_warned_of() {
        let fonts = Fonts::bundled();
        let long = Sheet {
            title: Some("Week ".repeat(100)),
            rules: Some("Fill ".repeat(300)),
            ..sheet(Paper::A5, 4, Contents::PuzzlesAndSolutions)
        };
        let layout = Layout::new(&long, 1, &fonts);
        let warnings = layout.warnings();
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].starts_with("--title does not fit on A5 paper even in 3 lines"));
        assert!(warnings[1].starts_with("--rules does not fit on A5 paper"));
        assert!(warnings[0].ends_with("cut short after 'Week Week Week'"));
        let short = sheet(Paper::A5, 4, Contents::Puzzles);
        assert!(Layout::new(&short, 1, &fonts).warnings().is_empty());
    }

    #[test]
    fn puzzle_only_and_answer_only_sheets() {
        let fonts = Fonts::bundled();
        let entries = entries(7);
        let only = sheet(Paper::Letter, 4, Contents::Puzzles);
        assert_eq!(laid_out(&only, &entries, &fonts).page_count(), 2);
        let answers = sheet(Paper::Letter, 4, Contents::Solutions);
        let layout = laid_out(&answers, &entries, &fonts);
        assert_eq!(layout.page_count(), 1);
        assert!(layout.page(0).texts[0].text.ends_with("solutions"));
    }
}
