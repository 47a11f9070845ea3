//! The whole pipeline over arbitrary bytes, as `solve`, `solve --count`,
//! `canon` and `shuffle` run it: one answer (or marker) per puzzle, in input
//! order, and the bad ones reported at their lines, exactly as an oracle
//! that reads the input the simple way and answers each puzzle with a
//! direct library call. The same bytes read another way (one read, a
//! trickle of short reads, a mapped file) on one or two threads give the
//! same output.

use std::io::{self, Read, Write};

use sudokuflow::answer::Flush;
use sudokuflow::format::{InputFormat, Problem};
use sudokuflow::generate::shuffle;
use sudokuflow::input::Input;
use sudokuflow::pipeline::{self, Mode, Observer, Options, shuffle_index};
use sudokuflow::{SolveError, count_solutions, solve};

use super::bytes::Bytes;
use super::formats::{Record, grid_records, line_records};

/// What a byte 0xFE of the fuzzer's input stands for: a long run of digits,
/// so that a few of them make a line too long to read.
const STRETCH: usize = 16 * 1024;

pub fn check(data: &[u8]) {
    let mut bytes = Bytes::new(data);
    let control = bytes.byte();
    let reading = bytes.byte();
    let split = bytes.byte();
    let input_format = match control >> 1 & 3 {
        0 | 1 => InputFormat::Line,
        2 => InputFormat::Grid,
        _ => InputFormat::Auto,
    };
    let mode = match control >> 3 & 3 {
        0 => Mode::Solve,
        1 => Mode::Count {
            limit: 1 + u32::from(control >> 5 & 3),
        },
        2 => Mode::Canon {
            zeros: control & 0x20 != 0,
        },
        _ => Mode::Shuffle {
            seed: u64::from(reading),
            variants: 1 + u32::from(control >> 5 & 1),
        },
    };
    let mut options = Options::new(mode);
    options.input_format = input_format;
    options.strict = control & 0x80 != 0;
    options.threads = 1 + usize::from(control & 1);
    let text = stretch(bytes.rest());
    // One input, or two split at a drawn place.
    let texts: Vec<&[u8]> = match split {
        0 => vec![&text],
        _ => {
            let at = usize::from(split) * text.len() / 256;
            vec![&text[..at], &text[at..]]
        }
    };

    let run = |options: &Options, reading: u8| -> Result<(String, Vec<Report>), Failed> {
        let mut out = Vec::new();
        let mut reports = Reports::default();
        let inputs: Vec<Input> = (texts.iter().enumerate())
            .map(|(i, text)| input(i, text, reading))
            .collect();
        let names: Vec<String> = inputs.iter().map(|i| i.name().to_string()).collect();
        // Inputs named by their place, whatever their file names.
        let place = |name: &str| {
            let i = names.iter().position(|n| n == name);
            format!("input{}", i.expect("a known input"))
        };
        match pipeline::run(inputs, options, &mut out, &mut reports) {
            Ok(_) => {}
            Err(pipeline::Error::Read { input, source }) => {
                return Err((place(&input), source.kind()));
            }
            Err(other) => panic!("{other}"),
        }
        let reports: Vec<Report> = reports
            .0
            .into_iter()
            .map(|(name, line, marker)| (place(&name), line, marker))
            .collect();
        Ok((String::from_utf8(out).expect("the output is text"), reports))
    };
    let got = run(&options, reading);
    let mut plain = options;
    plain.threads = 1;
    assert_eq!(
        got,
        run(&plain, 0),
        "the output depends on how the input is read or on the threads"
    );
    // An input that starts as gzip or zstd does is read as one: garbage
    // there is a read error naming that input, never a panic. Memory holds
    // nothing else that fails to read.
    let got = match got {
        Ok(got) => got,
        Err((input, kind)) => {
            let at: usize = input["input".len()..].parse().unwrap();
            assert!(
                compressed(texts[at]),
                "{input}: a read error ({kind:?}) on plain text"
            );
            assert!(
                matches!(
                    kind,
                    io::ErrorKind::InvalidData
                        | io::ErrorKind::InvalidInput
                        | io::ErrorKind::UnexpectedEof
                ),
                "{input}: {kind:?}"
            );
            return;
        }
    };
    // The oracle below reads plain text only.
    if texts.iter().any(|text| compressed(text)) {
        return;
    }

    // Each input's records, as a format reads them (auto: either one).
    let formats: &[InputFormat] = match input_format {
        InputFormat::Auto => &[InputFormat::Line, InputFormat::Grid],
        other => &[other],
    };
    let mut expected: Vec<(String, Vec<Report>)> = vec![(String::new(), Vec::new())];
    let mut stopped = vec![false];
    for (i, text) in texts.iter().enumerate() {
        let mut next = Vec::new();
        let mut next_stopped = Vec::new();
        for (sofar, stop) in expected.iter().zip(&stopped) {
            for &format in formats {
                let mut answer = sofar.clone();
                let mut stop = *stop;
                if !stop {
                    let records = match format {
                        InputFormat::Grid => grid_records(text),
                        _ => line_records(text),
                    };
                    stop = answer_all(&records, &options, i, &mut answer);
                }
                next.push(answer);
                next_stopped.push(stop);
            }
        }
        expected = next;
        stopped = next_stopped;
    }
    assert!(
        expected.contains(&got),
        "{:?}: got {got:?}, expected {}",
        options,
        if expected.len() == 1 {
            format!("{:?}", expected[0])
        } else {
            format!("one of {expected:?}")
        }
    );
}

/// A read error: the input's place and the error's kind.
type Failed = (String, io::ErrorKind);

/// Whether `text` starts with the magic number of gzip or zstd, and is read
/// decompressed.
fn compressed(text: &[u8]) -> bool {
    text.starts_with(&[0x1f, 0x8b]) || text.starts_with(&[0x28, 0xb5, 0x2f, 0xfd])
}

/// `data` with each byte 0xFE replaced by [`STRETCH`] digits.
fn stretch(data: &[u8]) -> Vec<u8> {
    let mut text = Vec::with_capacity(data.len());
    for &byte in data {
        if byte == 0xfe {
            text.resize(text.len() + STRETCH, b'7');
        } else {
            text.push(byte);
        }
    }
    text
}

/// Input `index` over `text`: one read (0), reads of at most `reading` bytes
/// (1-199), or a mapped file (200 and up).
fn input(index: usize, text: &[u8], reading: u8) -> Input {
    let name = format!("<input {index}>");
    match reading {
        0 => Input::from_reader(name, Box::new(io::Cursor::new(text.to_vec()))),
        1..200 => Input::from_reader(
            name,
            Box::new(Trickle {
                text: text.to_vec(),
                at: 0,
                step: usize::from(reading),
            }),
        ),
        _ => {
            let mut file = tempfile::NamedTempFile::new().expect("a temporary file");
            file.write_all(text).expect("writing a temporary file");
            // The open file stays mapped after its name is removed.
            // SAFETY: no one else writes or truncates the temporary file.
            unsafe { Input::map_file(file.path()) }.expect("opening a temporary file")
        }
    }
}

/// A reader that returns at most `step` bytes per read.
struct Trickle {
    text: Vec<u8>,
    at: usize,
    step: usize,
}

impl Read for Trickle {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(buf.len()).min(self.text.len() - self.at);
        buf[..n].copy_from_slice(&self.text[self.at..][..n]);
        self.at += n;
        Ok(n)
    }
}

/// A bad puzzle reported: input, line, marker.
type Report = (String, u64, &'static str);

#[derive(Default)]
struct Reports(Vec<Report>);

impl Observer for Reports {
    fn bad_puzzle(
        &mut self,
        _output: &mut dyn Flush,
        input: &str,
        line: u64,
        problem: Problem,
    ) -> io::Result<()> {
        self.0.push((input.to_string(), line, problem.marker()));
        Ok(())
    }

    fn progress(&mut self, _input_bytes: u64, _puzzles: u64) {}
}

fn solve_marker(error: SolveError) -> &'static str {
    match error {
        SolveError::ConflictingGivens => "!conflicting-givens",
        _ => "!no-solution",
    }
}

/// Appends the answers to `records` of input `input` (0-based) to `out`;
/// true when a strict run stops here.
fn answer_all(
    records: &[Record],
    options: &Options,
    input: usize,
    out: &mut (String, Vec<Report>),
) -> bool {
    let name = format!("input{input}");
    for record in records {
        let answer = record
            .puzzle
            .and_then(|(puzzle, claimed)| match options.mode {
                Mode::Solve => {
                    let solution = solve(&puzzle).map_err(solve_marker)?.grid;
                    if claimed.is_some_and(|claimed| claimed != solution) {
                        out.1.push((name.clone(), record.line, "!wrong-solution"));
                    }
                    Ok(format!("{solution}\n"))
                }
                Mode::Count { limit } => {
                    let count = count_solutions(&puzzle, limit).map_err(solve_marker)?;
                    Ok(format!("{}\n", count.solutions))
                }
                Mode::Canon { zeros, .. } => {
                    if !puzzle.is_consistent() {
                        return Err("!conflicting-givens");
                    }
                    let canonical = puzzle.canonical().0.to_string();
                    let canonical = if zeros {
                        canonical.replace('.', "0")
                    } else {
                        canonical
                    };
                    Ok(format!("{canonical}\n"))
                }
                Mode::Shuffle { seed, variants } => Ok((0..variants)
                    .map(|v| {
                        let index = shuffle_index(input, record.line);
                        format!("{}\n", shuffle(&puzzle, seed, index, v.into()))
                    })
                    .collect()),
                _ => unreachable!("only the modes drawn above"),
            });
        match answer {
            Ok(text) => out.0.push_str(&text),
            Err(marker) => {
                let copies = match options.mode {
                    Mode::Shuffle { variants, .. } => variants as usize,
                    _ => 1,
                };
                for _ in 0..copies {
                    out.0.push_str(marker);
                    out.0.push('\n');
                }
                out.1.push((name.clone(), record.line, marker));
                if options.strict {
                    return true;
                }
            }
        }
    }
    false
}
