//! The `sudokuflow` Python module. It converts, puzzles in (one string, a
//! list or tuple of strings, a pandas or polars Series, a pyarrow Array or
//! ChunkedArray, a NumPy array of strings, or a NumPy integer array of
//! shape (n, 81) or (n, 9, 9)) and answers out in the same kind, and runs
//! each call where Ctrl-C can stop it (`Run`); every answer comes from
//! the library's [`sudokuflow::batch`] API, with the GIL released. Strings
//! in Arrow's memory (pyarrow, polars, pandas' pyarrow-backed dtypes) are
//! read from its buffers and answered as an Arrow array over the rows they
//! were solved in (`arrow`): no Python string per puzzle either way.

use std::borrow::Cow;
use std::cell::Cell;
use std::collections::hash_map::RandomState;
use std::ffi::c_char;
use std::hash::BuildHasher;
use std::num::NonZeroUsize;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime};

use numpy::{
    PyArray1, PyArray2, PyArrayDescrMethods, PyArrayMethods, PyUntypedArray, PyUntypedArrayMethods,
};
use pyo3::PyTypeInfo;
use pyo3::exceptions::{PyImportError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use rayon::prelude::*;
use sudokuflow::Grid;
use sudokuflow::batch;
use sudokuflow::generate::{GenerateConfig, Symmetry};
use sudokuflow::logic::{self, Level, Rating};
use sudokuflow::render::json::write_explanation_json;

mod arrow;
mod dataset;

/// The kind of collection puzzles came in; answers go back in the same kind.
enum Kind<'py> {
    /// One puzzle string: one answer.
    One,
    /// A list (or another sequence) of strings.
    List,
    /// A NumPy integer array of puzzles: answers in its shape and dtype.
    Array(Bound<'py, PyUntypedArray>),
    /// A NumPy array of strings (or objects): an object array back.
    StringArray,
    /// A pandas Series: its index, name and dtype are kept.
    Pandas(Bound<'py, PyAny>),
    /// A polars Series: its name is kept.
    Polars(Bound<'py, PyAny>),
    /// A pyarrow Array, or a ChunkedArray (`chunked`).
    Arrow { chunked: bool },
}

/// What an answer is, for the column type it goes back in.
#[derive(Clone, Copy)]
enum Values {
    /// Grids as strings.
    Grids,
    /// Solution counts: a nullable integer column.
    Counts,
    /// Dicts (ratings, explanations).
    Records,
}

/// Puzzles read from Python: the readable ones, in order, and the rows
/// of the others with why they are not puzzles.
struct Puzzles<'py> {
    kind: Kind<'py>,
    /// The readable puzzles' cells, as the batch functions on rows take them.
    rows: Vec<[u8; CELLS]>,
    /// Unreadable rows, in order.
    bad: Vec<(usize, String)>,
    /// Rows read (`rows` is taken to be answered).
    len: usize,
    /// Every row's text, line end left out, when kept (`split` draws a
    /// bad row's part from it): the texts one after another, and where
    /// each ends. A missing value's text, and an array row's, is empty.
    texts: Option<(Vec<u8>, Vec<usize>)>,
}

impl<'py> Puzzles<'py> {
    fn new(kind: Kind<'py>) -> Puzzles<'py> {
        Puzzles {
            kind,
            rows: Vec::new(),
            bad: Vec::new(),
            len: 0,
            texts: None,
        }
    }

    /// Row `row`'s text, if texts were kept.
    fn text(&self, row: usize) -> Option<&[u8]> {
        let (text, ends) = self.texts.as_ref()?;
        let start = if row == 0 { 0 } else { ends[row - 1] };
        Some(&text[start..ends[row]])
    }

    /// Reads one puzzle's text, kept if texts are.
    fn push_text(&mut self, text: &[u8]) {
        let line = strip_line_end(text);
        if let Some((texts, ends)) = &mut self.texts {
            texts.extend_from_slice(line);
            ends.push(texts.len());
        }
        self.push_row(Grid::parse_line(line).map_err(|e| e.to_string()));
    }

    /// A row without text (a missing value, an array's row).
    fn push(&mut self, row: Result<Grid, String>) {
        if let Some((texts, ends)) = &mut self.texts {
            ends.push(texts.len());
        }
        self.push_row(row);
    }

    /// The readable puzzles, taken, each with its row's number from 1 (bad
    /// rows counted), as the command line numbers a file's lines.
    fn numbered(&mut self) -> Vec<(u64, Grid)> {
        let mut bad = self.bad.iter().map(|&(row, _)| row).peekable();
        let mut grids = std::mem::take(&mut self.rows)
            .into_iter()
            .map(|row| Grid::from_cells(row).expect("a readable puzzle's cells"));
        let mut numbered = Vec::with_capacity(self.len - self.bad.len());
        for row in 0..self.len {
            if bad.next_if_eq(&row).is_none() {
                numbered.extend(grids.next().map(|grid| (row as u64 + 1, grid)));
            }
        }
        numbered
    }

    fn len(&self) -> usize {
        self.len
    }

    fn push_row(&mut self, row: Result<Grid, String>) {
        match row {
            Ok(grid) => self.rows.push(*grid.cells()),
            Err(reason) => self.bad.push((self.len, reason)),
        }
        self.len += 1;
    }

    /// Each row's answer: `answers` for the readable rows, in order, and
    /// `None` for the others; with `strict`, the first bad row is a
    /// `ValueError` naming it.
    fn rows<T, E: std::fmt::Display>(
        &self,
        answers: impl IntoIterator<Item = Result<T, E>>,
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
        answers: impl IntoIterator<Item = Result<T, E>>,
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

/// What was passed: integer rows for the batch functions that answer
/// arrays in place (and whether texts are to be kept, should they be read
/// one by one), or puzzles read one by one.
enum Input<'py> {
    Rows(Rows<'py>, bool),
    Puzzles(Puzzles<'py>),
}

/// Reads `puzzles`, refusing with a TypeError what is not a column of
/// puzzles (a DataFrame, numbers) and saying what to pass instead.
fn read<'py>(puzzles: &Bound<'py, PyAny>) -> PyResult<Input<'py>> {
    read_keeping(puzzles, false)
}

/// [`read`], keeping each row's text with the puzzles when `texts`.
fn read_keeping<'py>(puzzles: &Bound<'py, PyAny>, texts: bool) -> PyResult<Input<'py>> {
    let new = |kind| {
        let mut read = Puzzles::new(kind);
        if texts {
            read.texts = Some((Vec::new(), Vec::new()));
        }
        read
    };
    if let Ok(text) = puzzles.cast::<PyString>() {
        let mut read = new(Kind::One);
        read.push_text(&utf8(text)?);
        return Ok(Input::Puzzles(read));
    }
    if let Ok(array) = puzzles.cast::<PyUntypedArray>() {
        if array.ndim() == 1 && matches!(array.dtype().kind(), b'U' | b'S' | b'O') {
            let mut read = new(Kind::StringArray);
            read_strings(&puzzles.call_method0("tolist")?, &mut read)?;
            return Ok(Input::Puzzles(read));
        }
        return read_rows(array).map(|rows| Input::Rows(rows, texts));
    }
    let class = puzzles.get_type();
    let (name, module) = (class.name()?, class.module()?);
    let (name, module) = (name.to_cow()?, module.to_cow()?);
    let library = module.split('.').next().unwrap_or_default();
    if matches!(
        name.as_ref(),
        "DataFrame" | "Table" | "RecordBatch" | "LazyFrame"
    ) {
        return Err(not_a_column(puzzles, &name));
    }
    let (kind, list) = match (library, name.as_ref()) {
        ("pandas", "Series") => (Kind::Pandas(puzzles.clone()), "tolist"),
        ("polars", "Series") => (Kind::Polars(puzzles.clone()), "to_list"),
        ("pyarrow", "ChunkedArray") => (Kind::Arrow { chunked: true }, "to_pylist"),
        ("pyarrow", _) if puzzles.hasattr("to_pylist")? && puzzles.hasattr("type")? => {
            (Kind::Arrow { chunked: false }, "to_pylist")
        }
        _ => {
            let mut read = new(Kind::List);
            read_strings(puzzles, &mut read)?;
            return Ok(Input::Puzzles(read));
        }
    };
    let mut read = new(kind);
    if arrow_backed(puzzles, &read.kind)?
        && let Some(strings) = arrow::Strings::read(puzzles)?
    {
        read.rows.reserve(strings.len());
        strings.each(|text| match text {
            Some(text) => read.push_text(text),
            None => read.push(Err(MISSING.to_string())),
        });
        return Ok(Input::Puzzles(read));
    }
    read_strings(&puzzles.call_method0(list)?, &mut read)?;
    Ok(Input::Puzzles(read))
}

/// Why a missing value is no puzzle.
const MISSING: &str = "no puzzle (a missing value)";

/// True when the column holds its strings in Arrow's memory, so that they
/// are read (and answers handed back) through the Arrow PyCapsule
/// interface: pyarrow's arrays, polars' Series, and pandas' Series of
/// pyarrow-backed dtypes (not those of Python objects, which pandas would
/// copy into Arrow).
fn arrow_backed(column: &Bound<'_, PyAny>, kind: &Kind<'_>) -> PyResult<bool> {
    Ok(match kind {
        Kind::Pandas(_) => {
            let dtype = column.getattr("dtype")?;
            dtype.hasattr("pyarrow_dtype")?
                || dtype
                    .getattr("storage")
                    .is_ok_and(|storage| storage.eq("pyarrow").unwrap_or(false))
        }
        Kind::Polars(_) | Kind::Arrow { .. } => true,
        _ => false,
    })
}

impl<'py> Input<'py> {
    /// The puzzles one by one, an array's rows read as grids.
    fn puzzles(self) -> PyResult<Puzzles<'py>> {
        match self {
            Input::Puzzles(puzzles) => Ok(puzzles),
            Input::Rows(rows, texts) => {
                let mut read = Puzzles::new(Kind::Array(rows.original.clone()));
                if texts {
                    read.texts = Some((Vec::new(), Vec::with_capacity(rows.len())));
                }
                read.rows.reserve(rows.len());
                for (row, &cells) in rows.cells.iter().enumerate() {
                    read.push(Grid::from_cells(cells).ok_or_else(|| rows.bad_cell(row, &cells)));
                }
                Ok(read)
            }
        }
    }
}

/// A DataFrame (or table) passed where one column is wanted.
fn not_a_column(frame: &Bound<'_, PyAny>, name: &str) -> PyErr {
    let columns = frame
        .getattr("columns")
        .or_else(|_| frame.getattr("column_names"))
        .and_then(|c| pyo3::types::PyList::type_object(frame.py()).call1((c,)))
        .and_then(|c| c.str())
        .map_or_else(|_| "?".to_string(), |c| c.to_string());
    PyTypeError::new_err(format!(
        "puzzles must be one column, not a {name} (its columns are {columns}); pass the \
         column of puzzles, e.g. df[\"quizzes\"]"
    ))
}

/// One puzzle string without the line end allowed after it, as the CLI
/// allows it.
fn strip_line_end(text: &[u8]) -> &[u8] {
    let line = text.strip_suffix(b"\n").unwrap_or(text);
    line.strip_suffix(b"\r").unwrap_or(line)
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

/// True for what pandas, polars, pyarrow and NumPy use for a missing
/// value: None, NaN, pandas' NA (and NaT).
fn is_missing(item: &Bound<'_, PyAny>) -> bool {
    item.is_none()
        || item.extract::<f64>().is_ok_and(f64::is_nan)
        || item
            .get_type()
            .name()
            .and_then(|n| {
                n.to_cow()
                    .map(|n| matches!(n.as_ref(), "NAType" | "NaTType"))
            })
            .unwrap_or(false)
}

fn read_strings(sequence: &Bound<'_, PyAny>, read: &mut Puzzles<'_>) -> PyResult<()> {
    let items = sequence.try_iter().map_err(|_| {
        PyTypeError::new_err(format!(
            "puzzles must be a string, a list of strings, a pandas or polars Series, a \
             pyarrow array, or a NumPy array of shape (n, 81) or (n, 9, 9); got {}",
            type_name(sequence)
        ))
    })?;
    for (i, item) in items.enumerate() {
        let item = item?;
        if let Ok(text) = item.cast::<PyString>() {
            read.push_text(&utf8(text)?);
        } else if let Ok(bytes) = item.cast::<PyBytes>() {
            read.push_text(bytes.as_bytes());
        } else if is_missing(&item) {
            read.push(Err(MISSING.to_string()));
        } else if item.extract::<i64>().is_ok() || item.extract::<f64>().is_ok() {
            return Err(PyTypeError::new_err(format!(
                "row {i}: a puzzle must be a string of 81 cells; got the number {}: puzzles \
                 read as numbers lose their leading zeros, so read them as text (for \
                 example pandas.read_csv(..., dtype=str))",
                item.str()
                    .map_or_else(|_| "?".to_string(), |s| s.to_string())
            )));
        } else {
            return Err(PyTypeError::new_err(format!(
                "row {i}: a puzzle must be a string of 81 cells (1-9, and '.' or '0' for \
                 empty); got {}",
                type_name(&item)
            )));
        }
    }
    Ok(())
}

/// An integer array of puzzles as the rows of cells the batch functions
/// answer in place: a copy of the caller's array, to be overwritten with
/// the answers (and handed back as an array without another copy).
struct Rows<'py> {
    cells: Vec<[u8; CELLS]>,
    /// Rows holding a value that is no cell (kept as 255 in `cells`), with
    /// the first such value: wider dtypes hold what uint8 cannot.
    bad: Vec<(usize, i64)>,
    /// The caller's array: answers go back in its shape and dtype.
    original: Bound<'py, PyUntypedArray>,
}

impl Rows<'_> {
    fn len(&self) -> usize {
        self.cells.len()
    }

    /// Why `row` (holding `cells`) is no puzzle.
    fn bad_cell(&self, row: usize, cells: &[u8]) -> String {
        match self.bad.iter().find(|(at, _)| *at == row) {
            Some((_, value)) => format!("a cell holds {value}; cells are 0 (empty) to 9"),
            None => batch::RowError::<String>::BadCell(
                cells
                    .iter()
                    .copied()
                    .find(|&v| v > 9)
                    .expect("a cell over 9"),
            )
            .to_string(),
        }
    }
}

/// `array` as rows of 81 cells, or the TypeError or ValueError saying what
/// it is instead.
fn read_rows<'py>(array: &Bound<'py, PyUntypedArray>) -> PyResult<Rows<'py>> {
    let shape = array.shape().to_vec();
    let dtype = array.dtype();
    let puzzle_shape = matches!(shape[..], [_, CELLS] | [_, 9, 9]);
    if !matches!(dtype.kind(), b'i' | b'u') {
        if puzzle_shape {
            return Err(PyTypeError::new_err(format!(
                "a puzzle array must have an integer dtype (0 for empty cells, 1-9 for \
                 givens); got {dtype}; convert it with .astype(numpy.uint8)"
            )));
        }
        return Err(PyValueError::new_err(format!(
            "a puzzle array must hold strings in one dimension, or integers of shape (n, 81) \
             or (n, 9, 9); got {dtype} of shape {shape:?}"
        )));
    }
    if !puzzle_shape {
        return Err(PyValueError::new_err(format!(
            "a puzzle array must have shape (n, 81) or (n, 9, 9), one puzzle per row; got \
             {shape:?}"
        )));
    }
    let n = shape[0];
    let flat = array.call_method1("reshape", ((n, CELLS),))?;
    let mut cells = Vec::with_capacity(n);
    if dtype.kind() == b'u' && dtype.itemsize() == 1 {
        // A copy in row order, whatever the caller's order.
        let flat = flat.cast::<PyArray2<u8>>()?.readonly();
        let flat = flat.as_array();
        match flat.as_slice() {
            Some(slice) => cells.extend(
                slice
                    .chunks_exact(CELLS)
                    .map(|row| <[u8; CELLS]>::try_from(row).expect("rows of 81 cells")),
            ),
            None => cells.extend(flat.rows().into_iter().map(|values| {
                let mut row = [0u8; CELLS];
                row.iter_mut().zip(values).for_each(|(cell, &v)| *cell = v);
                row
            })),
        }
        return Ok(Rows {
            cells,
            bad: Vec::new(),
            original: array.clone(),
        });
    }
    let wide = flat.call_method1("astype", ("int64",))?;
    let wide = wide.cast::<PyArray2<i64>>()?.readonly();
    let mut bad = Vec::new();
    for (row, values) in wide.as_array().rows().into_iter().enumerate() {
        let mut first_bad = None;
        let mut narrow = [0u8; CELLS];
        for (cell, &value) in narrow.iter_mut().zip(values) {
            *cell = match u8::try_from(value) {
                Ok(v) if v <= 9 => v,
                _ => {
                    first_bad.get_or_insert(value);
                    u8::MAX
                }
            };
        }
        cells.push(narrow);
        bad.extend(first_bad.map(|value| (row, value)));
    }
    Ok(Rows {
        cells,
        bad,
        original: array.clone(),
    })
}

/// Answers rows of puzzles: `answer` (a [`batch`] function on rows, given
/// one row at a time) runs on the call's workers and writes each answer
/// over its row, zeros for none; they go back in the caller's shape and dtype. With `strict`, the
/// first row without an answer is a ValueError naming it.
fn answer_rows<'py, E: std::fmt::Display + Send + 'static>(
    rows: Rows<'py>,
    run: &Run<'py>,
    strict: bool,
    answer: impl Fn(&mut [u8]) -> Vec<(usize, batch::RowError<E>)> + Send + Sync + 'static,
) -> PyResult<Bound<'py, PyAny>> {
    let (answered, failed) = run.rows(rows.cells, answer)?;
    let failed: Vec<(usize, batch::RowError<E>)> = failed
        .into_iter()
        .enumerate()
        .filter_map(|(row, e)| Some((row, e?)))
        .collect();
    if let (Some((row, e)), true) = (failed.first(), strict) {
        let reason = match rows.bad.iter().find(|(at, _)| at == row) {
            Some((_, value)) => format!("a cell holds {value}; cells are 0 (empty) to 9"),
            None => e.to_string(),
        };
        return Err(bad_row(*row, &reason));
    }
    // The answers handed to NumPy where they are.
    let n = answered.len();
    let answers = PyArray1::from_vec(run.py, answered.into_flattened()).reshape([n, CELLS])?;
    in_callers_layout(answers.into_any(), &rows.original)
}

/// Answers held as (n, 81) uint8 rows, in the shape and dtype of the
/// caller's `original` array.
fn in_callers_layout<'py>(
    answers: Bound<'py, PyAny>,
    original: &Bound<'py, PyUntypedArray>,
) -> PyResult<Bound<'py, PyAny>> {
    let dtype = original.dtype();
    let answers = if dtype.kind() == b'u' && dtype.itemsize() == 1 {
        answers
    } else {
        answers.call_method1("astype", (dtype,))?
    };
    answers.call_method1("reshape", (original.shape().to_vec(),))
}

fn type_name(value: &Bound<'_, PyAny>) -> String {
    value
        .get_type()
        .name()
        .map_or_else(|_| "an object".to_string(), |n| n.to_string())
}

/// Rows answered in place, each with its error if it has no answer.
type Answered<E> = (Vec<[u8; CELLS]>, Vec<Option<batch::RowError<E>>>);

/// The answers (the cells of one per readable puzzle, in `answered`) as the
/// kind the puzzles came in: strings, or an array in the caller's layout
/// with a row of zeros for a bad puzzle.
fn grids_out<'py, E: std::fmt::Display>(
    py: Python<'py>,
    puzzles: &Puzzles<'py>,
    (rows, failed): Answered<E>,
    strict: bool,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(column) = arrow_column(&puzzles.kind)? {
        let answers = failed
            .iter()
            .enumerate()
            .map(|(slot, failed)| match failed {
                None => Ok(slot),
                Some(e) => Err(e),
            });
        let mut slots = Vec::with_capacity(puzzles.len());
        puzzles.rows(answers, strict, |_, slot| slots.push(slot))?;
        // The answers become their text where they are: the column's data.
        let mut data = rows.into_flattened();
        data.iter_mut().for_each(|cell| *cell = cell_char(*cell));
        return column.finish(py, data, &slots);
    }
    let answers = rows
        .into_iter()
        .zip(failed)
        .map(|(row, failed)| match failed {
            None => Ok(row),
            Some(e) => Err(e),
        });
    if let Kind::Array(original) = &puzzles.kind {
        let array = PyArray2::<u8>::zeros(py, [puzzles.len(), CELLS], false);
        {
            let mut cells = array.readwrite();
            let slice = cells.as_slice_mut().expect("a new array is contiguous");
            puzzles.rows(answers, strict, |row, cells| {
                if let Some(cells) = cells {
                    slice[row * CELLS..][..CELLS].copy_from_slice(&cells);
                }
            })?;
        }
        return in_callers_layout(array.into_any(), original);
    }
    let mut strings = Vec::with_capacity(puzzles.len());
    puzzles.rows(answers, strict, |_, cells| {
        strings.push(cells.map(|cells| {
            let line = cells.map(cell_char);
            PyString::new(py, std::str::from_utf8(&line).expect("digits and dots"))
        }));
    })?;
    values_out(py, &puzzles.kind, Values::Grids, strings)
}

/// A cell as the line format writes it.
fn cell_char(value: u8) -> u8 {
    if value == 0 { b'.' } else { b'0' + value }
}

/// Where strings of answers go back as an Arrow column: the column of the
/// caller's library they become.
enum ArrowColumn<'py> {
    /// A pyarrow Array, or a ChunkedArray of one chunk.
    Pyarrow { chunked: bool },
    /// A pandas Series of this pyarrow-backed Series' index, name and dtype.
    Pandas(Bound<'py, PyAny>),
    /// A polars Series of this Series' name.
    Polars(Bound<'py, PyAny>),
}

/// How answers of `kind` go back as Arrow, if they do: when they came as
/// Arrow.
fn arrow_column<'py>(kind: &Kind<'py>) -> PyResult<Option<ArrowColumn<'py>>> {
    Ok(Some(match kind {
        Kind::Arrow { chunked } => ArrowColumn::Pyarrow { chunked: *chunked },
        Kind::Pandas(series) if arrow_backed(series, kind)? => ArrowColumn::Pandas(series.clone()),
        Kind::Polars(series) => ArrowColumn::Polars(series.clone()),
        _ => return Ok(None),
    }))
}

impl<'py> ArrowColumn<'py> {
    /// The column of `slots` (see [`arrow::TextColumn::new`]) of answers
    /// in `data`, a row of text each.
    fn finish(
        self,
        py: Python<'py>,
        data: Vec<u8>,
        slots: &[Option<usize>],
    ) -> PyResult<Bound<'py, PyAny>> {
        let out = match self {
            ArrowColumn::Pyarrow { .. } => arrow::Out::Utf8,
            ArrowColumn::Pandas(_) => arrow::Out::LargeUtf8,
            ArrowColumn::Polars(_) => arrow::Out::Utf8View,
        };
        let text = arrow::TextColumn::new(data, CELLS, slots, out);
        if let ArrowColumn::Polars(series) = self {
            // Polars takes the column itself (and needs no pyarrow).
            let polars = py.import("polars")?;
            let column = polars.getattr("Series")?.call1((text,))?;
            return column.call_method1("alias", (series.getattr("name")?,));
        }
        let pyarrow = py.import("pyarrow")?;
        let array = pyarrow.getattr("array")?.call1((text,))?;
        match self {
            ArrowColumn::Polars(_) => unreachable!("answered above"),
            ArrowColumn::Pyarrow { chunked } => {
                if chunked {
                    let chunks = PyList::new(py, [&array])?;
                    pyarrow.call_method1("chunked_array", (chunks, array.getattr("type")?))
                } else {
                    Ok(array)
                }
            }
            ArrowColumn::Pandas(series) => {
                let dtype = series.getattr("dtype")?;
                let values = dtype.call_method1("__from_arrow__", (array,))?;
                let kwargs = PyDict::new(py);
                kwargs.set_item("index", series.getattr("index")?)?;
                kwargs.set_item("name", series.getattr("name")?)?;
                kwargs.set_item("copy", false)?;
                py.import("pandas")?
                    .getattr("Series")?
                    .call((values,), Some(&kwargs))
            }
        }
    }
}

/// Values in the kind the puzzles came in: a list, one value for one
/// puzzle, or a column of the caller's library with missing values as its
/// nulls (an array's answers that are not grids come back as a list).
fn values_out<'py, T: IntoPyObject<'py>>(
    py: Python<'py>,
    kind: &Kind<'py>,
    values: Values,
    items: impl IntoIterator<Item = T>,
) -> PyResult<Bound<'py, PyAny>> {
    let list = PyList::new(py, items)?;
    match kind {
        Kind::One => list.get_item(0),
        Kind::List | Kind::Array(_) => Ok(list.into_any()),
        Kind::StringArray => {
            let numpy = py.import("numpy")?;
            let array = numpy.call_method1("empty", (list.len(), "object"))?;
            array.set_item(pyo3::types::PySlice::full(py), list)?;
            Ok(array)
        }
        Kind::Pandas(series) => {
            let kwargs = PyDict::new(py);
            kwargs.set_item("index", series.getattr("index")?)?;
            kwargs.set_item("name", series.getattr("name")?)?;
            match values {
                // Strings in, strings out: the caller's string dtype kept.
                Values::Grids => kwargs.set_item("dtype", series.getattr("dtype")?)?,
                Values::Counts => kwargs.set_item("dtype", "Int64")?,
                Values::Records => kwargs.set_item("dtype", "object")?,
            }
            let pandas = py.import("pandas")?;
            pandas.getattr("Series")?.call((list,), Some(&kwargs))
        }
        Kind::Polars(series) => {
            let polars = py.import("polars")?;
            let kwargs = PyDict::new(py);
            match values {
                Values::Grids => kwargs.set_item("dtype", polars.getattr("String")?)?,
                Values::Counts => kwargs.set_item("dtype", polars.getattr("Int64")?)?,
                Values::Records => {}
            }
            let name = series.getattr("name")?;
            polars.getattr("Series")?.call((name, list), Some(&kwargs))
        }
        Kind::Arrow { chunked } => {
            let pyarrow = py.import("pyarrow")?;
            let kwargs = PyDict::new(py);
            match values {
                Values::Grids => kwargs.set_item("type", pyarrow.call_method0("string")?)?,
                Values::Counts => kwargs.set_item("type", pyarrow.call_method0("int64")?)?,
                Values::Records => {}
            }
            let array = pyarrow.getattr("array")?.call((list,), Some(&kwargs))?;
            if *chunked {
                let chunks = PyList::new(py, [&array])?;
                pyarrow.call_method1("chunked_array", (chunks, array.getattr("type")?))
            } else {
                Ok(array)
            }
        }
    }
}

/// Cells in a row of an array of puzzles: one grid.
const CELLS: usize = 81;

/// The most worker threads a call takes: more only costs the time to
/// start them.
const MAX_THREADS: i64 = 1024;

/// Worker threads: `threads` (1 to [`MAX_THREADS`]), or one per core.
fn thread_count(threads: Option<i64>) -> PyResult<usize> {
    match threads {
        Some(n) if !(1..=MAX_THREADS).contains(&n) => Err(PyValueError::new_err(format!(
            "threads must be from 1 to {MAX_THREADS} (None: one per core); got {n}"
        ))),
        Some(n) => Ok(usize::try_from(n).expect("checked above")),
        None => Ok(std::thread::available_parallelism().map_or(1, NonZeroUsize::get)),
    }
}

/// How a call reports how far it got: a tqdm bar, or a callable given
/// (done, total).
enum Progress<'py> {
    Silent,
    Bar {
        bar: Bound<'py, PyAny>,
        shown: Cell<usize>,
    },
    Callback(Bound<'py, PyAny>),
}

impl<'py> Progress<'py> {
    /// `progress` as the caller gave it: None or False for none, True for
    /// a tqdm bar, or a callable.
    fn new(progress: Option<&Bound<'py, PyAny>>, total: usize) -> PyResult<Progress<'py>> {
        let Some(progress) = progress.filter(|p| !p.is_none()) else {
            return Ok(Progress::Silent);
        };
        if let Ok(on) = progress.cast::<pyo3::types::PyBool>() {
            if !on.is_true() {
                return Ok(Progress::Silent);
            }
            let tqdm = progress.py().import("tqdm.auto").map_err(|_| {
                PyImportError::new_err(
                    "progress=True shows a tqdm bar: install tqdm (pip install tqdm), or pass a \
                     callable taking (done, total)",
                )
            })?;
            let kwargs = PyDict::new(progress.py());
            kwargs.set_item("total", total)?;
            kwargs.set_item("unit", "puzzle")?;
            let bar = tqdm.getattr("tqdm")?.call((), Some(&kwargs))?;
            return Ok(Progress::Bar {
                bar,
                shown: Cell::new(0),
            });
        }
        if progress.is_callable() {
            return Ok(Progress::Callback(progress.clone()));
        }
        Err(PyTypeError::new_err(format!(
            "progress must be True (a tqdm bar), a callable taking (done, total), or None; got {}",
            type_name(progress)
        )))
    }

    fn show(&self, done: usize, total: usize) -> PyResult<()> {
        match self {
            Progress::Silent => Ok(()),
            Progress::Bar { bar, shown } => {
                if done > shown.get() {
                    bar.call_method1("update", (done - shown.get(),))?;
                    shown.set(done);
                }
                Ok(())
            }
            Progress::Callback(callback) => callback.call1((done, total)).map(|_| ()),
        }
    }

    fn close(&self) -> PyResult<()> {
        match self {
            Progress::Bar { bar, .. } => bar.call_method0("close").map(|_| ()),
            _ => Ok(()),
        }
    }
}

/// How often a call looks for Ctrl-C and shows its progress.
const LOOK_EVERY: Duration = Duration::from_millis(100);

/// A call's work: run on a pool of its own, from a thread of its own,
/// while the caller's thread (the GIL released between looks) watches for
/// Ctrl-C and shows progress.
struct Run<'py> {
    py: Python<'py>,
    pool: Arc<rayon::ThreadPool>,
    progress: Progress<'py>,
}

impl<'py> Run<'py> {
    /// Checks `threads` and `progress` before any work is done. Threads
    /// beyond the number of puzzles are not started.
    fn new(
        py: Python<'py>,
        threads: Option<i64>,
        progress: Option<&Bound<'py, PyAny>>,
        total: usize,
    ) -> PyResult<Run<'py>> {
        let threads = thread_count(threads)?.min(total.max(1));
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("sudokuflow-{i}"))
            .build()
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start {threads} threads: {e}")))?;
        Ok(Run {
            py,
            pool: Arc::new(pool),
            progress: Progress::new(progress, total)?,
        })
    }

    /// `answer` of each item (given it to change, as rows of cells are
    /// answered in place), on the pool, with the items as `answer` left
    /// them. Ctrl-C raises KeyboardInterrupt within [`LOOK_EVERY`]: the
    /// answers are dropped, and each worker stops after the puzzle it is
    /// on.
    fn each<T, R>(
        &self,
        mut items: Vec<T>,
        answer: impl Fn(&mut T) -> R + Send + Sync + 'static,
    ) -> PyResult<(Vec<T>, Vec<R>)>
    where
        T: Send + 'static,
        R: Send + 'static,
    {
        let total = items.len();
        let done = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (sender, receiver) = mpsc::channel();
        let (pool, worker_done, worker_stop) = (self.pool.clone(), done.clone(), stop.clone());
        std::thread::Builder::new()
            .name("sudokuflow-call".to_string())
            .spawn(move || {
                let answers = pool.install(|| {
                    items
                        .par_iter_mut()
                        .map(|item| {
                            if worker_stop.load(Ordering::Relaxed) {
                                return None;
                            }
                            let answer = answer(item);
                            worker_done.fetch_add(1, Ordering::Relaxed);
                            Some(answer)
                        })
                        .collect::<Option<Vec<R>>>()
                });
                // Stopped, or the caller has gone (Ctrl-C): nothing to tell.
                if let Some(answers) = answers {
                    let _ = sender.send((items, answers));
                }
            })
            .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
        let mut receiver = receiver;
        loop {
            // The receiver goes along while the GIL is released (it cannot
            // be shared), and comes back.
            let received;
            (receiver, received) = self.py.detach(move || {
                let received = receiver.recv_timeout(LOOK_EVERY);
                (receiver, received)
            });
            match received {
                Ok(finished) => {
                    self.progress.show(total, total)?;
                    self.progress.close()?;
                    return Ok(finished);
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err("sudokuflow's workers failed"));
                }
            }
            let looked = self
                .py
                .check_signals()
                .and_then(|()| self.progress.show(done.load(Ordering::Relaxed), total));
            if let Err(e) = looked {
                stop.store(true, Ordering::Relaxed);
                let _ = self.progress.close();
                return Err(e);
            }
        }
    }

    /// A [`batch`] function of puzzles, over `rows` (each a readable
    /// puzzle), each puzzle on its own (so that a call stops soon after
    /// Ctrl-C, and shows its progress).
    fn grids<R: Send + 'static>(
        &self,
        rows: Vec<[u8; CELLS]>,
        answer: impl Fn(&[Grid]) -> Vec<R> + Send + Sync + 'static,
    ) -> PyResult<Vec<R>> {
        let one = move |row: &mut [u8; CELLS]| {
            let grid = Grid::from_cells(*row).expect("a readable puzzle's cells");
            let mut answers = answer(std::slice::from_ref(&grid));
            answers.pop().expect("one answer per puzzle")
        };
        self.each(rows, one).map(|(_, answers)| answers)
    }

    /// A [`batch`] function on rows of cells over `rows`, each answered in
    /// place on its own: the rows, answered, and each one's error if it
    /// has none.
    fn rows<E: Send + 'static>(
        &self,
        rows: Vec<[u8; CELLS]>,
        answer: impl Fn(&mut [u8]) -> Vec<(usize, batch::RowError<E>)> + Send + Sync + 'static,
    ) -> PyResult<Answered<E>> {
        // On success the batch function returns an empty Vec: no allocation.
        self.each(rows, move |row| answer(row).pop().map(|(_, e)| e))
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

fn logic_options(budget: Option<i64>) -> PyResult<logic::Options> {
    let budget = match budget {
        Some(n) if n < 1 => {
            return Err(PyValueError::new_err(format!(
                "budget must be a count of chain nodes of 1 or more (None: no limit); got {n}"
            )));
        }
        n => n.map(|n| n.unsigned_abs()),
    };
    Ok(logic::Options::default().with_budget(budget))
}

/// The rows of an answer that are no grid (counts, dicts): a list for an
/// array's rows, else the kind the puzzles came in.
fn records_kind<'py>(kind: Kind<'py>) -> Kind<'py> {
    match kind {
        Kind::Array(_) => Kind::List,
        kind => kind,
    }
}

/// Solves puzzles: each one's first solution.
///
/// puzzles: one string of 81 cells (1-9, and '.' or '0' for empty; a line
/// end after it is allowed), a list or tuple of them, a pandas Series
/// (object or string dtype), a polars Series, a pyarrow Array or
/// ChunkedArray, a NumPy array of strings, or a NumPy integer array of
/// shape (n, 81) or (n, 9, 9) (0 for empty). The answers come back in the
/// same kind: strings (missing for a puzzle that is missing, unreadable or
/// has no solution), or an array of the same shape and dtype (a puzzle of
/// zeros for one).
///
/// threads: worker threads, 1 to 1024 (default: one per core). The GIL is
/// released while they work, and Ctrl-C stops them within a second
/// (KeyboardInterrupt).
/// strict: raise ValueError naming the first bad row instead.
/// progress: True for a tqdm bar, or a callable given (done, total).
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, strict=false, progress=None))]
fn solve<'py>(
    puzzles: &Bound<'py, PyAny>,
    threads: Option<i64>,
    strict: bool,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    thread_count(threads)?;
    match read(puzzles)? {
        Input::Rows(rows, _) => {
            let run = Run::new(py, threads, progress, rows.len())?;
            answer_rows(rows, &run, strict, |row| batch::solve_rows(row, None))
        }
        Input::Puzzles(mut puzzles) => {
            let run = Run::new(py, threads, progress, puzzles.len())?;
            let rows = std::mem::take(&mut puzzles.rows);
            let answered = run.rows(rows, |row| batch::solve_rows(row, Some(1)))?;
            grids_out(py, &puzzles, answered, strict)
        }
    }
}

/// Counts each puzzle's solutions, stopping at `limit` (so that with the
/// default 2, 2 means "two or more"); 0 for a puzzle without solution.
///
/// Inputs as for solve. Answers: ints, missing for a missing or unreadable
/// puzzle or conflicting givens (a nullable Int64 Series for a pandas
/// Series, Int64 for polars and pyarrow), or for an array an int64 array
/// with -1 for those.
#[pyfunction]
#[pyo3(signature = (puzzles, *, limit=2, threads=None, strict=false, progress=None))]
fn count<'py>(
    puzzles: &Bound<'py, PyAny>,
    limit: i64,
    threads: Option<i64>,
    strict: bool,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    thread_count(threads)?;
    let limit = u32::try_from(limit)
        .ok()
        .filter(|&l| l >= 1)
        .ok_or_else(|| {
            PyValueError::new_err(format!("limit must be from 1 to {}; got {limit}", u32::MAX))
        })?;
    let mut puzzles = read(puzzles)?.puzzles()?;
    let run = Run::new(py, threads, progress, puzzles.len())?;
    let answers = run.grids(std::mem::take(&mut puzzles.rows), move |grids| {
        batch::count(grids, limit, None)
    })?;
    // The command line prints 0 for no solution, a count like any other.
    let answers = answers.into_iter().map(|answer| match answer {
        Err(sudokuflow::SolveError::NoSolution) => Ok(0),
        other => other,
    });
    let counts = puzzles.answers(answers, strict)?;
    if let Kind::Array(_) = puzzles.kind {
        let counts: Vec<i64> = counts
            .into_iter()
            .map(|c| c.map_or(-1, i64::from))
            .collect();
        return Ok(PyArray1::from_vec(py, counts).into_any());
    }
    values_out(py, &puzzles.kind, Values::Counts, counts)
}

/// The columns of a table of ratings, and their types in pandas, polars
/// and pyarrow.
const RATING_COLUMNS: [(&str, Column); 6] = [
    ("er", Column::Float),
    ("ep", Column::Float),
    ("ed", Column::Float),
    ("level", Column::Text),
    ("hardest", Column::Text),
    ("complete", Column::Bool),
];

/// The type of a column of a table handed back, nulls allowed.
#[derive(Clone, Copy)]
enum Column {
    Float,
    Int,
    Text,
    Bool,
}

/// One rating's cell in `column`: None for a missing rating.
fn rating_cell<'py>(
    py: Python<'py>,
    rating: Option<&Rating>,
    column: &str,
) -> PyResult<Bound<'py, PyAny>> {
    let Some(rating) = rating else {
        return Ok(py.None().into_bound(py));
    };
    let tenths = |d: logic::Difficulty| f64::from(d.0) / 10.0;
    Ok(match column {
        "er" => tenths(rating.er).into_pyobject(py)?.into_any(),
        "ep" => tenths(rating.ep).into_pyobject(py)?.into_any(),
        "ed" => tenths(rating.ed).into_pyobject(py)?.into_any(),
        "level" => rating.level.name().into_pyobject(py)?.into_any(),
        "hardest" => rating.hardest.name().into_pyobject(py)?.into_any(),
        _ => rating.complete.into_pyobject(py)?.to_owned().into_any(),
    })
}

/// A rating as a dict, as explain's JSON writes it.
fn rating_dict<'py>(py: Python<'py>, rating: &Rating) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (column, _) in RATING_COLUMNS {
        dict.set_item(column, rating_cell(py, Some(rating), column)?)?;
    }
    Ok(dict)
}

/// `columns` (name, type, cells) as a table of the caller's library: a
/// pandas DataFrame (with the Series' index), a polars DataFrame or a
/// pyarrow Table, missing cells as its nulls.
fn table<'py>(
    py: Python<'py>,
    kind: &Kind<'py>,
    columns: Vec<(&str, Column, Bound<'py, PyList>)>,
) -> PyResult<Bound<'py, PyAny>> {
    let data = PyDict::new(py);
    match kind {
        Kind::Polars(_) => {
            let polars = py.import("polars")?;
            for (name, column, cells) in columns {
                let dtype = polars.getattr(match column {
                    Column::Float => "Float64",
                    Column::Int => "Int64",
                    Column::Text => "String",
                    Column::Bool => "Boolean",
                })?;
                let kwargs = PyDict::new(py);
                kwargs.set_item("dtype", dtype)?;
                let series = polars
                    .getattr("Series")?
                    .call((name, cells), Some(&kwargs))?;
                data.set_item(name, series)?;
            }
            polars.getattr("DataFrame")?.call1((data,))
        }
        Kind::Arrow { .. } => {
            let pyarrow = py.import("pyarrow")?;
            for (name, column, cells) in columns {
                let kwargs = PyDict::new(py);
                kwargs.set_item(
                    "type",
                    pyarrow.call_method0(match column {
                        Column::Float => "float64",
                        Column::Int => "int64",
                        Column::Text => "string",
                        Column::Bool => "bool_",
                    })?,
                )?;
                data.set_item(
                    name,
                    pyarrow.getattr("array")?.call((cells,), Some(&kwargs))?,
                )?;
            }
            pyarrow.call_method1("table", (data,))
        }
        _ => {
            let pandas = py.import("pandas")?;
            for (name, column, cells) in columns {
                let kwargs = PyDict::new(py);
                kwargs.set_item(
                    "dtype",
                    match column {
                        Column::Float => "float64",
                        Column::Int => "Int64",
                        Column::Text => "string",
                        Column::Bool => "boolean",
                    },
                )?;
                data.set_item(
                    name,
                    pandas.getattr("array")?.call((cells,), Some(&kwargs))?,
                )?;
            }
            let kwargs = PyDict::new(py);
            if let Kind::Pandas(series) = kind {
                kwargs.set_item("index", series.getattr("index")?)?;
            }
            pandas.getattr("DataFrame")?.call((data,), Some(&kwargs))
        }
    }
}

/// Ratings as the columns of [`RATING_COLUMNS`].
fn rating_columns<'py>(
    py: Python<'py>,
    ratings: &[Option<Rating>],
) -> PyResult<Vec<(&'static str, Column, Bound<'py, PyList>)>> {
    RATING_COLUMNS
        .iter()
        .map(|&(name, column)| {
            let cells = ratings
                .iter()
                .map(|rating| rating_cell(py, rating.as_ref(), name))
                .collect::<PyResult<Vec<_>>>()?;
            Ok((name, column, PyList::new(py, cells)?))
        })
        .collect()
}

/// Rates puzzles on the Sudoku Explainer scale: er, ep, ed (floats), level,
/// hardest (the hardest technique's name) and complete (False when er is a
/// lower bound), as explain's JSON gives them; missing for a puzzle without
/// exactly one solution.
///
/// Inputs as for solve. For a pandas Series the answer is a DataFrame with
/// the Series' index (a polars DataFrame for a polars Series, a pyarrow
/// Table for a pyarrow array), missing ratings as nulls; otherwise a list
/// of dicts (None for a missing rating), or one dict. budget: chain nodes
/// per puzzle, a count of work, so that a rating is the same on every
/// machine (None: no limit).
#[pyfunction]
#[pyo3(
    signature = (puzzles, *, budget=Some(DEFAULT_BUDGET), threads=None, strict=false, progress=None),
    text_signature = "(puzzles, *, budget=200000000, threads=None, strict=False, progress=None)"
)]
fn rate<'py>(
    puzzles: &Bound<'py, PyAny>,
    budget: Option<i64>,
    threads: Option<i64>,
    strict: bool,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    thread_count(threads)?;
    let options = logic_options(budget)?;
    let mut puzzles = read(puzzles)?.puzzles()?;
    let run = Run::new(py, threads, progress, puzzles.len())?;
    let answers = run.grids(std::mem::take(&mut puzzles.rows), move |grids| {
        batch::rate(grids, &options, None)
    })?;
    let ratings = puzzles.answers(answers, strict)?;
    if let Kind::Pandas(_) | Kind::Polars(_) | Kind::Arrow { .. } = puzzles.kind {
        return table(py, &puzzles.kind, rating_columns(py, &ratings)?);
    }
    let dicts = ratings
        .iter()
        .map(|rating| rating.as_ref().map(|r| rating_dict(py, r)).transpose())
        .collect::<PyResult<Vec<_>>>()?;
    values_out(py, &records_kind(puzzles.kind), Values::Records, dicts)
}

/// The default work budget of `rate` and `explain`, as a Python int.
const DEFAULT_BUDGET: i64 = logic::Options::DEFAULT_BUDGET as i64;

/// Explains how a person solves each puzzle: a dict per puzzle, as
/// `sudokuflow explain --format json` writes it ({"puzzle", "solution",
/// "rating", "steps": [{"technique", "rating", "placements",
/// "eliminations", "text"}, ...]}), missing for a puzzle without exactly
/// one solution.
///
/// Inputs as for solve; the answers are a list of dicts (a column for a
/// Series or pyarrow array). budget: chain nodes per puzzle, a count of
/// work, so that a rating is the same on every machine (None: no limit).
#[pyfunction]
#[pyo3(
    signature = (puzzles, *, budget=Some(DEFAULT_BUDGET), threads=None, strict=false, progress=None),
    text_signature = "(puzzles, *, budget=200000000, threads=None, strict=False, progress=None)"
)]
fn explain<'py>(
    puzzles: &Bound<'py, PyAny>,
    budget: Option<i64>,
    threads: Option<i64>,
    strict: bool,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    thread_count(threads)?;
    let options = logic_options(budget)?;
    let mut puzzles = read(puzzles)?.puzzles()?;
    let run = Run::new(py, threads, progress, puzzles.len())?;
    let answers = run.grids(std::mem::take(&mut puzzles.rows), move |grids| {
        batch::explain(grids, &options, None)
    })?;
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
    values_out(py, &records_kind(puzzles.kind), Values::Records, dicts)
}

/// Each puzzle's minlex canonical form: the same for equivalent puzzles
/// (see `sudokuflow canon --help`). Inputs and answers as for solve
/// (missing, or a puzzle of zeros, for an unreadable puzzle or conflicting
/// givens).
#[pyfunction]
#[pyo3(signature = (puzzles, *, threads=None, strict=false, progress=None))]
fn canon<'py>(
    puzzles: &Bound<'py, PyAny>,
    threads: Option<i64>,
    strict: bool,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    thread_count(threads)?;
    match read(puzzles)? {
        Input::Rows(rows, _) => {
            let run = Run::new(py, threads, progress, rows.len())?;
            answer_rows(rows, &run, strict, |row| batch::canonical_rows(row, None))
        }
        Input::Puzzles(mut puzzles) => {
            let run = Run::new(py, threads, progress, puzzles.len())?;
            let rows = std::mem::take(&mut puzzles.rows);
            let answered = run.rows(rows, |row| batch::canonical_rows(row, Some(1)))?;
            grids_out(py, &puzzles, answered, strict)
        }
    }
}

/// An equivalent of each puzzle (relabelled digits, permuted rows, columns,
/// bands and stacks, maybe transposed), drawn from `seed` (random when
/// None) and the puzzle's position. Inputs and answers as for solve.
#[pyfunction]
#[pyo3(signature = (puzzles, *, seed=None, threads=None, strict=false, progress=None))]
fn shuffle<'py>(
    puzzles: &Bound<'py, PyAny>,
    seed: Option<u64>,
    threads: Option<i64>,
    strict: bool,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let py = puzzles.py();
    thread_count(threads)?;
    let seed = seed_or_random(seed);
    // An array's rows too are numbered here, as the chunks of rows the
    // workers take would number them from each chunk's start.
    let mut puzzles = read(puzzles)?.puzzles()?;
    let run = Run::new(py, threads, progress, puzzles.len())?;
    // Numbered by row, bad rows counted, as the CLI numbers lines.
    let numbered = puzzles.numbered();
    let answers = run
        .each(numbered, move |numbered| {
            let mut answers = batch::shuffle_numbered(std::slice::from_ref(numbered), seed, None);
            answers.pop().expect("one answer per puzzle")
        })?
        .1;
    let rows = answers.iter().map(|grid| *grid.cells()).collect();
    let failed = answers
        .iter()
        .map(|_| None::<batch::RowError<String>>)
        .collect();
    grids_out(py, &puzzles, (rows, failed), strict)
}

/// Generates `n` puzzles with exactly one solution, as `sudokuflow generate`
/// does: the same seed gives the same puzzles (random when None).
///
/// level: only puzzles of this level (easy, medium, hard, expert, hell).
/// symmetry: of the clue pattern (none, rotate180, rotate90, mirror, flip,
/// diagonal, random). clues: exactly this many clues instead of a minimal
/// puzzle. blank: the empty cell, '.' or '0'.
///
/// Returns a list of strings, or with array=True a uint8 array of shape
/// (n, 81). With solution=True or rate=True, a pandas DataFrame instead
/// (the Kaggle layout): puzzle, and solution, and the rating's columns as
/// rate gives them.
#[pyfunction]
#[pyo3(signature = (n, *, seed=None, level=None, symmetry="none", clues=None, solution=false, rate=false, blank=".", array=false, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
fn generate<'py>(
    py: Python<'py>,
    n: u64,
    seed: Option<u64>,
    level: Option<&str>,
    symmetry: &str,
    clues: Option<u8>,
    solution: bool,
    rate: bool,
    blank: &str,
    array: bool,
    threads: Option<i64>,
    progress: Option<&Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    let total = usize::try_from(n).map_err(|_| PyValueError::new_err("n is too large"))?;
    thread_count(threads)?;
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
    let zeros = match blank {
        "." => false,
        "0" => true,
        _ => {
            return Err(PyValueError::new_err(format!(
                "blank must be '.' or '0'; got '{blank}'"
            )));
        }
    };
    if array && (solution || rate) {
        return Err(PyValueError::new_err(
            "array=True gives puzzles alone; solution=True and rate=True give a DataFrame",
        ));
    }
    let config = GenerateConfig::default()
        .with_symmetry(symmetry)
        .with_clues(clues)
        .with_level(level);
    config
        .validate()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let seed = seed_or_random(seed);
    let run = Run::new(py, threads, progress, total)?;
    let made = run
        .each((0..n).collect(), move |&mut i| {
            sudokuflow::generate::generate(&config, seed, i).map_err(|e| (i, e))
        })?
        .1
        .into_iter()
        .collect::<Result<Vec<_>, _>>()
        .map_err(|(index, e)| PyValueError::new_err(format!("puzzle {index}: {e}")))?;
    let puzzles: Vec<Grid> = made.iter().map(|g| g.puzzle).collect();
    if array {
        let array = PyArray2::<u8>::zeros(py, [puzzles.len(), CELLS], false);
        {
            let mut cells = array.readwrite();
            let slice = cells.as_slice_mut().expect("a new array is contiguous");
            for (row, grid) in slice.chunks_exact_mut(CELLS).zip(&puzzles) {
                row.copy_from_slice(grid.cells());
            }
        }
        return Ok(array.into_any());
    }
    let text = |grid: &Grid| {
        let line = grid.to_string();
        if zeros { line.replace('.', "0") } else { line }
    };
    let strings = PyList::new(py, puzzles.iter().map(text))?;
    if !(solution || rate) {
        return Ok(strings.into_any());
    }
    let mut columns = vec![("puzzle", Column::Text, strings)];
    if solution {
        let solutions = made.iter().map(|g| g.solution.to_string());
        columns.push(("solution", Column::Text, PyList::new(py, solutions)?));
    }
    if rate {
        let options = logic::Options::default();
        let rows = puzzles.iter().map(|grid| *grid.cells()).collect();
        let ratings = run.grids(rows, move |grids| batch::rate(grids, &options, None))?;
        let ratings: Vec<Option<Rating>> = ratings.into_iter().map(Result::ok).collect();
        columns.extend(rating_columns(py, &ratings)?);
    }
    table(py, &Kind::List, columns)
}

/// sudokuflow: a fast Sudoku engine. solve, count, rate, explain, canon and
/// shuffle take puzzles as strings (one, a list, a pandas or polars Series,
/// a pyarrow array, a NumPy array of strings) or as a NumPy integer array,
/// and answer in the same kind, in parallel with the GIL released;
/// generate makes puzzles; split, leakage, augment and label build
/// datasets for machine learning.
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
    module.add_function(wrap_pyfunction!(dataset::split, module)?)?;
    module.add_function(wrap_pyfunction!(dataset::leakage, module)?)?;
    module.add_function(wrap_pyfunction!(dataset::augment, module)?)?;
    module.add_function(wrap_pyfunction!(dataset::label, module)?)?;
    module.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
