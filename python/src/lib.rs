//! The `sudokuflow` Python module. It only converts: puzzles in (a list of
//! strings, a NumPy `(n, 81)` uint8 array, a pandas Series, or one string),
//! answers out in the same kind; every answer comes from the library's
//! [`sudokuflow::batch`] API, run with the GIL released.

use std::borrow::Cow;
use std::collections::hash_map::RandomState;
use std::ffi::c_char;
use std::hash::BuildHasher;
use std::num::NonZeroUsize;
use std::sync::OnceLock;
use std::time::SystemTime;

use numpy::{PyArray1, PyArray2, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods};
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use sudokuflow::Grid;
use sudokuflow::batch;
use sudokuflow::generate::{GenerateConfig, Symmetry};
use sudokuflow::logic::{self, Level, Rating};
use sudokuflow::render::json::write_explanation_json;

/// The kind of collection puzzles came in; answers go back in the same kind.
enum Kind<'py> {
    /// One puzzle string: one answer.
    One,
    /// A list (or another sequence) of strings.
    List,
    /// A NumPy array of shape (n, 81).
    Array,
    /// A pandas Series: its index and name are kept.
    Series(Bound<'py, PyAny>),
}

/// Puzzles read from Python: the readable ones, in order, and the rows
/// of the others with why they are not puzzles.
struct Puzzles<'py> {
    kind: Kind<'py>,
    grids: Vec<Grid>,
    /// Unreadable rows, in order.
    bad: Vec<(usize, String)>,
}

impl Puzzles<'_> {
    fn len(&self) -> usize {
        self.grids.len() + self.bad.len()
    }

    fn push(&mut self, row: Result<Grid, String>) {
        match row {
            Ok(grid) => self.grids.push(grid),
            Err(reason) => self.bad.push((self.len(), reason)),
        }
    }

    /// Each row's answer: `answers` for the readable rows, in order, and
    /// `None` for the others; with `strict`, the first bad row is a
    /// `ValueError` naming it.
    fn rows<T, E: std::fmt::Display>(
        &self,
        answers: Vec<Result<T, E>>,
        strict: bool,
        mut each: impl FnMut(usize, Option<T>),
    ) -> PyResult<()> {
        let mut answers = answers.into_iter();
        let mut bad = self.bad.iter().peekable();
        for row in 0..self.len() {
            if let Some((_, reason)) = bad.next_if(|(at, _)| *at == row) {
                if strict {
                    return Err(bad_row(row, reason));
                }
                each(row, None);
                continue;
            }
            match answers.next().expect("one answer per readable row") {
                Ok(answer) => each(row, Some(answer)),
                Err(e) if strict => return Err(bad_row(row, &e.to_string())),
                Err(_) => each(row, None),
            }
        }
        Ok(())
    }

    /// As [`Puzzles::rows`], collected.
    fn answers<T, E: std::fmt::Display>(
        &self,
        answers: Vec<Result<T, E>>,
        strict: bool,
    ) -> PyResult<Vec<Option<T>>> {
        let mut out = Vec::with_capacity(self.len());
        self.rows(answers, strict, |_, answer| out.push(answer))?;
        Ok(out)
    }
}

fn bad_row(row: usize, reason: &str) -> PyErr {
    PyValueError::new_err(format!("row {row}: {reason}"))
}

/// Reads `puzzles`: a string, a sequence of strings (None or NaN for a
/// missing one), a uint8 array of shape (n, 81), or a pandas Series.
fn read<'py>(puzzles: &Bound<'py, PyAny>) -> PyResult<Puzzles<'py>> {
    if let Ok(text) = puzzles.cast::<PyString>() {
        let mut read = Puzzles::new(Kind::One);
        read.push(Grid::parse_line(&utf8(text)?).map_err(|e| e.to_string()));
        return Ok(read);
    }
    if let Ok(array) = puzzles.cast::<PyUntypedArray>() {
        return read_array(array);
    }
    let class = puzzles.get_type();
    if class.name()?.to_cow()? == "Series" && class.module()?.to_cow()?.starts_with("pandas") {
        let list = puzzles.call_method0("tolist")?;
        let mut read = Puzzles::new(Kind::Series(puzzles.clone()));
        read_strings(&list, &mut read)?;
        return Ok(read);
    }
    let mut read = Puzzles::new(Kind::List);
    read_strings(puzzles, &mut read)?;
    Ok(read)
}

unsafe extern "C" {
    /// CPython's; in the stable ABI from Python 3.10 on (and in every
    /// CPython since 3.3, outside it), so pyo3's `abi3-py39` leaves it out.
    fn PyUnicode_AsUTF8AndSize(
        unicode: *mut pyo3::ffi::PyObject,
        size: *mut pyo3::ffi::Py_ssize_t,
    ) -> *const c_char;
}

/// A Python string's text as UTF-8, lent by the string where the running
/// Python's stable ABI allows it. The module is built for the stable ABI of
/// Python 3.9 (pyo3's `abi3-py39`: one wheel for every version), where the
/// only way to the text is a new bytes object (`to_cow`): about 60 ns a
/// string, 4% of solving an easy puzzle from a list. From Python 3.10 on,
/// `PyUnicode_AsUTF8AndSize` (stable ABI there) lends the string's own
/// UTF-8, without a copy, as `to_str` does in a build for one version.
fn utf8<'a>(text: &'a Bound<'_, PyString>) -> PyResult<Cow<'a, [u8]>> {
    static LENDS: OnceLock<bool> = OnceLock::new();
    if !*LENDS.get_or_init(|| text.py().version_info() >= (3, 10)) {
        return Ok(Cow::Owned(text.to_cow()?.into_owned().into_bytes()));
    }
    let mut size: pyo3::ffi::Py_ssize_t = 0;
    // SAFETY: `text` is a str object, held (so alive) for 'a, and the
    // running Python is 3.10 or later, whose stable ABI has this function.
    // The UTF-8 it returns is cached in the string object and lives as
    // long as it: for 'a.
    let data = unsafe { PyUnicode_AsUTF8AndSize(text.as_ptr(), &mut size) };
    if data.is_null() {
        return Err(PyErr::fetch(text.py()));
    }
    let size = usize::try_from(size).expect("a string's size is not negative");
    // SAFETY: CPython returns `size` bytes of UTF-8 at `data`, valid while
    // the string is (above).
    Ok(Cow::Borrowed(unsafe {
        std::slice::from_raw_parts(data.cast::<u8>(), size)
    }))
}

impl<'py> Puzzles<'py> {
    fn new(kind: Kind<'py>) -> Puzzles<'py> {
        Puzzles {
            kind,
            grids: Vec::new(),
            bad: Vec::new(),
        }
    }
}

fn read_strings(sequence: &Bound<'_, PyAny>, read: &mut Puzzles<'_>) -> PyResult<()> {
    let items = sequence.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "puzzles must be a list of strings, a uint8 NumPy array of shape (n, 81) or a \
             pandas Series; got {}",
            type_name(sequence)
        ))
    })?;
    for (i, item) in items.enumerate() {
        let item = item?;
        let row = if let Ok(text) = item.cast::<PyString>() {
            Grid::parse_line(&utf8(text)?).map_err(|e| e.to_string())
        } else if item.is_none() || item.extract::<f64>().is_ok_and(f64::is_nan) {
            Err("no puzzle (a missing value)".to_string())
        } else {
            return Err(PyTypeError::new_err(format!(
                "row {i}: a puzzle must be a string of 81 cells (1-9, and '.' or '0' for \
                 empty); got {}",
                type_name(&item)
            )));
        };
        read.push(row);
    }
    Ok(())
}

/// `array` as a uint8 array of shape (n, 81), or the TypeError or
/// ValueError saying what it is instead.
fn puzzle_array<'a, 'py>(
    array: &'a Bound<'py, PyUntypedArray>,
) -> PyResult<&'a Bound<'py, PyArray2<u8>>> {
    let shape = array.shape().to_vec();
    let Ok(cells) = array.cast::<PyArray2<u8>>() else {
        if array.ndim() == 2 {
            return Err(PyTypeError::new_err(format!(
                "a puzzle array must have dtype uint8 (0 for empty cells, 1-9 for givens); got \
                 {}; convert it with .astype(numpy.uint8)",
                array.dtype()
            )));
        }
        return Err(PyValueError::new_err(format!(
            "a puzzle array must have shape (n, 81); got {shape:?}"
        )));
    };
    if shape[1] != CELLS {
        return Err(PyValueError::new_err(format!(
            "a puzzle array must have shape (n, 81), one row of 81 cells per puzzle; got \
             {shape:?}"
        )));
    }
    Ok(cells)
}

fn read_array<'py>(array: &Bound<'py, PyUntypedArray>) -> PyResult<Puzzles<'py>> {
    let readonly = puzzle_array(array)?.readonly();
    let mut read = Puzzles::new(Kind::Array);
    let cells = readonly.as_array();
    read.grids.reserve(cells.nrows());
    for row in cells.rows() {
        let mut cells = [0u8; CELLS];
        for (cell, &value) in cells.iter_mut().zip(row.iter()) {
            *cell = value;
        }
        read.push(Grid::from_cells(cells).ok_or_else(|| {
            batch::RowError::<String>::BadCell(
                cells.into_iter().find(|&v| v > 9).expect("a cell over 9"),
            )
            .to_string()
        }));
    }
    Ok(read)
}

/// Answers an array of puzzles row for row: a copy of it, made with the GIL
/// held, is handed to `answer` (a [`batch`] function on rows) with the GIL
/// released, which writes each answer over its row, zeros for none. With
/// `strict`, the first row without an answer is a ValueError naming it.
fn answer_rows<'py, E: std::fmt::Display + Send>(
    array: &Bound<'py, PyUntypedArray>,
    strict: bool,
    answer: impl FnOnce(&mut [u8]) -> Vec<(usize, batch::RowError<E>)> + Send,
) -> PyResult<Bound<'py, PyAny>> {
    let py = array.py();
    let puzzles = puzzle_array(array)?.readonly();
    let puzzles = puzzles.as_array();
    let answers = PyArray2::<u8>::zeros(py, puzzles.dim(), false);
    let failed = {
        let mut rows = answers.readwrite();
        rows.as_array_mut().assign(&puzzles);
        let rows = rows.as_slice_mut().expect("a new array is contiguous");
        py.detach(|| answer(rows))
    };
    match failed.first() {
        Some((row, e)) if strict => Err(bad_row(*row, &e.to_string())),
        _ => Ok(answers.into_any()),
    }
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an object".to_string(), |n| n.to_string())
}

/// The answers (one per readable puzzle) as the kind the puzzles came in:
/// strings, or an (n, 81) uint8 array with a row of zeros for a bad puzzle.
fn grids_out<'py, E: std::fmt::Display>(
    py: Python<'py>,
    puzzles: &Puzzles<'py>,
    answers: Vec<Result<Grid, E>>,
    strict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if let Kind::Array = puzzles.kind {
        let array = PyArray2::<u8>::zeros(py, [puzzles.len(), 81], false);
        {
            let mut cells = array.readwrite();
            let slice = cells.as_slice_mut().expect("a new array is contiguous");
            puzzles.rows(answers, strict, |row, grid| {
                if let Some(grid) = grid {
                    slice[row * 81..][..81].copy_from_slice(grid.cells());
                }
            })?;
        }
        return Ok(array.into_any());
    }
    let strings = puzzles.answers(answers, strict)?;
    let strings = strings.into_iter().map(|grid| grid.map(|g| g.to_string()));
    values_out(py, &puzzles.kind, strings)
}

/// Values as a list (a Series for a Series, the value alone for one puzzle).
fn values_out<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    kind: &Kind<'py>,
    values: impl IntoIterator<Item = T>,
) -> PyResult<Bound<'py, PyAny>> {
    let list = PyList::new(py, values)?;
    match kind {
        Kind::One => list.get_item(0),
        Kind::List | Kind::Array => Ok(list.into_any()),
        Kind::Series(series) => {
            let kwargs = PyDict::new(py);
            kwargs.set_item("index", series.getattr("index")?)?;
            kwargs.set_item("name", series.getattr("name")?)?;
            let pandas = py.import("pandas")?;
            pandas.getattr("Series")?.call((list,), Some(&kwargs))
        }
    }
}

/// Cells in a row of an array of puzzles: one grid.
const CELLS: usize = 81;

/// Worker threads: `threads`, or one per core, on a pool of their own (the
/// library's `None` would run on rayon's global pool instead).
fn workers(threads: Option<usize>) -> PyResult<Option<usize>> {
    match threads {
        Some(0) => Err(PyValueError::new_err("threads must be at least 1")),
        Some(n) => Ok(Some(n)),
        None => Ok(Some(
            std::thread::available_parallelism().map_or(1, NonZeroUsize::get),
        )),
    }
}

fn seed_or_random(seed: Option<u64>) -> u64 {
    seed.unwrap_or_else(|| {
        let now = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        RandomState::new().hash_one(now)
    })
}

fn logic_options(budget: Option<u64>) -> PyResult<logic::Options> {
    if budget == Some(0) {
        return Err(PyValueError::new_err(
            "budget must be a count of chain nodes of 1 or more (None: no limit); got 0",
        ));
    }
    Ok(logic::Options::default().with_budget(budget))
}

/// Solves puzzles: each one's first solution.
///
/// puzzles: a list of strings of 81 cells (1-9, and '.' or '0' for empty),
/// a NumPy uint8 array of shape (n, 81) (0 for empty), a pandas Series of
/// strings, or one string. The answers come back in the same kind: strings
/// (None for a puzzle that is unreadable or has no solution), or an (n, 81)
/// array (a row of zeros for one).
///
/// threads: worker threads (default: one per core). The GIL is released
/// while they work.
/// strict: raise ValueError naming the first bad row instead.
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, strict=false))]
fn solve<'py>(
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
    strict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    let threads = workers(threads)?;
    if let Ok(array) = puzzles.cast::<PyUntypedArray>() {
        return answer_rows(array, strict, |rows| batch::solve_rows(rows, threads));
    }
    let puzzles = read(puzzles)?;
    let answers = py.detach(|| batch::solve(&puzzles.grids, threads));
    grids_out(py, &puzzles, answers, strict)
}

/// Counts each puzzle's solutions, stopping at `limit` (so that with the
/// default 2, 2 means "two or more"); 0 for a puzzle without solution.
///
/// Inputs as for solve. Answers: ints (None for an unreadable puzzle or
/// conflicting givens), or for an array an int64 array with -1 for those.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=2, threads=None, strict=false))]
fn count<'py>(
    puzzles: &Bound<'py, PyAny>,
    limit: u32,
    threads: Option<usize>,
    strict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    let threads = workers(threads)?;
    if limit == 0 {
        return Err(PyValueError::new_err("limit must be at least 1"));
    }
    let puzzles = read(puzzles)?;
    let answers = py.detach(|| batch::count(&puzzles.grids, limit, threads));
    // The command line prints 0 for no solution, a count like any other.
    let answers = answers
        .into_iter()
        .map(|answer| match answer {
            Err(sudokuflow::SolveError::NoSolution) => Ok(0),
            other => other,
        })
        .collect();
    let counts = puzzles.answers(answers, strict)?;
    if let Kind::Array = puzzles.kind {
        let counts: Vec<i64> = counts
            .into_iter()
            .map(|c| c.map_or(-1, i64::from))
            .collect();
        return Ok(PyArray1::from_vec(py, counts).into_any());
    }
    values_out(py, &puzzles.kind, counts)
}

/// A rating as a dict, as explain's JSON writes it.
fn rating_dict<'py>(py: Python<'py>, rating: &Rating) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    dict.set_item("er", f64::from(rating.er.0) / 10.0)?;
    dict.set_item("ep", f64::from(rating.ep.0) / 10.0)?;
    dict.set_item("ed", f64::from(rating.ed.0) / 10.0)?;
    dict.set_item("level", rating.level.name())?;
    dict.set_item("hardest", rating.hardest.name())?;
    dict.set_item("complete", rating.complete)?;
    Ok(dict)
}

/// Rates puzzles on the Sudoku Explainer scale: a dict per puzzle,
/// {"er", "ep", "ed", "level", "hardest", "complete"} as in explain's JSON
/// (complete is False when er is a lower bound), None for a puzzle without
/// exactly one solution.
///
/// Inputs as for solve; the answers are a list of dicts (a Series for a
/// Series). budget: chain nodes per puzzle, a count of work, so that a rating
/// is the same on every machine (None: no limit).
#[pyfunction]
#[pyo3(signature = (puzzles, *, budget=Some(logic::Options::DEFAULT_BUDGET), threads=None, strict=false))]
fn rate<'py>(
    puzzles: &Bound<'py, PyAny>,
    budget: Option<u64>,
    threads: Option<usize>,
    strict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    let threads = workers(threads)?;
    let options = logic_options(budget)?;
    let puzzles = read(puzzles)?;
    let answers = py.detach(|| batch::rate(&puzzles.grids, &options, threads));
    let ratings = puzzles.answers(answers, strict)?;
    let dicts = ratings
        .iter()
        .map(|rating| rating.as_ref().map(|r| rating_dict(py, r)).transpose())
        .collect::<PyResult<Vec<_>>>()?;
    let kind = match puzzles.kind {
        Kind::Array => Kind::List,
        kind => kind,
    };
    values_out(py, &kind, dicts)
}

/// Explains how a person solves each puzzle: a dict per puzzle, as
/// `sudokuflow explain --format json` writes it ({"puzzle", "solution",
/// "rating", "steps": [{"technique", "rating", "placements",
/// "eliminations", "text"}, ...]}), None for a puzzle without exactly one
/// solution.
///
/// Inputs as for solve; the answers are a list of dicts (a Series for a
/// Series). budget: chain nodes per puzzle, a count of work, so that a rating
/// is the same on every machine (None: no limit).
#[pyfunction]
#[pyo3(signature = (puzzles, *, budget=Some(logic::Options::DEFAULT_BUDGET), threads=None, strict=false))]
fn explain<'py>(
    puzzles: &Bound<'py, PyAny>,
    budget: Option<u64>,
    threads: Option<usize>,
    strict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    let threads = workers(threads)?;
    let options = logic_options(budget)?;
    let puzzles = read(puzzles)?;
    let answers = py.detach(|| batch::explain(&puzzles.grids, &options, threads));
    let explanations = puzzles.answers(answers, strict)?;
    let loads = py.import("json")?.getattr("loads")?;
    let mut dicts = Vec::with_capacity(explanations.len());
    for explanation in &explanations {
        dicts.push(match explanation {
            Some(explanation) => {
                let mut json = Vec::new();
                write_explanation_json(explanation, &mut json);
                Some(loads.call1((PyString::new(py, &String::from_utf8_lossy(&json)),))?)
            }
            None => None,
        });
    }
    let kind = match puzzles.kind {
        Kind::Array => Kind::List,
        kind => kind,
    };
    values_out(py, &kind, dicts)
}

/// Each puzzle's minlex canonical form: the same for equivalent puzzles
/// (see `sudokuflow canon --help`). Inputs and answers as for solve (None,
/// or a zero row, for an unreadable puzzle or conflicting givens).
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, strict=false))]
fn canon<'py>(
    puzzles: &Bound<'py, PyAny>,
    threads: Option<usize>,
    strict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    let threads = workers(threads)?;
    if let Ok(array) = puzzles.cast::<PyUntypedArray>() {
        return answer_rows(array, strict, |rows| batch::canonical_rows(rows, threads));
    }
    let puzzles = read(puzzles)?;
    let answers = py.detach(|| batch::canonical(&puzzles.grids, threads));
    grids_out(py, &puzzles, answers, strict)
}

/// An equivalent of each puzzle (relabelled digits, permuted rows, columns,
/// bands and stacks, maybe transposed), drawn from `seed` (random when
/// None) and the puzzle's position. Inputs and answers as for solve.
#[pyfunction]
#[pyo3(signature = (puzzles, *, seed=None, threads=None, strict=false))]
fn shuffle<'py>(
    puzzles: &Bound<'py, PyAny>,
    seed: Option<u64>,
    threads: Option<usize>,
    strict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    let threads = workers(threads)?;
    let seed = seed_or_random(seed);
    if let Ok(array) = puzzles.cast::<PyUntypedArray>() {
        return answer_rows(array, strict, |rows| {
            batch::shuffle_rows(rows, seed, threads)
        });
    }
    let puzzles = read(puzzles)?;
    // Numbered by row, bad rows counted, as the CLI numbers lines.
    let mut bad = puzzles.bad.iter().map(|&(row, _)| row).peekable();
    let mut grids = puzzles.grids.iter().copied();
    let mut numbered = Vec::with_capacity(puzzles.grids.len());
    for row in 0..puzzles.len() {
        if bad.next_if_eq(&row).is_none() {
            numbered.extend(grids.next().map(|grid| (row as u64 + 1, grid)));
        }
    }
    let answers = py.detach(|| batch::shuffle_numbered(&numbered, seed, threads));
    let answers = answers.into_iter().map(Ok::<_, String>).collect();
    grids_out(py, &puzzles, answers, strict)
}

/// Generates `n` puzzles with exactly one solution, as `sudokuflow generate`
/// does: the same seed gives the same puzzles (random when None).
///
/// level: only puzzles of this level (easy, medium, hard, expert, hell).
/// symmetry: of the clue pattern (none, rotate180, rotate90, mirror, flip,
/// diagonal, random). clues: exactly this many clues instead of a minimal
/// puzzle. Returns a list of strings ('.' for empty cells), or with
/// array=True a uint8 array of shape (n, 81).
#[pyfunction]
#[pyo3(signature = (n, *, seed=None, level=None, symmetry="none", clues=None, array=false, threads=None))]
#[allow(clippy::too_many_arguments)]
fn generate<'py>(
    py: Python<'py>,
    n: u64,
    seed: Option<u64>,
    level: Option<&str>,
    symmetry: &str,
    clues: Option<u8>,
    array: bool,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let threads = workers(threads)?;
    let level = level
        .map(|name| {
            name.parse::<Level>().map_err(|_| {
                let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
                PyValueError::new_err(format!(
                    "level must be one of {}; got '{name}'",
                    names.join(", ")
                ))
            })
        })
        .transpose()?;
    let symmetry = symmetry.parse::<Symmetry>().map_err(|_| {
        PyValueError::new_err(format!(
            "symmetry must be one of {}; got '{symmetry}'",
            Symmetry::NAMES.join(", ")
        ))
    })?;
    let config = GenerateConfig::default()
        .with_symmetry(symmetry)
        .with_clues(clues)
        .with_level(level);
    let seed = seed_or_random(seed);
    let made = py
        .detach(|| batch::generate(&config, seed, n, threads))
        .map_err(|(index, e)| PyValueError::new_err(format!("puzzle {index}: {e}")))?;
    let kind = if array { Kind::Array } else { Kind::List };
    let mut puzzles = Puzzles::new(kind);
    let answers = made.iter().map(|g| Ok::<_, String>(g.puzzle)).collect();
    puzzles.grids = made.iter().map(|g| g.puzzle).collect();
    grids_out(py, &puzzles, answers, false)
}

/// sudokuflow: a fast Sudoku engine. solve, count, rate, explain, canon and
/// shuffle take a list of puzzle strings, a NumPy (n, 81) uint8 array or a
/// pandas Series, and answer in the same kind, in parallel with the GIL
/// released; generate makes puzzles.
#[pymodule]
#[pyo3(name = "sudokuflow")]
fn sudokuflow_py(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(solve, module)?)?;
    module.add_function(wrap_pyfunction!(count, module)?)?;
    module.add_function(wrap_pyfunction!(rate, module)?)?;
    module.add_function(wrap_pyfunction!(explain, module)?)?;
    module.add_function(wrap_pyfunction!(canon, module)?)?;
    module.add_function(wrap_pyfunction!(shuffle, module)?)?;
    module.add_function(wrap_pyfunction!(generate, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
