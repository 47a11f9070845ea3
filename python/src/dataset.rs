//! Datasets for machine learning, as the command line's `split`, `leakage`,
//! `augment` and `label` make them: the same library calls, so that the same
//! puzzles and seed give the same parts, variants and labels.

use std::collections::HashMap;

use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use sudokuflow::Grid;
use sudokuflow::dataset::{self, Equivalence, Label, Labelled, Labels, PackedForm, Split};
use sudokuflow::format::Problem;
use sudokuflow::pipeline::shuffle_index;

use super::{
    Column, DEFAULT_BUDGET, Kind, Run, Values, logic_options, read, read_keeping, seed_or_random,
    table, thread_count, type_name, values_out,
};

/// What makes two puzzles one class, from the `by` argument.
fn equivalence(by: &str) -> PyResult<Equivalence> {
    match by {
        "puzzle" => Ok(Equivalence::Puzzle),
        "grid" => Ok(Equivalence::Grid),
        _ => Err(PyValueError::new_err(format!(
            "by must be 'puzzle' (equivalent puzzles) or 'grid' (equivalent solution grids); \
             got '{by}'"
        ))),
    }
}

/// The empty cell's byte, from the `blank` argument.
fn blank_byte(blank: &str) -> PyResult<u8> {
    match blank {
        "." => Ok(b'.'),
        "0" => Ok(b'0'),
        _ => Err(PyValueError::new_err(format!(
            "blank must be '.' or '0'; got '{blank}'"
        ))),
    }
}

/// `grid` as a line, `blank` for empty cells.
fn grid_text(grid: &Grid, blank: u8) -> String {
    grid.cells()
        .iter()
        .map(|&v| {
            if v == 0 {
                blank as char
            } else {
                (b'0' + v) as char
            }
        })
        .collect()
}

/// Each readable puzzle's class form, or why it has none, on the call's
/// workers.
fn class_forms(
    run: &Run<'_>,
    rows: Vec<[u8; super::CELLS]>,
    by: Equivalence,
) -> PyResult<Vec<Result<PackedForm, Problem>>> {
    run.grids(rows, move |grids| {
        grids
            .iter()
            .map(|grid| dataset::class_form(grid, by))
            .collect()
    })
}

/// The parts of `split`'s `parts`, a dict of names and ratios.
fn split_parts(parts: &Bound<'_, PyAny>) -> PyResult<Split> {
    let items = parts.call_method0("items").map_err(|_| {
        PyTypeError::new_err(format!(
            "parts must be a dict of part names and ratios, such as {{\"train\": 0.9, \
             \"test\": 0.1}}; got {}",
            type_name(parts)
        ))
    })?;
    let mut named = Vec::new();
    for item in items.try_iter()? {
        let (name, ratio): (String, f64) = item?.extract().map_err(|_| {
            PyTypeError::new_err(
                "parts must map part names (str) to ratios (float), such as {\"train\": 0.9, \
                 \"test\": 0.1}",
            )
        })?;
        named.push((name, ratio));
    }
    Split::new(named).map_err(|e| {
        PyValueError::new_err(format!(
            "parts: {e} (names of letters, digits, '_' and '-'; ratios above 0 adding up \
             to 1)"
        ))
    })
}

/// Deals puzzles into parts by ratios, as `sudokuflow split` does: every
/// class of equivalent puzzles (by="grid": of puzzles with equivalent
/// solution grids) in one part. Returns each row's part name in the kind
/// the puzzles came in (a Series for a Series, a NumPy array of str for a
/// NumPy array), so that `df[sf.split(df["quizzes"], parts, seed=1) ==
/// "train"]` is the training rows.
///
/// A row's part is drawn from the seed and its class's canonical form alone,
/// so the same puzzles, parts and seed give the same parts at any thread
/// count, and the same as `sudokuflow split` on a file of them, one a line.
/// A bad row (unreadable, conflicting givens; by="grid": no or several
/// solutions) gets the part a hash of its text draws (a missing value's
/// text is empty), as the command line keeps it; strict=True raises instead.
///
/// parts: a dict of part names (letters, digits, '_' and '-') and ratios
/// above 0 adding up to 1, such as {"train": 0.9, "test": 0.1}.
#[pyfunction]
#[pyo3(signature = (puzzles, parts, *, seed=0, by="puzzle", threads=None, strict=false, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn split<'py>(
    puzzles: &Bound<'py, PyAny>,
    parts: &Bound<'py, PyAny>,
    seed: u64,
    by: &str,
    threads: Option<i64>,
    strict: bool,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    let split = split_parts(parts)?;
    let by = equivalence(by)?;
    thread_count(threads)?;
    let mut puzzles = read_keeping(puzzles, true)?.puzzles()?;
    let run = Run::new(py, threads, progress, puzzles.len())?;
    let forms = class_forms(&run, std::mem::take(&mut puzzles.rows), by)?;
    let names: Vec<Bound<'py, PyString>> =
        split.names().iter().map(|n| PyString::new(py, n)).collect();
    let mut parts = Vec::with_capacity(puzzles.len());
    let mut row_text = Vec::new();
    puzzles.rows(forms, strict, |row, form| {
        let part = match form {
            Some(form) => split.part_of(&form, seed),
            None => {
                // As the command line reads it: a line, with its line end.
                row_text.clear();
                row_text.extend_from_slice(puzzles.text(row).expect("texts kept"));
                row_text.push(b'\n');
                split.part_of_bad_row(&row_text, seed)
            }
        };
        parts.push(names[part].clone());
    })?;
    let kind = match puzzles.kind {
        // Part names, not grids: a NumPy array of them.
        Kind::Array(_) => Kind::StringArray,
        kind => kind,
    };
    values_out(py, &kind, Values::Grids, parts)
}

/// For each puzzle of b, the position (from 0) in a of the first puzzle
/// equivalent to it (by="grid": whose solution grid is equivalent to its
/// one), or missing when none is: as `sudokuflow leakage a b` finds them.
///
/// Answers in the kind b came in: a nullable Int64 Series for a pandas
/// Series, Int64 for polars and pyarrow, a list of ints and None, or for a
/// NumPy integer array an int64 array with -1 for none. Bad rows (unreadable,
/// conflicting givens; by="grid": no or several solutions) leak nothing: a
/// bad row of a is passed over, one of b is missing; strict=True raises
/// ValueError naming the first one instead. progress counts a's puzzles and
/// b's together.
#[pyfunction]
#[pyo3(signature = (a, b, *, by="puzzle", threads=None, strict=false, progress=None))]
pub fn leakage<'py>(
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
    by: &str,
    threads: Option<i64>,
    strict: bool,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = a.py();
    let by = equivalence(by)?;
    thread_count(threads)?;
    let mut a = read(a)?.puzzles()?;
    let mut b = read(b)?.puzzles()?;
    // One run over both, for one pool and one progress.
    let mut rows = std::mem::take(&mut a.rows);
    let a_readable = rows.len();
    rows.append(&mut b.rows);
    let run = Run::new(py, threads, progress, rows.len())?;
    let mut a_forms = class_forms(&run, rows, by)?;
    let b_forms = a_forms.split_off(a_readable);
    let mut first_row = HashMap::with_hasher(dataset::PackedFormHash::default());
    a.rows(a_forms, strict, |row, form| {
        if let Some(form) = form {
            first_row.entry(form).or_insert(row as i64);
        }
    })
    .map_err(|e| in_input(py, "a", &e))?;
    let mut leaks = Vec::with_capacity(b.len());
    b.rows(b_forms, strict, |_, form| {
        leaks.push(form.and_then(|form| first_row.get(&form).copied()));
    })
    .map_err(|e| in_input(py, "b", &e))?;
    if let Kind::Array(_) = b.kind {
        let leaks: Vec<i64> = leaks.into_iter().map(|at| at.unwrap_or(-1)).collect();
        return Ok(PyArray1::from_vec(py, leaks).into_any());
    }
    values_out(py, &b.kind, Values::Counts, leaks)
}

/// A bad row's ValueError, naming the input it is in.
fn in_input(py: Python<'_>, input: &str, e: &PyErr) -> PyErr {
    PyValueError::new_err(format!("{input}: {}", e.value(py)))
}

/// Rows of a table given as columns: a table of the caller's library for a
/// pandas, polars or pyarrow column (`with_index`: a pandas DataFrame with
/// the Series' index), else a list of dicts, one per row.
fn table_or_records<'py>(
    py: Python<'py>,
    kind: &Kind<'py>,
    with_index: bool,
    columns: Vec<(&str, Column, Bound<'py, PyList>)>,
) -> PyResult<Bound<'py, PyAny>> {
    match kind {
        Kind::Pandas(_) if with_index => table(py, kind, columns),
        // A DataFrame of pandas' default index.
        Kind::Pandas(_) => table(py, &Kind::List, columns),
        Kind::Polars(_) | Kind::Arrow { .. } => table(py, kind, columns),
        _ => {
            let rows = columns.first().map_or(0, |(_, _, cells)| cells.len());
            let records = PyList::empty(py);
            for row in 0..rows {
                let record = PyDict::new(py);
                for (name, _, cells) in &columns {
                    record.set_item(name, cells.get_item(row)?)?;
                }
                records.append(record)?;
            }
            Ok(records.into_any())
        }
    }
}

/// Equivalent variants of each puzzle with their solutions, as `sudokuflow
/// augment` makes them: digits relabelled, bands, rows, stacks and columns
/// permuted, maybe transposed, the solution transformed alike.
///
/// Returns a table of columns puzzle, solution and group (the position,
/// from 0, of the original's row in the input, for joining its other
/// columns back): n rows per puzzle (n + 1 with with_original, the puzzle
/// itself first), in input order; a pandas DataFrame for a pandas Series
/// (a polars DataFrame for polars, a pyarrow Table for pyarrow), else a
/// list of dicts. Variant v of the puzzle at row i depends only on seed
/// (random when None), i and v: it is the command line's variant of the
/// puzzle on line i + 1 of a file. A puzzle without exactly one solution
/// (or unreadable) gives no rows; strict=True raises ValueError naming the
/// first instead. blank: the empty cell, '.' or '0'.
#[pyfunction]
#[pyo3(signature = (puzzles, n=1, *, with_original=false, seed=None, blank=".", threads=None, strict=false, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn augment<'py>(
    puzzles: &Bound<'py, PyAny>,
    n: i64,
    with_original: bool,
    seed: Option<u64>,
    blank: &str,
    threads: Option<i64>,
    strict: bool,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    let variants = u32::try_from(n).ok().filter(|&n| n >= 1).ok_or_else(|| {
        PyValueError::new_err(format!(
            "n (variants per puzzle) must be from 1 to {}; got {n}",
            u32::MAX
        ))
    })?;
    let blank = blank_byte(blank)?;
    thread_count(threads)?;
    let seed = seed_or_random(seed);
    // Up to 2**32 rows a puzzle: the variants and the original.
    let per_puzzle = u64::from(variants) + u64::from(with_original);
    let mut puzzles = read(puzzles)?.puzzles()?;
    let run = Run::new(py, threads, progress, puzzles.len())?;
    let answers = run
        .each(puzzles.numbered(), move |&mut (line, puzzle)| {
            let solution = dataset::unique_solution(&puzzle)?;
            let key = (seed, shuffle_index(0, line));
            Ok::<_, Problem>(
                (0..per_puzzle)
                    .map(|v| dataset::variant(&puzzle, &solution, key, with_original, v as u32))
                    .collect::<Vec<_>>(),
            )
        })?
        .1;
    let (mut grids, mut solutions, mut groups) = (Vec::new(), Vec::new(), Vec::new());
    puzzles.rows(answers, strict, |row, variants| {
        for (puzzle, solution) in variants.into_iter().flatten() {
            grids.push(grid_text(&puzzle, blank));
            solutions.push(grid_text(&solution, blank));
            groups.push(row);
        }
    })?;
    let columns = vec![
        ("puzzle", Column::Text, PyList::new(py, grids)?),
        ("solution", Column::Text, PyList::new(py, solutions)?),
        ("group", Column::Int, PyList::new(py, groups)?),
    ];
    table_or_records(py, &puzzles.kind, false, columns)
}

/// The columns of `label`, from the `columns` argument: a list of names, a
/// string of them joined by commas, or None for all.
fn label_columns(columns: Option<&Bound<'_, PyAny>>) -> PyResult<Labels> {
    let Some(columns) = columns.filter(|c| !c.is_none()) else {
        return Ok(Labels::ALL);
    };
    let names: Vec<String> = match columns.extract::<String>() {
        Ok(text) => vec![text],
        Err(_) => columns.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "columns must be a list of column names, or a string of them joined by \
                 commas; got {}",
                type_name(columns)
            ))
        })?,
    };
    Labels::parse(&names.join(",")).map_err(|e| {
        let all: Vec<&str> = Label::ALL.iter().map(|l| l.name()).collect();
        PyValueError::new_err(format!("columns: {e}; the columns are {}", all.join(", ")))
    })
}

/// One label's cell: None where it does not apply.
fn label_cell<'py>(
    py: Python<'py>,
    labelled: &Labelled,
    label: Label,
    blank: u8,
) -> PyResult<Bound<'py, PyAny>> {
    let rating = labelled.rating.as_ref();
    let tenths = |d: sudokuflow::logic::Difficulty| f64::from(d.0) / 10.0;
    Ok(match label {
        Label::Solution => labelled
            .solution
            .map(|g| grid_text(&g, blank))
            .into_pyobject(py)?,
        Label::Clues => labelled.clues.into_pyobject(py)?.into_any(),
        Label::Solutions => labelled.solutions.into_pyobject(py)?,
        Label::Guesses => labelled.guesses.into_pyobject(py)?,
        Label::Er => rating.map(|r| tenths(r.er)).into_pyobject(py)?,
        Label::Ep => rating.map(|r| tenths(r.ep)).into_pyobject(py)?,
        Label::Ed => rating.map(|r| tenths(r.ed)).into_pyobject(py)?,
        Label::Level => rating.map(|r| r.level.name()).into_pyobject(py)?,
        Label::Hardest => rating.map(|r| r.hardest.name()).into_pyobject(py)?,
        Label::Techniques => rating
            .map(|_| labelled.techniques_text())
            .into_pyobject(py)?,
        Label::Canonical => labelled
            .canonical
            .map(|g| grid_text(&g, blank))
            .into_pyobject(py)?,
        _ => py.None().into_bound(py),
    })
}

/// A label's column type.
fn label_column(label: Label) -> Column {
    match label {
        Label::Clues | Label::Solutions | Label::Guesses => Column::Int,
        Label::Er | Label::Ep | Label::Ed => Column::Float,
        _ => Column::Text,
    }
}

/// Columns about each puzzle, as `sudokuflow label` writes them: solution,
/// clues, solutions (counted to 2), guesses (the solver's, to the first
/// solution), er, ep, ed, level and hardest (as rate gives them, under
/// budget), techniques (the steps of each technique on explain's path,
/// easiest first, as "Name:count" joined by ";") and canonical.
///
/// columns: a list of these names, or a string of them joined by commas
/// (None: all). With er, a column complete follows ed: False where the
/// budget ran out and er is a lower bound (the command line writes it
/// ">er"). One row per puzzle: a pandas DataFrame with the Series' index
/// (a polars DataFrame for polars, a pyarrow Table for pyarrow), else a
/// list of dicts (one dict for one puzzle). A column that does not apply
/// to a puzzle is missing there: the solution and ratings of a puzzle
/// without exactly one solution, every column of an unreadable one;
/// strict=True raises ValueError naming the first such puzzle instead.
/// blank: the empty cell of solution and canonical, '.' or '0'.
#[pyfunction]
#[pyo3(
    signature = (puzzles, *, columns=None, budget=Some(DEFAULT_BUDGET), blank=".", threads=None, strict=false, progress=None),
    text_signature = "(puzzles, *, columns=None, budget=200000000, blank='.', threads=None, strict=False, progress=None)"
)]
#[allow(clippy::too_many_arguments)]
pub fn label<'py>(
    puzzles: &Bound<'py, PyAny>,
    columns: Option<&Bound<'py, PyAny>>,
    budget: Option<i64>,
    blank: &str,
    threads: Option<i64>,
    strict: bool,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    let labels = label_columns(columns)?;
    let options = logic_options(budget)?;
    let blank = blank_byte(blank)?;
    thread_count(threads)?;
    let mut puzzles = read(puzzles)?.puzzles()?;
    let run = Run::new(py, threads, progress, puzzles.len())?;
    let answers = run.grids(std::mem::take(&mut puzzles.rows), move |grids| {
        grids
            .iter()
            .map(|grid| {
                let labelled = dataset::label(grid, labels, &options, blank);
                // A bad puzzle's labels are kept; only strict refuses them.
                match labelled.problem {
                    Some(problem) if strict => Err(problem),
                    _ => Ok(labelled),
                }
            })
            .collect()
    })?;
    let mut cells: Vec<(Label, Vec<Bound<'py, PyAny>>)> =
        labels.iter().map(|label| (label, Vec::new())).collect();
    let mut complete = Vec::new();
    let mut failed = None;
    puzzles.rows(answers, strict, |_, labelled| {
        if failed.is_some() {
            return;
        }
        for (label, column) in &mut cells {
            let cell = match &labelled {
                Some(labelled) => label_cell(py, labelled, *label, blank),
                None => Ok(py.None().into_bound(py)),
            };
            match cell {
                Ok(cell) => column.push(cell),
                Err(e) => failed = Some(e),
            }
        }
        let rating = labelled.as_ref().and_then(|l| l.rating.as_ref());
        complete.push(rating.map(|r| r.complete));
    })?;
    if let Some(e) = failed {
        return Err(e);
    }
    // complete follows the last of er, ep and ed, when er is there.
    let last_rating = labels
        .iter()
        .filter(|l| matches!(l, Label::Er | Label::Ep | Label::Ed))
        .last()
        .filter(|_| labels.contains(Label::Er));
    let mut table = Vec::with_capacity(cells.len() + 1);
    for (label, column) in cells {
        table.push((label.name(), label_column(label), PyList::new(py, column)?));
        if Some(label) == last_rating {
            table.push(("complete", Column::Bool, PyList::new(py, &complete)?));
        }
    }
    if let Kind::One = puzzles.kind {
        let records = table_or_records(py, &Kind::List, false, table)?;
        return records.get_item(0);
    }
    table_or_records(py, &puzzles.kind, true, table)
}
