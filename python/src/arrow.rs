//! The Arrow C data interface, as much of it as the module needs: a column
//! of strings read through the PyCapsule interface (`__arrow_c_stream__`
//! or `__arrow_c_array__`) from its own buffers, without a copy or a Python
//! string per row; and answers handed over as an Arrow string array
//! ([`TextColumn`], which pyarrow takes without a copy). See
//! <https://arrow.apache.org/docs/format/CDataInterface.html> and
//! <https://arrow.apache.org/docs/format/CDataInterface/PyCapsuleInterface.html>.

use std::ffi::{CStr, c_char, c_int, c_void};
use std::sync::Mutex;

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

#[repr(C)]
struct Schema {
    format: *const c_char,
    name: *const c_char,
    metadata: *const c_char,
    flags: i64,
    n_children: i64,
    children: *mut *mut Schema,
    dictionary: *mut Schema,
    release: Option<unsafe extern "C" fn(*mut Schema)>,
    private_data: *mut c_void,
}

#[repr(C)]
struct Array {
    length: i64,
    null_count: i64,
    offset: i64,
    n_buffers: i64,
    n_children: i64,
    buffers: *mut *const c_void,
    children: *mut *mut Array,
    dictionary: *mut Array,
    release: Option<unsafe extern "C" fn(*mut Array)>,
    private_data: *mut c_void,
}

#[repr(C)]
struct Stream {
    get_schema: Option<unsafe extern "C" fn(*mut Stream, *mut Schema) -> c_int>,
    get_next: Option<unsafe extern "C" fn(*mut Stream, *mut Array) -> c_int>,
    get_last_error: Option<unsafe extern "C" fn(*mut Stream) -> *const c_char>,
    release: Option<unsafe extern "C" fn(*mut Stream)>,
    private_data: *mut c_void,
}

/// A struct of the interface that is released when dropped, as its
/// consumer must.
trait Released {
    fn release(&mut self);
}

macro_rules! released {
    ($($struct:ident),*) => {$(
        impl Released for $struct {
            fn release(&mut self) {
                if let Some(release) = self.release {
                    // SAFETY: a struct with a release callback is live and
                    // ours (moved out of its capsule); the callback marks it
                    // released.
                    unsafe { release(self) };
                }
            }
        }
        impl Drop for $struct {
            fn drop(&mut self) {
                Released::release(self);
            }
        }
    )*};
}
released!(Schema, Array, Stream);

macro_rules! empty {
    ($($struct:ident),*) => {$(
        impl $struct {
            /// A released (empty) struct, for a producer to fill.
            fn empty() -> $struct {
                // SAFETY: all fields are integers, raw pointers and
                // optional function pointers, for which zero is valid
                // (null, None): a released struct.
                unsafe { std::mem::zeroed() }
            }
        }
    )*};
}
empty!(Schema, Array);

/// Moves the struct out of a capsule of the PyCapsule interface, leaving
/// the capsule's copy released (the capsule's destructor then does
/// nothing), as the interface's consumers do.
fn take<T: Released>(capsule: &Bound<'_, PyAny>, name: &CStr) -> PyResult<T> {
    // SAFETY: PyCapsule_GetPointer checks the capsule's type and name (it
    // sets an error and returns null otherwise). A capsule so named holds
    // a live struct of type T, per the interface.
    unsafe {
        let pointer = pyo3::ffi::PyCapsule_GetPointer(capsule.as_ptr(), name.as_ptr()).cast::<T>();
        if pointer.is_null() {
            return Err(PyErr::fetch(capsule.py()));
        }
        let taken = std::ptr::read(pointer);
        // Released, without being released: `taken` owns it now.
        std::ptr::write_bytes(pointer, 0, 1);
        Ok(taken)
    }
}

/// How a string column lays out its rows.
#[derive(Clone, Copy)]
enum Layout {
    /// `string`: 32-bit offsets into one data buffer.
    Utf8,
    /// `large_string`: 64-bit offsets.
    LargeUtf8,
    /// `string_view` (polars' strings): 16-byte views, short strings in
    /// the view itself, the others in one of several data buffers.
    Utf8View,
}

/// A column of strings in Arrow's memory, held (its buffers alive) until
/// dropped.
pub struct Strings {
    layout: Layout,
    chunks: Vec<Array>,
    _schema: Schema,
}

impl Strings {
    /// The column of `object` if it exports one of strings through the
    /// PyCapsule interface; None if it exports none or not of strings (to
    /// be read otherwise).
    pub fn read(object: &Bound<'_, PyAny>) -> PyResult<Option<Strings>> {
        if object.hasattr("__arrow_c_stream__")? {
            let capsule = object.call_method0("__arrow_c_stream__")?;
            let mut stream: Stream = take(&capsule, c"arrow_array_stream")?;
            let mut schema = Schema::empty();
            let (Some(get_schema), Some(get_next)) = (stream.get_schema, stream.get_next) else {
                return Err(PyRuntimeError::new_err(
                    "an Arrow stream without its callbacks",
                ));
            };
            // SAFETY: the stream is live (just taken); get_schema fills
            // `schema` or returns an error code.
            let code = unsafe { get_schema(&mut stream, &mut schema) };
            stream_call(&mut stream, code)?;
            let Some(layout) = layout(&schema) else {
                return Ok(None);
            };
            let mut chunks = Vec::new();
            loop {
                let mut chunk = Array::empty();
                // SAFETY: as above; a released chunk marks the stream's end.
                let code = unsafe { get_next(&mut stream, &mut chunk) };
                stream_call(&mut stream, code)?;
                if chunk.release.is_none() {
                    break;
                }
                chunks.push(chunk);
            }
            return Ok(Some(Strings {
                layout,
                chunks,
                _schema: schema,
            }));
        }
        if object.hasattr("__arrow_c_array__")? {
            let capsules = object.call_method0("__arrow_c_array__")?;
            let capsules = capsules.cast::<PyTuple>()?;
            let schema: Schema = take(&capsules.get_item(0)?, c"arrow_schema")?;
            let array: Array = take(&capsules.get_item(1)?, c"arrow_array")?;
            return Ok(layout(&schema).map(|layout| Strings {
                layout,
                chunks: vec![array],
                _schema: schema,
            }));
        }
        Ok(None)
    }

    /// The number of rows.
    pub fn len(&self) -> usize {
        self.chunks.iter().map(|c| c.length as usize).sum()
    }

    /// Calls `each` with every row's bytes, in order (None for a null).
    pub fn each(&self, mut each: impl FnMut(Option<&[u8]>)) {
        for chunk in &self.chunks {
            let (length, offset) = (chunk.length as usize, chunk.offset as usize);
            // SAFETY: a live array of this layout has these buffers (validity,
            // then offsets or views, then data), each of the size its length
            // and offset imply, per the Arrow format. They need not be
            // aligned (a pickled array's are not): offsets are read unaligned.
            unsafe {
                let buffers = std::slice::from_raw_parts(chunk.buffers, chunk.n_buffers as usize);
                let validity = buffers[0].cast::<u8>();
                let valid = |i: usize| {
                    chunk.null_count == 0
                        || validity.is_null()
                        || *validity.add(i / 8) & (1 << (i % 8)) != 0
                };
                for i in offset..offset + length {
                    if !valid(i) {
                        each(None);
                        continue;
                    }
                    let (data, start, end) = match self.layout {
                        Layout::Utf8 => {
                            let offsets = buffers[1].cast::<i32>();
                            let (start, end) = (
                                offsets.add(i).read_unaligned(),
                                offsets.add(i + 1).read_unaligned(),
                            );
                            (buffers[2].cast::<u8>(), start as usize, end as usize)
                        }
                        Layout::LargeUtf8 => {
                            let offsets = buffers[1].cast::<i64>();
                            let (start, end) = (
                                offsets.add(i).read_unaligned(),
                                offsets.add(i + 1).read_unaligned(),
                            );
                            (buffers[2].cast::<u8>(), start as usize, end as usize)
                        }
                        Layout::Utf8View => {
                            let view = buffers[1].cast::<u8>().add(16 * i);
                            let field = |at: usize| {
                                i32::from_le_bytes(*view.add(at).cast::<[u8; 4]>()) as usize
                            };
                            let len = field(0);
                            if len <= 12 {
                                (view.add(4), 0, len)
                            } else {
                                let at = field(12);
                                (buffers[2 + field(8)].cast::<u8>(), at, at + len)
                            }
                        }
                    };
                    if start == end {
                        each(Some(&[]));
                    } else {
                        each(Some(std::slice::from_raw_parts(
                            data.add(start),
                            end - start,
                        )));
                    }
                }
            }
        }
    }
}

/// The layout of a column of strings of this schema; None for another type.
fn layout(schema: &Schema) -> Option<Layout> {
    if schema.format.is_null() {
        return None;
    }
    // SAFETY: a live schema's format is a NUL-terminated string.
    match unsafe { CStr::from_ptr(schema.format) }.to_bytes() {
        b"u" => Some(Layout::Utf8),
        b"U" => Some(Layout::LargeUtf8),
        b"vu" => Some(Layout::Utf8View),
        _ => None,
    }
}

/// The error of a stream's callback that returned `code`, if not 0.
fn stream_call(stream: &mut Stream, code: c_int) -> PyResult<()> {
    if code == 0 {
        return Ok(());
    }
    let message = stream
        .get_last_error
        // SAFETY: the stream is live; its last error is a NUL-terminated
        // string valid until its next call, or null.
        .map(|last| unsafe { last(stream) })
        .filter(|m| !m.is_null())
        .map_or_else(
            || format!("error {code}"),
            // SAFETY: as above.
            |m| unsafe { CStr::from_ptr(m) }.to_string_lossy().into_owned(),
        );
    Err(PyValueError::new_err(format!(
        "reading the Arrow column failed: {message}"
    )))
}

/// The layout of a column handed over.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Out {
    /// `string`: 32-bit offsets (pyarrow's default).
    Utf8,
    /// `large_string`: 64-bit offsets (pandas').
    LargeUtf8,
    /// `string_view` (polars'): 16-byte views into the data.
    Utf8View,
}

/// The memory of an exported array, freed by its release callback.
struct Buffers {
    /// What `buffers` of the array points to.
    pointers: Vec<*const c_void>,
    validity: Vec<u8>,
    /// Offsets or views.
    index: Vec<u8>,
    /// Sizes of the data buffers, for views.
    sizes: Vec<i64>,
    data: Vec<u8>,
}

impl TextColumn {
    /// The strings of `rows`, in order: each the slot of its text in
    /// `data` (slots of `width` bytes, in increasing order), or null. An
    /// Arrow array of layout `out` over `data` itself (no copy), to be
    /// given up by its `__arrow_c_array__`. Slots no row names (their text
    /// unused) are spanned by the nulls around them, as Arrow allows.
    pub fn new(data: Vec<u8>, width: usize, rows: &[Option<usize>], out: Out) -> TextColumn {
        // 32-bit offsets and views reach 2 GiB of data: more takes 64-bit
        // offsets, or several data buffers over `data` for views.
        let out = match out {
            Out::Utf8 if i32::try_from(data.len()).is_err() => Out::LargeUtf8,
            out => out,
        };
        let slots_a_buffer = (i32::MAX as usize / width).max(1);
        let mut validity = vec![0u8; rows.len().div_ceil(8)];
        let mut nulls = 0;
        for (i, row) in rows.iter().enumerate() {
            if row.is_some() {
                validity[i / 8] |= 1 << (i % 8);
            } else {
                nulls += 1;
            }
        }
        let mut index = Vec::new();
        match out {
            Out::Utf8 | Out::LargeUtf8 => {
                // A value's start is its slot's: the null before it, if
                // any, ends there (over unused slots).
                let mut offsets = Vec::with_capacity(rows.len() + 1);
                offsets.push(0);
                for row in rows {
                    let end = *offsets.last().expect("pushed above");
                    if let Some(slot) = *row {
                        *offsets.last_mut().expect("pushed above") = slot * width;
                        offsets.push((slot + 1) * width);
                    } else {
                        offsets.push(end);
                    }
                }
                for offset in offsets {
                    match out {
                        Out::Utf8 => index.extend((offset as i32).to_le_bytes()),
                        _ => index.extend((offset as i64).to_le_bytes()),
                    }
                }
            }
            Out::Utf8View => {
                index.reserve(rows.len() * 16);
                for row in rows {
                    let mut view = [0u8; 16];
                    if let Some(slot) = *row {
                        let text = &data[slot * width..][..width];
                        view[..4].copy_from_slice(&(width as i32).to_le_bytes());
                        if width <= 12 {
                            view[4..4 + width].copy_from_slice(text);
                        } else {
                            view[4..8].copy_from_slice(&text[..4]);
                            let (buffer, at) = (slot / slots_a_buffer, slot % slots_a_buffer);
                            view[8..12].copy_from_slice(&(buffer as i32).to_le_bytes());
                            view[12..].copy_from_slice(&((at * width) as i32).to_le_bytes());
                        }
                    }
                    index.extend(view);
                }
            }
        }
        let buffer_bytes = slots_a_buffer * width;
        let sizes: Vec<i64> = if out == Out::Utf8View {
            (0..data.len().div_ceil(buffer_bytes).max(1))
                .map(|k| (data.len() - k * buffer_bytes).min(buffer_bytes) as i64)
                .collect()
        } else {
            Vec::new()
        };
        let mut buffers = Box::new(Buffers {
            pointers: Vec::new(),
            validity,
            index,
            sizes,
            data,
        });
        let validity = if nulls == 0 {
            std::ptr::null()
        } else {
            buffers.validity.as_ptr().cast()
        };
        let mut pointers = vec![validity, buffers.index.as_ptr().cast()];
        if out == Out::Utf8View {
            for k in 0..buffers.sizes.len() {
                // SAFETY: within `data`, or at its end (an empty buffer).
                let start = unsafe {
                    buffers
                        .data
                        .as_ptr()
                        .add((k * buffer_bytes).min(buffers.data.len()))
                };
                pointers.push(start.cast());
            }
            pointers.push(buffers.sizes.as_ptr().cast());
        } else {
            pointers.push(buffers.data.as_ptr().cast());
        }
        buffers.pointers = pointers;
        let mut array = Array::empty();
        array.length = rows.len() as i64;
        array.null_count = nulls as i64;
        array.n_buffers = buffers.pointers.len() as i64;
        array.buffers = buffers.pointers.as_mut_ptr();
        array.release = Some(release_array);
        array.private_data = Box::into_raw(buffers).cast();
        TextColumn {
            array: Mutex::new(Some(array)),
            format: match out {
                Out::Utf8 => c"u",
                Out::LargeUtf8 => c"U",
                Out::Utf8View => c"vu",
            },
        }
    }
}

unsafe extern "C" fn release_array(array: *mut Array) {
    // SAFETY: called once by the array's owner on an array of
    // TextColumn::new, whose private data is its boxed Buffers.
    unsafe {
        drop(Box::from_raw((*array).private_data.cast::<Buffers>()));
        (*array).release = None;
    }
}

unsafe extern "C" fn release_schema(schema: *mut Schema) {
    // SAFETY: a schema of TextColumn owns nothing (its strings are static).
    unsafe { (*schema).release = None };
}

/// An Arrow array of strings, for pyarrow (or any library of the PyCapsule
/// interface) to take, once, without a copy.
#[pyclass(module = "sudokuflow", name = "_TextColumn")]
pub struct TextColumn {
    array: Mutex<Option<Array>>,
    /// `u` (string), `U` (large_string) or `vu` (string_view).
    format: &'static CStr,
}

// SAFETY: the array's buffers are owned by it (TextColumn::new), not
// shared with any thread; the Mutex hands it over once.
unsafe impl Send for TextColumn {}
unsafe impl Sync for TextColumn {}

#[pymethods]
impl TextColumn {
    #[pyo3(signature = (requested_schema=None))]
    fn __arrow_c_array__<'py>(
        &self,
        py: Python<'py>,
        requested_schema: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        // The column is what it is: a consumer casts it if it wants.
        let _ = requested_schema;
        let array = self
            .array
            .lock()
            .map_err(|_| PyRuntimeError::new_err("a column's lock was poisoned"))?
            .take()
            .ok_or_else(|| PyRuntimeError::new_err("the column was already taken"))?;
        let mut schema = Schema::empty();
        schema.format = self.format.as_ptr();
        schema.flags = 2; // ARROW_FLAG_NULLABLE
        schema.release = Some(release_schema);
        let schema = capsule(py, schema, c"arrow_schema")?;
        let array = capsule(py, array, c"arrow_array")?;
        PyTuple::new(py, [schema, array])
    }
}

/// A capsule of the PyCapsule interface holding `value`, which its
/// destructor releases unless a consumer took it.
fn capsule<'py, T: Released>(
    py: Python<'py>,
    value: T,
    name: &'static CStr,
) -> PyResult<Bound<'py, PyAny>> {
    unsafe extern "C" fn destroy<T: Released>(capsule: *mut pyo3::ffi::PyObject) {
        // SAFETY: the capsule was made below with a boxed T under its name.
        unsafe {
            let name = pyo3::ffi::PyCapsule_GetName(capsule);
            let pointer = pyo3::ffi::PyCapsule_GetPointer(capsule, name).cast::<T>();
            if !pointer.is_null() {
                drop(Box::from_raw(pointer));
            }
        }
    }
    let pointer = Box::into_raw(Box::new(value));
    // SAFETY: a new capsule owns the box; its destructor frees it (and so
    // releases the struct, if not taken).
    unsafe {
        let capsule = pyo3::ffi::PyCapsule_New(pointer.cast(), name.as_ptr(), Some(destroy::<T>));
        if capsule.is_null() {
            drop(Box::from_raw(pointer));
            return Err(PyErr::fetch(py));
        }
        Ok(Bound::from_owned_ptr(py, capsule))
    }
}
