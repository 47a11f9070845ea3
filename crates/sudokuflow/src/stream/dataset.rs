//! Datasets for machine learning: the answers of [`Mode::Augment`]
//! (equivalent variants of each puzzle, each with its solution) and
//! [`Mode::Label`] (columns about each puzzle), and how their rows are
//! written.
//!
//! Their CSV rows are the input's rows with the command's columns: a column
//! whose name the input's header already has is written in its place (the
//! puzzle's column too, for a variant), so that a header never names a
//! column twice and a row never holds a stale copy; the others follow the
//! row's fields, in the order of `Slot`.

use std::io::Write;
use std::ops::Range;

use crate::answer::{Answer, Answered, Outcome, RowText};
use crate::canon;
use crate::format::{OutputFormat, Problem, printable};
use crate::grid::Grid;
use crate::logic::{self, Rating, Technique};
use crate::pipeline::{Mode, Options, shuffle_index};
use crate::solver;
use crate::stream::rating_format;
use crate::stream::table::{self, Column};

pub use crate::stream::class::{
    Equivalence, PackedForm, PackedFormHash, PackedFormHasher, Split, class_form,
};

/// The character written for an empty cell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Blank {
    /// The one the puzzle was read with: `0` if its text has one, else `.`.
    #[default]
    AsInput,
    /// Always `.`.
    Dot,
    /// Always `0`.
    Zero,
}

impl Blank {
    /// The byte for an empty cell of a puzzle read from `text`.
    pub(crate) fn byte(self, text: &[u8]) -> u8 {
        match self {
            Blank::Dot => b'.',
            Blank::Zero => b'0',
            Blank::AsInput => {
                let cells = &text[..text.len().min(81)];
                if memchr::memchr(b'0', cells).is_some() {
                    b'0'
                } else {
                    b'.'
                }
            }
        }
    }
}

/// A column [`Mode::Label`] can add.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Label {
    /// The solution (empty unless there is exactly one).
    Solution,
    /// The number of givens.
    Clues,
    /// The number of solutions, counted up to 2.
    Solutions,
    /// The solver's guesses to the first solution (as `solve` counts them).
    Guesses,
    /// Sudoku Explainer's ER, a lower bound written `>9.5` where the budget ran out.
    Er,
    /// EP, the hardest step up to the first placement.
    Ep,
    /// ED, the first step's rating.
    Ed,
    /// The level of ER.
    Level,
    /// The hardest technique of the solution path.
    Hardest,
    /// Steps of each technique on the solution path, `Name:count;...`.
    Techniques,
    /// The minlex canonical form.
    Canonical,
}

impl Label {
    /// Every column, in the order rows hold them.
    pub const ALL: [Label; 11] = [
        Label::Solution,
        Label::Clues,
        Label::Solutions,
        Label::Guesses,
        Label::Er,
        Label::Ep,
        Label::Ed,
        Label::Level,
        Label::Hardest,
        Label::Techniques,
        Label::Canonical,
    ];

    /// The column's name in a header and in `--columns`.
    pub fn name(self) -> &'static str {
        match self {
            Label::Solution => "solution",
            Label::Clues => "clues",
            Label::Solutions => "solutions",
            Label::Guesses => "guesses",
            Label::Er => "er",
            Label::Ep => "ep",
            Label::Ed => "ed",
            Label::Level => "level",
            Label::Hardest => "hardest",
            Label::Techniques => "techniques",
            Label::Canonical => "canonical",
        }
    }

    fn bit(self) -> u16 {
        1 << Label::ALL.iter().position(|&l| l == self).expect("listed")
    }

    /// True for the columns that need a rating.
    fn is_rating(self) -> bool {
        matches!(
            self,
            Label::Er | Label::Ep | Label::Ed | Label::Level | Label::Hardest
        )
    }
}

/// A set of [`Label`] columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Labels(u16);

impl Labels {
    /// Every column.
    pub const ALL: Labels = Labels((1 << Label::ALL.len()) - 1);

    /// The columns named in `text`, separated by commas (spaces around a
    /// name ignored, any letter case); `Err` names the unknown one.
    ///
    /// # Errors
    /// A name that is no column's, or no name at all.
    pub fn parse(text: &str) -> Result<Labels, String> {
        let mut set = 0;
        for name in text.split(',') {
            let name = name.trim();
            let label = Label::ALL
                .into_iter()
                .find(|label| label.name().eq_ignore_ascii_case(name))
                .ok_or_else(|| format!("'{name}' is not a column"))?;
            set |= label.bit();
        }
        Ok(Labels(set))
    }

    /// True when the set holds `label`.
    pub fn contains(self, label: Label) -> bool {
        self.0 & label.bit() != 0
    }

    /// True when a column of the set needs a rating (and so takes far
    /// longer than a solve).
    pub fn needs_rating(self) -> bool {
        self.iter()
            .any(|label| label.is_rating() || label == Label::Techniques)
    }

    /// The columns of the set, in row order.
    pub fn iter(self) -> impl Iterator<Item = Label> {
        Label::ALL.into_iter().filter(move |&l| self.contains(l))
    }
}

/// What [`Mode::Label`] finds about one puzzle. A field is `None` where it
/// does not apply (no rating without one solution) or was not asked for.
#[derive(Clone, Debug, Default)]
#[non_exhaustive]
pub struct Labelled {
    /// The solution, when there is exactly one.
    pub solution: Option<Grid>,
    /// The number of givens.
    pub clues: u8,
    /// Solutions up to 2; `None` for conflicting givens.
    pub solutions: Option<u32>,
    /// Guesses to the first solution (to the end of the search when there
    /// is none).
    pub guesses: Option<u64>,
    /// The rating, when asked for and there is one solution.
    pub rating: Option<Rating>,
    /// Steps of each technique on the solution path, easiest first, when asked for.
    pub techniques: Vec<(Technique, u32)>,
    /// The canonical form, when asked for and the givens do not conflict.
    pub canonical: Option<Grid>,
    /// Why the puzzle is not a proper one (conflicting givens, no or
    /// several solutions).
    pub problem: Option<Problem>,
    /// The byte of an empty cell in the puzzle and its canonical form.
    pub blank: u8,
}

impl Labelled {
    /// The `techniques` column: `Name:count` for each technique on the
    /// solution path, easiest first, joined by `;` (empty without them).
    pub fn techniques_text(&self) -> String {
        let mut cell = String::new();
        let mut last: Option<(&str, u32)> = None;
        // Techniques of one name (hidden singles in a box or a line) count together.
        for &(technique, n) in &self.techniques {
            match &mut last {
                Some((name, count)) if *name == technique.name() => *count += n,
                _ => {
                    push_technique(last, &mut cell);
                    last = Some((technique.name(), n));
                }
            }
        }
        push_technique(last, &mut cell);
        cell
    }
}

/// Labels `puzzle` with the `columns` asked for, rated under `options`.
/// Whatever the columns, its solutions are counted, so that a puzzle
/// without exactly one gets its problem.
pub fn label(puzzle: &Grid, columns: Labels, options: &logic::Options, blank: u8) -> Labelled {
    let mut labelled = Labelled {
        clues: puzzle.clue_count() as u8,
        blank,
        ..Labelled::default()
    };
    let counted = match solver::solve_and_count(puzzle, 2) {
        Ok(counted) => counted,
        Err(e) => {
            labelled.problem = Some(e.into());
            return labelled;
        }
    };
    labelled.solutions = Some(counted.solutions);
    labelled.guesses = Some(counted.first.map_or(counted.guesses, |s| s.guesses));
    if columns.contains(Label::Canonical) {
        labelled.canonical = Some(canon::search_consistent(puzzle).grid);
    }
    match counted.solutions {
        0 => labelled.problem = Some(Problem::NoSolution),
        1 => labelled.solution = counted.first.map(|s| s.grid),
        _ => labelled.problem = Some(Problem::MultipleSolutions),
    }
    if labelled.problem.is_some() {
        return labelled;
    }
    let rated = if columns.contains(Label::Techniques) {
        logic::explain(puzzle, options).map(|explanation| {
            labelled.techniques = technique_counts(&explanation.steps);
            explanation.rating
        })
    } else if columns.iter().any(Label::is_rating) {
        logic::rate(puzzle, options)
    } else {
        return labelled;
    };
    match rated {
        Ok(rating) => labelled.rating = Some(rating),
        Err(e) => labelled.problem = Some(e.into()),
    }
    labelled
}

/// Steps of each technique, in the techniques' order (easiest first).
fn technique_counts(steps: &[logic::Step]) -> Vec<(Technique, u32)> {
    let mut counts: Vec<(Technique, u32)> = Vec::new();
    for step in steps {
        match counts.iter_mut().find(|(t, _)| *t == step.technique) {
            Some((_, n)) => *n += 1,
            None => counts.push((step.technique, 1)),
        }
    }
    counts.sort_by_key(|&(t, _)| t);
    counts
}

/// The solution of a puzzle that has exactly one, or why it has not.
///
/// # Errors
/// Conflicting givens, no solution or several.
pub fn unique_solution(puzzle: &Grid) -> Result<Grid, Problem> {
    let counted = solver::solve_and_count(puzzle, 2)?;
    match (counted.solutions, counted.first) {
        (1, Some(first)) => Ok(first.grid),
        (0, _) => Err(Problem::NoSolution),
        _ => Err(Problem::MultipleSolutions),
    }
}

/// Variant `variant` of `puzzle` and `solution` for [`Mode::Augment`]: the
/// original itself first when `with_original`, then the transforms
/// [`crate::generate::shuffle`] draws for the puzzle's `index` (so the
/// puzzles are `shuffle`'s variants).
#[inline]
pub fn variant(
    puzzle: &Grid,
    solution: &Grid,
    (seed, index): (u64, u64),
    with_original: bool,
    variant: u32,
) -> (Grid, Grid) {
    let shuffled = match (with_original, variant) {
        (true, 0) => return (*puzzle, *solution),
        (true, v) => v - 1,
        (false, v) => v,
    };
    let transform = crate::generate::shuffle_transform(seed, index, shuffled.into());
    (transform.apply(puzzle), transform.apply(solution))
}

/// A column a dataset row gets from the command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Slot {
    /// The variant's solution ([`Mode::Augment`]).
    Solution,
    /// The original's group number ([`Mode::Augment`]).
    Group,
    /// A label ([`Mode::Label`]).
    Label(Label),
    /// The marker of a bad row, empty for a good one (unless bad rows are skipped).
    Problem,
}

impl Slot {
    fn name(self) -> &'static str {
        match self {
            Slot::Solution => "solution",
            Slot::Group => "group",
            Slot::Label(label) => label.name(),
            Slot::Problem => "problem",
        }
    }
}

/// Where each column of a run's rows comes from: the input's fields, with
/// some written over, and the columns added after them. Made once per input
/// from its header.
#[derive(Clone, Debug)]
pub struct RowPlan {
    /// The puzzle's field in a table's rows (`None` for lines).
    puzzle: Option<usize>,
    /// Fields of the input written over, and with what.
    replaced: Vec<(usize, Slot)>,
    /// Columns added after the input's.
    added: Vec<Slot>,
    /// The header row, line end included.
    header: Vec<u8>,
}

impl RowPlan {
    /// The plan for rows of `options.mode` from a table of `layout` (lines:
    /// `None`); `solution` names the table's column to take the solution,
    /// if not the one named `solution`. `Err` says that it names none.
    pub(crate) fn new(
        options: &Options,
        table: Option<&table::Layout>,
        solution: Option<&Column>,
    ) -> Result<RowPlan, String> {
        let mut slots: Vec<Slot> = match options.mode {
            Mode::Augment { .. } => vec![Slot::Solution, Slot::Group],
            Mode::Label { columns, .. } => columns.iter().map(Slot::Label).collect(),
            _ => Vec::new(),
        };
        if !options.skip_bad {
            slots.push(Slot::Problem);
        }
        let (names, puzzle, delimiter) = match table {
            Some(layout) => (&layout.names[..], Some(layout.column), layout.delimiter),
            None => (&[][..], None, b','),
        };
        let mut replaced = Vec::new();
        let mut added = Vec::new();
        for slot in slots {
            let named = |column: &Column| table::find_column(names, column);
            let found = match (slot, solution) {
                (Slot::Solution | Slot::Label(Label::Solution), Some(column)) => {
                    let found = named(column);
                    if found.is_none() && table.is_some() {
                        let names: Vec<_> = names.iter().map(|n| printable(n)).collect();
                        return Err(format!(
                            "--solution-column {column}: no such column in the header; \
                             its columns are {}",
                            names.join(", ")
                        ));
                    }
                    found
                }
                _ => named(&Column::Name(slot.name().into())),
            };
            match found.filter(|&i| Some(i) != puzzle) {
                Some(i) => replaced.push((i, slot)),
                None => added.push(slot),
            }
        }
        let mut header = match table {
            Some(layout) => layout.header.clone(),
            None => b"puzzle".to_vec(),
        };
        for slot in &added {
            header.push(delimiter);
            header.extend_from_slice(slot.name().as_bytes());
        }
        header.push(b'\n');
        Ok(RowPlan {
            puzzle,
            replaced,
            added,
            header,
        })
    }

    /// The header row of CSV output.
    pub(crate) fn header(&self) -> &[u8] {
        &self.header
    }
}

/// What a dataset row says, from its outcome.
struct Values<'a> {
    puzzle: Option<&'a Grid>,
    solution: Option<&'a Grid>,
    labelled: Option<&'a Labelled>,
    problem: Option<Problem>,
    group: u64,
    blank: u8,
}

impl<'a> Values<'a> {
    fn of(answered: &'a Answered<'a>) -> Values<'a> {
        let group = shuffle_index(answered.input, answered.line);
        let mut values = Values {
            puzzle: None,
            solution: None,
            labelled: None,
            problem: None,
            group,
            blank: b'.',
        };
        match &answered.outcome {
            Outcome::Answered {
                answer:
                    Answer::Augmented {
                        puzzle,
                        solution,
                        blank,
                    },
                ..
            } => {
                values.puzzle = Some(puzzle);
                values.solution = Some(solution);
                values.blank = *blank;
            }
            Outcome::Answered {
                puzzle,
                answer: Answer::Labelled(labelled),
            } => {
                values.puzzle = Some(puzzle);
                values.labelled = Some(labelled);
                values.problem = labelled.problem;
                values.blank = labelled.blank;
            }
            Outcome::Answered { puzzle, .. } => values.puzzle = Some(puzzle),
            Outcome::Failed { puzzle, problem } => {
                values.puzzle = *puzzle;
                values.problem = Some(*problem);
            }
        }
        values
    }

    /// Appends the field of `slot`.
    fn write(&self, slot: Slot, delimiter: u8, out: &mut Vec<u8>) {
        let blank = self.blank;
        match slot {
            Slot::Solution => {
                if let Some(solution) = self.solution {
                    write_grid(solution, blank, out);
                }
            }
            Slot::Group => write!(out, "{}", self.group).expect("writing to a Vec"),
            Slot::Problem => {
                if let Some(problem) = self.problem {
                    out.extend_from_slice(problem.marker().as_bytes());
                }
            }
            Slot::Label(label) => {
                if let Some(labelled) = self.labelled {
                    write_label(labelled, label, delimiter, out);
                }
            }
        }
    }
}

/// Appends `grid`'s 81 cells, `blank` for empty ones.
fn write_grid(grid: &Grid, blank: u8, out: &mut Vec<u8>) {
    out.extend(
        grid.cells()
            .iter()
            .map(|&v| if v == 0 { blank } else { b'0' + v }),
    );
}

/// Appends one label's field (empty where it does not apply).
fn write_label(labelled: &Labelled, label: Label, delimiter: u8, out: &mut Vec<u8>) {
    let rating = labelled.rating.as_ref();
    match label {
        Label::Solution => {
            if let Some(solution) = &labelled.solution {
                write_grid(solution, labelled.blank, out);
            }
        }
        Label::Clues => write!(out, "{}", labelled.clues).expect("writing to a Vec"),
        Label::Solutions => {
            if let Some(n) = labelled.solutions {
                write!(out, "{n}").expect("writing to a Vec");
            }
        }
        Label::Guesses => {
            if let Some(n) = labelled.guesses {
                write!(out, "{n}").expect("writing to a Vec");
            }
        }
        Label::Er | Label::Ep | Label::Ed => {
            if let Some(rating) = rating {
                let (difficulty, bound) = match label {
                    Label::Er => (rating.er, !rating.complete),
                    Label::Ep => (rating.ep, false),
                    _ => (rating.ed, false),
                };
                if bound {
                    out.push(b'>');
                }
                rating_format::push_difficulty(difficulty, out);
            }
        }
        Label::Level => {
            if let Some(rating) = rating {
                out.extend_from_slice(rating.level.name().as_bytes());
            }
        }
        Label::Hardest => {
            if let Some(rating) = rating {
                table::write_field(rating.hardest.name().as_bytes(), delimiter, out);
            }
        }
        Label::Techniques => {
            table::write_field(labelled.techniques_text().as_bytes(), delimiter, out);
        }
        Label::Canonical => {
            if let Some(form) = &labelled.canonical {
                write_grid(form, labelled.blank, out);
            }
        }
    }
}

/// Appends `name:count`, after a `;` unless it is the first.
fn push_technique(entry: Option<(&str, u32)>, cell: &mut String) {
    if let Some((name, count)) = entry {
        if !cell.is_empty() {
            cell.push(';');
        }
        cell.push_str(&format!("{name}:{count}"));
    }
}

/// Appends the output of one answer of [`Mode::Augment`] or [`Mode::Label`]:
/// a CSV row under `plan`, or a line (`puzzle,solution` for a variant, the
/// puzzle and its labels for a label), a marker line for a bad puzzle.
pub(crate) fn write(
    options: &Options,
    plan: Option<&RowPlan>,
    answered: &Answered<'_>,
    out: &mut Vec<u8>,
) {
    let values = Values::of(answered);
    let plan = match plan {
        Some(plan) if options.output_format == OutputFormat::Csv => plan,
        _ => return write_line(options, &values, out),
    };
    let delimiter = match answered.row {
        RowText::Table(_, delimiter) => delimiter,
        RowText::Line(_) | RowText::Block => b',',
    };
    let replaces_puzzle = matches!(options.mode, Mode::Augment { .. });
    match (answered.row, plan.puzzle) {
        (RowText::Table(raw, _), Some(column)) => {
            let fields = split_fields(raw, delimiter);
            let expected = plan.replaced.iter().map(|&(i, _)| i + 1).max();
            if fields.len() <= column || expected.is_some_and(|n| fields.len() < n) {
                // A ragged row: as read.
                out.extend_from_slice(raw);
            } else {
                for (i, range) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(delimiter);
                    }
                    if let Some(&(_, slot)) = plan.replaced.iter().find(|(at, _)| *at == i) {
                        values.write(slot, delimiter, out);
                    } else if i == column
                        && replaces_puzzle
                        && let (Some(puzzle), Some(_)) = (values.puzzle, values.solution)
                    {
                        write_grid(puzzle, values.blank, out);
                    } else {
                        out.extend_from_slice(&raw[range.clone()]);
                    }
                }
            }
        }
        (RowText::Line(raw), _) => match (values.puzzle, values.problem) {
            (Some(puzzle), None) => write_grid(puzzle, values.blank, out),
            _ => table::write_field(raw.trim_ascii(), delimiter, out),
        },
        (_, _) => {
            if let Some(puzzle) = values.puzzle {
                write_grid(puzzle, values.blank, out);
            }
        }
    }
    for &slot in &plan.added {
        out.push(delimiter);
        values.write(slot, delimiter, out);
    }
    out.push(b'\n');
}

/// A line of [`OutputFormat::Line`] output.
fn write_line(options: &Options, values: &Values<'_>, out: &mut Vec<u8>) {
    if let Some(problem) = values.problem {
        out.extend_from_slice(problem.marker().as_bytes());
        out.push(b'\n');
        return;
    }
    let Some(puzzle) = values.puzzle else {
        return;
    };
    write_grid(puzzle, values.blank, out);
    match options.mode {
        Mode::Augment { .. } => {
            out.push(b',');
            if let Some(solution) = values.solution {
                write_grid(solution, values.blank, out);
            }
        }
        Mode::Label { columns, .. } => {
            for label in columns.iter() {
                out.push(b',');
                if let Some(labelled) = values.labelled {
                    write_label(labelled, label, b',', out);
                }
            }
        }
        _ => {}
    }
    out.push(b'\n');
}

/// The byte ranges of a CSV record's fields (a field's quotes included).
fn split_fields(raw: &[u8], delimiter: u8) -> Vec<Range<usize>> {
    let mut fields = Vec::with_capacity(8);
    if memchr::memchr(b'"', raw).is_none() {
        let mut start = 0;
        for end in memchr::memchr_iter(delimiter, raw).chain([raw.len()]) {
            fields.push(start..end);
            start = end + 1;
        }
        return fields;
    }
    let (mut start, mut quoted) = (0, false);
    for (i, &byte) in raw.iter().enumerate() {
        if byte == b'"' {
            quoted = !quoted;
        } else if byte == delimiter && !quoted {
            fields.push(start..i);
            start = i + 1;
        }
    }
    fields.push(start..raw.len());
    fields
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_split_outside_quotes() {
        let raw = br#"1,"a,""b""",c"#;
        let fields: Vec<&[u8]> = split_fields(raw, b',')
            .into_iter()
            .map(|r| &raw[r])
            .collect();
        assert_eq!(fields, [&b"1"[..], br#""a,""b""""#, b"c"]);
        assert_eq!(split_fields(b"a;;b", b';').len(), 3);
    }

    #[test]
    fn labels_parse_by_name_and_name_the_unknown() {
        let set = Labels::parse("Canonical, clues").unwrap();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [Label::Clues, Label::Canonical]
        );
        assert_eq!(
            Labels::parse("clues,rating"),
            Err("'rating' is not a column".into())
        );
    }

    #[test]
    fn blanks_follow_the_puzzle_text() {
        assert_eq!(Blank::AsInput.byte(b"1.30"), b'0');
        assert_eq!(Blank::AsInput.byte(b"1.3."), b'.');
        assert_eq!(Blank::Zero.byte(b"1.3."), b'0');
    }
}
