//! Drawing the game with ratatui: the board with box borders, givens, entries,
//! conflicts, the cursor and its units, same-digit cells, the status panel and
//! the help overlay. Only reads the [`App`]. With `NO_COLOR`, bold, reverse,
//! underline and crossed-out text keep every kind of cell distinguishable.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::app::App;

/// A cell's size on screen (columns, rows) on a `width` x `height`
/// terminal: 7x3 with pencil marks as a 3x3 mini-grid when there is room,
/// else 3x1 (80x24), where the side panel lists the cursor cell's notes.
pub fn cell_size(width: u16, height: u16) -> (u16, u16) {
    if width >= 110 && height >= 36 {
        (7, 3)
    } else {
        (3, 1)
    }
}

/// Where the board is drawn: top-left corner, for mouse clicks too.
pub const BOARD_ORIGIN: (u16, u16) = (1, 1);

pub const KEYS: &str = "\
arrows/hjkl move    1-9 place    0 . Del clear
n  pencil-mark mode  N  fill all notes
u  undo    U Ctrl-R redo    t  history
H  hint (again: apply)   c  check
a  auto-solve (+ - speed, other keys stop)
Space pause   s save   q quit (saves)
mouse: click a cell   ? this help";

/// The cell at screen position (`x`, `y`) with cells of `size`, if any.
pub fn cell_at(x: u16, y: u16, size: (u16, u16)) -> Option<usize> {
    let (x, y) = (
        x.checked_sub(BOARD_ORIGIN.0)?,
        y.checked_sub(BOARD_ORIGIN.1)?,
    );
    // Skip the border columns/rows: every 3 cells add one.
    let col_in = |v: u16, size: u16| {
        let block = v / (3 * size + 1);
        let within = v % (3 * size + 1);
        (within != 0 && block < 3).then(|| block * 3 + (within - 1) / size)
    };
    let col = col_in(x, size.0)?;
    let row = col_in(y, size.1)?;
    Some(usize::from(row) * 9 + usize::from(col))
}

pub fn draw(frame: &mut Frame, app: &App, color: bool) {
    let area = frame.area();
    let size = cell_size(area.width, area.height);
    let (board_width, board_height) = (9 * size.0 + 4, 9 * size.1 + 4);
    let board_area =
        Rect::new(BOARD_ORIGIN.0, BOARD_ORIGIN.1, board_width, board_height).intersection(area);
    if app.paused {
        frame.render_widget(Paragraph::new("Paused: any key to go on"), board_area);
    } else {
        frame.render_widget(Paragraph::new(board_lines(app, color, size)), board_area);
    }
    let side = Rect::new(
        board_width + 3,
        1,
        area.width.saturating_sub(board_width + 4),
        13,
    )
    .intersection(area);
    frame.render_widget(
        Paragraph::new(side_lines(app)).wrap(Wrap { trim: false }),
        side,
    );
    let message =
        Rect::new(1, board_height + 2, area.width.saturating_sub(2), 4).intersection(area);
    let text = if app.is_solved() {
        let secs = app.elapsed().as_secs();
        format!("Solved in {}:{:02}! Press q to quit.", secs / 60, secs % 60)
    } else {
        app.message.clone()
    };
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), message);
    if let Some(selected) = app.history_view {
        let height = area.height.saturating_sub(4).clamp(3, 20);
        let list = Rect::new(4, 2, 40, height).intersection(area);
        let rows = usize::from(height.saturating_sub(2));
        let first = selected.saturating_sub(rows.saturating_sub(1));
        let lines: Vec<Line> = (first..app.history.len().min(first + rows))
            .map(|i| {
                let filled = app.history[i].cells.iter().filter(|&&v| v != 0).count();
                let now = if i == app.at { " (now)" } else { "" };
                let line = Line::from(format!("{i:4}: {filled} cells filled{now}"));
                if i == selected {
                    line.style(Style::default().add_modifier(Modifier::REVERSED))
                } else {
                    line
                }
            })
            .collect();
        frame.render_widget(Clear, list);
        frame.render_widget(
            Paragraph::new(lines).block(
                Block::default()
                    .borders(Borders::ALL)
                    .title(" history: arrows, Enter "),
            ),
            list,
        );
    }
    if app.show_help {
        let help = Rect::new(4, 3, 50, 9).intersection(area);
        frame.render_widget(Clear, help);
        frame.render_widget(
            Paragraph::new(KEYS).block(Block::default().borders(Borders::ALL).title(" keys ")),
            help,
        );
    }
}

fn side_lines(app: &App) -> Vec<Line<'static>> {
    let secs = app.elapsed().as_secs();
    let notes = app.board().notes[app.cursor];
    let noted: String = (1..=9u8)
        .filter(|d| notes & (1 << d) != 0)
        .map(|d| char::from(b'0' + d))
        .collect();
    vec![
        Line::from("sudokuflow play"),
        Line::from(app.source.clone()),
        Line::from(match &app.rating {
            Some(rating) => format!("level    {} {}", rating.level, rating.triple()),
            None => "level    unrated (not one solution)".to_string(),
        }),
        Line::from(format!("time     {}:{:02}", secs / 60, secs % 60)),
        Line::from(format!("hints    {}", app.hints_used)),
        Line::from(format!("mistakes {}", app.mistakes)),
        Line::from(format!("move     {}/{}", app.at, app.history.len() - 1)),
        Line::from(format!(
            "cell     r{}c{} notes {noted}",
            app.cursor / 9 + 1,
            app.cursor % 9 + 1
        )),
        Line::from(if app.pencil {
            "mode     pencil marks"
        } else {
            "mode     digits"
        }),
        Line::from(match &app.autosolve {
            Some(a) => format!("auto     {} ms/step (+ -)", a.delay.as_millis()),
            None => String::new(),
        }),
        Line::from("? keys   q quit"),
    ]
}

/// What `cell` shows on sub-line `line` of `height`, `width` columns wide.
fn cell_text(
    app: &App,
    cell: usize,
    line: u16,
    (width, height): (u16, u16),
    conflict: bool,
) -> String {
    let board = app.board();
    let digit = board.cells[cell];
    let width = usize::from(width);
    if digit != 0 {
        if line != height / 2 {
            return " ".repeat(width);
        }
        let text = if conflict {
            format!("!{digit}!")
        } else {
            format!(" {digit} ")
        };
        return format!("{text:^width$}");
    }
    let notes = board.notes[cell];
    if height == 1 {
        return if notes != 0 {
            " · ".into()
        } else {
            "   ".into()
        };
    }
    let mini: String = (1..=3u16)
        .map(|k| {
            let d = line * 3 + k;
            if notes & (1 << d) != 0 {
                format!(" {d}")
            } else {
                "  ".into()
            }
        })
        .collect();
    format!("{mini:<width$}")
}

fn board_lines(app: &App, color: bool, size: (u16, u16)) -> Vec<Line<'static>> {
    let board = app.board();
    let conflicts = app.conflicts();
    let cursor = app.cursor;
    let cursor_digit = board.cells[cursor];
    let focus: Vec<usize> = app
        .hint
        .as_ref()
        .map(|s| s.focus.iter().map(|c| usize::from(c.cell)).collect())
        .unwrap_or_default();
    let border = Style::default().fg(if color { Color::DarkGray } else { Color::Reset });
    let rule = |l: &str, m: &str, r: &str| {
        let seg = "─".repeat(3 * usize::from(size.0));
        Line::from(Span::styled(format!("{l}{seg}{m}{seg}{m}{seg}{r}"), border))
    };
    let mut lines = vec![rule("┌", "┬", "┐")];
    for (row, line) in (0..9).flat_map(|row| (0..size.1).map(move |line| (row, line))) {
        let mut spans = vec![Span::styled("│", border)];
        for col in 0..9 {
            let cell = row * 9 + col;
            let digit = board.cells[cell];
            // Without colour a conflict shows as !5! so it needs no style.
            let text = cell_text(app, cell, line, size, !color && conflicts.contains(&cell));
            let same_unit = cell / 9 == cursor / 9
                || cell % 9 == cursor % 9
                || (cell / 27 == cursor / 27 && cell % 9 / 3 == cursor % 9 / 3);
            let mut style = Style::default();
            if color {
                if app.is_given(cell) {
                    style = style.fg(Color::White).add_modifier(Modifier::BOLD);
                } else {
                    style = style.fg(Color::Cyan);
                }
                if same_unit {
                    style = style.bg(Color::Rgb(40, 40, 60));
                }
                if digit != 0 && digit == cursor_digit {
                    style = style.bg(Color::Rgb(90, 80, 20));
                }
                if focus.contains(&cell) {
                    style = style.bg(Color::Green).fg(Color::Black);
                }
                if app.wrong.contains(&cell) {
                    style = style.fg(Color::Magenta).add_modifier(Modifier::CROSSED_OUT);
                }
                if conflicts.contains(&cell) {
                    style = style.fg(Color::Red).add_modifier(Modifier::BOLD);
                }
                if cell == cursor {
                    style = style.add_modifier(Modifier::REVERSED);
                }
            } else {
                if app.is_given(cell) {
                    style = style.add_modifier(Modifier::BOLD);
                }
                if digit != 0 && digit == cursor_digit || focus.contains(&cell) {
                    style = style.add_modifier(Modifier::UNDERLINED);
                }
                if app.wrong.contains(&cell) {
                    style = style.add_modifier(Modifier::CROSSED_OUT);
                }
                if cell == cursor {
                    style = style.add_modifier(Modifier::REVERSED);
                }
            }
            spans.push(Span::styled(text, style));
            if col % 3 == 2 {
                spans.push(Span::styled("│", border));
            }
        }
        lines.push(Line::from(spans));
        if (row == 2 || row == 5) && line == size.1 - 1 {
            lines.push(rule("├", "┼", "┤"));
        }
    }
    lines.push(rule("└", "┴", "┘"));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::app::Key;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use sudokuflow::Grid;

    const PUZZLE: &[u8] =
        b"53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    fn screen(app: &App, width: u16, height: u16, color: bool) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| draw(f, app, color)).unwrap();
        let buffer = terminal.backend().buffer();
        (0..height)
            .map(|y| {
                let line: String = (0..width).map(|x| buffer[(x, y)].symbol()).collect();
                line.trim_end().to_string() + "\n"
            })
            .collect()
    }

    #[test]
    fn board_fits_80x24_and_shows_entries_and_conflicts() {
        let mut app = App::new(Grid::parse_line(PUZZLE).unwrap());
        app.source = "test".into();
        app.key(Key::Char('5'));
        let text = screen(&app, 80, 24, false);
        assert!(text.contains("│!5! 3 !5!│    7    │"), "{text}");
        assert!(text.contains("mistakes 1"), "{text}");
        let colored = screen(&app, 80, 24, true);
        assert!(colored.contains("│ 5  3  5 │    7    │"), "{colored}");
    }

    /// The screens compared with the committed snapshots in `snapshots/`:
    /// text for NO_COLOR, the buffer with its styles for colour.
    #[test]
    fn snapshots() {
        let mut app = App::new(Grid::parse_line(PUZZLE).unwrap());
        app.source = "sudoku1.txt #1".into();
        app.key(Key::Char('4'));
        app.key(Key::Char('N'));
        app.key(Key::Char('H'));
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&app, width, height, false);
            insta::assert_snapshot!(format!("no_color_{width}x{height}"), text);
            let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
            terminal.draw(|f| draw(f, &app, true)).unwrap();
            let styled = format!("{:?}", terminal.backend().buffer());
            insta::assert_snapshot!(format!("color_{width}x{height}"), styled);
        }
        app.key(Key::Char('?'));
        insta::assert_snapshot!("help_80x24", screen(&app, 80, 24, false));
    }

    #[test]
    fn clicks_map_to_cells() {
        let (x, y) = BOARD_ORIGIN;
        let small = (3, 1);
        assert_eq!(cell_at(x + 1, y + 1, small), Some(0));
        assert_eq!(cell_at(x + 3 * 3 + 2, y + 5, small), Some(3 * 9 + 3));
        assert_eq!(cell_at(x, y + 1, small), None, "border");
        assert_eq!(cell_at(x + 29, y + 11, small), Some(80));
        let large = (7, 3);
        // Row 4 starts below 1 border + 9 rows + 1 border.
        assert_eq!(cell_at(x + 1 + 21 + 1, y + 11 + 2, large), Some(3 * 9 + 3));
        assert_eq!(cell_at(x + 66 - 1, y + 31 - 2, large), Some(80));
        assert_eq!(cell_at(x + 66, y + 1, large), None, "right border");
    }
}
