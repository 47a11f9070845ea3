//! Drawing the game with ratatui: the board with box borders, givens, entries,
//! conflicts, the cursor and its units, same-digit cells, the status panel,
//! the help overlay and the completion screen; and the start screen's lists.
//! Only reads the [`App`] and the [`Menu`]. Without colour (`NO_COLOR`)
//! givens are bold, entries plain, conflicts `!5!` and underlined, the cursor
//! reversed, same digits underlined and wrong digits crossed out; in colour
//! the same modifiers stay on givens, conflicts and the cursor, for
//! monochrome terminals.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};

use super::app::{App, Hint};
use super::menu::{CHOICES, Menu, Page};

/// A cell's size on screen (columns, rows) on a `width` x `height`
/// terminal: 7x3 with pencil marks as a 3x3 mini-grid when there is room,
/// else 3x1 (80x24), where the side panel draws the cursor cell's notes as
/// that mini-grid.
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
        14,
    )
    .intersection(area);
    frame.render_widget(
        Paragraph::new(side_lines(app, size.1 == 1)).wrap(Wrap { trim: false }),
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
    if app.is_solved() {
        let secs = app.elapsed().as_secs();
        let text = vec![
            Line::from("The puzzle is solved."),
            Line::from(format!("time     {}:{:02}", secs / 60, secs % 60)),
            Line::from(format!("hints    {}", app.hints_used)),
            Line::from(format!("mistakes {}", app.mistakes)),
            Line::from("q quits"),
        ];
        let done = Rect::new(4, 4, 27, 7).intersection(area);
        frame.render_widget(Clear, done);
        let style = if color {
            Style::default().fg(Color::Green)
        } else {
            Style::default()
        };
        frame.render_widget(
            Paragraph::new(text).block(
                Block::default()
                    .borders(Borders::ALL)
                    .border_style(style)
                    .title(" Solved! "),
            ),
            done,
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

/// Rows of a start-screen list on a terminal `height` rows high.
pub fn menu_rows(height: u16) -> usize {
    usize::from(height.saturating_sub(4)).max(1)
}

/// The start screen: the page's list in a box, the selected row reversed,
/// then the message and the keys.
pub fn draw_menu(frame: &mut Frame, menu: &Menu, color: bool) {
    let area = frame.area();
    let rows = menu_rows(area.height);
    let first = menu.selected.saturating_sub(rows - 1);
    let items: Vec<(String, bool)> = match menu.page {
        Page::Main => CHOICES.iter().map(|c| (c.label(), true)).collect(),
        Page::Files => menu
            .files
            .iter()
            .map(|f| {
                (
                    f.file_name()
                        .unwrap_or_default()
                        .to_string_lossy()
                        .into_owned(),
                    true,
                )
            })
            .collect(),
        Page::Puzzles => menu
            .entries
            .iter()
            .enumerate()
            .skip(first)
            .take(rows)
            .map(|(i, e)| {
                let rating = menu.ratings[i].as_deref().unwrap_or("");
                let problem = e.problem.as_deref().unwrap_or("");
                let detail: Vec<&str> = [rating, problem]
                    .into_iter()
                    .filter(|t| !t.is_empty())
                    .collect();
                let text = format!("{:4}. line {:<5} {}", i + 1, e.line, detail.join("  "));
                (text, e.playable)
            })
            .collect(),
    };
    // The puzzle list is already cut to the window.
    let skip = if menu.page == Page::Puzzles { 0 } else { first };
    let lines: Vec<Line> = items
        .into_iter()
        .enumerate()
        .skip(skip)
        .take(rows)
        .map(|(i, (text, playable))| {
            let mut style = Style::default();
            if !playable {
                style = if color {
                    style.fg(Color::Red)
                } else {
                    style.add_modifier(Modifier::DIM)
                };
            }
            if i + first - skip == menu.selected {
                style = style.add_modifier(Modifier::REVERSED);
            }
            Line::from(Span::styled(format!(" {text}"), style))
        })
        .collect();
    let title = match menu.page {
        Page::Main => " sudokuflow play ".to_string(),
        Page::Files => " open a file: sudoku*.txt first, then other .txt ".to_string(),
        Page::Puzzles => {
            let file = menu.file.as_deref().and_then(|f| f.file_name());
            let name = file.unwrap_or_default().to_string_lossy();
            format!(" {name}: choose a puzzle (rating, problems by line) ")
        }
    };
    let list = Rect::new(0, 0, area.width, area.height.saturating_sub(2)).intersection(area);
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        list,
    );
    let message = Rect::new(1, area.height.saturating_sub(2), area.width, 1).intersection(area);
    frame.render_widget(Paragraph::new(menu.message.clone()), message);
    let back = if menu.page == Page::Main {
        "quit"
    } else {
        "back"
    };
    let keys = Rect::new(1, area.height.saturating_sub(1), area.width, 1).intersection(area);
    frame.render_widget(
        Paragraph::new(format!("↑↓ or j k choose   Enter open   Esc {back}")),
        keys,
    );
}

/// The side panel; with `small` cells, which show no notes, it draws the
/// cursor cell's notes as a 3x3 mini-grid.
fn side_lines(app: &App, small: bool) -> Vec<Line<'static>> {
    let secs = app.elapsed().as_secs();
    let notes = app.board().notes[app.cursor];
    let mut lines = vec![
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
            "cell     r{}c{}",
            app.cursor / 9 + 1,
            app.cursor % 9 + 1
        )),
    ];
    if small {
        lines.extend((0..3u8).map(|row| {
            let marks: Vec<String> = (1..=3u8)
                .map(|k| {
                    let d = row * 3 + k;
                    if notes & (1 << d) != 0 {
                        d.to_string()
                    } else {
                        "·".into()
                    }
                })
                .collect();
            let label = if row == 0 { "notes" } else { "" };
            Line::from(format!("{label:<9}{}", marks.join(" ")))
        }));
    }
    lines.extend([
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
    ]);
    lines
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
    let focus: Vec<usize> = app.hint.as_ref().map(Hint::cells).unwrap_or_default();
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
                // Underlined too, for monochrome terminals that show no red.
                if conflicts.contains(&cell) {
                    style = style
                        .fg(Color::Red)
                        .add_modifier(Modifier::BOLD | Modifier::UNDERLINED);
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
                if conflicts.contains(&cell) {
                    style = style.add_modifier(Modifier::UNDERLINED);
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

    /// The screen's text, one line per row, trailing spaces cut.
    fn text(buffer: &ratatui::buffer::Buffer) -> String {
        let area = buffer.area;
        (0..area.height)
            .map(|y| {
                let line: String = (0..area.width).map(|x| buffer[(x, y)].symbol()).collect();
                line.trim_end().to_string() + "\n"
            })
            .collect()
    }

    fn screen(app: &App, width: u16, height: u16, color: bool) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| draw(f, app, color)).unwrap();
        text(terminal.backend().buffer())
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
        app.key(Key::Right); // r1c4, with notes 2 and 6
        app.key(Key::Char('H'));
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&app, width, height, false);
            insta::assert_snapshot!(format!("no_color_{width}x{height}"), text);
            let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
            terminal.draw(|f| draw(f, &app, true)).unwrap();
            let styled = format!("{:?}", terminal.backend().buffer());
            insta::assert_snapshot!(format!("color_{width}x{height}"), styled);
            terminal.draw(|f| draw(f, &app, false)).unwrap();
            let styled = format!("{:?}", terminal.backend().buffer());
            insta::assert_snapshot!(format!("no_color_styles_{width}x{height}"), styled);
        }
        app.key(Key::Char('?'));
        insta::assert_snapshot!("help_80x24", screen(&app, 80, 24, false));
        app.key(Key::Char('?'));
        app.solve();
        insta::assert_snapshot!("solved_80x24", screen(&app, 80, 24, false));
    }

    /// The modifiers of the cell at `row`, `col` (its middle character) on
    /// an 80x24 screen, and its text.
    fn cell_style(buffer: &ratatui::buffer::Buffer, row: u16, col: u16) -> (Modifier, String) {
        let x = BOARD_ORIGIN.0 + 1 + col * 3 + col / 3;
        let y = BOARD_ORIGIN.1 + 1 + row + row / 3;
        let text: String = (x..x + 3).map(|x| buffer[(x, y)].symbol()).collect();
        (buffer[(x + 1, y)].modifier, text)
    }

    #[test]
    fn without_colour_givens_entries_conflicts_and_cursor_differ_by_modifiers() {
        let mut app = App::new(Grid::parse_line(PUZZLE).unwrap());
        app.key(Key::Char('5')); // r1c3: conflicts with the given r1c1
        app.key(Key::Right);
        app.key(Key::Char('2')); // r1c4: a plain entry
        app.key(Key::Right);
        app.key(Key::Right); // the cursor on the empty r1c6
        assert_eq!(app.conflicts(), vec![0, 2]);
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|f| draw(f, &app, false)).unwrap();
        let buffer = terminal.backend().buffer();
        assert!(
            buffer
                .content()
                .iter()
                .all(|c| c.fg == Color::Reset && c.bg == Color::Reset),
            "no colour at all"
        );
        let given = cell_style(buffer, 0, 1);
        let entry = cell_style(buffer, 0, 3);
        let conflict = cell_style(buffer, 0, 2);
        let cursor = cell_style(buffer, 0, 5);
        assert_eq!(given, (Modifier::BOLD, " 3 ".into()));
        assert_eq!(entry, (Modifier::empty(), " 2 ".into()));
        assert_eq!(conflict, (Modifier::UNDERLINED, "!5!".into()));
        assert_eq!(cursor, (Modifier::REVERSED, "   ".into()));
        // The given in conflict is bold and underlined.
        assert_eq!(
            cell_style(buffer, 0, 0),
            (Modifier::BOLD | Modifier::UNDERLINED, "!5!".into())
        );
        // In colour the same modifiers stay for monochrome terminals.
        terminal.draw(|f| draw(f, &app, true)).unwrap();
        let buffer = terminal.backend().buffer();
        assert!(cell_style(buffer, 0, 1).0.contains(Modifier::BOLD));
        assert!(!cell_style(buffer, 0, 3).0.contains(Modifier::BOLD));
        assert!(cell_style(buffer, 0, 2).0.contains(Modifier::UNDERLINED));
        assert!(cell_style(buffer, 0, 5).0.contains(Modifier::REVERSED));
    }

    /// After a resize the screen is what a fresh draw at the new size gives:
    /// nothing of the old layout is left over.
    #[test]
    fn redraws_cleanly_on_resize() {
        let mut app = App::new(Grid::parse_line(PUZZLE).unwrap());
        app.key(Key::Char('N'));
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        for (width, height) in [(120, 40), (80, 24), (100, 30)] {
            terminal.draw(|f| draw(f, &app, true)).unwrap();
            terminal.backend_mut().resize(width, height);
            terminal.draw(|f| draw(f, &app, true)).unwrap();
            let mut fresh = Terminal::new(TestBackend::new(width, height)).unwrap();
            fresh.draw(|f| draw(f, &app, true)).unwrap();
            assert_eq!(terminal.backend().buffer(), fresh.backend().buffer());
        }
    }

    fn menu_screen(menu: &Menu, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| draw_menu(f, menu, false)).unwrap();
        text(terminal.backend().buffer())
    }

    #[test]
    fn start_screen_snapshots() {
        let dir = tempfile::tempdir().unwrap();
        let conflict = std::str::from_utf8(PUZZLE).unwrap().replacen("53", "55", 1);
        let puzzle = std::str::from_utf8(PUZZLE).unwrap();
        std::fs::write(
            dir.path().join("sudoku1.txt"),
            format!("{puzzle}\nnot a puzzle\n{conflict}\n{}\n", ".".repeat(81)),
        )
        .unwrap();
        std::fs::write(dir.path().join("more.txt"), format!("{puzzle}\n")).unwrap();
        let mut menu = Menu::new(dir.path(), 1);
        menu.key(Key::Down);
        insta::assert_snapshot!("menu_main_80x24", menu_screen(&menu, 80, 24));
        for _ in 0..4 {
            menu.key(Key::Down);
        }
        menu.key(Key::Enter);
        insta::assert_snapshot!("menu_files_80x24", menu_screen(&menu, 80, 24));
        menu.key(Key::Enter);
        menu.rate_around(menu_rows(24));
        menu.key(Key::Down);
        menu.key(Key::Down);
        menu.key(Key::Enter);
        for (width, height) in [(80, 24), (120, 40)] {
            insta::assert_snapshot!(
                format!("menu_puzzles_{width}x{height}"),
                menu_screen(&menu, width, height)
            );
        }
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|f| draw_menu(f, &menu, true)).unwrap();
        insta::assert_snapshot!(
            "menu_puzzles_color_80x24",
            format!("{:?}", terminal.backend().buffer())
        );
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
