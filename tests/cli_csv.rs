//! End-to-end tests of dataset files: CSV and TSV with `--column`, `--format
//! csv`, gzip and zstd input, and bad tables. The tables are made by
//! `generate` in the layouts of the public data sets.

use std::io::Write;
use std::process::Stdio;

use crate::util::{generated, sudokuflow, temp_dir};

/// The three layouts of the public data sets, with the puzzles' column.
fn layouts(pairs: &[(String, String)]) -> Vec<(String, &'static str)> {
    let mut kaggle = String::from("quizzes,solutions\n");
    let mut nine_million = String::from("puzzle,solution\n");
    let mut rated = String::from("id,puzzle,solution,clues,difficulty\n");
    for (i, (puzzle, solution)) in pairs.iter().enumerate() {
        kaggle += &format!("{puzzle},{solution}\n");
        nine_million += &format!("{},{solution}\n", puzzle.replace('0', "."));
        let clues = puzzle.bytes().filter(|&b| b != b'0').count();
        rated += &format!(
            "{i},{},{solution},{clues},{}.{}\n",
            puzzle.replace('0', "."),
            i % 9,
            i % 7
        );
    }
    vec![
        (kaggle, "quizzes"),
        (nine_million, "puzzle"),
        (rated, "puzzle"),
    ]
}

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let out = sudokuflow().args(args).write_stdin(stdin).output();
    (
        out.status.code().unwrap(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

#[test]
fn public_layouts_are_solved_by_column_name_and_number() {
    let pairs = generated(40, 7);
    for (table, column) in layouts(&pairs) {
        let position = table
            .lines()
            .next()
            .unwrap()
            .split(',')
            .position(|c| c == column);
        let number = (position.unwrap() + 1).to_string();
        for column in [column, number.as_str()] {
            let (status, out, err) = run(&["solve", "--column", column], table.as_bytes());
            assert_eq!((status, err.as_str()), (0, ""), "{column}");
            let expected: Vec<&str> = pairs.iter().map(|(_, s)| s.as_str()).collect();
            assert_eq!(out.lines().collect::<Vec<_>>(), expected);
        }
    }
}

#[test]
fn format_csv_adds_a_column_to_each_row() {
    let pairs = generated(30, 11);
    for (table, column) in layouts(&pairs) {
        let header = table.lines().next().unwrap();
        let rows: Vec<&str> = table.lines().skip(1).collect();
        let (status, out, _) = run(
            &["solve", "--column", column, "-f", "csv"],
            table.as_bytes(),
        );
        assert_eq!(status, 0);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], format!("{header},solution"));
        for ((line, row), (_, solution)) in lines[1..].iter().zip(&rows).zip(&pairs) {
            assert_eq!(*line, format!("{row},{solution}"));
        }
        assert_eq!(lines.len(), rows.len() + 1);

        let (_, out, _) = run(
            &["solve", "--count", "--column", column, "-f", "csv"],
            table.as_bytes(),
        );
        assert_eq!(out.lines().next().unwrap(), format!("{header},count"));
        assert!(out.lines().skip(1).all(|line| line.ends_with(",1")));

        let (_, out, _) = run(
            &["canon", "--column", column, "-f", "csv"],
            table.as_bytes(),
        );
        let (_, plain, _) = run(&["canon", "--column", column], table.as_bytes());
        assert_eq!(out.lines().next().unwrap(), format!("{header},canonical"));
        assert_eq!(out.lines().count(), rows.len() + 1);
        assert_eq!(plain.lines().count(), rows.len());
        for ((line, row), canonical) in out.lines().skip(1).zip(&rows).zip(plain.lines()) {
            assert_eq!(line, format!("{row},{canonical}"));
        }
    }
}

#[test]
fn rate_csv_adds_rating_and_level() {
    let pairs = generated(12, 3);
    let (table, column) = layouts(&pairs).remove(2);
    let (status, out, _) = run(
        &["rate", "--column", column, "--format", "csv"],
        table.as_bytes(),
    );
    assert_eq!(status, 0);
    let (_, lines, _) = run(&["rate", "--column", column], table.as_bytes());
    assert_eq!(out.lines().count(), pairs.len() + 1);
    assert_eq!(lines.lines().count(), pairs.len());
    let mut rows = out.lines();
    assert_eq!(
        rows.next().unwrap(),
        "id,puzzle,solution,clues,difficulty,rating,level"
    );
    for ((row, line), source) in rows.zip(lines.lines()).zip(table.lines().skip(1)) {
        // `<puzzle> <ER>/<EP>/<ED> <level> <hardest>` against `...,<ER>/<EP>/<ED>,<level>`.
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(row, format!("{source},{},{}", words[1], words[2]));
    }
}

#[test]
fn tsv_semicolons_quotes_crlf_and_a_byte_order_mark_are_read() {
    let pairs = generated(6, 5);
    let mut tsv = String::from("id\tquizzes\n");
    let mut semicolons = String::from("\u{feff}note;quizzes\r\n");
    for (i, (puzzle, _)) in pairs.iter().enumerate() {
        tsv += &format!("{i}\t{puzzle}\n");
        // A quoted note with a delimiter, a quote and a newline in it.
        semicolons += &format!("\"a;b \"\"{i}\"\"\nsecond line\";\"{puzzle}\"\r\n\r\n");
    }
    let expected: Vec<&str> = pairs.iter().map(|(_, s)| s.as_str()).collect();
    for table in [&tsv, &semicolons] {
        let (status, out, err) = run(&["solve", "--column", "quizzes"], table.as_bytes());
        assert_eq!((status, err.as_str()), (0, ""));
        assert_eq!(out.lines().collect::<Vec<_>>(), expected);
    }
    // Rows are written as read, the delimiter kept.
    let (_, out, _) = run(&["solve", "--column", "2", "-f", "csv"], tsv.as_bytes());
    assert_eq!(
        out.lines().nth(1).unwrap(),
        format!("0\t{}\t{}", pairs[0].0, pairs[0].1)
    );
    let (_, out, _) = run(
        &["solve", "--column", "QUIZZES", "-f", "csv"],
        semicolons.as_bytes(),
    );
    assert!(out.starts_with("\u{feff}note;quizzes;solution\n\"a;b \"\"0\"\"\nsecond line\";"));
}

#[test]
fn gzip_and_zstd_files_and_pipes_read_as_plain_text() {
    let pairs = generated(20, 9);
    let (table, column) = layouts(&pairs).remove(0);
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(table.as_bytes()).unwrap();
    let gz = gz.finish().unwrap();
    let zst = ruzstd::encoding::compress_to_vec(
        table.as_bytes(),
        ruzstd::encoding::CompressionLevel::Fastest,
    );
    let (_, expected, _) = run(&["solve", "--column", column], table.as_bytes());
    let dir = temp_dir();
    for (name, bytes) in [("t.csv.gz", &gz), ("t.csv.zst", &zst)] {
        let path = dir.path().join(name);
        std::fs::write(&path, bytes).unwrap();
        let path = path.to_str().unwrap();
        assert_eq!(
            run(&["solve", "--column", column, path], b"").1,
            expected,
            "{name}"
        );
        // A pipe, and a file on standard input.
        assert_eq!(
            run(&["solve", "--column", column], bytes).1,
            expected,
            "{name}"
        );
        let out = sudokuflow()
            .args(["solve", "--column", column])
            .stdin(std::fs::File::open(path).unwrap())
            .output();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "{name}");
    }
    // Plain puzzle lines compressed too.
    let lines: String = pairs.iter().map(|(p, _)| format!("{p}\n")).collect();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(lines.as_bytes()).unwrap();
    assert_eq!(run(&["solve"], &gz.finish().unwrap()).1, expected);
    // A cut stream is an error (status 2) after the rows before the cut,
    // said in words.
    let (status, _, err) = run(&["solve", "--column", column], &zst[..zst.len() / 2]);
    assert_eq!(status, 2);
    assert!(
        err.contains("error reading <stdin>: truncated zstd stream: "),
        "{err}"
    );
    assert!(!err.contains(['{', '(']), "{err}");
}

#[test]
fn a_missing_column_names_the_header_and_its_columns() {
    let table = "quizzes,solutions\n123,456\n";
    for column in ["quizes", "3"] {
        let (status, out, err) = run(&["solve", "--column", column], table.as_bytes());
        assert_eq!((status, out.as_str()), (2, ""));
        assert!(err.contains("<stdin>: line 1: no column"), "{err}");
        assert!(err.contains("1 'quizzes', 2 'solutions'"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    let (status, _, err) = run(&["solve", "--column", "quizzes"], b"");
    assert_eq!(status, 2);
    assert!(err.contains("the input is empty"), "{err}");
    // A header alone: no rows, said so, no failure.
    let (status, out, err) = run(&["solve", "--column", "quizzes"], b"quizzes\n");
    assert_eq!((status, out.as_str()), (0, ""));
    assert!(err.contains("no data rows"), "{err}");
    let (_, out, _) = run(
        &["solve", "--column", "quizzes", "-f", "csv"],
        b"quizzes\r\n",
    );
    assert_eq!(out, "quizzes,solution\n");
}

/// Item 31 of issue 34: the header's names, a column's and a file's are
/// shown with their control characters escaped, so that a table cannot
/// drive the terminal.
#[test]
fn header_names_in_messages_cannot_drive_the_terminal() {
    let table = b"id,a\x1b]0;PWNED\x07b,c\xe7\x9b2J\n1,2,3\n";
    let (status, out, err) = run(&["solve", "--column", "quizzes"], table);
    assert_eq!((status, out.as_str()), (2, ""));
    assert!(!err.trim_end().contains(char::is_control), "{err:?}");
    assert!(
        err.contains("1 'id', 2 'a\\x1b]0;PWNED\\x07b', 3 'c\\xe7\\x9b2J'"),
        "{err}"
    );
    let (status, _, err) = run(&["solve", "--column", "\u{1b}[2J"], b"a\n1\n");
    assert_eq!(status, 2);
    assert!(err.contains("no column named '\\x1b[2J'"), "{err}");
    // A file's name, in the message about its bad line.
    let dir = temp_dir();
    let named = dir.path().join("a\u{1b}]0;PWNED\u{7}.txt");
    std::fs::write(&named, "bad\n").unwrap();
    let (status, _, err) = run(&["solve", named.to_str().unwrap()], b"");
    assert_eq!(status, 1);
    assert!(!err.trim_end().contains(char::is_control), "{err:?}");
    assert!(err.contains("a\\x1b]0;PWNED\\x07.txt:1: "), "{err}");
}

/// Item 28 of issue 34: a header that is a puzzle (a file of plain
/// puzzles read with --column), a name two columns have, and column 0 are
/// refused, each saying why.
#[test]
fn a_puzzle_as_header_a_repeated_name_and_column_0_are_refused() {
    let pairs = generated(3, 5);
    let plain: String = pairs.iter().map(|(p, _)| format!("{p}\n")).collect();
    let with_solutions: String = pairs.iter().map(|(p, s)| format!("{p},{s}\n")).collect();
    for (input, column) in [
        (&plain, "1"),
        (&with_solutions, "1"),
        (&with_solutions, "2"),
    ] {
        let (status, out, err) = run(&["solve", "--column", column], input.as_bytes());
        assert_eq!((status, out.as_str()), (2, ""), "{err}");
        assert!(
            err.contains(&format!(
                "line 1: column {column} of the header row is a puzzle"
            )),
            "{err}"
        );
        assert!(err.contains("leave out --column"), "{err}");
    }
    let table = format!("puzzle,puzzle\n{},{}\n", pairs[0].0, pairs[1].0);
    for column in ["puzzle", "PUZZLE"] {
        let (status, out, err) = run(&["solve", "--column", column], table.as_bytes());
        assert_eq!((status, out.as_str()), (2, ""), "{err}");
        assert!(
            err.contains(&format!(
                "line 1: --column '{column}' names more than one column: 1 'puzzle', 2 'puzzle'"
            )),
            "{err}"
        );
    }
    // By number, either is read.
    let (status, out, _) = run(&["solve", "--column", "2"], table.as_bytes());
    assert_eq!((status, out.trim_end()), (0, pairs[1].1.as_str()));
    for zero in ["0", "00"] {
        let (status, out, err) = run(&["solve", "--column", zero], table.as_bytes());
        assert_eq!((status, out.as_str()), (2, ""), "{err}");
        assert!(err.contains("columns count from 1"), "{err}");
    }
}

#[test]
fn bad_rows_get_a_marker_in_place_and_a_message_with_line_and_column() {
    let pairs = generated(3, 2);
    let (p0, s0) = &pairs[0];
    let (p2, s2) = &pairs[2];
    let table = format!(
        "id,quizzes\n\
         1,{p0}\n\
         2\n\
         3,\"{}\n{}\"\n\
         4,{p0},extra\n\
         5,{}\n\
         6,{p2}\n",
        &p0[..40],
        &p0[40..],
        &p0[..80],
    );
    let (status, out, err) = run(&["solve", "--column", "quizzes"], table.as_bytes());
    assert_eq!(status, 1);
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        [
            s0.as_str(),
            "!ragged-row",
            "!bad-character",
            "!ragged-row",
            "!bad-length",
            s2
        ]
    );
    let messages: Vec<&str> = err.lines().collect();
    assert_eq!(messages.len(), 4, "{err}");
    assert!(messages[0].starts_with("sudokuflow: <stdin>:3: the row has 1 field, the header 2"));
    assert!(messages[1].starts_with("sudokuflow: <stdin>:4: column 'quizzes': bad character"));
    assert!(messages[2].starts_with("sudokuflow: <stdin>:6: the row has 3 fields"));
    assert!(messages[3].starts_with("sudokuflow: <stdin>:7: column 'quizzes': expected 81"));
    // In CSV output the marker takes the added column's place.
    let (_, out, _) = run(
        &["solve", "--column", "quizzes", "-f", "csv"],
        table.as_bytes(),
    );
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows[2], "2,!ragged-row");
    assert_eq!(rows[4], "x\",!bad-character".replace('x', &p0[40..]));
    assert_eq!(rows.len(), 1 + 7);
}

#[test]
fn garbage_and_an_unclosed_quote_give_one_answer_per_row_and_no_panic() {
    // Pseudo-random bytes with many quotes, newlines and commas.
    let mut seed = 12345u64;
    let mut bytes = b"a,b\n".to_vec();
    for _ in 0..300_000 {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1);
        let r = (seed >> 33) as u8;
        bytes.push(match r % 16 {
            0 => b'"',
            1 => b'\n',
            2 => b',',
            _ => r,
        });
    }
    let dir = temp_dir();
    let path = dir.path().join("garbage.csv");
    std::fs::write(&path, &bytes).unwrap();
    let path = path.to_str().unwrap();
    let by_file = run(&["solve", "-q", "--column", "2", path], b"");
    let by_pipe = run(&["solve", "-q", "-j1", "--column", "2"], &bytes);
    assert_eq!(by_file.0, 1);
    assert_eq!(by_file, by_pipe);
    // As many answers as the csv crate reads records (blank rows skipped).
    let mut reader = csv::ReaderBuilder::new()
        .flexible(true)
        .terminator(csv::Terminator::Any(b'\n'))
        .from_reader(&bytes[..]);
    let records = reader
        .byte_records()
        .map(Result::unwrap)
        .filter(|r| !(r.len() == 1 && r[0].trim_ascii().is_empty()))
        .count();
    assert_eq!(by_file.1.lines().count(), records);

    // A quote never closed: the row is too long, and reading goes on after
    // the line its 64 KiB end in.
    let pairs = generated(2, 4);
    let mut table = format!("id,quizzes\n1,\"{}\n", pairs[0].0);
    for _ in 0..2000 {
        table += &"x".repeat(60);
        table += "\n";
    }
    table += &format!("2,{}\n", pairs[1].0);
    let (status, out, err) = run(&["solve", "--column", "quizzes"], table.as_bytes());
    assert_eq!(status, 1);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "!line-too-long");
    assert_eq!(lines.last().unwrap(), &pairs[1].1);
    assert!(err.contains("<stdin>:2: line longer than"), "{err}");
}

#[test]
fn big_tables_answer_alike_from_files_pipes_and_thread_counts() {
    // Quoted fields with newlines across chunk boundaries (chunks are 128 KiB).
    let pairs = generated(300, 1);
    let mut table = String::from("id,note,quizzes\n");
    let mut expected = String::new();
    for i in 0..6000 {
        let (puzzle, solution) = &pairs[i % pairs.len()];
        let note = match i % 3 {
            0 => format!("\"line one\nline \"\"two\"\", {i}\""),
            1 => "plain".to_string(),
            _ => format!("\"{}\"", "y".repeat(i % 500)),
        };
        table += &format!("{i},{note},{puzzle}\n");
        expected += &format!("{solution}\n");
    }
    let dir = temp_dir();
    let path = dir.path().join("big.csv");
    std::fs::write(&path, &table).unwrap();
    let path = path.to_str().unwrap();
    for threads in ["1", "2", "3"] {
        let (status, out, _) = run(&["solve", "-j", threads, "--column", "quizzes", path], b"");
        assert_eq!((status, out == expected), (0, true), "file, -j{threads}");
    }
    let mut child = sudokuflow()
        .args(["solve", "--column", "quizzes", "-f", "csv"])
        .stdin(Stdio::piped())
        .spawn();
    let mut stdin = child.stdin.take().unwrap();
    let input = table.clone();
    let writer = std::thread::spawn(move || {
        // Small writes: chunks of a pipe end anywhere in a quoted field.
        for piece in input.as_bytes().chunks(1000) {
            stdin.write_all(piece).unwrap();
        }
    });
    let out = child.wait_with_output();
    writer.join().unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    let mut reader = csv::Reader::from_reader(out.as_bytes());
    assert_eq!(
        reader.headers().unwrap().iter().next_back(),
        Some("solution")
    );
    let solutions: String = reader
        .records()
        .map(|r| format!("{}\n", &r.unwrap()[3]))
        .collect();
    assert_eq!(solutions, expected);
}

#[test]
fn line_input_with_csv_output_has_a_puzzle_column() {
    let pairs = generated(2, 8);
    let input = format!("{}\nnot, a \"puzzle\"\n{}\n", pairs[0].0, pairs[1].0);
    let (status, out, _) = run(&["solve", "-f", "csv"], input.as_bytes());
    assert_eq!(status, 1);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows[0], "puzzle,solution");
    assert_eq!(
        rows[1],
        format!("{},{}", pairs[0].0.replace('0', "."), pairs[0].1)
    );
    assert_eq!(rows[2], "\"not, a \"\"puzzle\"\"\",!bad-character");
    // generate writes the same header.
    let (_, out, _) = run(
        &[
            "generate",
            "-n",
            "2",
            "--seed",
            "1",
            "--solution",
            "-f",
            "csv",
        ],
        b"",
    );
    assert!(out.starts_with("puzzle,solution\n"));
    assert_eq!(out.lines().count(), 3);
}

#[test]
fn a_stream_whose_last_line_has_no_newline_is_cut_into_jobs() {
    // The last line is read (and counted) with the chunk before it; cutting
    // the chunk it ends for smaller jobs once underflowed that count.
    let puzzles: Vec<String> = generated(200, 6).into_iter().map(|(p, _)| p).collect();
    let input = puzzles.join("\n");
    for args in [&["shuffle", "-n", "2", "--seed", "1"][..], &["rate"]] {
        let (status, out, err) = run(args, input.as_bytes());
        assert_eq!((status, err.as_str()), (0, ""), "{args:?}");
        let per_puzzle = if args[0] == "shuffle" { 2 } else { 1 };
        assert_eq!(out.lines().count(), 200 * per_puzzle, "{args:?}");
    }
}
