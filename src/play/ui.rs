//! Drawing the game with ratatui: the board in the largest shape that fits
//! (heavy lines around the boxes, thin ones between cells where there is
//! room), givens, entries, dim pencil marks, conflicts, the cursor and its
//! units, same digits, the side panel (with the cursor's box of notes where
//! cells are too small for theirs), messages wrapped under the board, and
//! the overlays: help, history, settings, the solved dialog. Only reads the
//! [`App`]. Without colour (`NO_COLOR`) givens are bold, entries plain,
//! notes dim, conflicts `!5!` and underlined, the cursor reversed, same
//! digits underlined and wrong digits crossed out, a hint's cells bold,
//! italic or underlined by their part in it; in colour the same modifiers
//! stay on givens, conflicts and the cursor, for monochrome terminals, and
//! a hint's cells carry a corner mark in both ([`HintRole`]).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span, Text};
use ratatui::widgets::{Block, Borders, Clear, Paragraph, Wrap};
use sudokuflow::format::printable;

use super::app::{App, Front, Overlay};
use super::board::{Board, cell_name, sees};
use super::clock;
use super::hint::Hint;
use super::keys::{self, Command};
use super::layout::{self, Layout, Shape};
use super::settings::Setting;

/// The full screen's key for `command`, from the key table.
fn key(command: Command) -> String {
    keys::name(Front::Screen, command)
}

/// The styles of one screen, in colour or not.
struct Styles {
    color: bool,
}

impl Styles {
    fn lines(&self) -> Style {
        if self.color {
            Style::default().fg(Color::Gray)
        } else {
            Style::default()
        }
    }

    fn thin_lines(&self) -> Style {
        if self.color {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default().add_modifier(Modifier::DIM)
        }
    }

    /// A digit all nine of which are placed, in the count of digits left.
    fn digit_done(&self) -> Style {
        if self.color {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default().add_modifier(Modifier::DIM)
        }
    }

    fn note(&self) -> Style {
        if self.color {
            Style::default().fg(Color::DarkGray)
        } else {
            Style::default().add_modifier(Modifier::DIM)
        }
    }

    /// The notes of a cell that leave out its digit, after a check:
    /// marked as wrong digits are.
    fn note_missing_digit(&self) -> Style {
        let crossed = Style::default().add_modifier(Modifier::CROSSED_OUT);
        if self.color {
            crossed.fg(Color::Magenta)
        } else {
            crossed
        }
    }

    /// A note of the digit under the cursor.
    fn note_same(&self) -> Style {
        if self.color {
            Style::default()
                .fg(Color::Yellow)
                .add_modifier(Modifier::BOLD)
        } else {
            Style::default().add_modifier(Modifier::BOLD)
        }
    }
}

/// The text under the board and its style.
fn message(app: &App) -> (String, Style) {
    match app.overlay {
        Some(Overlay::Ask(_)) => (
            app.message.clone(),
            Style::default().add_modifier(Modifier::BOLD),
        ),
        _ if app.is_solved() && app.message.is_empty() => (
            format!(
                "{} {} new game, {} start screen, {} undoes the last move, {} quits.",
                app.end_message(),
                key(Command::NewGame),
                key(Command::Menu),
                key(Command::Undo),
                key(Command::Quit)
            ),
            Style::default(),
        ),
        _ => (app.message.clone(), Style::default()),
    }
}

/// The game screen's layout in `area`: while a hint's text is longer than
/// the rows under the board of notes (two at 80x24), the one-line board,
/// so that the text covers none of the cells the hint lights.
/// [`draw`] and a mouse click (the cell under it) go by it.
pub fn game_layout(area: Rect, app: &App) -> Result<Layout, (u16, u16)> {
    let layout = layout::choose(area, app.notes_in_panel)?;
    if layout.shape.shows_notes() && app.hint.is_some() && !app.paused {
        let rows = wrapped(&message(app).0, usize::from(layout.message.width)).len();
        if rows > usize::from(layout.message.height)
            && let Ok(one_line) = layout::choose(area, true)
            && !one_line.shape.shows_notes()
        {
            return Ok(one_line);
        }
    }
    Ok(layout)
}

pub fn draw(frame: &mut Frame, app: &App, color: bool) {
    let area = frame.area();
    let layout = match game_layout(area, app) {
        Ok(layout) => layout,
        Err((width, height)) => return too_small(frame, width, height),
    };
    let (text, style) = message(app);
    let message_lines = wrapped(&text, usize::from(layout.message.width));
    let styles = Styles { color };
    if app.paused {
        frame.render_widget(Paragraph::new("Paused: any key to go on"), layout.board);
    } else {
        frame.render_widget(
            Paragraph::new(board_lines(app, &styles, layout.shape)),
            layout.board,
        );
    }
    // The digits left go in the panel where cells show their own notes;
    // else the panel holds the box's notes and they go under the board.
    let mut message_area = layout.message;
    // The digits left give way to a message that needs their row.
    let needed = message_lines.len() as u16;
    if !layout.shape.shows_notes()
        && !app.paused
        && message_area.height >= 3
        && needed < message_area.height
    {
        let strip = Rect::new(message_area.x, message_area.y, message_area.width, 1);
        let mut spans = vec![Span::raw("left  ")];
        spans.extend(digits_left_spans(app, &styles, "  "));
        frame.render_widget(Paragraph::new(Line::from(spans)), strip);
        message_area.y += 1;
        message_area.height -= 1;
    }
    match app.overlay {
        Some(Overlay::History { selected }) => history(frame, app, selected, layout.panel),
        _ => frame.render_widget(
            Paragraph::new(side_lines(app, &styles, &layout)).wrap(Wrap { trim: false }),
            layout.panel,
        ),
    }
    // A message longer than the rows under even the one-line board takes
    // rows from the board's bottom while it is shown, rather than losing
    // its end.
    if needed > message_area.height {
        let grow = (needed - message_area.height)
            .min(MESSAGE_ROWS_OVER_BOARD)
            .min(message_area.y - area.y);
        message_area.y -= grow;
        message_area.height += grow;
        frame.render_widget(Clear, message_area);
    }
    frame.render_widget(
        Paragraph::new(fitted(message_lines, message_area)).style(style),
        message_area,
    );
    match app.overlay {
        Some(Overlay::Solved) => solved(frame, app, &styles, layout.board),
        Some(Overlay::Help) => boxed(
            frame,
            area,
            " keys ",
            keys::help_lines().into_iter().map(Line::from).collect(),
        ),
        Some(Overlay::Settings { selected }) => settings(frame, app, selected, area),
        _ => {}
    }
}

/// The most rows of the board a long message covers.
const MESSAGE_ROWS_OVER_BOARD: u16 = 6;

/// Below the smallest layout: what size is needed, and no board.
fn too_small(frame: &mut Frame, width: u16, height: u16) {
    let area = frame.area();
    let text = format!(
        "enlarge the terminal to at least {width}x{height} (it is {}x{}); Q quits",
        area.width, area.height
    );
    frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), area);
}

/// `lines` in a bordered box with `title`, centred in `area`.
fn boxed(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line<'static>>) {
    let width = lines
        .iter()
        .map(Line::width)
        .max()
        .unwrap_or(0)
        .max(title.len()) as u16
        + 4;
    let height = lines.len() as u16 + 2;
    let rect = Rect::new(
        area.x + area.width.saturating_sub(width) / 2,
        area.y + area.height.saturating_sub(height) / 2,
        width,
        height,
    )
    .intersection(area);
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(title.to_string()),
        ),
        rect,
    );
}

/// The solved dialog's statistics line while the game waits for its level
/// to be counted.
const AWAITING_LEVEL: &str = "counting when level is known";

fn solved(frame: &mut Frame, app: &App, styles: &Styles, board: Rect) {
    let who = if app.solved_by_computer() {
        "Solved by the computer."
    } else {
        "You solved it!"
    };
    let mut lines = vec![
        Line::from(who),
        Line::from(format!("time     {}", clock::format(app.elapsed()))),
        Line::from(format!("hints    {}", app.hints_used)),
    ];
    if app.settings.show_mistakes {
        lines.push(Line::from(format!("mistakes {}", app.mistakes)));
    }
    if let Some(recorded) = &app.count_news {
        lines.extend(recorded.lines().into_iter().map(Line::from));
    } else if app.awaiting_level.is_some() {
        lines.push(Line::from(AWAITING_LEVEL));
    }
    lines.extend([
        Line::from(""),
        Line::from(format!(
            "{} new game   {} start screen",
            key(Command::NewGame),
            key(Command::Menu)
        )),
        Line::from(format!(
            "{} undo   {} quit   {} close",
            key(Command::Undo),
            key(Command::Quit),
            key(Command::Close)
        )),
    ]);
    let width = 33;
    let height = lines.len() as u16 + 2;
    let rect = Rect::new(
        board.x + board.width.saturating_sub(width) / 2,
        board.y + board.height.saturating_sub(height) / 2,
        width,
        height,
    )
    .intersection(frame.area());
    let border = if styles.color {
        Style::default().fg(Color::Green)
    } else {
        Style::default()
    };
    frame.render_widget(Clear, rect);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .border_style(border)
                .padding(ratatui::widgets::Padding::horizontal(1))
                .title(" Solved! "),
        ),
        rect,
    );
}

fn settings(frame: &mut Frame, app: &App, selected: usize, area: Rect) {
    let mut lines: Vec<Line> = Setting::ALL
        .iter()
        .enumerate()
        .map(|(i, &setting)| {
            let mark = if app.settings.get(setting) {
                "[x]"
            } else {
                "[ ]"
            };
            let line = Line::from(format!("{mark} {}", setting.label()));
            if i == selected {
                line.style(Style::default().add_modifier(Modifier::REVERSED))
            } else {
                line
            }
        })
        .collect();
    lines.push(Line::from(""));
    lines.push(Line::from("Enter or Space toggles, Esc closes"));
    boxed(frame, area, " settings ", lines);
}

/// The history list in the panel (the board shows the selected state).
fn history(frame: &mut Frame, app: &App, selected: usize, panel: Rect) {
    let rows = usize::from(panel.height.saturating_sub(2)).max(1);
    let first = selected
        .saturating_sub(rows / 2)
        .min(app.history.len().saturating_sub(rows));
    let width = usize::from(panel.width.saturating_sub(2));
    let lines: Vec<Line> = (first..app.history.len().min(first + rows))
        .map(|i| {
            let now = if i == app.at { " (now)" } else { "" };
            let text = format!("{i:4} {}{now}", app.history[i].by.describe());
            let line = Line::from(cut(&text, width));
            if i == selected {
                line.style(Style::default().add_modifier(Modifier::REVERSED))
            } else {
                line
            }
        })
        .collect();
    frame.render_widget(Clear, panel);
    frame.render_widget(
        Paragraph::new(lines).block(
            Block::default()
                .borders(Borders::ALL)
                .title(" history: Enter goes there, Esc "),
        ),
        panel,
    );
}

/// The side panel: the game's status, and where cells show no notes, the
/// notes of the cursor's box (or, in a short panel, of the cursor's cell).
fn side_lines(app: &App, styles: &Styles, layout: &Layout) -> Vec<Line<'static>> {
    let time = clock::format(app.elapsed());
    let level = app.level_text();
    let mode = if app.pencil { "pencil marks" } else { "digits" };
    let moves = format!("{}/{}", app.at, app.history.len() - 1);
    let cursor = cell_name(app.cursor);
    let mistakes = if app.settings.show_mistakes {
        format!("mistakes {}", app.mistakes)
    } else {
        String::new()
    };
    let roomy = layout.panel.height >= 30;
    // Where the puzzle came from takes one line, whatever its length: cut,
    // with an ellipsis; the short lines wrap in a narrow panel.
    let width = usize::from(layout.panel.width);
    let source = cut(&app.source, width);
    // Beside a board whose cells hold their notes the panel is tall enough
    // for a line each; beside the others it holds the box's notes too.
    let mut lines: Vec<Line> = if layout.shape.shows_notes() {
        let mut lines = match roomy {
            true => vec!["sudokuflow play".to_string(), source, String::new()],
            // The narrow panel at 80x24 (22 columns) gives the source two
            // lines: `new medium game, seed 2` keeps its seed.
            false => fitted_lines(&app.source, width, 2),
        };
        lines.extend([
            labelled("level", &level, width),
            labelled("time", &time, width),
            labelled("hints", &app.hints_used.to_string(), width),
        ]);
        if app.settings.show_mistakes {
            lines.push(labelled("mistakes", &app.mistakes.to_string(), width));
        }
        lines.extend([
            labelled("move", &moves, width),
            labelled("cell", &cursor, width),
            labelled("mode", mode, width),
        ]);
        lines.into_iter().map(Line::from).collect()
    } else {
        let mut lines = vec![
            // Narrow, the program's name gives way to the source.
            match format!("sudokuflow play  {}", app.source) {
                both if both.chars().count() <= width => both,
                _ => source,
            },
            format!("level {level}"),
        ];
        let hints = format!("hints {}", app.hints_used);
        let time = format!("time {time}");
        let mut clock_parts = vec![time.as_str(), hints.as_str()];
        if !mistakes.is_empty() {
            clock_parts.push(&mistakes);
        }
        lines.extend(packed(&clock_parts, "  ", width));
        lines.extend(packed(
            &[&format!("move {moves}"), &cursor, mode],
            "  ",
            width,
        ));
        lines.into_iter().map(Line::from).collect()
    };
    if let Some(auto) = &app.autosolve {
        let speed = format!("{} ms/step", auto.delay.as_millis());
        let parts = ["auto-solve", &speed, "(+ -)"];
        lines.extend(packed(&parts, " ", width).into_iter().map(Line::from));
    }
    lines.push(Line::from(""));
    if layout.shape.shows_notes() {
        lines.extend(digits_left_pad(app, styles, width));
        lines.push(Line::from(""));
    }
    if !layout.shape.shows_notes() {
        let room = usize::from(layout.panel.height).saturating_sub(lines.len() + 1);
        let b = app.cursor / 27 * 3 + app.cursor % 9 / 3;
        let box_cells = (0..9).map(|i| b / 3 * 27 + b % 3 * 3 + i / 3 * 9 + i % 3);
        let box_has_notes = box_cells
            .into_iter()
            .any(|c| app.shown().cells[c] == 0 && app.shown().notes[c] != 0);
        if !box_has_notes {
            lines.push(Line::from(format!("no notes in box {}", b + 1)));
            let pencil = format!("{} pencil marks", key(Command::Pencil));
            let fill = format!("{} fill all", key(Command::FillNotes));
            lines.extend(
                packed(&[&pencil, &fill], "   ", width)
                    .into_iter()
                    .map(Line::from),
            );
            if layout.notes_choice {
                lines.push(Line::from(format!(
                    "{} notes in the cells",
                    key(Command::NotesView)
                )));
            }
        } else if room >= 12 {
            lines.extend(box_notes(app, styles));
        } else {
            lines.extend(cell_notes(app, styles));
        }
        lines.push(Line::from(""));
    } else if roomy {
        lines.extend(keys_short().map(Line::from));
        lines.push(Line::from(""));
    }
    lines.push(Line::from(format!(
        "{} keys   {} quit",
        key(Command::Help),
        key(Command::Quit)
    )));
    lines
}

/// Each digit and how many of it are left to place, `1:3`, `sep` apart;
/// a digit placed nine times dim.
fn digits_left_spans(app: &App, styles: &Styles, sep: &str) -> Vec<Span<'static>> {
    let left = app.digits_left();
    let mut spans = Vec::new();
    for (i, &count) in left.iter().enumerate() {
        if i > 0 {
            spans.push(Span::raw(sep.to_string()));
        }
        let text = format!("{}:{count}", i + 1);
        spans.push(match count {
            0 => Span::styled(text, styles.digit_done()),
            _ => Span::raw(text),
        });
    }
    spans
}

/// The digits left as a keypad, three to a line, for a panel `width`
/// columns wide: after the label where there is room (22 columns, 20 with
/// the digits closer), under it where there is not.
fn digits_left_pad(app: &App, styles: &Styles, width: usize) -> Vec<Line<'static>> {
    const LABEL: &str = "left     ";
    // A row: three `1:6`, two separators.
    let row_width = |sep: &str| 9 + 2 * sep.len();
    let sep = if LABEL.len() + row_width("  ") <= width {
        "  "
    } else {
        " "
    };
    let beside = LABEL.len() + row_width(sep) <= width;
    let spans = digits_left_spans(app, styles, sep);
    let mut lines = Vec::new();
    if !beside {
        lines.push(Line::from(LABEL.trim_end()));
    }
    // Each digit's span and the separator after it: six spans a line.
    for (row, chunk) in spans.chunks(6).enumerate() {
        let label = match (beside, row) {
            (false, _) => "",
            (true, 0) => LABEL,
            (true, _) => "         ",
        };
        let mut line = vec![Span::raw(label)];
        line.extend(chunk.iter().take(5).cloned());
        lines.push(Line::from(line));
    }
    lines
}

/// `label` and `value` on a line, the values of a column of them lined up
/// where `width` lets them (`time     0:05`), else one space apart.
fn labelled(label: &str, value: &str, width: usize) -> String {
    let aligned = format!("{label:<8} {value}");
    if aligned.chars().count() <= width {
        aligned
    } else {
        format!("{label} {value}")
    }
}

/// `parts` on as few lines of `width` columns as they fit, `sep` between
/// two on a line; a part is never split (one wider than a line is left
/// for the panel to wrap).
fn packed(parts: &[&str], sep: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for part in parts {
        match lines.last_mut() {
            Some(line) if line.chars().count() + sep.len() + part.chars().count() <= width => {
                line.push_str(sep);
                line.push_str(part);
            }
            _ => lines.push(part.to_string()),
        }
    }
    lines
}

/// The panel's reminder of the main keys, where there is room.
fn keys_short() -> [String; 3] {
    [
        format!(
            "{} place   {} clear   {} notes",
            keys::label(Command::Place),
            key(Command::Clear),
            key(Command::Pencil)
        ),
        format!(
            "{} hint      {} check   {} undo",
            key(Command::Hint),
            key(Command::Check),
            key(Command::Undo)
        ),
        format!(
            "{} history   {} auto-solve",
            key(Command::History),
            key(Command::AutoSolve)
        ),
    ]
}

/// The cursor cell's notes as a 3x3 grid.
fn cell_notes(app: &App, styles: &Styles) -> Vec<Line<'static>> {
    let notes = app.shown().notes[app.cursor];
    (0..3u16)
        .map(|row| {
            let label = if row == 0 { "notes    " } else { "         " };
            let mut spans = vec![Span::raw(label)];
            for k in 1..=3 {
                let d = row * 3 + k;
                let text = if notes & (1 << d) != 0 {
                    format!("{d} ")
                } else {
                    "· ".into()
                };
                spans.push(Span::styled(text, styles.note()));
            }
            Line::from(spans)
        })
        .collect()
}

/// The notes of the cursor's box, each cell a 3x3 grid of its notes (its
/// digit in the middle if filled), the cursor's cell reversed.
fn box_notes(app: &App, styles: &Styles) -> Vec<Line<'static>> {
    let board = app.shown();
    let b = app.cursor / 27 * 3 + app.cursor % 9 / 3;
    let first = b / 3 * 27 + b % 3 * 3;
    let mut lines = vec![Line::from(format!("notes of box {}", b + 1))];
    for r in 0..3 {
        for sub in 0..3u16 {
            let mut spans = Vec::new();
            for c in 0..3 {
                let cell = first + r * 9 + c;
                let mut cell_spans = mini_cell(app, board, cell, sub, styles);
                if cell == app.cursor {
                    for span in &mut cell_spans {
                        span.style = span.style.add_modifier(Modifier::REVERSED);
                    }
                }
                spans.extend(cell_spans);
                if c < 2 {
                    spans.push(Span::styled("│", styles.thin_lines()));
                }
            }
            lines.push(Line::from(spans));
        }
        if r < 2 {
            lines.push(Line::from(Span::styled("───┼───┼───", styles.thin_lines())));
        }
    }
    lines
}

/// Line `sub` of `cell` as three characters: its notes, or its digit.
fn mini_cell(
    app: &App,
    board: &Board,
    cell: usize,
    sub: u16,
    styles: &Styles,
) -> Vec<Span<'static>> {
    let digit = board.cells[cell];
    if digit != 0 {
        let text = if sub == 1 {
            format!(" {digit} ")
        } else {
            "   ".into()
        };
        let style = if app.is_given(cell) {
            Style::default().add_modifier(Modifier::BOLD)
        } else {
            Style::default()
        };
        return vec![Span::styled(text, style)];
    }
    (1..=3u16)
        .map(|k| {
            let d = sub * 3 + k;
            if board.notes[cell] & (1 << d) != 0 {
                Span::styled(d.to_string(), styles.note())
            } else {
                Span::raw(" ")
            }
        })
        .collect()
}

/// What a line across the board is, at a boundary between rows (or
/// columns): 0 and every third one are box lines.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Rule {
    Box,
    Thin,
    None,
}

fn rule_at(i: u16, thin: bool) -> Rule {
    if i.is_multiple_of(3) {
        Rule::Box
    } else if thin {
        Rule::Thin
    } else {
        Rule::None
    }
}

/// A horizontal line of the board at row boundary `row` (0 to 9).
fn rule_line(row: u16, shape: Shape, styles: &Styles) -> Line<'static> {
    let heavy = rule_at(row, shape.thin_rows) == Rule::Box;
    let mut text = String::new();
    for col in 0..=9u16 {
        let vertical = rule_at(col, shape.thin_cols);
        let joint = match (heavy, vertical) {
            (_, Rule::None) => None,
            (true, Rule::Box) => Some(match (row, col) {
                (0, 0) => '┏',
                (0, 9) => '┓',
                (0, _) => '┳',
                (9, 0) => '┗',
                (9, 9) => '┛',
                (9, _) => '┻',
                (_, 0) => '┣',
                (_, 9) => '┫',
                _ => '╋',
            }),
            (true, Rule::Thin) => Some(match row {
                0 => '┯',
                9 => '┷',
                _ => '┿',
            }),
            (false, Rule::Box) => Some(match col {
                0 => '┠',
                9 => '┨',
                _ => '╂',
            }),
            (false, Rule::Thin) => Some('┼'),
        };
        text.extend(joint);
        if col < 9 {
            let segment = if heavy { "━" } else { "─" };
            text.push_str(&segment.repeat(usize::from(shape.cell.0)));
        }
    }
    let style = if heavy {
        styles.lines()
    } else {
        styles.thin_lines()
    };
    Line::from(Span::styled(text, style))
}

/// The board: lines and cells, the shown state (the history's selection
/// while the history is open).
fn board_lines(app: &App, styles: &Styles, shape: Shape) -> Vec<Line<'static>> {
    let view = View::new(app, styles.color);
    let mut lines = vec![rule_line(0, shape, styles)];
    for row in 0..9u16 {
        for sub in 0..shape.cell.1 {
            let mut spans = vec![Span::styled("┃", styles.lines())];
            for col in 0..9u16 {
                let cell = usize::from(row * 9 + col);
                spans.extend(view.cell_line(cell, sub, shape, styles));
                match rule_at(col + 1, shape.thin_cols) {
                    Rule::Box => spans.push(Span::styled("┃", styles.lines())),
                    Rule::Thin => spans.push(Span::styled("│", styles.thin_lines())),
                    Rule::None => {}
                }
            }
            // Cells of several lines with no line between their rows (the
            // notes view at 80x24): the last line of each row underlined,
            // so one row's notes do not run into the next's.
            let last = sub + 1 == shape.cell.1;
            if shape.cell.1 > 1 && last && rule_at(row + 1, shape.thin_rows) == Rule::None {
                for span in &mut spans {
                    span.style = span.style.add_modifier(Modifier::UNDERLINED);
                }
            }
            lines.push(Line::from(spans));
        }
        if rule_at(row + 1, shape.thin_rows) != Rule::None {
            lines.push(rule_line(row + 1, shape, styles));
        }
    }
    lines
}

/// What the board's drawing needs to know of the game, worked out once.
struct View<'a> {
    app: &'a App,
    board: &'a Board,
    conflicts: Vec<usize>,
    /// The digits marked wrong (a check's, or all with the setting on) and
    /// the cells whose notes a check found leaving out their digit.
    wrong: Vec<usize>,
    /// A hint's cells: the pattern's and those given a digit, then those
    /// only losing a candidate, and the houses it looks at.
    focus: Vec<usize>,
    losing: Vec<usize>,
    house: Vec<usize>,
    /// The filled cells that make a single the hint shows.
    makers: Vec<usize>,
    /// The hint names no cell (a hidden single's clue names its house
    /// only): without colour, which lights the houses, the house's cells
    /// are marked, so that the player sees where to look.
    mark_house: bool,
    /// The digit under the cursor, when same digits are highlighted.
    same: u8,
}

impl<'a> View<'a> {
    fn new(app: &'a App, color: bool) -> View<'a> {
        let board = app.shown();
        let same = if app.settings.highlight_same {
            board.cells[app.cursor]
        } else {
            0
        };
        let mut view = View {
            app,
            board,
            conflicts: app.conflicts(),
            wrong: app.wrong_cells(),
            focus: app.hint.as_ref().map(Hint::cells).unwrap_or_default(),
            house: app.hint.as_ref().map(Hint::house_cells).unwrap_or_default(),
            makers: app
                .hint
                .as_ref()
                .map(|h| h.single_makers(board))
                .unwrap_or_default(),
            losing: app
                .hint
                .as_ref()
                .map(Hint::losing_cells)
                .unwrap_or_default(),
            mark_house: false,
            same,
        };
        view.mark_house =
            !color && view.focus.is_empty() && view.losing.is_empty() && view.makers.is_empty();
        view
    }

    /// What the hint shown makes of `cell`, if anything.
    fn role(&self, cell: usize) -> Option<HintRole> {
        if self.losing.contains(&cell) {
            Some(HintRole::Losing)
        } else if self.focus.contains(&cell) {
            Some(HintRole::Pattern)
        } else if self.makers.contains(&cell) {
            Some(HintRole::Maker)
        } else if self.mark_house && self.house.contains(&cell) {
            Some(HintRole::House)
        } else {
            None
        }
    }

    /// Line `sub` of `cell`, `shape.cell.0` characters wide, a hint's mark
    /// in the corner of its last line.
    fn cell_line(
        &self,
        cell: usize,
        sub: u16,
        shape: Shape,
        styles: &Styles,
    ) -> Vec<Span<'static>> {
        let mut spans = self.cell_content(cell, sub, shape, styles);
        if let Some(role) = self.role(cell).filter(|_| sub + 1 == shape.cell.1) {
            mark_corner(&mut spans, role.corner());
        }
        spans
    }

    /// The style of the whole cell: its background and the cursor.
    fn cell_style(&self, cell: usize, styles: &Styles) -> Style {
        let app = self.app;
        let digit = self.board.cells[cell];
        let focus = self.focus.contains(&cell);
        let mut style = Style::default();
        if styles.color {
            if sees(cell, app.cursor) {
                style = style.bg(Color::Rgb(40, 40, 60));
            }
            if digit != 0 && digit == self.same {
                style = style.bg(Color::Rgb(90, 80, 20));
            }
            if self.house.contains(&cell) {
                style = style.bg(Color::Rgb(30, 70, 90));
            }
            // The digit's colour over the whole cell, so that the cursor
            // (reversed) is one block of colour.
            style = match digit {
                _ if self.losing.contains(&cell) => {
                    style.bg(Color::Rgb(170, 90, 40)).fg(Color::Black)
                }
                _ if focus => style.bg(Color::Rgb(70, 140, 70)).fg(Color::Black),
                _ if self.makers.contains(&cell) => {
                    style.bg(Color::Rgb(110, 70, 130)).fg(Color::White)
                }
                0 => style,
                _ if self.conflicts.contains(&cell) => style.fg(Color::Red),
                _ if self.wrong.contains(&cell) => style.fg(Color::Magenta),
                _ if app.is_given(cell) => style.fg(Color::White),
                _ => style.fg(Color::Cyan),
            };
        } else {
            if digit != 0 && digit == self.same {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            if let Some(role) = self.role(cell) {
                style = style.add_modifier(role.modifiers());
            }
        }
        if cell == app.cursor {
            style = style.add_modifier(Modifier::REVERSED);
        }
        style
    }

    /// The style of the cell's digit, over its cell style: bold givens,
    /// crossed-out wrong digits, underlined and bold conflicts (for
    /// monochrome terminals that show no red).
    fn digit_style(&self, cell: usize, styles: &Styles) -> Style {
        let mut style = self.cell_style(cell, styles);
        if self.app.is_given(cell) {
            style = style.add_modifier(Modifier::BOLD);
        }
        if self.wrong.contains(&cell) {
            style = style.add_modifier(Modifier::CROSSED_OUT);
        }
        if self.conflicts.contains(&cell) {
            style = style.add_modifier(Modifier::UNDERLINED);
            if styles.color {
                style = style.add_modifier(Modifier::BOLD);
            }
        }
        style
    }

    /// Line `sub` of `cell`, `shape.cell.0` characters wide, unmarked.
    fn cell_content(
        &self,
        cell: usize,
        sub: u16,
        shape: Shape,
        styles: &Styles,
    ) -> Vec<Span<'static>> {
        let (width, height) = (usize::from(shape.cell.0), shape.cell.1);
        let base = self.cell_style(cell, styles);
        let digit = self.board.cells[cell];
        // Without colour a conflict shows as !5! and a wrong digit as ?5?,
        // so neither needs colour.
        let mark = match () {
            _ if styles.color => None,
            _ if self.conflicts.contains(&cell) => Some('!'),
            _ if self.wrong.contains(&cell) => Some('?'),
            _ => None,
        };
        if digit != 0 && height == 3 {
            // A digit three lines high: never taken for a note.
            let glyph = BIG_DIGITS[usize::from(digit) - 1][usize::from(sub)];
            let text = if let Some(mark) = mark.filter(|_| sub == 1) {
                format!("{mark}{glyph}{mark}")
            } else {
                format!(" {glyph} ")
            };
            // Underlined on its last line only, crossed out on its middle
            // one: on every line either would look like a grid.
            let mut style = self.digit_style(cell, styles);
            if sub != 2 {
                style = style.remove_modifier(Modifier::UNDERLINED);
            }
            if sub != 1 {
                style = style.remove_modifier(Modifier::CROSSED_OUT);
            }
            return vec![
                Span::styled(" ".repeat((width - 5) / 2), base),
                Span::styled(text, style),
                Span::styled(" ".repeat(width - 5 - (width - 5) / 2), base),
            ];
        }
        if digit != 0 {
            if sub != (height - 1) / 2 {
                return vec![Span::styled(" ".repeat(width), base)];
            }
            let text = if let Some(mark) = mark {
                format!("{mark}{digit}{mark}")
            } else {
                format!(" {digit} ")
            };
            return vec![Span::styled(
                format!("{text:^width$}"),
                self.digit_style(cell, styles),
            )];
        }
        let notes = self.board.notes[cell];
        if notes == 0 {
            return vec![Span::styled(" ".repeat(width), base)];
        }
        let focus = self.focus.contains(&cell);
        let missing_digit = notes != 0 && self.wrong.contains(&cell);
        // The spaces between notes take the notes' colour too: reversed
        // under the cursor, the cell is one block.
        let base = if focus {
            base
        } else {
            base.patch(styles.note())
        };
        let note_style = |d: u16| {
            let style = if missing_digit {
                styles.note_missing_digit()
            } else if self.same != 0 && d == u16::from(self.same) {
                styles.note_same()
            } else if focus && styles.color {
                // Dark on the hint's green.
                Style::default().fg(Color::Black)
            } else if focus {
                // Not dim: the cell's bold shows.
                Style::default()
            } else {
                styles.note()
            };
            base.patch(style)
        };
        // The digits on this line and the columns between them.
        let (digits, gap): (Vec<u16>, bool) = match height {
            1 => {
                let style = match missing_digit {
                    true => styles.note_missing_digit(),
                    false => styles.note(),
                };
                return vec![Span::styled(format!("{:^width$}", "·"), base.patch(style))];
            }
            2 if sub == 0 => ((1..=5).collect(), false),
            2 => ((6..=9).collect(), false),
            _ => ((sub * 3 + 1..=sub * 3 + 3).collect(), true),
        };
        let used = digits.len() * if gap { 2 } else { 1 } - usize::from(gap);
        let used = if height == 2 { 5 } else { used };
        let left = (width.saturating_sub(used)) / 2;
        let mut spans = vec![Span::styled(" ".repeat(left), base)];
        for (i, &d) in digits.iter().enumerate() {
            if gap && i > 0 {
                spans.push(Span::styled(" ", base));
            }
            // On two lines, where notes 1-5 stand where a digit would, a
            // dot marks each missing one: the cell reads as notes.
            let text = if notes & (1 << d) != 0 {
                d.to_string()
            } else if height == 2 {
                "·".into()
            } else {
                " ".into()
            };
            spans.push(Span::styled(text, note_style(d)));
        }
        let drawn: usize = spans.iter().map(|s| s.content.chars().count()).sum();
        spans.push(Span::styled(" ".repeat(width.saturating_sub(drawn)), base));
        spans
    }
}

/// What a hint makes of a cell, told apart by colour (its background) and,
/// for colour-blind players and terminals without colour, by a mark in the
/// cell's bottom-right corner; without colour by modifiers too.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum HintRole {
    /// One of the step's pattern, the cell it fills, or one its clue names.
    Pattern,
    /// A cell that only loses a candidate.
    Losing,
    /// A filled cell that makes the single shown.
    Maker,
    /// Without colour, a cell of a house the hint looks at, when the hint
    /// names no cell (in colour the houses are lit).
    House,
}

impl HintRole {
    fn corner(self) -> char {
        match self {
            HintRole::Pattern => '*',
            HintRole::Losing => 'x',
            HintRole::Maker => '+',
            HintRole::House => '-',
        }
    }

    fn modifiers(self) -> Modifier {
        match self {
            HintRole::Pattern => Modifier::BOLD | Modifier::UNDERLINED,
            HintRole::Losing => Modifier::ITALIC,
            HintRole::Maker => Modifier::UNDERLINED,
            // The mark alone: digits and notes stay as they are.
            HintRole::House => Modifier::empty(),
        }
    }
}

/// `mark` in place of the last character of a cell's line, when that is a
/// space: it never hides a note or a digit (a 5x3 cell's notes fill it).
fn mark_corner(spans: &mut Vec<Span<'static>>, mark: char) {
    let Some(last) = spans.iter_mut().rev().find(|s| !s.content.is_empty()) else {
        return;
    };
    let Some(kept) = last.content.strip_suffix(' ') else {
        return;
    };
    let style = last.style;
    last.content = kept.to_string().into();
    spans.push(Span::styled(mark.to_string(), style));
}

/// Digits three lines high, for cells three lines high: 1 to 9.
const BIG_DIGITS: [[&str; 3]; 9] = [
    [" ┓ ", " ┃ ", "╺┻╸"],
    ["╺━┓", "┏━┛", "┗━╸"],
    ["╺━┓", " ━┫", "╺━┛"],
    ["╻ ╻", "┗━┫", "  ╹"],
    ["┏━╸", "┗━┓", "╺━┛"],
    ["┏━╸", "┣━┓", "┗━┛"],
    ["╺━┓", "  ┃", "  ╹"],
    ["┏━┓", "┣━┫", "┗━┛"],
    ["┏━┓", "┗━┫", "╺━┛"],
];

/// The smallest terminal the start screen is drawn on.
pub const MENU_SIZE: (u16, u16) = (30, 8);

/// Rows of a start-screen list on a terminal `height` rows high.
pub fn menu_rows(height: u16) -> usize {
    usize::from(height.saturating_sub(6)).max(1)
}

/// `text` wrapped between words to `area`'s width; when it needs more
/// lines than `area` has, the last shown ends in an ellipsis.
fn fitted_text(text: &str, area: Rect) -> Text<'static> {
    fitted(wrapped(text, usize::from(area.width)), area)
}

/// Lines already wrapped to `area`'s width, cut to its height as
/// [`fitted_text`] does.
fn fitted(lines: Vec<String>, area: Rect) -> Text<'static> {
    let lines = cut_to_rows(lines, usize::from(area.width), usize::from(area.height));
    Text::from(lines.into_iter().map(Line::from).collect::<Vec<_>>())
}

/// [`fitted_text`]'s lines, at most `rows` of `width` characters.
fn fitted_lines(text: &str, width: usize, rows: usize) -> Vec<String> {
    cut_to_rows(wrapped(text, width), width, rows)
}

/// `lines` of at most `width` characters cut to `rows`, the last shown
/// ending in an ellipsis when some are left out.
fn cut_to_rows(mut lines: Vec<String>, width: usize, rows: usize) -> Vec<String> {
    if lines.len() > rows {
        lines.truncate(rows);
        if let Some(last) = lines.last_mut() {
            let mut shown: String = last.chars().take(width.saturating_sub(1)).collect();
            shown.push('…');
            *last = shown;
        }
    }
    lines
}

/// `text` wrapped between words to `width` columns, a word wider than a
/// line split.
fn wrapped(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for paragraph in text.lines() {
        let mut line = String::new();
        for word in paragraph.split_whitespace() {
            let mut word: Vec<char> = word.chars().collect();
            loop {
                let used = line.chars().count();
                let room = if used == 0 {
                    width
                } else {
                    width.saturating_sub(used + 1)
                };
                if word.len() <= room {
                    if used > 0 {
                        line.push(' ');
                    }
                    line.extend(&word);
                    break;
                }
                if used > 0 {
                    lines.push(std::mem::take(&mut line));
                    continue;
                }
                // A word wider than a line is split.
                let rest = word.split_off(width.max(1));
                lines.push(word.iter().collect());
                word = rest;
            }
        }
        lines.push(line);
    }
    lines
}

/// `text` cut to `width` characters, an ellipsis showing where.
fn cut(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(width.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// The start screen: the page's list in a box (headings bold, items that
/// can't be opened dim, the selected one reversed), then the message,
/// wrapped, and the keys.
pub fn draw_menu(frame: &mut Frame, menu: &super::menu::Menu, color: bool) {
    use super::menu::{Page, Row};
    let area = frame.area();
    if area.width < MENU_SIZE.0 || area.height < MENU_SIZE.1 {
        return too_small(frame, MENU_SIZE.0, MENU_SIZE.1);
    }
    let rows = menu.rows();
    // The row of the selected item.
    let selected_row = rows
        .iter()
        .enumerate()
        .filter(|(_, r)| matches!(r, Row::Item(..)))
        .nth(menu.selected)
        .map_or(0, |(i, _)| i);
    let window = menu_rows(area.height);
    let shown = shown_rows(rows.len(), selected_row, window, menu.pinned_rows());
    let lines: Vec<Line> = rows
        .into_iter()
        .enumerate()
        .filter(|(i, _)| shown.contains(i))
        .map(|(i, row)| match row {
            Row::Heading(text) => Line::from(Span::styled(
                format!(" {text}"),
                Style::default().add_modifier(Modifier::BOLD),
            )),
            Row::Item(text, enabled) => {
                let mut style = Style::default();
                if !enabled {
                    style = if color {
                        style.fg(Color::Red)
                    } else {
                        style.add_modifier(Modifier::DIM)
                    };
                }
                if i == selected_row {
                    style = style.add_modifier(Modifier::REVERSED);
                }
                let inner = usize::from(area.width.saturating_sub(2));
                Line::from(Span::styled(cut(&format!("   {text}"), inner), style))
            }
            Row::Text(text) => {
                let inner = usize::from(area.width.saturating_sub(2));
                Line::from(cut(&format!(" {text}"), inner))
            }
        })
        .collect();
    let title = match menu.page {
        Page::Main => " sudokuflow play ".to_string(),
        Page::Files => " open a file of puzzles ".to_string(),
        Page::Statistics => " statistics ".to_string(),
        Page::Puzzles => {
            let file = menu.file.as_deref().and_then(|f| f.file_name());
            let name = printable(file.unwrap_or_default().as_encoded_bytes());
            format!(" {name}: choose a puzzle (rating, problems by line) ")
        }
    };
    // The title sits in the top border, between its corners.
    let title = cut(&title, usize::from(area.width.saturating_sub(2)));
    let list_height = area.height.saturating_sub(4);
    let list = Rect::new(area.x, area.y, area.width, list_height);
    frame.render_widget(
        Paragraph::new(lines).block(Block::default().borders(Borders::ALL).title(title)),
        list,
    );
    let message = Rect::new(area.x + 1, list.bottom(), area.width - 2, 3);
    frame.render_widget(Paragraph::new(fitted_text(&menu.message, message)), message);
    let back = if menu.page == Page::Main {
        "quit"
    } else {
        "back"
    };
    let delete = if menu.on_save() { "   d delete" } else { "" };
    let keys = Rect::new(area.x + 1, area.bottom() - 1, area.width - 2, 1);
    let text = if menu.page == Page::Statistics {
        "Esc back".to_string()
    } else {
        format!("↑↓ or j k choose   Enter open{delete}   Esc {back}")
    };
    frame.render_widget(Paragraph::new(text), keys);
}

/// Which of `len` rows a list `window` rows high shows: the selected one
/// (`selected`) always, and the last `pinned` rows always when the window
/// holds them and two more; the rows above them scroll.
fn shown_rows(len: usize, selected: usize, window: usize, pinned: usize) -> Vec<usize> {
    // Scrolled to the selection when it is among the rows; else to the top.
    let scroll = |len: usize, window: usize| {
        let at = if selected < len { selected } else { 0 };
        let first = at.saturating_sub(window.saturating_sub(1));
        first..(first + window).min(len)
    };
    if pinned == 0 || window < pinned + 2 || len <= window {
        return scroll(len, window).collect();
    }
    let top = len - pinned;
    scroll(top, window - pinned).chain(top..len).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::app::Key;
    use crate::play::app::tests::{PUZZLE, app_on, keys};
    use crate::play::hint::{Offer, Rung};
    use crate::play::menu::Menu;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use std::time::Duration;
    use sudokuflow::logic::Step;

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

    fn terminal(app: &App, width: u16, height: u16, color: bool) -> Terminal<TestBackend> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| draw(f, app, color)).unwrap();
        terminal
    }

    fn screen(app: &App, width: u16, height: u16, color: bool) -> String {
        text(terminal(app, width, height, color).backend().buffer())
    }

    /// The game the snapshots show: a digit, all notes filled, the cursor
    /// on r1c4 (notes 2 and 6), a hint shown (its second rung, cells lit),
    /// 1:05 on the clock.
    fn snapshot_game() -> App {
        let (mut app, clock) = app_on(PUZZLE);
        app.rating.wait();
        app.source = "sudoku1.txt #1".into();
        keys(&mut app, "4F");
        app.key(Key::Right);
        keys(&mut app, "HH");
        clock.advance(Duration::from_secs(65));
        app
    }

    /// Every line of the side panel fits its width at every size from the
    /// smallest the game draws to 120x40, in the states that make lines
    /// longest: it never wraps a line in the middle.
    #[test]
    fn the_panel_fits_every_size_up_to_120x40() {
        let (mut fresh, clock) = app_on(PUZZLE);
        fresh.rating.wait();
        fresh.settings.show_mistakes = true;
        let mut long = snapshot_game();
        long.settings.show_mistakes = true;
        long.pencil = true;
        long.mistakes = 100;
        long.hints_used = 100;
        long.start_autosolve();
        clock.advance(Duration::from_secs(3 * 3600 + 5));
        let rated = crate::play::rating::Rated::pending();
        let puzzle = sudokuflow::Grid::parse_line(PUZZLE).unwrap();
        let mut rating = App::with_rating(puzzle, clock, Some(rated));
        rating.source = "a long source name, longer than any panel is wide".into();
        let (smallest_width, smallest_height) =
            layout::choose(Rect::new(0, 0, 1, 1), false).unwrap_err();
        let styles = Styles { color: true };
        for app in [&fresh, &long, &rating] {
            for notes_in_panel in [false, true] {
                for width in smallest_width..=120 {
                    for height in smallest_height..=40 {
                        let area = Rect::new(0, 0, width, height);
                        let layout = layout::choose(area, notes_in_panel).unwrap();
                        let panel = usize::from(layout.panel.width);
                        for line in side_lines(app, &styles, &layout) {
                            assert!(
                                line.width() <= panel,
                                "{width}x{height}, v {notes_in_panel}: {line:?} in {panel}"
                            );
                        }
                    }
                }
            }
        }
    }

    /// The panel where it used to wrap: the digits left at 79x24 (a panel
    /// of 21 columns), the keys to make notes at 60x20 (a box without
    /// notes), and 80x24 beside them; auto-solve running, in pencil mode.
    #[test]
    fn the_panel_at_79x24_80x24_and_60x20() {
        let (mut app, _) = app_on(PUZZLE);
        app.rating.wait();
        app.source = "sudoku1.txt #1".into();
        for (width, height) in [(79, 24), (80, 24), (60, 20)] {
            let text = screen(&app, width, height, false);
            insta::assert_snapshot!(format!("panel_{width}x{height}"), text);
        }
        app.pencil = true;
        app.start_autosolve();
        for (width, height) in [(79, 24), (60, 20)] {
            let text = screen(&app, width, height, false);
            insta::assert_snapshot!(format!("panel_autosolve_{width}x{height}"), text);
        }
    }

    /// Without colour, a hint whose clue names only a house (a hidden
    /// single's, at the first press) marks that house's cells `-`, as the
    /// colour screen lights them; once a cell is named the marks go.
    #[test]
    fn without_colour_a_house_only_clue_marks_the_house() {
        let (mut app, _) = app_on(PUZZLE);
        app.rating.wait();
        app.source = "sudoku1.txt #1".into();
        keys(&mut app, "H");
        let hint = app.hint.clone().unwrap();
        assert!(hint.cells().is_empty(), "a clue naming no cell");
        let house = hint.house_cells();
        assert_eq!(house.len(), 9);
        app.cursor = (0..81).find(|c| !house.contains(c)).unwrap();
        let plain = terminal(&app, 80, 24, false);
        for &cell in &house {
            assert_eq!(
                corner(&plain, cell),
                "-",
                "r{}c{}",
                cell / 9 + 1,
                cell % 9 + 1
            );
        }
        let marked = (0..81).filter(|&c| corner(&plain, c) == "-").count();
        assert_eq!(marked, 9, "the house's cells only");
        insta::assert_snapshot!("house_clue_no_color_80x24", screen(&app, 80, 24, false));
        insta::assert_snapshot!("house_clue_no_color_60x20", screen(&app, 60, 20, false));
        // In colour the house is lit, not marked.
        let colour = terminal(&app, 80, 24, true);
        assert!((0..81).all(|c| corner(&colour, c) != "-"));
        // Shown, the step names its cell: the marks go.
        keys(&mut app, "H");
        let shown = terminal(&app, 80, 24, false);
        assert!((0..81).all(|c| corner(&shown, c) != "-"));
    }

    /// Item 2 of issue 28: after an auto-solve, the time on the screen
    /// stands still, dialog closed or not.
    #[test]
    fn the_solved_screen_keeps_its_time() {
        let (mut app, clock) = app_on(PUZZLE);
        // The rating, once in, would change the screens compared below.
        app.rating.wait();
        clock.advance(Duration::from_secs(65));
        app.key(Key::Char('a'));
        for _ in 0..200 {
            app.tick();
        }
        assert!(app.is_solved());
        let solved = screen(&app, 80, 24, false);
        assert!(solved.contains("time     1:05"), "{solved}");
        clock.advance(Duration::from_secs(125));
        assert_eq!(screen(&app, 80, 24, false), solved);
        app.key(Key::Esc);
        let closed = screen(&app, 80, 24, false);
        assert!(closed.contains("time     1:05"), "{closed}");
        clock.advance(Duration::from_secs(60));
        assert_eq!(screen(&app, 80, 24, false), closed);
    }

    /// The layout's cell `cell` (its middle line) and its modifiers.
    fn cell_at(terminal: &Terminal<TestBackend>, cell: usize) -> (Modifier, String) {
        let buffer = terminal.backend().buffer();
        let layout = layout::choose(buffer.area, false).unwrap();
        let (row, col) = ((cell / 9) as u16, (cell % 9) as u16);
        let x = layout.board.x + layout.shape.col_start(col);
        let y = layout.board.y + layout.shape.row_start(row) + (layout.shape.cell.1 - 1) / 2;
        let width = layout.shape.cell.0;
        let text: String = (x..x + width).map(|x| buffer[(x, y)].symbol()).collect();
        (buffer[(x + width / 2, y)].modifier, text)
    }

    /// Item 4 of issue 34: after a check, the notes that leave out their
    /// cell's digit are crossed out (and magenta in colour) at every size,
    /// and the message names their cells.
    #[test]
    fn a_check_crosses_out_notes_that_leave_out_their_digit() {
        let (mut app, _) = app_on(PUZZLE);
        keys(&mut app, "n12n"); // r1c3 is 4: its notes leave it out
        let first = app.cursor;
        app.key(Key::Right);
        while app.board().cells[app.cursor] != 0 {
            app.key(Key::Right);
        }
        let second = app.cursor;
        let digit = app.solution.unwrap().get(second);
        let other = char::from(b'0' + digit % 9 + 1);
        keys(&mut app, &format!("n{other}n"));
        app.key(Key::Right);
        while app.board().cells[app.cursor] != 0 {
            app.key(Key::Right);
        }
        // A third cell's notes hold its digit: not marked.
        let good = app.cursor;
        let digit = char::from(b'0' + app.solution.unwrap().get(good));
        keys(&mut app, &format!("n{digit}nc"));
        let name = |cell: usize| format!("r{}c{}", cell / 9 + 1, cell % 9 + 1);
        assert_eq!(
            app.message,
            format!(
                "check: 0 wrong; the notes of 2 cells leave out their digit: {} {}",
                name(first),
                name(second)
            )
        );
        app.cursor = 80;
        for (width, height) in [(80, 24), (120, 40)] {
            for color in [false, true] {
                let terminal = terminal(&app, width, height, color);
                for cell in [first, second] {
                    let (modifier, _) = cell_at(&terminal, cell);
                    assert!(modifier.contains(Modifier::CROSSED_OUT), "{width}x{height}");
                }
                let (modifier, _) = cell_at(&terminal, good);
                assert!(
                    !modifier.contains(Modifier::CROSSED_OUT),
                    "{width}x{height}"
                );
            }
        }
    }

    /// Item 11 of issue 34: with the setting on, a wrong digit is marked
    /// as soon as it is placed: magenta and crossed out in colour, ?1?
    /// without; with it off, only a check marks it.
    #[test]
    fn wrong_digits_are_marked_at_once_with_the_setting() {
        let (mut app, _) = app_on(PUZZLE);
        keys(&mut app, "1"); // r1c3 is 4; a 1 conflicts with nothing
        app.key(Key::Right);
        keys(&mut app, "6"); // r1c4 is 6: right
        app.cursor = 80;
        assert!(app.conflicts().is_empty());
        for (width, height) in [(80, 24), (120, 40)] {
            let (plain_wrong, _) = cell_at(&terminal(&app, width, height, false), 2);
            assert!(!plain_wrong.contains(Modifier::CROSSED_OUT));
        }
        assert!(screen(&app, 80, 24, false).contains("┃  5  │  3  │  1  ┃  6  │"));
        app.settings.mark_wrong = true;
        let text = screen(&app, 80, 24, false);
        assert!(text.contains("┃  5  │  3  │ ?1? ┃  6  │"), "{text}");
        for (width, height) in [(80, 24), (120, 40)] {
            for color in [false, true] {
                let terminal = terminal(&app, width, height, color);
                let (modifier, _) = cell_at(&terminal, 2);
                assert!(modifier.contains(Modifier::CROSSED_OUT), "{width}x{height}");
                let (right, _) = cell_at(&terminal, 3);
                assert!(!right.contains(Modifier::CROSSED_OUT), "{width}x{height}");
                if color {
                    let buffer = terminal.backend().buffer();
                    let layout = layout::choose(buffer.area, false).unwrap();
                    let x = layout.board.x + layout.shape.col_start(2) + layout.shape.cell.0 / 2;
                    let y =
                        layout.board.y + layout.shape.row_start(0) + (layout.shape.cell.1 - 1) / 2;
                    assert_eq!(buffer[(x, y)].fg, Color::Magenta, "{width}x{height}");
                }
            }
        }
        let big = screen(&app, 120, 40, false);
        assert!(big.contains("? ┃ ?"), "{big}");
    }

    /// Item 8 of issue 34: how many of each digit are left, under the
    /// board where the panel holds the box's notes (`v` at 80x24) and in
    /// the panel beside cells with notes (80x24, 120x40); a digit placed
    /// nine times is dim.
    #[test]
    fn the_digits_left_are_counted_and_a_finished_one_is_dim() {
        let (mut app, _) = app_on(PUZZLE);
        let solution = app.solution.unwrap();
        for cell in (0..81).filter(|&c| solution.get(c) == 9) {
            if !app.is_given(cell) {
                app.place(cell, 9);
            }
        }
        app.place(2, 4);
        let left = app.digits_left();
        assert_eq!(left[8], 0);
        let puzzle = sudokuflow::Grid::parse_line(PUZZLE).unwrap();
        let given = |d: u8| puzzle.cells().iter().filter(|&&c| c == d).count() as u8;
        assert_eq!(left[3], 9 - given(4) - 1);
        assert_eq!(left[0], 9 - given(1));
        let expected: Vec<String> = (0..9).map(|i| format!("{}:{}", i + 1, left[i])).collect();
        app.notes_in_panel = true;
        for color in [false, true] {
            let terminal = terminal(&app, 80, 24, color);
            let text = super::tests::text(terminal.backend().buffer());
            let under = text.lines().nth(19).unwrap();
            assert_eq!(
                under.trim(),
                format!("left  {}", expected.join("  ")),
                "{text}"
            );
            let buffer = terminal.backend().buffer();
            let x = under.find("9:0").unwrap() as u16;
            let done = &buffer[(x, 19)];
            let open = &buffer[(under.find("1:").unwrap() as u16, 19)];
            if color {
                assert_eq!((done.fg, open.fg), (Color::DarkGray, Color::Reset));
            } else {
                assert!(done.modifier.contains(Modifier::DIM));
                assert!(!open.modifier.contains(Modifier::DIM));
            }
        }
        app.notes_in_panel = false;
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&app, width, height, false);
            for row in expected.chunks(3) {
                assert!(text.contains(&row.join("  ")), "{text}");
            }
            assert!(text.contains(&format!("left     {}", expected[..3].join("  "))));
        }
    }

    #[test]
    fn board_fits_80x24_and_shows_entries_and_conflicts() {
        let (mut app, _) = app_on(PUZZLE);
        app.source = "test".into();
        app.key(Key::Char('5'));
        let text = screen(&app, 80, 24, false);
        assert!(text.contains("┃ !5! │  3  │ !5! ┃"), "{text}");
        assert!(text.contains("mistakes 1"), "{text}");
        let colored = screen(&app, 80, 24, true);
        assert!(colored.contains("┃  5  │  3  │  5  ┃"), "{colored}");
    }

    /// The screens compared with the committed snapshots in `snapshots/`:
    /// text for NO_COLOR, the buffer with its styles for colour and for
    /// NO_COLOR (modifiers only). The clock is the test's, so the time
    /// shown is always 1:05.
    #[test]
    fn snapshots() {
        let mut app = snapshot_game();
        for (width, height) in [(80, 24), (120, 40), (60, 20)] {
            let text = screen(&app, width, height, false);
            insta::assert_snapshot!(format!("no_color_{width}x{height}"), text);
            let styled = format!(
                "{:?}",
                terminal(&app, width, height, true).backend().buffer()
            );
            insta::assert_snapshot!(format!("color_{width}x{height}"), styled);
            let styled = format!(
                "{:?}",
                terminal(&app, width, height, false).backend().buffer()
            );
            insta::assert_snapshot!(format!("no_color_styles_{width}x{height}"), styled);
        }
        app.key(Key::Char('v'));
        insta::assert_snapshot!("notes_in_panel_80x24", screen(&app, 80, 24, false));
        app.key(Key::Char('v'));
        app.key(Key::Char('?'));
        insta::assert_snapshot!("help_80x24", screen(&app, 80, 24, false));
        app.key(Key::Esc);
        app.key(Key::Char('t'));
        app.key(Key::Home);
        insta::assert_snapshot!("history_80x24", screen(&app, 80, 24, false));
        app.key(Key::Esc);
        app.solve();
        insta::assert_snapshot!("solved_80x24", screen(&app, 80, 24, false));
        app.key(Key::Esc);
        insta::assert_snapshot!("solved_dismissed_80x24", screen(&app, 80, 24, false));
    }

    /// Item 8 of issue 28: notes are dim and placed digits are not, in
    /// colour and without; at 120x40 each cell draws its notes.
    #[test]
    fn notes_are_dim_and_digits_are_not() {
        let app = snapshot_game();
        for color in [false, true] {
            let terminal = terminal(&app, 120, 40, color);
            let buffer = terminal.backend().buffer();
            let layout = layout::choose(buffer.area, false).unwrap();
            // r1c3's 4, three lines high.
            let (modifier, text) = cell_at(&terminal, 2);
            assert_eq!(text, "  ┗━┫  ", "the middle of a big 4");
            assert!(!modifier.contains(Modifier::DIM));
            // r2c2's notes are 2 and 7: its top line shows the 2 where a
            // 3x3 grid has it.
            let x = layout.board.x + layout.shape.col_start(1);
            let y = layout.board.y + layout.shape.row_start(1);
            let line: String = (x..x + 7).map(|x| buffer[(x, y)].symbol()).collect();
            assert_eq!(line, "   2   ");
            let note = &buffer[(x + 3, y)];
            if color {
                assert_eq!(note.fg, Color::DarkGray);
            } else {
                assert!(note.modifier.contains(Modifier::DIM));
            }
        }
    }

    #[test]
    fn without_colour_givens_entries_conflicts_and_cursor_differ_by_modifiers() {
        let (mut app, _) = app_on(PUZZLE);
        app.key(Key::Char('5')); // r1c3: conflicts with the given r1c1
        app.key(Key::Right);
        app.key(Key::Char('2')); // r1c4: a plain entry
        app.key(Key::Right);
        app.key(Key::Right); // the cursor on the empty r1c6
        assert_eq!(app.conflicts(), vec![0, 2]);
        let terminal = terminal(&app, 80, 24, false);
        assert!(
            terminal
                .backend()
                .buffer()
                .content()
                .iter()
                .all(|c| c.fg == Color::Reset && c.bg == Color::Reset),
            "no colour at all"
        );
        assert_eq!(cell_at(&terminal, 1), (Modifier::BOLD, "  3  ".into()));
        assert_eq!(cell_at(&terminal, 3), (Modifier::empty(), "  2  ".into()));
        assert_eq!(
            cell_at(&terminal, 2),
            (Modifier::UNDERLINED, " !5! ".into())
        );
        assert_eq!(cell_at(&terminal, 5), (Modifier::REVERSED, "     ".into()));
        // The given in conflict is bold and underlined.
        assert_eq!(
            cell_at(&terminal, 0),
            (Modifier::BOLD | Modifier::UNDERLINED, " !5! ".into())
        );
        // In colour the same modifiers stay for monochrome terminals.
        let terminal = super::tests::terminal(&app, 80, 24, true);
        assert!(cell_at(&terminal, 1).0.contains(Modifier::BOLD));
        assert!(!cell_at(&terminal, 3).0.contains(Modifier::BOLD));
        assert!(cell_at(&terminal, 2).0.contains(Modifier::UNDERLINED));
        assert!(cell_at(&terminal, 5).0.contains(Modifier::REVERSED));
    }

    #[test]
    fn same_digit_highlight_can_be_turned_off() {
        let (mut app, _) = app_on(PUZZLE);
        app.cursor = 0; // on the given 5
        let terminal = terminal(&app, 80, 24, false);
        assert!(
            cell_at(&terminal, 14).0.contains(Modifier::UNDERLINED),
            "r2c6's 5"
        );
        app.settings.highlight_same = false;
        let terminal = super::tests::terminal(&app, 80, 24, false);
        assert!(!cell_at(&terminal, 14).0.contains(Modifier::UNDERLINED));
        app.settings.show_mistakes = false;
        assert!(!screen(&app, 80, 24, false).contains("mistakes"));
    }

    /// After a resize the screen is what a fresh draw at the new size gives:
    /// nothing of the old layout is left over.
    #[test]
    fn redraws_cleanly_on_resize() {
        let (mut app, _) = app_on(PUZZLE);
        // Rated before drawing: a rating arriving between two draws
        // changes the panel.
        app.rating.wait();
        app.key(Key::Char('F'));
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        for (width, height) in [(120, 40), (80, 24), (100, 30), (50, 10), (60, 20)] {
            terminal.draw(|f| draw(f, &app, true)).unwrap();
            terminal.backend_mut().resize(width, height);
            terminal.draw(|f| draw(f, &app, true)).unwrap();
            let fresh = super::tests::terminal(&app, width, height, true);
            assert_eq!(terminal.backend().buffer(), fresh.backend().buffer());
        }
    }

    /// Item 12 of issue 28: below the smallest layout, no board.
    #[test]
    fn too_small_says_how_large() {
        let (app, _) = app_on(PUZZLE);
        let text = screen(&app, 50, 12, false).replace('\n', " ");
        assert!(
            text.starts_with("enlarge the terminal to at least 56x15 (it is 50x12)"),
            "{text}"
        );
        assert!(!text.contains('┃'));
    }

    /// Item 10 of issue 34: at 80x24 the cells show their notes, and
    /// where no line separates the rows, each row's last line is
    /// underlined (colour or not), so two rows' notes do not run together;
    /// at 120x40 each cell shows its notes 3x3.
    #[test]
    fn the_notes_board_at_80x24_separates_its_rows() {
        let mut app = snapshot_game();
        // The hint's cells are underlined too, without colour: closed.
        app.key(Key::Esc);
        for color in [false, true] {
            let terminal = terminal(&app, 80, 24, color);
            let buffer = terminal.backend().buffer();
            let layout = layout::choose(buffer.area, false).unwrap();
            assert_eq!(layout.shape.cell, (5, 2));
            let x = layout.board.x + layout.shape.col_start(3);
            for row in 0..9u16 {
                let top = layout.board.y + layout.shape.row_start(row);
                let (first, second) = (&buffer[(x, top)], &buffer[(x, top + 1)]);
                assert!(!first.modifier.contains(Modifier::UNDERLINED), "row {row}");
                // A box line follows rows 3, 6 and 9.
                let underlined = second.modifier.contains(Modifier::UNDERLINED);
                assert_eq!(underlined, row % 3 != 2, "row {row}, colour {color}");
            }
        }
        app.key(Key::Esc);
        let text = screen(&app, 120, 40, false);
        // r1c4's notes 2 and 6 where a 3x3 grid has them.
        assert!(text.contains("│   2   ┃"), "{text}");
    }

    /// Item 14 of issue 34 (in part): a hint's first press lights the
    /// houses it looks at; shown, the cells only losing a candidate are
    /// drawn apart (orange) from the pattern's (green).
    #[test]
    fn a_hint_lights_its_houses_and_tells_pattern_from_losing_cells() {
        use sudokuflow::logic::Level;
        let background = |app: &App, cell: usize| {
            let terminal = terminal(app, 120, 40, true);
            let buffer = terminal.backend().buffer();
            let layout = layout::choose(buffer.area, false).unwrap();
            let x = layout.board.x + layout.shape.col_start((cell % 9) as u16);
            let y = layout.board.y + layout.shape.row_start((cell / 9) as u16);
            buffer[(x, y)].bg
        };
        let puzzle = crate::play::source::new_game(Level::Hard, 1).unwrap();
        let mut app = App::new(puzzle, crate::play::clock::ManualClock::new());
        keys(&mut app, "F");
        let (mut seen, mut lit) = (false, 0);
        for _ in 0..300 {
            if app.is_solved() {
                break;
            }
            keys(&mut app, "H");
            let Some(hint) = app.hint.clone() else {
                continue;
            };
            let houses = hint.house_cells();
            app.cursor = (0..81).find(|c| !houses.contains(c)).unwrap_or(0);
            if let Some(&cell) = houses.iter().find(|c| !hint.cells().contains(c)) {
                lit += 1;
                assert_eq!(background(&app, cell), Color::Rgb(30, 70, 90));
            }
            keys(&mut app, "H");
            let shown = app.hint.clone().unwrap();
            let losing = shown.losing_cells();
            if let Some(&cell) = losing.first() {
                seen = true;
                app.cursor = (0..81).find(|c| !shown.cells().contains(c)).unwrap();
                assert_eq!(background(&app, cell), Color::Rgb(170, 90, 40));
                let pattern = shown
                    .cells()
                    .into_iter()
                    .find(|c| !losing.contains(c))
                    .unwrap();
                assert_eq!(background(&app, pattern), Color::Rgb(70, 140, 70));
                break;
            }
            keys(&mut app, "H");
        }
        assert!(seen, "a step that takes candidates away");
        assert!(lit > 0, "a house lit at the first press");
    }

    /// Plays `app` by hints to its end (at most 120 of them), calling
    /// `look` with each step offered once its hint is at `rung`, then
    /// applying it; a cell revealed from the solution is applied unseen.
    /// Returns how many cells were revealed.
    fn each_offered_step(
        app: &mut App,
        rung: Rung,
        mut look: impl FnMut(&mut App, &Hint, &Step),
    ) -> usize {
        let mut revealed = 0;
        for _ in 0..120 {
            if app.is_solved() {
                break;
            }
            keys(app, "H");
            let Some(offer) = app.hint.as_ref().map(|hint| hint.offer.clone()) else {
                continue;
            };
            // Counted at the first press: a reveal has no rung past it.
            if let Offer::Step(step) = offer {
                if rung == Rung::Shown {
                    keys(app, "H");
                }
                let hint = app.hint.clone().expect("a step's hint has two rungs");
                assert_eq!(hint.rung, rung);
                look(app, &hint, &step);
            } else {
                revealed += 1;
            }
            // The press after the last rung applies the hint.
            for _ in 0..2 {
                if app.hint.is_some() {
                    keys(app, "H");
                }
            }
            assert!(app.hint.is_none(), "the hint applied");
        }
        revealed
    }

    /// An app on [`PUZZLE`] solved by hand, and counted, while its rating
    /// is still pending.
    fn solved_before_its_level() -> (App, crate::play::rating::Rated) {
        let puzzle = sudokuflow::Grid::parse_line(PUZZLE).unwrap();
        let rated = crate::play::rating::Rated::pending();
        let clock = crate::play::clock::ManualClock::new();
        let mut app = App::with_rating(puzzle, clock, Some(rated.clone()));
        let solution = app.solution.unwrap();
        for cell in 0..81 {
            if !app.is_given(cell) {
                app.place(cell, solution.get(cell));
            }
        }
        crate::play::stats::count(&mut app);
        (app, rated)
    }

    /// Finishes `rated` with [`PUZZLE`]'s rating.
    fn finish_rating(rated: &crate::play::rating::Rated) {
        let puzzle = sudokuflow::Grid::parse_line(PUZZLE).unwrap();
        let options = sudokuflow::logic::Options::default();
        rated.finish(sudokuflow::logic::rate(&puzzle, &options).ok());
    }

    /// A game solved before its level is known: the solved dialog says
    /// it will be counted, and shows the statistics once the rating came.
    #[test]
    fn the_solved_dialog_waits_for_the_level_without_blocking() {
        crate::play::save::tests::in_temp_folder(|_| {
            let (mut app, rated) = solved_before_its_level();
            assert_eq!(app.overlay, Some(Overlay::Solved));
            let text = screen(&app, 80, 24, false);
            assert!(text.contains(AWAITING_LEVEL), "{text}");
            finish_rating(&rated);
            crate::play::stats::count(&mut app);
            let text = screen(&app, 80, 24, false);
            assert!(!text.contains(AWAITING_LEVEL), "{text}");
            assert!(text.contains("New best time for easy!"), "{text}");
            assert!(text.contains("streak 1  best 1"), "{text}");
        });
    }

    /// A game undone before its level came is counted then, out of
    /// sight: solved again, its dialog shows the statistics.
    #[test]
    fn the_solved_dialog_shows_statistics_counted_while_undone() {
        crate::play::save::tests::in_temp_folder(|_| {
            let (mut app, rated) = solved_before_its_level();
            app.undo();
            crate::play::stats::count(&mut app);
            finish_rating(&rated);
            crate::play::stats::count(&mut app);
            app.redo();
            crate::play::stats::count(&mut app);
            assert_eq!(app.overlay, Some(Overlay::Solved));
            insta::assert_snapshot!(
                "solved_counted_while_undone_80x24",
                screen(&app, 80, 24, false)
            );
        });
    }

    /// Item 14 of issue 34: a single shown marks the filled cells that
    /// make it (purple in colour, underlined without): a peer of each other
    /// digit for a naked single, a digit seeing each other empty cell of
    /// the house for a hidden one.
    #[test]
    fn a_single_shown_marks_the_cells_that_make_it() {
        use sudokuflow::logic::Technique;
        let (mut naked, mut hidden) = (0, 0);
        let games = [
            sudokuflow::Grid::parse_line(PUZZLE).unwrap(),
            crate::play::source::new_game(sudokuflow::logic::Level::Hard, 1).unwrap(),
            // Hidden singles come first: a medium game needs a naked one.
            crate::play::source::new_game(sudokuflow::logic::Level::Medium, 1).unwrap(),
        ];
        for puzzle in games {
            let mut app = App::new(puzzle, crate::play::clock::ManualClock::new());
            let revealed = each_offered_step(&mut app, Rung::Shown, |app, hint, step| {
                let board = app.board().clone();
                let makers = hint.single_makers(&board);
                let Some(&placed) = step.placements.first() else {
                    assert!(makers.is_empty());
                    return;
                };
                let (cell, digit) = (usize::from(placed.cell), placed.digit);
                match step.technique {
                    Technique::NakedSingle => {
                        naked += 1;
                        let mut digits: Vec<u8> = makers.iter().map(|&m| board.cells[m]).collect();
                        digits.sort_unstable();
                        // Each other digit a peer holds has one cell
                        // marked; the rest were ruled out by notes.
                        let held = |d: u8| {
                            (0..81).any(|p| p != cell && sees(p, cell) && board.cells[p] == d)
                        };
                        let others: Vec<u8> = (1..=9).filter(|&d| d != digit && held(d)).collect();
                        assert_eq!(digits, others);
                        assert!(makers.iter().all(|&m| sees(m, cell)));
                    }
                    Technique::HiddenSingleBox | Technique::HiddenSingleLine => {
                        hidden += 1;
                        let house = hint.house_cells();
                        // Each other empty cell a filled one rules out has
                        // a maker; the rest lost the digit to earlier steps.
                        let ruled_out = |x: usize| {
                            (0..81).any(|p| p != x && sees(p, x) && board.cells[p] == digit)
                        };
                        for x in house
                            .into_iter()
                            .filter(|&x| x != cell && board.cells[x] == 0 && ruled_out(x))
                        {
                            assert!(
                                makers
                                    .iter()
                                    .any(|&m| board.cells[m] == digit && sees(m, x)),
                                "r{}c{}",
                                x / 9 + 1,
                                x % 9 + 1
                            );
                        }
                    }
                    _ => assert!(makers.is_empty()),
                }
                if let Some(&maker) = makers.first() {
                    app.cursor = cell;
                    let terminal = terminal(app, 120, 40, true);
                    let buffer = terminal.backend().buffer();
                    let layout = layout::choose(buffer.area, false).unwrap();
                    let x = layout.board.x + layout.shape.col_start((maker % 9) as u16);
                    let y = layout.board.y + layout.shape.row_start((maker / 9) as u16);
                    assert_eq!(buffer[(x, y)].bg, Color::Rgb(110, 70, 130));
                    let (modifier, _) = cell_at(&super::tests::terminal(app, 80, 24, false), maker);
                    assert!(modifier.contains(Modifier::UNDERLINED));
                }
            });
            // Up to hard, hints never fall back to revealing a cell.
            assert_eq!(revealed, 0, "{puzzle}: a cell revealed");
        }
        assert!(naked > 0 && hidden > 0, "{naked} naked, {hidden} hidden");
    }

    /// The character in the bottom-right corner of `cell`, where a hint's
    /// mark goes.
    fn corner(terminal: &Terminal<TestBackend>, cell: usize) -> String {
        let buffer = terminal.backend().buffer();
        let layout = layout::choose(buffer.area, false).unwrap();
        let (row, col) = ((cell / 9) as u16, (cell % 9) as u16);
        let x = layout.board.x + layout.shape.col_start(col) + layout.shape.cell.0 - 1;
        let y = layout.board.y + layout.shape.row_start(row) + layout.shape.cell.1 - 1;
        buffer[(x, y)].symbol().to_string()
    }

    /// The modifiers of `cell`'s bottom-right corner.
    fn corner_modifier(terminal: &Terminal<TestBackend>, cell: usize) -> Modifier {
        let buffer = terminal.backend().buffer();
        let layout = layout::choose(buffer.area, false).unwrap();
        let (row, col) = ((cell / 9) as u16, (cell % 9) as u16);
        let x = layout.board.x + layout.shape.col_start(col) + layout.shape.cell.0 - 1;
        let y = layout.board.y + layout.shape.row_start(row) + layout.shape.cell.1 - 1;
        buffer[(x, y)].modifier
    }

    /// Item 14 of issue 34: a hint's first press lights the cells its clue
    /// names (a naked single's cell, a wing's pivot) apart from their
    /// houses: green in colour, bold, underlined and marked `*` without.
    #[test]
    fn a_hints_first_press_lights_the_cells_it_names() {
        use sudokuflow::logic::Level;
        let mut named = 0;
        for level in [Level::Medium, Level::Hard] {
            let puzzle = crate::play::source::new_game(level, 1).unwrap();
            let mut app = App::new(puzzle, crate::play::clock::ManualClock::new());
            each_offered_step(&mut app, Rung::Clue, |app, hint, step| {
                let cells = step.clue_cells();
                assert_eq!(hint.cells(), cells);
                if let Some(&cell) = cells.first() {
                    named += 1;
                    app.cursor = (0..81).find(|c| !sees(*c, cell)).unwrap();
                    for (width, height) in [(80, 24), (120, 40)] {
                        let colour = terminal(app, width, height, true);
                        let buffer = colour.backend().buffer();
                        let layout = layout::choose(buffer.area, false).unwrap();
                        let x = layout.board.x + layout.shape.col_start((cell % 9) as u16);
                        let y = layout.board.y + layout.shape.row_start((cell / 9) as u16);
                        assert_eq!(buffer[(x, y)].bg, Color::Rgb(70, 140, 70));
                        assert_eq!(corner(&colour, cell), "*");
                        let plain = terminal(app, width, height, false);
                        let (modifier, _) = cell_at(&plain, cell);
                        assert!(modifier.contains(Modifier::BOLD | Modifier::UNDERLINED));
                        assert_eq!(corner(&plain, cell), "*", "{width}x{height}");
                    }
                }
            });
        }
        assert!(named > 0, "a clue that names a cell");
    }

    /// Item 14 of issue 34: without colour a hint's cells differ by mark
    /// and modifiers: the pattern's `*`, bold and underlined; a cell only
    /// losing a candidate `x` and italic; a filled cell making a single
    /// `+` and underlined. The marks are there in colour too.
    #[test]
    fn without_colour_pattern_losing_and_maker_cells_differ() {
        use sudokuflow::logic::Level;
        let (mut losing_seen, mut makers_seen) = (false, false);
        for level in [Level::Hard, Level::Medium] {
            let puzzle = crate::play::source::new_game(level, 1).unwrap();
            let mut app = App::new(puzzle, crate::play::clock::ManualClock::new());
            // Notes of the cursor's digit would be bold.
            app.settings.highlight_same = false;
            keys(&mut app, "F");
            for _ in 0..300 {
                if app.is_solved() || losing_seen && makers_seen {
                    break;
                }
                keys(&mut app, "HH");
                let Some(hint) = app.hint.clone() else {
                    continue;
                };
                let losing = hint.losing_cells();
                let pattern: Vec<usize> = hint
                    .cells()
                    .into_iter()
                    .filter(|c| !losing.contains(c))
                    .collect();
                // A maker in the pattern is marked as the pattern.
                let makers: Vec<usize> = hint
                    .single_makers(app.board())
                    .into_iter()
                    .filter(|c| !pattern.contains(c))
                    .collect();
                let marked: Vec<usize> = [&losing, &makers, &pattern]
                    .into_iter()
                    .flatten()
                    .copied()
                    .collect();
                app.cursor = (0..81).find(|c| !marked.contains(c)).unwrap();
                for (width, height) in [(80, 24), (120, 40)] {
                    let plain = terminal(&app, width, height, false);
                    let colour = terminal(&app, width, height, true);
                    for &cell in &pattern {
                        let (modifier, _) = cell_at(&plain, cell);
                        assert!(modifier.contains(Modifier::BOLD | Modifier::UNDERLINED));
                        assert!(!modifier.contains(Modifier::ITALIC));
                        assert_eq!(corner(&plain, cell), "*");
                        assert_eq!(corner(&colour, cell), "*");
                    }
                    for &cell in &losing {
                        losing_seen = true;
                        let (modifier, _) = cell_at(&plain, cell);
                        assert!(modifier.contains(Modifier::ITALIC));
                        assert!(!modifier.intersects(Modifier::BOLD | Modifier::UNDERLINED));
                        assert_eq!(corner(&plain, cell), "x", "{width}x{height}");
                        assert_eq!(corner(&colour, cell), "x");
                    }
                    for &cell in &makers {
                        makers_seen = true;
                        // A digit three lines high is underlined on its
                        // last line only.
                        let (modifier, _) = cell_at(&plain, cell);
                        let underlined = corner_modifier(&plain, cell);
                        assert!(underlined.contains(Modifier::UNDERLINED));
                        assert!(!modifier.contains(Modifier::ITALIC));
                        assert_eq!(corner(&plain, cell), "+", "{width}x{height}");
                        assert_eq!(corner(&colour, cell), "+");
                    }
                }
                keys(&mut app, "H");
            }
        }
        assert!(losing_seen && makers_seen, "{losing_seen} {makers_seen}");
    }

    /// Item 15 of issue 34: texts too long for their place are cut with
    /// an ellipsis: the panel's source, the history's moves, a file list's
    /// title.
    #[test]
    fn cut_texts_end_in_an_ellipsis() {
        let (mut app, _) = app_on(PUZZLE);
        app.source = format!("/{}/sudoku1.txt #1", "a-long-folder".repeat(4));
        keys(&mut app, "HHH");
        for (width, height) in [(80, 24), (120, 40)] {
            let text = screen(&app, width, height, false);
            assert!(text.contains("…"), "{text}");
            assert!(text.contains("? keys   q quit"), "{text}");
            assert!(!text.contains("sudoku1.txt"), "{text}");
        }
        app.key(Key::Char('t'));
        let text = screen(&app, 80, 24, false);
        let line = text.lines().find(|l| l.contains("   1 hint: ")).unwrap();
        assert!(line.ends_with("…│"), "{text}");
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join(format!("{}.txt", "long-name".repeat(8)));
        std::fs::write(&file, format!("{}\n", std::str::from_utf8(PUZZLE).unwrap())).unwrap();
        let menu = Menu::with_file(
            &file,
            None,
            0,
            crate::play::clock::ManualClock::new(),
            Vec::new(),
        )
        .unwrap();
        let top = menu_screen(&menu, 80, 24)
            .lines()
            .next()
            .unwrap()
            .to_string();
        assert!(top.ends_with("…┐"), "{top}");
    }

    /// Item 11 of issue 28: long messages wrap instead of being cut.
    #[test]
    fn long_messages_wrap() {
        let (mut app, _) = app_on(PUZZLE);
        app.message = format!(
            "could not save the game: cannot write in /{}/sudokuflow: No such file or directory",
            "very-long-folder-name".repeat(3)
        );
        let text = screen(&app, 80, 24, false);
        assert!(text.contains("No such file or directory"), "{text}");
        assert!(text.starts_with(" ┏"), "{text}");
    }

    /// A message longer than the two rows under the board of notes at
    /// 80x24 (a unique rectangle's hint takes five) is shown under the
    /// one-line board, whose nine rows all stay in sight.
    #[test]
    fn a_long_message_at_80x24_leaves_every_row_of_the_board_in_sight() {
        let (mut app, _) = app_on(PUZZLE);
        let area = Rect::new(0, 0, 80, 24);
        app.key(Key::Char('H'));
        assert!(app.hint.is_some());
        assert!(game_layout(area, &app).unwrap().shape.shows_notes());
        app.message = "hint: Unique Rectangle (type 1): r4c4, r4c5, r9c4 and r9c5 lie in two \
             rows, two columns and two boxes and all can hold 1 and 7. Were they all only 1 \
             or 7, the puzzle would have two solutions, so r4c4 must hold something else: \
             r4c4 cannot be 1 or 7 (H again to apply) THE END"
            .into();
        assert!(!game_layout(area, &app).unwrap().shape.shows_notes());
        let text = screen(&app, 80, 24, false);
        assert!(text.contains("THE END"), "{text}");
        // The board's last row and its bottom edge are drawn, untouched.
        assert!(text.lines().any(|l| l.starts_with(" ┗")), "{text}");
        assert!(
            text.lines()
                .any(|l| l.starts_with(" ┃   │   │   ┃   │ 8 │")),
            "{text}"
        );
        // Another long message (no hint lit) keeps the board of notes.
        app.hint = None;
        assert!(game_layout(area, &app).unwrap().shape.shows_notes());
    }

    /// Item 15 of issue 34: a message longer than its rows ends in an
    /// ellipsis where it is cut.
    #[test]
    fn a_message_too_long_for_its_rows_ends_in_an_ellipsis() {
        let (mut app, _) = app_on(PUZZLE);
        app.message = "a long message that goes on ".repeat(40) + "THE END";
        let text = screen(&app, 80, 24, false);
        assert!(!text.contains("THE END"), "{text}");
        let last = text.lines().rev().find(|l| l.contains("long")).unwrap();
        assert!(last.trim_end().ends_with('…'), "{text}");
        app.message = "short enough".to_string();
        assert!(!screen(&app, 80, 24, false).contains('…'));
    }

    /// Item 11 of issue 28: the start screen's messages wrap too.
    #[test]
    fn menu_messages_wrap() {
        use crate::play::clock::ManualClock;
        let mut menu = Menu::new(std::path::Path::new("."), 1, ManualClock::new(), Vec::new());
        menu.message = format!(
            "cannot read /{}/sudoku1.txt: No such file or directory (os error 2)",
            "a-long-folder-name".repeat(3)
        );
        let text = menu_screen(&menu, 80, 24);
        let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("No such file or directory (os error 2)"),
            "{text}"
        );
    }

    /// Item 13 of issue 34: with many saved games the list scrolls, and
    /// the new games, "Open a file" and "Quit" stay on the screen.
    #[test]
    fn many_saves_scroll_and_the_last_items_stay() {
        use crate::play::clock::ManualClock;
        use crate::play::save::{Listed, Summary};
        let mut menu = Menu::new(std::path::Path::new("."), 1, ManualClock::new(), Vec::new());
        menu.saves = (0..30)
            .map(|i| Listed {
                path: format!("game-{i}.json").into(),
                saved_at: std::time::Duration::ZERO,
                game: Ok(Summary {
                    level: Some("easy, 1.2".into()),
                    source: format!("#{i}."),
                    filled: 40,
                    seconds_played: 60,
                }),
            })
            .collect();
        for (width, height) in [(80, 24), (120, 40)] {
            for _ in 0..40 {
                let text = menu_screen(&menu, width, height);
                for item in ["New easy game", "New hell game", "Open a file", "Quit"] {
                    assert!(text.contains(item), "{item} at {}:\n{text}", menu.selected);
                }
                if let Some(crate::play::menu::Choice::Resume(i)) =
                    menu.choices().get(menu.selected).copied()
                {
                    assert!(text.contains(&format!("#{i}.")), "{text}");
                    assert!(text.contains("d delete"), "{text}");
                }
                menu.key(Key::Down);
            }
        }
        assert_eq!(shown_rows(10, 0, 20, 4), (0..10).collect::<Vec<_>>());
        assert_eq!(
            shown_rows(20, 12, 8, 4),
            vec![9, 10, 11, 12, 16, 17, 18, 19]
        );
        assert_eq!(shown_rows(20, 18, 8, 4), vec![0, 1, 2, 3, 16, 17, 18, 19]);
        assert_eq!(shown_rows(20, 12, 5, 4), vec![8, 9, 10, 11, 12]);
    }

    fn menu_screen(menu: &Menu, width: u16, height: u16) -> String {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
        terminal.draw(|f| draw_menu(f, menu, false)).unwrap();
        text(terminal.backend().buffer())
    }

    #[test]
    fn start_screen_snapshots() {
        use crate::play::clock::ManualClock;
        use crate::play::save::{Listed, Summary};
        let dir = tempfile::tempdir().unwrap();
        let conflict = std::str::from_utf8(PUZZLE).unwrap().replacen("53", "55", 1);
        let puzzle = std::str::from_utf8(PUZZLE).unwrap();
        std::fs::write(
            dir.path().join("sudoku1.txt"),
            format!("{puzzle}\nnot a puzzle\n{conflict}\n{}\n", ".".repeat(81)),
        )
        .unwrap();
        std::fs::write(dir.path().join("more.txt"), format!("{puzzle}\n")).unwrap();
        let mut menu = Menu::new(dir.path(), 1, ManualClock::new(), Vec::new());
        menu.saves = vec![Listed {
            path: dir.path().join("game-1.json"),
            saved_at: std::time::Duration::ZERO,
            game: Ok(Summary {
                level: Some("expert 7.2/1.2/1.2".into()),
                source: "new expert game, seed 7".into(),
                filled: 34,
                seconds_played: 754,
            }),
        }];
        insta::assert_snapshot!(
            "menu_main_80x24",
            menu_screen(&menu, 80, 24).replace(&crate::play::save::local_date(0), "(date)")
        );
        menu.saves.clear();
        let open = menu
            .choices()
            .iter()
            .position(|&c| c == crate::play::menu::Choice::OpenFile)
            .unwrap();
        for _ in 0..open {
            menu.key(Key::Down);
        }
        menu.key(Key::Enter);
        insta::assert_snapshot!("menu_files_80x24", menu_screen(&menu, 80, 24));
        menu.key(Key::Enter);
        menu.rate_around(menu_rows(24));
        for pending in menu.ratings.iter().flatten() {
            pending.wait();
        }
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

    /// Issue 34, item 9: the statistics page of the start screen (the
    /// table, the rules, the file named under it), and the solved dialog of
    /// a win with its news.
    #[test]
    fn statistics_snapshots() {
        use crate::play::clock::ManualClock;
        use crate::play::stats::{self, Outcome, Recorded, Stats};
        let mut kept = Stats::default();
        let won = Outcome::Won { hints: false };
        for seconds in [312, 250, 401] {
            stats::add(&mut kept.levels[0], won, seconds);
        }
        stats::add(&mut kept.levels[0], Outcome::Won { hints: true }, 190);
        stats::add(&mut kept.levels[2], won, 1504);
        stats::add(&mut kept.levels[2], Outcome::ByComputer, 300);
        stats::add(&mut kept.levels[5], Outcome::Won { hints: true }, 4000);
        let mut menu = Menu::new(std::path::Path::new("."), 1, ManualClock::new(), Vec::new());
        let item = menu
            .choices()
            .iter()
            .position(|&c| c == crate::play::menu::Choice::Statistics)
            .unwrap();
        menu.selected = item;
        let main = menu_screen(&menu, 80, 24);
        assert!(
            main.contains("Statistics: wins, times and streaks"),
            "{main}"
        );
        menu.show_statistics(Ok(kept.clone()));
        menu.message = "kept in (folder)/statistics.json".into();
        insta::assert_snapshot!("statistics_80x24", menu_screen(&menu, 80, 24));
        insta::assert_snapshot!("statistics_120x40", menu_screen(&menu, 120, 40));
        menu.key(Key::Esc);
        assert_eq!(menu.page, crate::play::menu::Page::Main);
        // A damaged file: no table, the message names it and its field.
        menu.show_statistics(Err(
            "the statistics file x is corrupt: field \"levels\".easy.won: not a whole number"
                .into(),
        ));
        let damaged = menu_screen(&menu, 80, 24);
        assert!(!damaged.contains("most  auto"), "{damaged}");
        assert!(
            damaged.contains("is corrupt: field \"levels\".easy.won"),
            "{damaged}"
        );

        let (mut app, clock) = app_on(PUZZLE);
        app.rating.wait();
        app.source = "sudoku1.txt #1".into();
        clock.advance(Duration::from_secs(65));
        let solution = app.solution.unwrap();
        for cell in 0..81 {
            if !app.is_given(cell) {
                app.place(cell, solution.get(cell));
            }
        }
        let mut record = kept.levels[0];
        let new_best = stats::add(&mut record, won, 65);
        app.count_news = Some(Recorded {
            level: "easy",
            outcome: won,
            record: Some(record),
            new_best,
            problem: None,
        });
        insta::assert_snapshot!("solved_won_80x24", screen(&app, 80, 24, false));
        insta::assert_snapshot!("solved_won_120x40", screen(&app, 120, 40, false));
    }
}
