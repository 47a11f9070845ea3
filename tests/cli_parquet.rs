//! End-to-end tests of Parquet and Arrow IPC tables: `--column` reads them,
//! `-f parquet` (or `-o FILE.parquet`) writes the input's rows back with the
//! answers' columns, and damaged files are an error, never a panic. The
//! files are made here with the arrow-rs crates the program uses.

use std::path::Path;
use std::sync::Arc;

use arrow_array::cast::AsArray;
use arrow_array::{ArrayRef, Int64Array, RecordBatch, RecordBatchReader, StringArray};
use arrow_schema::{DataType, Field, Schema};
use parquet::arrow::ArrowWriter;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use parquet::file::properties::WriterProperties;

use crate::util::{generated, sudokuflow, temp_dir};

/// A table `id,quizzes,solutions`: `id` an integer column, the puzzles
/// strings, `None` a null.
fn batch(quizzes: &[Option<&str>], solutions: &[&str]) -> RecordBatch {
    let schema = Schema::new(vec![
        Field::new("id", DataType::Int64, false),
        Field::new("quizzes", DataType::Utf8, true),
        Field::new("solutions", DataType::Utf8, false),
    ]);
    let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(0..quizzes.len() as i64));
    let quizzes: ArrayRef = Arc::new(quizzes.iter().copied().collect::<StringArray>());
    let solutions: ArrayRef = Arc::new(StringArray::from_iter_values(solutions));
    RecordBatch::try_new(Arc::new(schema), vec![ids, quizzes, solutions]).unwrap()
}

fn kaggle_batch(pairs: &[(String, String)]) -> RecordBatch {
    let quizzes: Vec<Option<&str>> = pairs.iter().map(|(q, _)| Some(q.as_str())).collect();
    let solutions: Vec<&str> = pairs.iter().map(|(_, s)| s.as_str()).collect();
    batch(&quizzes, &solutions)
}

/// The same table as CSV text.
fn kaggle_csv(pairs: &[(String, String)]) -> String {
    let mut csv = String::from("id,quizzes,solutions\n");
    for (i, (puzzle, solution)) in pairs.iter().enumerate() {
        csv += &format!("{i},{puzzle},{solution}\n");
    }
    csv
}

/// Writes `batch` as Parquet, in row groups of `group_rows`.
fn write_parquet(path: &Path, batch: &RecordBatch, group_rows: usize) {
    let properties = WriterProperties::builder()
        .set_max_row_group_row_count(Some(group_rows))
        .build();
    let file = std::fs::File::create(path).unwrap();
    let mut writer = ArrowWriter::try_new(file, batch.schema(), Some(properties)).unwrap();
    writer.write(batch).unwrap();
    writer.close().unwrap();
}

/// Reads a Parquet file's rows, as one batch.
fn read_parquet(bytes: Vec<u8>) -> RecordBatch {
    let mut file = tempfile::tempfile().unwrap();
    std::io::Write::write_all(&mut file, &bytes).unwrap();
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .unwrap()
        .build()
        .unwrap();
    let schema = reader.schema();
    let batches: Vec<RecordBatch> = reader.map(Result::unwrap).collect();
    arrow_select::concat::concat_batches(&schema, &batches).unwrap()
}

fn column_names(batch: &RecordBatch) -> Vec<String> {
    batch
        .schema()
        .fields()
        .iter()
        .map(|f| f.name().clone())
        .collect()
}

fn strings(batch: &RecordBatch, name: &str) -> Vec<Option<String>> {
    let column = batch.column_by_name(name).unwrap();
    column
        .as_string::<i32>()
        .iter()
        .map(|v| v.map(str::to_string))
        .collect()
}

fn run(args: &[&str], stdin: &[u8]) -> (i32, Vec<u8>, String) {
    let out = sudokuflow().args(args).write_stdin(stdin).output();
    (
        out.status.code().unwrap(),
        out.stdout,
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn parquet_is_read_as_the_same_table_in_csv_is() {
    let pairs = generated(50, 3);
    let dir = temp_dir();
    let parquet = dir.path().join("kaggle.parquet");
    write_parquet(&parquet, &kaggle_batch(&pairs), 7);
    let csv = kaggle_csv(&pairs);
    let parquet = parquet.to_str().unwrap();
    for command in [
        &["solve"][..],
        &["solve", "--count"],
        &["rate"],
        &["canon"],
        &["shuffle", "--seed", "4"],
    ] {
        for format in ["line", "csv"] {
            let args: Vec<&str> = command
                .iter()
                .copied()
                .chain(["--column", "quizzes", "-f", format])
                .collect();
            let from_csv = run(&args, csv.as_bytes());
            let mut with_file = args.clone();
            with_file.push(parquet);
            let from_parquet = run(&with_file, b"");
            assert_eq!(from_csv.0, 0, "{args:?}: {}", from_csv.2);
            assert_eq!(from_parquet, from_csv, "{args:?}");
        }
    }
    let (status, out, _) = run(&["solve", "--column", "2", parquet], b"");
    assert_eq!(status, 0);
    let expected: String = pairs.iter().map(|(_, s)| format!("{s}\n")).collect();
    assert_eq!(String::from_utf8(out).unwrap(), expected);
}

#[test]
fn parquet_output_keeps_the_columns_and_adds_the_answers() {
    let pairs = generated(70, 5);
    let dir = temp_dir();
    let input = dir.path().join("in.parquet");
    write_parquet(&input, &kaggle_batch(&pairs), 16);
    let input = input.to_str().unwrap();
    let mut outputs = Vec::new();
    for threads in ["1", "2"] {
        let out = dir.path().join(format!("out-{threads}.parquet"));
        let (status, stdout, err) = run(
            &[
                "solve",
                "--column",
                "quizzes",
                "-j",
                threads,
                "-o",
                out.to_str().unwrap(),
                input,
            ],
            b"",
        );
        assert_eq!((status, err.as_str(), stdout.len()), (0, "", 0));
        outputs.push(std::fs::read(out).unwrap());
    }
    assert_eq!(outputs[0], outputs[1], "the same bytes at -j1 and -j2");
    let table = read_parquet(outputs.remove(0));
    let names = column_names(&table);
    assert_eq!(names, ["id", "quizzes", "solutions", "solution"]);
    assert_eq!(table.column(0).data_type(), &DataType::Int64);
    assert_eq!(strings(&table, "solution"), strings(&table, "solutions"));
    assert_eq!(table.num_rows(), 70);

    // -f parquet to standard output; rate adds two columns.
    let (status, stdout, _) = run(
        &["rate", "--column", "quizzes", "-f", "parquet", input],
        b"",
    );
    assert_eq!(status, 0);
    let rated = read_parquet(stdout);
    let names = column_names(&rated);
    assert_eq!(names, ["id", "quizzes", "solutions", "rating", "level"]);
    let (_, csv, _) = run(&["rate", "--column", "quizzes", "-f", "csv", input], b"");
    let levels: Vec<String> = String::from_utf8(csv)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.rsplit(',').next().unwrap().to_string())
        .collect();
    let read: Vec<String> = strings(&rated, "level")
        .into_iter()
        .map(Option::unwrap)
        .collect();
    assert_eq!(read, levels);
}

#[test]
fn csv_and_lines_are_written_as_parquet() {
    let pairs = generated(30, 8);
    let csv = kaggle_csv(&pairs);
    let (status, stdout, err) = run(
        &["solve", "--column", "quizzes", "-f", "parquet"],
        csv.as_bytes(),
    );
    assert_eq!((status, err.as_str()), (0, ""));
    let table = read_parquet(stdout);
    let names = column_names(&table);
    assert_eq!(names, ["id", "quizzes", "solutions", "solution"]);
    assert_eq!(strings(&table, "solution"), strings(&table, "solutions"));

    let lines: String = pairs.iter().map(|(q, _)| format!("{q}\n")).collect();
    let (status, stdout, _) = run(&["canon", "-f", "parquet"], lines.as_bytes());
    assert_eq!(status, 0);
    let table = read_parquet(stdout);
    assert_eq!(table.num_rows(), 30);
    assert_eq!(table.schema().field(1).name(), "canonical");
}

#[test]
fn arrow_ipc_files_and_streams_are_read() {
    let pairs = generated(20, 9);
    let batch = kaggle_batch(&pairs);
    let dir = temp_dir();
    let file = dir.path().join("table.arrow");
    let mut writer = arrow_ipc::writer::FileWriter::try_new(
        std::fs::File::create(&file).unwrap(),
        &batch.schema(),
    )
    .unwrap();
    writer.write(&batch.slice(0, 10)).unwrap();
    writer.write(&batch.slice(10, 10)).unwrap();
    writer.finish().unwrap();
    let stream = dir.path().join("table.arrows");
    let mut writer = arrow_ipc::writer::StreamWriter::try_new(
        std::fs::File::create(&stream).unwrap(),
        &batch.schema(),
    )
    .unwrap();
    writer.write(&batch).unwrap();
    writer.finish().unwrap();
    let expected: String = pairs.iter().map(|(_, s)| format!("{s}\n")).collect();
    for path in [file, stream] {
        let (status, out, err) = run(
            &["solve", "--column", "quizzes", path.to_str().unwrap()],
            b"",
        );
        assert_eq!((status, err.as_str()), (0, ""), "{path:?}");
        assert_eq!(String::from_utf8(out).unwrap(), expected, "{path:?}");
    }
}

#[test]
fn nulls_and_bad_puzzles_get_markers_named_by_row() {
    let pairs = generated(4, 2);
    let quizzes = [
        Some(pairs[0].0.as_str()),
        None,
        Some("123"),
        Some(pairs[3].0.as_str()),
    ];
    let solutions: Vec<&str> = pairs.iter().map(|(_, s)| s.as_str()).collect();
    let dir = temp_dir();
    let input = dir.path().join("nulls.parquet");
    write_parquet(&input, &batch(&quizzes, &solutions), 3);
    let input = input.to_str().unwrap();
    let (status, out, err) = run(&["solve", "--column", "quizzes", input], b"");
    assert_eq!(status, 1);
    let lines: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(String::from)
        .collect();
    assert_eq!(
        lines,
        [solutions[0], "!bad-length", "!bad-length", solutions[3]]
    );
    assert_eq!(
        err,
        format!(
            "sudokuflow: {input}: row 2: column 'quizzes': expected 81 cells, found 0\n\
             sudokuflow: {input}: row 3: column 'quizzes': expected 81 cells, found 3\n"
        )
    );
    let (status, out, _) = run(
        &["solve", "--column", "quizzes", "-q", "-f", "parquet", input],
        b"",
    );
    assert_eq!(status, 1);
    let table = read_parquet(out);
    let solved = strings(&table, "solution");
    assert_eq!(solved[1].as_deref(), Some("!bad-length"));
    assert_eq!(solved[3].as_deref(), Some(solutions[3]));
    assert_eq!(strings(&table, "quizzes")[1], None);
}

#[test]
fn a_missing_or_numeric_column_is_a_usage_error() {
    let pairs = generated(3, 1);
    let dir = temp_dir();
    let input = dir.path().join("t.parquet");
    write_parquet(&input, &kaggle_batch(&pairs), 10);
    let input = input.to_str().unwrap();
    let (status, _, err) = run(&["solve", "--column", "puzzle", input], b"");
    assert_eq!(status, 2);
    assert_eq!(
        err,
        format!(
            "sudokuflow: {input}: no column named 'puzzle'; its columns are 1 'id', 2 'quizzes', \
             3 'solutions'; give --column a name or number from these\n"
        )
    );
    let (status, _, err) = run(&["solve", "--column", "id", input], b"");
    assert_eq!(status, 2);
    assert!(err.contains("column 'id' holds Int64, not text"), "{err}");
    let (status, _, err) = run(&["solve", input], b"");
    assert_eq!(status, 2);
    assert!(err.contains("is a Parquet file: give --column"), "{err}");
    // A solution column that is not there, whatever the output's format.
    for format in ["line", "csv", "parquet"] {
        let args = [
            "label",
            "--column",
            "quizzes",
            "--solution-column",
            "answer",
        ];
        let (status, out, err) = run(&[&args[..], &["-f", format, input]].concat(), b"");
        assert_eq!((status, out.len()), (2, 0), "{format}");
        let expected = "sudokuflow: --solution-column 'answer': no such column in the table; \
                        its columns are id, quizzes, solutions\n";
        assert_eq!(err, expected, "{format}");
    }
}

#[test]
fn damaged_files_are_an_error_never_a_panic_nor_an_output() {
    let pairs = generated(300, 6);
    let dir = temp_dir();
    let good = dir.path().join("good.parquet");
    write_parquet(&good, &kaggle_batch(&pairs), 100);
    let bytes = std::fs::read(&good).unwrap();
    let mut damaged: Vec<(&str, Vec<u8>)> = vec![
        ("magic only", b"PAR1".to_vec()),
        ("garbage", [&b"PAR1"[..], &[0x5a; 200]].concat()),
        ("cut short", bytes[..bytes.len() / 2].to_vec()),
        ("arrow garbage", [&b"ARROW1\0\0"[..], &[7; 100]].concat()),
        (
            "stream garbage",
            [&[0xff; 4][..], &[0x10, 0, 0, 0], &[3; 64]].concat(),
        ),
    ];
    // Bytes changed inside the pages, the footer intact.
    for (i, at) in [8, bytes.len() / 3, bytes.len() / 2, bytes.len() - 200]
        .into_iter()
        .enumerate()
    {
        let mut changed = bytes.clone();
        for byte in &mut changed[at..at + 40] {
            *byte = byte.wrapping_mul(31).wrapping_add(i as u8 + 1);
        }
        damaged.push(("changed", changed));
    }
    for (i, (what, content)) in damaged.into_iter().enumerate() {
        let input = dir.path().join("bad.parquet");
        std::fs::write(&input, &content).unwrap();
        // An output of its own: one left by a case whose damage went unseen
        // must not count against the next.
        let out = dir.path().join(format!("out{i}.parquet"));
        let (status, _, err) = run(
            &[
                "solve",
                "--column",
                "quizzes",
                "-o",
                out.to_str().unwrap(),
                input.to_str().unwrap(),
            ],
            b"",
        );
        assert!(!err.contains("panicked"), "{what}: {err}");
        if status == 2 {
            assert!(err.contains("bad.parquet"), "{what}: {err}");
            assert_eq!(err.lines().count(), 1, "{what}: {err}");
            assert!(!out.exists(), "{what}: no output");
        } else {
            // Damage the checks cannot see: the rows read are still answered.
            assert!(status == 0 || status == 1, "{what}: {status} {err}");
        }
        assert!(
            !matches!(
                what,
                "magic only" | "garbage" | "cut short" | "arrow garbage" | "stream garbage"
            ) || status == 2,
            "{what}: {status}"
        );
    }
}

#[test]
fn inputs_of_two_kinds_are_refused() {
    let pairs = generated(3, 1);
    let dir = temp_dir();
    let parquet = dir.path().join("t.parquet");
    write_parquet(&parquet, &kaggle_batch(&pairs), 10);
    let csv = dir.path().join("t.csv");
    std::fs::write(&csv, kaggle_csv(&pairs)).unwrap();
    let (status, _, err) = run(
        &[
            "solve",
            "--column",
            "quizzes",
            parquet.to_str().unwrap(),
            csv.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(status, 2);
    assert!(err.contains("give inputs of one kind"), "{err}");
}

/// `generate` writes Parquet (`-f parquet`, `-o FILE.parquet`): the rows
/// of `-f csv`, as string columns; `--from` too.
#[test]
fn generate_writes_parquet() {
    let dir = temp_dir();
    let out = dir.path().join("made.parquet");
    let o = out.to_str().unwrap();
    let sample = crate::util::data("sample.txt");
    let near = ["--from", sample.to_str().unwrap(), "--min-guesses", "0"];
    for extra in [&[][..], &near[..]] {
        let args = [
            &["generate", "-n", "5", "--seed", "1", "--solution"][..],
            extra,
        ]
        .concat();
        let (status, _, err) = run(&[&args[..], &["-o", o]].concat(), b"");
        assert_eq!(status, 0, "{err}");
        let table = read_parquet(std::fs::read(&out).unwrap());
        let (status, csv, err) = run(&[&args[..], &["-f", "csv"]].concat(), b"");
        assert_eq!(status, 0, "{err}");
        assert_eq!(column_names(&table), ["puzzle", "solution"]);
        let rows: Vec<Vec<Option<String>>> = String::from_utf8(csv)
            .unwrap()
            .lines()
            .skip(1)
            .map(|line| line.split(',').map(|f| Some(f.to_string())).collect())
            .collect();
        let columns = [strings(&table, "puzzle"), strings(&table, "solution")];
        let from_parquet: Vec<Vec<Option<String>>> = (0..5)
            .map(|i| columns.iter().map(|c| c[i].clone()).collect())
            .collect();
        assert_eq!(from_parquet, rows, "{extra:?}");
        let (status, stdout, _) = run(&[&args[..], &["-f", "parquet"]].concat(), b"");
        assert_eq!(status, 0);
        assert_eq!(stdout, std::fs::read(&out).unwrap(), "{extra:?}");
        // None asked for: a table with its columns and no row.
        let none = [
            &["generate", "-n", "0", "--solution"][..],
            extra,
            &["-f", "parquet"],
        ];
        let (status, stdout, err) = run(&none.concat(), b"");
        assert_eq!(status, 0, "{err}");
        let table = read_parquet(stdout);
        assert_eq!(column_names(&table), ["puzzle", "solution"], "{extra:?}");
        assert_eq!(table.num_rows(), 0);
    }
}

/// A Kaggle-style table of 40 puzzles and a bad row, as Parquet (row
/// groups of 7, so that rows span batches) and as CSV, in `dir`.
fn dataset_tables(dir: &Path) -> (String, String) {
    let mut pairs = generated(40, 3);
    pairs.insert(17, ("12".to_string(), "34".to_string()));
    let parquet = dir.join("t.parquet");
    write_parquet(&parquet, &kaggle_batch(&pairs), 7);
    let csv = dir.join("t.csv");
    std::fs::write(&csv, kaggle_csv(&pairs)).unwrap();
    let path = |p: &Path| p.to_str().unwrap().to_string();
    (path(&parquet), path(&csv))
}

/// split, leakage, augment and label read a Parquet table as they read the
/// same table in CSV: `-f csv` and `-o FILE.csv` give the same bytes.
#[test]
fn dataset_commands_read_parquet_as_its_csv() {
    let dir = temp_dir();
    let (p, c) = dataset_tables(dir.path());
    let q = ["--column", "quizzes", "--solution-column", "solutions"];
    let label = [
        "label",
        "--columns",
        "solution,clues,guesses,canonical",
        "-f",
        "csv",
    ];
    let augment = [
        "augment",
        "-n",
        "3",
        "--with-original",
        "--seed",
        "5",
        "-f",
        "csv",
    ];
    for command in [&label[..], &augment[..]] {
        let (from_parquet, from_csv) = (
            run(&[command, &q, &[&p]].concat(), b""),
            run(&[command, &q, &[&c]].concat(), b""),
        );
        assert_eq!(from_parquet.0, 1, "{command:?}: {}", from_parquet.2);
        assert!(
            from_parquet.2.contains("row 18: column 'quizzes'"),
            "{}",
            from_parquet.2
        );
        assert_eq!(from_parquet.1, from_csv.1, "{command:?}");
    }
    // split's parts: the rows of the CSV table's parts (the bad row's part
    // is drawn from its text, which differs, so it is left out).
    for (input, output) in [(&p, "from-parquet.csv"), (&c, "from-csv.csv")] {
        let out = dir.path().join(output);
        let args = [
            "split",
            "--column",
            "quizzes",
            "--parts",
            "a=0.5,b=0.5",
            "--seed",
            "2",
        ];
        let (status, _, err) = run(
            &[
                &args[..],
                &["--skip-bad", input, "-o", out.to_str().unwrap()],
            ]
            .concat(),
            b"",
        );
        assert_eq!(status, 1, "{err}");
    }
    for part in ["a", "b"] {
        let read =
            |name: &str| std::fs::read(dir.path().join(format!("{name}.{part}.csv"))).unwrap();
        let parts = read("from-parquet");
        assert!(parts.len() > 200, "{part}: {} bytes", parts.len());
        assert_eq!(parts, read("from-csv"), "{part}");
    }
    // leakage names a Parquet table's puzzles by row, a CSV's by line.
    let (status, out, _) = run(&["leakage", "--column", "quizzes", &p, &c], b"");
    assert_eq!(status, 1);
    let out = String::from_utf8(out).unwrap();
    let pairs: Vec<&str> = out
        .lines()
        .take(2)
        .map(|l| l.rsplit_once(' ').unwrap().0)
        .collect();
    assert_eq!(pairs, ["2 1", "3 2"], "{out}");
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("40 of 41 puzzles of "), "{out}");
}

/// augment and label write Parquet (`-f parquet`, `-o FILE.parquet`) with
/// the input's columns and types, a column they fill written in place, and
/// their counts as integers; split writes a Parquet table's parts as
/// Parquet (or Arrow IPC, for `-o FILE.arrow`), each a share of its rows.
#[test]
fn dataset_commands_write_parquet() {
    let dir = temp_dir();
    let (p, _) = dataset_tables(dir.path());
    let q = ["--column", "quizzes", "--solution-column", "solutions"];
    let out = dir.path().join("out.parquet");
    let o = out.to_str().unwrap();
    let (status, _, err) = run(
        &[
            &["label", "--columns", "solution,clues"][..],
            &q,
            &[&p, "-o", o],
        ]
        .concat(),
        b"",
    );
    assert_eq!(status, 1, "{err}");
    let labelled = read_parquet(std::fs::read(&out).unwrap());
    assert_eq!(
        column_names(&labelled),
        ["id", "quizzes", "solutions", "clues", "problem"]
    );
    assert_eq!(labelled.num_rows(), 41);
    let clues = labelled.column_by_name("clues").unwrap();
    assert_eq!(clues.data_type(), &DataType::Int64);
    assert!(clues.is_null(17));
    let (_, csv, _) = run(
        &[
            &["label", "--columns", "solution,clues", "-f", "csv"][..],
            &q,
            &[&p],
        ]
        .concat(),
        b"",
    );
    let csv = String::from_utf8(csv).unwrap();
    let row = csv.lines().nth(5).unwrap();
    let fields: Vec<&str> = row.split(',').collect();
    assert_eq!(
        strings(&labelled, "solutions")[4].as_deref(),
        Some(fields[2])
    );
    assert_eq!(
        clues
            .as_primitive::<arrow_array::types::Int64Type>()
            .value(4)
            .to_string(),
        fields[3]
    );

    let (status, _, err) = run(
        &[
            &["augment", "-n", "2", "--seed", "9", "-f", "parquet"][..],
            &q,
            &[&p, "-o", o],
        ]
        .concat(),
        b"",
    );
    assert_eq!(status, 1, "{err}");
    let augmented = read_parquet(std::fs::read(&out).unwrap());
    assert_eq!(
        column_names(&augmented),
        ["id", "quizzes", "solutions", "group", "problem"]
    );
    // Two variants of each good row, one marker row for the bad one.
    assert_eq!(augmented.num_rows(), 81);
    let ids = augmented
        .column_by_name("id")
        .unwrap()
        .as_primitive::<arrow_array::types::Int64Type>();
    let groups = augmented
        .column_by_name("group")
        .unwrap()
        .as_primitive::<arrow_array::types::Int64Type>();
    assert_eq!((ids.value(0), ids.value(1), ids.value(2)), (0, 0, 1));
    assert_eq!((groups.value(0), groups.value(2)), (2, 3));
    let (_, csv, _) = run(
        &[
            &["augment", "-n", "2", "--seed", "9", "-f", "csv"][..],
            &q,
            &[&p],
        ]
        .concat(),
        b"",
    );
    let csv = String::from_utf8(csv).unwrap();
    let from_csv: Vec<Option<String>> = csv
        .lines()
        .skip(1)
        .map(|l| Some(l.split(',').nth(2).unwrap().to_string()).filter(|s| !s.is_empty()))
        .collect();
    assert_eq!(strings(&augmented, "solutions"), from_csv);

    for (name, magic) in [
        ("parts.parquet", &b"PAR1"[..]),
        ("parts.arrow", &b"ARROW1"[..]),
    ] {
        let output = dir.path().join(name);
        let args = [
            "split",
            "--column",
            "quizzes",
            "--parts",
            "a=0.5,b=0.5",
            "--seed",
            "2",
        ];
        let (status, _, err) = run(
            &[&args[..], &[&p, "-o", output.to_str().unwrap()]].concat(),
            b"",
        );
        assert_eq!(status, 1, "{err}");
        let (stem, ext) = name.split_once('.').unwrap();
        let a = std::fs::read(dir.path().join(format!("{stem}.a.{ext}"))).unwrap();
        let b = std::fs::read(dir.path().join(format!("{stem}.b.{ext}"))).unwrap();
        assert!(a.starts_with(magic) && b.starts_with(magic), "{name}");
        if ext == "parquet" {
            let (a, b) = (read_parquet(a), read_parquet(b));
            assert_eq!(a.schema(), kaggle_batch(&[]).schema());
            let mut ids: Vec<i64> = [a, b]
                .iter()
                .flat_map(|part| {
                    part.column(0)
                        .as_primitive::<arrow_array::types::Int64Type>()
                        .values()
                        .to_vec()
                })
                .collect();
            ids.sort_unstable();
            assert_eq!(ids, (0..41).collect::<Vec<i64>>());
        }
    }
    // A text table's parts are text: a .parquet name is refused.
    let (status, _, err) = run(&["split", "--parts", "a=0.5,b=0.5", "-o", o, "-"], b"");
    assert_eq!(status, 2);
    assert!(
        err.contains("split writes a text input's parts as text"),
        "{err}"
    );
}

#[test]
fn play_opens_a_parquet_table() {
    let pairs = generated(3, 4);
    let dir = temp_dir();
    let input = dir.path().join("t.parquet");
    write_parquet(&input, &kaggle_batch(&pairs), 10);
    let input = input.to_str().unwrap();
    let (_, out, _) = run(&["play", "--plain", "--column", "quizzes", input], b"");
    let listed = String::from_utf8(out).unwrap();
    assert_eq!(listed.matches(". line ").count(), 3, "{listed}");
    let (status, _, err) = run(&["play", "--plain", input], b"");
    assert_eq!(status, 2);
    assert!(err.contains("is a Parquet file: give --column"), "{err}");
}

/// Two Parquet inputs of one table's columns: each output row carries the
/// columns of its own input's row, for solve, augment and split alike.
#[test]
fn rows_of_a_second_table_are_its_own() {
    let dir = temp_dir();
    let pairs = generated(6, 5);
    let mut first = kaggle_batch(&pairs[..4]);
    let second = kaggle_batch(&pairs[4..]);
    // The second table's ids go on from the first's: 4 and 5.
    let ids: ArrayRef = Arc::new(Int64Array::from_iter_values(4..6));
    let second = RecordBatch::try_new(
        second.schema(),
        vec![ids, second.column(1).clone(), second.column(2).clone()],
    )
    .unwrap();
    let (a, b) = (dir.path().join("a.parquet"), dir.path().join("b.parquet"));
    write_parquet(&a, &first, 3);
    write_parquet(&b, &second, 3);
    first = read_parquet(std::fs::read(&a).unwrap());
    assert_eq!(first.num_rows(), 4);
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let q = ["--column", "quizzes"];
    let (status, out, err) = run(&[&["solve", "-f", "csv"][..], &q, &[a, b]].concat(), b"");
    assert_eq!(status, 0, "{err}");
    let out = String::from_utf8(out).unwrap();
    for (i, line) in out.lines().skip(1).enumerate() {
        let fields: Vec<&str> = line.split(',').collect();
        assert_eq!(fields[0], i.to_string(), "{out}");
        assert_eq!(fields[1], pairs[i].0, "{out}");
        assert_eq!(fields[3], pairs[i].1, "{out}");
    }
    let args = ["augment", "-n", "2", "--seed", "1", "-f", "csv"];
    let (status, out, err) = run(&[&args[..], &q, &[a, b]].concat(), b"");
    assert_eq!(status, 0, "{err}");
    let ids: Vec<String> = String::from_utf8(out)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap().to_string())
        .collect();
    assert_eq!(
        ids,
        ["0", "0", "1", "1", "2", "2", "3", "3", "4", "4", "5", "5"]
    );
    let output = dir.path().join("parts.parquet");
    let args = [
        "split",
        "--parts",
        "x=0.5,y=0.5",
        "-o",
        output.to_str().unwrap(),
    ];
    let (status, _, err) = run(&[&args[..], &q, &[a, b]].concat(), b"");
    assert_eq!(status, 0, "{err}");
    let mut rows: Vec<(i64, String)> = Vec::new();
    for part in ["x", "y"] {
        let table =
            read_parquet(std::fs::read(dir.path().join(format!("parts.{part}.parquet"))).unwrap());
        let ids = table
            .column(0)
            .as_primitive::<arrow_array::types::Int64Type>()
            .values()
            .to_vec();
        rows.extend(
            ids.into_iter()
                .zip(strings(&table, "quizzes").into_iter().map(Option::unwrap)),
        );
    }
    rows.sort();
    let expected: Vec<(i64, String)> = pairs
        .iter()
        .enumerate()
        .map(|(i, (q, _))| (i as i64, q.clone()))
        .collect();
    assert_eq!(rows, expected);
}

#[test]
fn a_bad_rows_part_is_drawn_from_its_puzzle_not_its_place() {
    let dir = temp_dir();
    let bad: Vec<String> = (0..20).map(|i| format!("bad{i}")).collect();
    let pairs = generated(3, 9);
    let mut shifted: Vec<Option<&str>> = pairs.iter().map(|(q, _)| Some(q.as_str())).collect();
    shifted.extend(bad.iter().map(|b| Some(b.as_str())));
    let alone: Vec<Option<&str>> = bad.iter().map(|b| Some(b.as_str())).collect();
    let solutions = vec!["x"; shifted.len()];
    let (a, b) = (dir.path().join("a.parquet"), dir.path().join("b.parquet"));
    write_parquet(&a, &batch(&alone, &solutions[..alone.len()]), 7);
    write_parquet(&b, &batch(&shifted, &solutions), 7);
    std::fs::write(dir.path().join("c.txt"), bad.join("\n") + "\n").unwrap();
    let part_x = |input: &str, output: &str| -> Vec<String> {
        let output = dir.path().join(output);
        let mut args = vec!["split", "--parts", "x=0.5,y=0.5", "-o"];
        args.push(output.to_str().unwrap());
        let input = dir.path().join(input);
        if !input.to_str().unwrap().ends_with(".txt") {
            args.extend(["--column", "quizzes"]);
        }
        args.push(input.to_str().unwrap());
        let (status, _, err) = run(&args, b"");
        assert_eq!(status, 1, "{err}");
        let x = output.to_str().unwrap().replace("parts.", "parts.x.");
        let x = std::fs::read(x).unwrap();
        if output.extension().unwrap() == "txt" {
            return String::from_utf8(x)
                .unwrap()
                .lines()
                .map(String::from)
                .collect();
        }
        let mut kept: Vec<String> = strings(&read_parquet(x), "quizzes")
            .into_iter()
            .flatten()
            .filter(|q| q.starts_with("bad"))
            .collect();
        kept.sort();
        kept
    };
    let mut in_text = part_x("c.txt", "parts.txt");
    in_text.sort();
    assert!(
        !in_text.is_empty() && in_text.len() < bad.len(),
        "{in_text:?}"
    );
    assert_eq!(part_x("a.parquet", "parts.parquet"), in_text);
    std::fs::remove_file(dir.path().join("parts.x.parquet")).unwrap();
    std::fs::remove_file(dir.path().join("parts.y.parquet")).unwrap();
    assert_eq!(part_x("b.parquet", "parts.parquet"), in_text);
}

#[test]
fn a_cell_longer_than_a_line_is_a_bad_row_named_by_its_row() {
    let pairs = generated(2, 3);
    let (ones, quotes) = ("1".repeat(100_000), "\"".repeat(70_000));
    let quizzes = [
        Some(pairs[0].0.as_str()),
        Some(ones.as_str()),
        Some(quotes.as_str()),
        Some(pairs[1].0.as_str()),
    ];
    let dir = temp_dir();
    let input = dir.path().join("long.parquet");
    write_parquet(&input, &batch(&quizzes, &["x"; 4]), 3);
    let input = input.to_str().unwrap();
    let q = ["--column", "quizzes"];
    let (status, out, err) = run(&[&["solve"][..], &q, &[input]].concat(), b"");
    assert_eq!(status, 1, "{err}");
    let out = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines,
        [&pairs[0].1, "!bad-length", "!bad-character", &pairs[1].1]
    );
    assert!(
        err.contains(": row 2: column 'quizzes': expected 81 cells"),
        "{err}"
    );
    assert!(
        err.contains(": row 3: column 'quizzes': bad character"),
        "{err}"
    );
    let args = ["solve", "-q", "-f", "parquet"];
    let (status, out, err) = run(&[&args[..], &q, &[input]].concat(), b"");
    assert_eq!(status, 1, "{err}");
    let table = read_parquet(out);
    assert_eq!(
        strings(&table, "quizzes")[1].as_deref(),
        Some(ones.as_str())
    );
    assert_eq!(
        strings(&table, "solution")[1].as_deref(),
        Some("!bad-length")
    );
    let parts = dir.path().join("parts.parquet");
    let args = [
        "split",
        "--parts",
        "x=0.5,y=0.5",
        "-o",
        parts.to_str().unwrap(),
    ];
    let (status, _, err) = run(&[&args[..], &q, &[input]].concat(), b"");
    assert_eq!(status, 1, "{err}");
    let mut kept: Vec<String> = ["x", "y"]
        .iter()
        .flat_map(|part| {
            let path = dir.path().join(format!("parts.{part}.parquet"));
            strings(&read_parquet(std::fs::read(path).unwrap()), "quizzes")
        })
        .flatten()
        .collect();
    kept.sort();
    let mut all: Vec<String> = quizzes.iter().flatten().map(|q| q.to_string()).collect();
    all.sort();
    assert_eq!(kept, all);
}

/// An Arrow stream may give each batch its own dictionary; an IPC file holds
/// one a column, so split's parts write a dictionary column as its values.
#[test]
fn split_writes_a_streams_dictionaries_into_arrow_files() {
    use arrow_array::DictionaryArray;
    use arrow_array::types::Int32Type;
    let pairs = generated(40, 4);
    let dictionary = DataType::Dictionary(Box::new(DataType::Int32), Box::new(DataType::Utf8));
    let schema = Arc::new(Schema::new(vec![
        Field::new("quizzes", DataType::Utf8, false),
        Field::new("source", dictionary, false),
    ]));
    let dir = temp_dir();
    let stream = dir.path().join("table.arrows");
    let file = std::fs::File::create(&stream).unwrap();
    let mut writer = arrow_ipc::writer::StreamWriter::try_new(file, &schema).unwrap();
    let source = |row: usize| format!("s{}", row / 10 * 10 + row % 3);
    for rows in pairs.chunks(10).enumerate() {
        let (k, rows) = rows;
        let quizzes: ArrayRef = Arc::new(StringArray::from_iter_values(rows.iter().map(|r| &r.0)));
        let names: Vec<String> = (0..rows.len()).map(|i| source(k * 10 + i)).collect();
        let sources: DictionaryArray<Int32Type> = names.iter().map(String::as_str).collect();
        let batch = RecordBatch::try_new(Arc::clone(&schema), vec![quizzes, Arc::new(sources)]);
        writer.write(&batch.unwrap()).unwrap();
    }
    writer.finish().unwrap();
    let output = dir.path().join("parts.arrow");
    let args = [
        "split",
        "--column",
        "quizzes",
        "--parts",
        "x=0.5,y=0.5",
        "-o",
    ];
    let (status, _, err) = run(
        &[
            &args[..],
            &[output.to_str().unwrap(), stream.to_str().unwrap()],
        ]
        .concat(),
        b"",
    );
    assert_eq!((status, err.as_str()), (0, ""));
    let mut rows = Vec::new();
    for part in ["x", "y"] {
        let path = dir.path().join(format!("parts.{part}.arrow"));
        let reader =
            arrow_ipc::reader::FileReader::try_new(std::fs::File::open(path).unwrap(), None)
                .unwrap();
        assert_eq!(reader.schema().field(1).data_type(), &DataType::Utf8);
        for batch in reader {
            let batch = batch.unwrap();
            let quizzes = strings(&batch, "quizzes");
            rows.extend(quizzes.into_iter().zip(strings(&batch, "source")));
        }
    }
    rows.sort();
    let mut expected: Vec<(Option<String>, Option<String>)> = (pairs.iter().enumerate())
        .map(|(i, (q, _))| (Some(q.clone()), Some(source(i))))
        .collect();
    expected.sort();
    assert_eq!(rows, expected);
}
