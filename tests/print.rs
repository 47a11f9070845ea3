//! `sudokuflow print` checked with the tools people use on its files:
//! poppler's pdfinfo, pdftoppm and pdftotext for PDF, an XML parser for SVG,
//! and headless Chromium for HTML.

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::util::{
    PEAK_FORMAT, chromium_print, have, peak_kb, program, sample_puzzles, sudokuflow, temp_dir,
};

use sudokuflow::Grid;

const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/data/sample.txt");
const REFERENCE_IMAGE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/print_page_1.pgm");

fn print(args: &[&str]) -> Output {
    sudokuflow().args(args).env("LC_ALL", "C.UTF-8").output()
}

fn print_ok(args: &[&str]) {
    let output = print(args);
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}

fn run(tool: &str, args: &[&str]) -> String {
    let output = program(tool).args(args).output();
    assert!(
        output.status.success(),
        "{tool} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The givens of `puzzle` in reading order, as digits.
fn givens(puzzle: &Grid) -> String {
    puzzle
        .cells()
        .iter()
        .filter(|&&d| d != 0)
        .map(|&d| char::from(b'0' + d))
        .collect()
}

fn page_count(pdf: &Path) -> usize {
    run("pdfinfo", &[pdf.to_str().unwrap()])
        .lines()
        .find_map(|line| line.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

fn temp_path(dir: &tempfile::TempDir, name: &str) -> PathBuf {
    dir.path().join(name)
}

#[test]
fn pdf_pages_render_and_hold_the_givens_in_order() {
    if !have("pdftotext") || !have("pdftoppm") || !have("pdfinfo") {
        return;
    }
    let dir = temp_dir();
    let pdf = temp_path(&dir, "one.pdf");
    print_ok(&[
        "print",
        SAMPLE,
        "--per-page",
        "1",
        "--no-rating",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    let puzzles = sample_puzzles();
    assert_eq!(page_count(&pdf), puzzles.len());

    // Every page renders.
    let prefix = temp_path(&dir, "page");
    run(
        "pdftoppm",
        &[
            "-r",
            "10",
            "-gray",
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    let rendered = std::fs::read_dir(dir.path())
        .unwrap()
        .filter(|entry| {
            entry
                .as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|e| e == "pgm")
        })
        .count();
    assert_eq!(rendered, puzzles.len());

    // Each page's board digits, read by position, are the givens.
    let pages = board_digits(&pdf);
    assert_eq!(pages.len(), puzzles.len());
    for (page, puzzle) in pages.iter().zip(&puzzles) {
        assert_eq!(*page, givens(puzzle));
    }
}

/// The digits of each page of a PDF of one board a page (its largest
/// text), in reading order by their positions.
fn board_digits(pdf: &Path) -> Vec<String> {
    let bbox = run("pdftotext", &["-bbox", pdf.to_str().unwrap(), "-"]);
    let mut pages = Vec::new();
    for page in bbox.split("<page ").skip(1) {
        let mut digits: Vec<(i64, f64, char)> = Vec::new();
        for word in page.split("<word ").skip(1) {
            let number = |name: &str| -> f64 {
                let start = word.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                word[start..].split('"').next().unwrap().parse().unwrap()
            };
            let text = word.split('>').nth(1).unwrap().split('<').next().unwrap();
            if number("yMax") - number("yMin") > 20.0 {
                // Digits set close together may come as one word.
                let step = (number("xMax") - number("xMin")) / text.chars().count() as f64;
                for (index, digit) in text.chars().enumerate() {
                    assert!(digit.is_ascii_digit(), "{text}");
                    let x = number("xMin") + index as f64 * step;
                    digits.push((number("yMin").round() as i64, x, digit));
                }
            }
        }
        digits.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
        pages.push(digits.iter().map(|d| d.2).collect());
    }
    pages
}

/// A page of `width` x `height` grey pixels.
fn read_pgm(path: &Path) -> (usize, usize, Vec<u8>) {
    let bytes = std::fs::read(path).unwrap();
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8(bytes[start..at].to_vec()).unwrap());
    }
    assert_eq!(fields[0], "P5");
    let (width, height) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = bytes[at + 1..].to_vec();
    assert_eq!(pixels.len(), width * height);
    (width, height, pixels)
}

#[test]
fn first_page_looks_like_the_reference() {
    if !have("pdftoppm") {
        return;
    }
    let dir = temp_dir();
    let pdf = temp_path(&dir, "sheet.pdf");
    print_ok(&[
        "print",
        SAMPLE,
        "--per-page",
        "6",
        "--budget",
        "unlimited",
        "--paper",
        "a4",
        "--title",
        "Sample",
        "-o",
        pdf.to_str().unwrap(),
    ]);
    let prefix = temp_path(&dir, "page");
    run(
        "pdftoppm",
        &[
            "-r",
            "24",
            "-gray",
            "-f",
            "1",
            "-l",
            "1",
            "-singlefile",
            pdf.to_str().unwrap(),
            prefix.to_str().unwrap(),
        ],
    );
    let rendered = prefix.with_extension("pgm");
    if std::env::var_os("UPDATE_PRINT_REFERENCE").is_some() {
        std::fs::copy(&rendered, REFERENCE_IMAGE).unwrap();
    }
    let (width, height, pixels) = read_pgm(&rendered);
    let (ref_width, ref_height, reference) = read_pgm(Path::new(REFERENCE_IMAGE));
    assert_eq!((width, height), (ref_width, ref_height));
    // Tolerant of anti-aliasing: small average difference, few pixels far off.
    let differences: Vec<u32> = pixels
        .iter()
        .zip(&reference)
        .map(|(&a, &b)| u32::from(a.abs_diff(b)))
        .collect();
    let mean = differences.iter().sum::<u32>() as f64 / differences.len() as f64;
    let far = differences.iter().filter(|&&d| d > 96).count();
    assert!(mean < 4.0, "mean difference {mean}");
    assert!(far * 100 < differences.len(), "{far} pixels differ");
    // And the page is not blank: it has ink.
    assert!(pixels.iter().filter(|&&p| p < 128).count() > pixels.len() / 50);
}

/// A board read back: its id, its givens and its answers as (row, column,
/// digit).
type ReadBoard = (String, Vec<(usize, usize, u8)>, Vec<(usize, usize, u8)>);

/// The boards of the SVG pages of one document (an SVG file, or the pages
/// of an HTML file), read from the digits' text and positions (a list of x
/// on the row's text, or a tspan each).
fn svg_boards(pages: &[roxmltree::Document]) -> Vec<ReadBoard> {
    let defined = |id: &str| {
        pages
            .iter()
            .flat_map(|page| page.descendants())
            .any(|node| node.attribute("id") == Some(id))
    };
    let mut boards = Vec::new();
    for board in pages
        .iter()
        .flat_map(|page| page.descendants())
        .filter(|node| node.attribute("class") == Some("board"))
    {
        // The grid is drawn by a reference to a shape the document defines.
        let grid = board
            .children()
            .find(|node| node.has_tag_name("use"))
            .and_then(|node| node.attribute("href"))
            .expect("a board uses a grid");
        assert!(defined(&grid[1..]), "{grid} is not defined");
        let mut cells = [Vec::new(), Vec::new()];
        for text in board.children().filter(|node| node.has_tag_name("text")) {
            let kind = match text.attribute("class") {
                Some("given") => 0,
                Some("answer") => 1,
                other => panic!("a text of class {other:?} on a board"),
            };
            // Positions are moved by `translate(dx dy)`, into the cell.
            let (dx, dy) = text
                .attribute("transform")
                .and_then(|t| t.strip_prefix("translate(")?.strip_suffix(')'))
                .map_or((0.0, 0.0), |pair| {
                    let (x, y) = pair.split_once(' ').unwrap();
                    (x.parse::<f32>().unwrap(), y.parse::<f32>().unwrap())
                });
            let numbers =
                |list: &str| -> Vec<f32> { list.split(' ').map(|n| n.parse().unwrap()).collect() };
            let mut place = |x: f32, y: f32, digit: char| {
                let (row, col) = ((y + dy).floor() as usize, (x + dx).floor() as usize);
                cells[kind].push((row, col, digit.to_digit(10).unwrap() as u8));
            };
            match (text.attribute("x"), text.attribute("y")) {
                (Some(xs), Some(ys)) => {
                    let digits: Vec<char> = text.text().unwrap().chars().collect();
                    let (xs, ys) = (numbers(xs), numbers(ys));
                    assert!(xs.len() == digits.len() && ys.len() == digits.len());
                    for ((x, y), digit) in xs.into_iter().zip(ys).zip(digits) {
                        place(x, y, digit);
                    }
                }
                _ => {
                    for span in text.children().filter(|node| node.has_tag_name("tspan")) {
                        let digit = span.text().unwrap();
                        assert_eq!(digit.len(), 1);
                        let at = |name| span.attribute(name).unwrap().parse::<f32>().unwrap();
                        place(at("x"), at("y"), digit.chars().next().unwrap());
                    }
                }
            }
        }
        for list in &mut cells {
            list.sort();
        }
        let [given, answer] = cells;
        boards.push((board.attribute("id").unwrap().to_string(), given, answer));
    }
    boards
}

/// `puzzle`'s givens as (row, column, digit).
fn cells_of(puzzle: &Grid) -> Vec<(usize, usize, u8)> {
    (0..81)
        .filter(|&index| puzzle.get(index) != 0)
        .map(|index| (index / 9, index % 9, puzzle.get(index)))
        .collect()
}

#[test]
fn svg_pages_are_xml_with_every_digit_in_its_cell() {
    let dir = temp_dir();
    let target = temp_path(&dir, "sheet.svg");
    print_ok(&[
        "print",
        SAMPLE,
        "--per-page",
        "4",
        "--solutions",
        "-o",
        target.to_str().unwrap(),
    ]);
    let puzzles = sample_puzzles();
    // 24 puzzles: 6 pages of 4, then 2 answer pages of 12.
    assert!(!target.exists());
    let mut boards = Vec::new();
    for number in 1..=8 {
        let path = temp_path(&dir, &format!("sheet-{number:02}.svg"));
        let text = std::fs::read_to_string(&path).unwrap();
        boards.extend(svg_boards(&[roxmltree::Document::parse(&text).unwrap()]));
    }
    assert!(!temp_path(&dir, "sheet-09.svg").exists());
    assert_eq!(boards.len(), 48);
    for (index, (id, given, answers)) in boards.iter().enumerate() {
        let puzzle = &puzzles[index % 24];
        let kind = if index < 24 { "puzzle" } else { "answer" };
        assert_eq!(*id, format!("{kind}-{}", index % 24 + 1));
        assert_eq!(*given, cells_of(puzzle));
        if index < 24 {
            assert!(answers.is_empty());
        } else {
            // The answers fill the other cells with the solution.
            let solution = sudokuflow::solve(puzzle).unwrap().grid;
            let mut all: Vec<_> = given.iter().chain(answers).copied().collect();
            all.sort();
            assert_eq!(all, cells_of(&solution));
        }
    }
}

/// Every SVG page is on disk before the first is renamed into place, and
/// the folder is synced after the last rename (seen with strace), so that
/// a crash leaves the old pages or all of the new ones.
#[test]
fn svg_pages_are_all_synced_before_the_first_rename() {
    if !have("strace") {
        return;
    }
    let dir = temp_dir();
    let folder = std::fs::canonicalize(dir.path()).unwrap();
    let log = folder.join("strace.log");
    let output = program("strace")
        .args([
            "-f",
            "-y",
            "-e",
            "trace=fsync,fdatasync,rename,renameat,renameat2",
            "-o",
        ])
        .arg(&log)
        .arg(env!("CARGO_BIN_EXE_sudokuflow"))
        .args(["print", SAMPLE, "--per-page", "6", "--no-rating", "-o"])
        .arg(folder.join("sheet.svg"))
        .output();
    assert!(output.status.success());
    let log = std::fs::read_to_string(&log).unwrap();
    let calls: Vec<&str> = log
        .lines()
        .filter(|line| !line.contains("+++") && !line.contains("resumed>"))
        .collect();
    let renames: Vec<usize> = (0..calls.len())
        .filter(|&i| calls[i].contains("rename") && calls[i].contains(".sudokuflow-"))
        .collect();
    // 24 puzzles, 6 a page.
    assert_eq!(renames.len(), 4, "{log}");
    let synced_temps = calls[..renames[0]]
        .iter()
        .filter(|call| call.contains("sync(") && call.contains(".sudokuflow-"))
        .count();
    assert_eq!(synced_temps, 4, "{log}");
    let folder_synced = format!("<{}>)", folder.display());
    assert!(
        calls[renames[3]..]
            .iter()
            .any(|call| call.contains("sync(") && call.contains(&folder_synced)),
        "{log}"
    );
}

#[test]
fn svg_runs_replace_their_pages_and_remove_stale_ones_only() {
    let dir = temp_dir();
    let target = temp_path(&dir, "big.svg");
    let target = target.to_str().unwrap();
    print_ok(&[
        "print",
        SAMPLE,
        "--per-page",
        "1",
        "--no-rating",
        "-o",
        target,
    ]);
    let listing = || {
        let mut names: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|entry| entry.unwrap().file_name().into_string().unwrap())
            .collect();
        names.sort();
        names
    };
    let pages: Vec<String> = (1..=24).map(|n| format!("big-{n:02}.svg")).collect();
    assert_eq!(listing(), pages);
    // Other files, some with names close to a page's, are left alone.
    let others = [
        "big-1.svg.bak",
        "big-notes.txt",
        "bigger-01.svg",
        "big-x.svg",
    ];
    for other in others {
        std::fs::write(temp_path(&dir, other), "keep").unwrap();
    }

    // Named relative to the current directory this time.
    let output = sudokuflow()
        .args([
            "print",
            SAMPLE,
            "--per-page",
            "6",
            "--no-rating",
            "--solutions-only",
        ])
        .args(["-o", "big.svg"])
        .current_dir(dir.path())
        .output();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut expected: Vec<String> = others.iter().map(|s| s.to_string()).collect();
    expected.extend(["big-01.svg".to_string(), "big-02.svg".to_string()]);
    expected.sort();
    assert_eq!(listing(), expected);
    for other in others {
        assert_eq!(
            std::fs::read_to_string(temp_path(&dir, other)).unwrap(),
            "keep"
        );
    }

    // One page: the name itself, and the numbered pages are stale.
    let one = temp_path(&dir, "one.txt");
    std::fs::write(
        &one,
        std::fs::read_to_string(SAMPLE)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#'))
            .take(1)
            .collect::<String>(),
    )
    .unwrap();
    print_ok(&["print", one.to_str().unwrap(), "--no-rating", "-o", target]);
    let mut expected: Vec<String> = others.iter().map(|s| s.to_string()).collect();
    expected.extend(["big.svg".to_string(), "one.txt".to_string()]);
    expected.sort();
    assert_eq!(listing(), expected);
}

#[test]
fn svg_runs_never_remove_a_file_they_did_not_write() {
    let dir = temp_dir();
    let in_dir = |args: &[&str]| {
        let output = sudokuflow()
            .args(["print", SAMPLE, "--per-page", "6", "--no-rating"])
            .args(args)
            .current_dir(dir.path())
            .output();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    };
    // A page of another sheet, renamed by its owner: a sudokuflow page, but
    // not under the name a run for big.svg gives page 2 of 4.
    in_dir(&["-o", "other.svg"]);
    std::fs::rename(
        temp_path(&dir, "other-02.svg"),
        temp_path(&dir, "big-002.svg"),
    )
    .unwrap();
    for number in [1, 3, 4] {
        std::fs::remove_file(temp_path(&dir, &format!("other-{number:02}.svg"))).unwrap();
    }
    let renamed = std::fs::read(temp_path(&dir, "big-002.svg")).unwrap();
    // The user's files, named as pages of runs of every length (and as the
    // target itself, which a run of one page writes): not written by these
    // runs, so kept, whatever their names.
    let users = [
        "big.svg",
        "big-7.svg",
        "big-05.svg",
        "big-99.svg",
        "big-007.svg",
        "big-1000.svg",
        "notes",
        "notes-07",
        "notes-100",
    ];
    for name in users {
        std::fs::write(temp_path(&dir, name), format!("IMPORTANT: {name}")).unwrap();
    }
    in_dir(&["-o", "big.svg"]);
    in_dir(&["-o", "notes", "-f", "svg"]);
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    let mut expected: Vec<String> = users.iter().map(|name| name.to_string()).collect();
    expected.push("big-002.svg".to_string());
    for number in 1..=4 {
        expected.push(format!("big-{number:02}.svg"));
        expected.push(format!("notes-{number:02}"));
    }
    expected.sort();
    assert_eq!(names, expected);
    for name in users {
        assert_eq!(
            std::fs::read_to_string(temp_path(&dir, name)).unwrap(),
            format!("IMPORTANT: {name}")
        );
    }
    assert_eq!(
        std::fs::read(temp_path(&dir, "big-002.svg")).unwrap(),
        renamed
    );
}

#[test]
fn an_svg_run_that_fails_leaves_the_earlier_pages_as_they_were() {
    if !have("bash") {
        return;
    }
    let dir = temp_dir();
    let target = temp_path(&dir, "big.svg");
    print_ok(&[
        "print",
        SAMPLE,
        "--per-page",
        "6",
        "--no-rating",
        "-o",
        target.to_str().unwrap(),
    ]);
    let before: Vec<(String, Vec<u8>)> = (1..=4)
        .map(|n| {
            let name = format!("big-{n:02}.svg");
            let bytes = std::fs::read(temp_path(&dir, &name)).unwrap();
            (name, bytes)
        })
        .collect();
    // Files may grow to 1 KB here (with EFBIG past it, as on a full disk):
    // 25 puzzles waiting for their pages take more, 10 take less but a page
    // of one puzzle takes more.
    let ten = temp_path(&dir, "ten.txt");
    let lines: Vec<String> = sample_puzzles()[..10]
        .iter()
        .map(|puzzle| format!("{puzzle}\n"))
        .collect();
    std::fs::write(&ten, lines.concat()).unwrap();
    for (input, error) in [
        (SAMPLE, "cannot write the temporary file of puzzles"),
        (ten.to_str().unwrap(), "error writing to"),
    ] {
        let output = program("bash")
            .arg("-c")
            .arg("trap '' XFSZ; ulimit -f 1; exec \"$@\"")
            .arg("bash")
            .arg(env!("CARGO_BIN_EXE_sudokuflow"))
            .args([
                "print",
                input,
                "--per-page",
                "1",
                "--no-rating",
                "-o",
                target.to_str().unwrap(),
            ])
            .output();
        assert_eq!(output.status.code(), Some(2));
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(error), "{stderr}");
        if input != SAMPLE {
            assert!(stderr.contains("big-01.svg"), "{stderr}");
        }
    }
    std::fs::remove_file(&ten).unwrap();
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|entry| entry.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(
        names,
        ["big-01.svg", "big-02.svg", "big-03.svg", "big-04.svg"]
    );
    for (name, bytes) in before {
        assert_eq!(
            std::fs::read(temp_path(&dir, &name)).unwrap(),
            bytes,
            "{name}"
        );
    }
}

#[test]
fn html_opens_in_chromium_and_prints_one_sheet_per_page() {
    let dir = temp_dir();
    let html = temp_path(&dir, "sheet.html");
    print_ok(&[
        "print",
        SAMPLE,
        "--per-page",
        "6",
        "--solutions",
        "--title",
        "<Week & 12> Łatwe Судоку",
        "-o",
        html.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&html).unwrap();
    assert!(text.contains("<title>&lt;Week &amp; 12&gt; Łatwe Судоку</title>"));
    assert!(text.contains("font-family=\"'Noto Sans',"));
    assert_eq!(text.matches("<section class=\"page\"").count(), 4 + 2);
    // Every board drawn once, digits in their cells, each grid a shape
    // defined once and reused.
    let pages: Vec<roxmltree::Document> = text
        .match_indices("<svg ")
        .map(|(start, _)| {
            let end = start + text[start..].find("</svg>").unwrap() + "</svg>".len();
            roxmltree::Document::parse(&text[start..end]).unwrap()
        })
        .collect();
    let boards = svg_boards(&pages);
    let puzzles = sample_puzzles();
    assert_eq!(boards.len(), 48);
    for (index, (id, given, _)) in boards.iter().enumerate() {
        let kind = if index < 24 { "puzzle" } else { "answer" };
        assert_eq!(*id, format!("{kind}-{}", index % 24 + 1));
        assert_eq!(*given, cells_of(&puzzles[index % 24]));
    }
    assert_eq!(
        text.matches("<defs>").count(),
        2,
        "one grid for puzzles, one for answers"
    );

    if !have("chromium") || !have("pdfinfo") || !have("pdftotext") {
        return;
    }
    let url = format!("file://{}", html.display());
    let shot = temp_path(&dir, "shot.png");
    let printed = temp_path(&dir, "printed.pdf");
    let output = program("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
            "--window-size=900,1300",
            &format!("--screenshot={}", shot.display()),
            &url,
        ])
        .output();
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{log}");
    assert!(!log.contains("CONSOLE"), "console messages: {log}");
    assert!(std::fs::metadata(&shot).unwrap().len() > 10_000);
    chromium_print(&url, &printed);
    // The print CSS gives each sheet a page of its own, and text is text.
    assert_eq!(page_count(&printed), 6);
    let first = run("pdftotext", &["-l", "1", printed.to_str().unwrap(), "-"]);
    assert!(first.contains("Łatwe Судоку"), "{first}");

    // Digits where they belong, one board a page.
    print_ok(&[
        "print",
        SAMPLE,
        "--per-page",
        "1",
        "-o",
        html.to_str().unwrap(),
    ]);
    chromium_print(&url, &printed);
    let pages = board_digits(&printed);
    assert_eq!(pages.len(), puzzles.len());
    for (page, puzzle) in pages.iter().zip(&puzzles) {
        assert_eq!(*page, givens(puzzle));
    }
}

#[test]
fn an_html_sheet_without_a_title_is_titled_in_its_language() {
    let dir = temp_dir();
    let html = temp_path(&dir, "sheet.html");
    let strings = temp_path(&dir, "strings.txt");
    std::fs::write(&strings, "document-title = Pos <Sudoku>\n").unwrap();
    let title = |extra: &[&str]| {
        let mut args = vec!["print", SAMPLE, "-o", html.to_str().unwrap()];
        args.extend_from_slice(extra);
        print_ok(&args);
        let text = std::fs::read_to_string(&html).unwrap();
        let start = text.find("<title>").unwrap() + "<title>".len();
        let end = text.find("</title>").unwrap();
        text[start..end].to_string()
    };
    assert_eq!(title(&[]), "Sudoku");
    assert_eq!(title(&["--lang", "de"]), "Sudoku");
    assert_eq!(title(&["--lang", "zh"]), "数独");
    assert_eq!(
        title(&["--strings", strings.to_str().unwrap()]),
        "Pos &lt;Sudoku&gt;"
    );
    assert_eq!(title(&["--lang", "zh", "--title", "周"]), "周");
}

#[test]
fn html_takes_at_most_4_kb_a_puzzle() {
    let dir = temp_dir();
    let html = temp_path(&dir, "sheet.html");
    let count = sample_puzzles().len() as u64;
    for options in [
        &["--no-rating"][..],
        &[],
        &["--solutions"],
        &["--per-page", "1", "--solutions"],
    ] {
        let mut args = vec!["print", SAMPLE, "-o", html.to_str().unwrap()];
        args.extend(options);
        print_ok(&args);
        let size = std::fs::metadata(&html).unwrap().len();
        assert!(
            size <= 4096 * count,
            "{options:?}: {} bytes a puzzle",
            size / count
        );
    }
}

#[test]
fn bad_lines_are_reported_left_out_and_keep_their_numbers() {
    let dir = temp_dir();
    let input = temp_path(&dir, "mixed.txt");
    let good: Vec<String> = std::fs::read_to_string(SAMPLE)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(3)
        .map(str::to_string)
        .collect();
    let several = ".".repeat(81);
    // Puzzle lines 1, 3 and 5 are good; a comment and a blank line are not
    // puzzles and take no number.
    std::fs::write(
        &input,
        format!(
            "# week 12\n{}\n12345\n{}\n\n{several}\n{}\n",
            good[0], good[1], good[2]
        ),
    )
    .unwrap();
    // `solve` answers each puzzle line with a line (the one that has many
    // solutions gets its first).
    let solved = sudokuflow()
        .args(["solve", input.to_str().unwrap()])
        .output();
    let markers: Vec<bool> = String::from_utf8(solved.stdout)
        .unwrap()
        .lines()
        .map(|line| line.starts_with('!'))
        .collect();
    assert_eq!(markers, [false, true, false, false, false]);

    let html = temp_path(&dir, "out.html");
    let output = print(&[
        "print",
        input.to_str().unwrap(),
        "--solutions",
        "-o",
        html.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("mixed.txt:3: expected 81 cells, found 5"),
        "{stderr}"
    );
    assert!(
        stderr.contains("mixed.txt:6: the puzzle has more than one solution"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&html).unwrap();
    let ids: Vec<&str> = text
        .split("class=\"board\" id=\"")
        .skip(1)
        .map(|rest| rest.split('"').next().unwrap())
        .collect();
    // The numbers of `solve`'s answer lines, on puzzle and answer pages.
    assert_eq!(
        ids,
        [
            "puzzle-1", "puzzle-3", "puzzle-5", "answer-1", "answer-3", "answer-5"
        ]
    );
    for label in [
        "font-weight=\"bold\">1<",
        "font-weight=\"bold\">3<",
        "font-weight=\"bold\">5<",
    ] {
        assert_eq!(text.matches(label).count(), 2, "{label}");
    }
    assert!(!text.contains("font-weight=\"bold\">2<"));
}

#[test]
fn the_format_comes_from_the_option_or_the_extension() {
    let dir = temp_dir();
    let unknown = temp_path(&dir, "sheet.txt");
    let output = print(&["print", SAMPLE, "-o", unknown.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("--format pdf, svg or html"));
    assert!(!unknown.exists());

    let output = print(&["print", SAMPLE, "--format", "svg"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("one file per page"));

    let output = print(&["print", SAMPLE, "--format", "pdf", "--no-rating"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.starts_with(b"%PDF-"));

    let forced = temp_path(&dir, "sheet.out");
    print_ok(&[
        "print",
        SAMPLE,
        "-f",
        "html",
        "-o",
        forced.to_str().unwrap(),
    ]);
    assert!(
        std::fs::read_to_string(&forced)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
}

#[test]
fn one_page_of_svg_is_written_under_its_own_name() {
    let dir = temp_dir();
    let target = temp_path(&dir, "one.svg");
    let input = temp_path(&dir, "one.txt");
    let first = sample_puzzles()[0];
    let mut line = Vec::new();
    first.write_line(&mut line);
    std::fs::write(&input, &line).unwrap();
    print_ok(&[
        "print",
        input.to_str().unwrap(),
        "--per-page",
        "1",
        "-o",
        target.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&target).unwrap();
    assert!(text.starts_with("<?xml"));
    assert!(text.contains("width=\"210.0mm\""));
}

#[test]
fn paper_follows_the_locale_unless_given() {
    let dir = temp_dir();
    let html = temp_path(&dir, "sheet.html");
    let output = sudokuflow()
        .args(["print", SAMPLE, "--no-rating", "-o", html.to_str().unwrap()])
        .env_remove("LC_ALL")
        .env_remove("LC_PAPER")
        .env("LANG", "en_US.UTF-8")
        .output();
    assert!(output.status.success());
    assert!(
        std::fs::read_to_string(&html)
            .unwrap()
            .contains("size: letter")
    );
    print_ok(&[
        "print",
        SAMPLE,
        "--no-rating",
        "--paper",
        "a5",
        "-o",
        html.to_str().unwrap(),
    ]);
    assert!(std::fs::read_to_string(&html).unwrap().contains("size: A5"));
}

/// The rows of `pdffonts`: each font's name and whether it is embedded.
fn pdf_fonts(pdf: &Path) -> Vec<(String, bool)> {
    run("pdffonts", &[pdf.to_str().unwrap()])
        .lines()
        .skip(2)
        .map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            // name, type (one or two words), encoding, emb, sub, uni, object, ID
            (fields[0].to_string(), fields[fields.len() - 5] == "yes")
        })
        .collect()
}

/// True when fontconfig knows a font matching `pattern` (Debian's
/// `package` has one); otherwise a visible skip (a failure in CI, which
/// installs it).
fn have_font(pattern: &str, package: &str) -> bool {
    let found = program("fc-list")
        .arg(pattern)
        .try_output()
        .is_ok_and(|output| !output.stdout.is_empty());
    if !found {
        crate::util::skip(&format!("no font matches {pattern} (Debian: {package})"));
    }
    found
}

#[test]
fn pdf_fonts_are_embedded_and_titles_print_as_written() {
    if !have("pdffonts") || !have("pdftotext") {
        return;
    }
    let dir = temp_dir();
    let pdf = temp_path(&dir, "sheet.pdf");
    // How many fonts beyond the bundled two: one for the Chinese, one more
    // for the check mark (a symbol neither has).
    let titles = [
        ("Łatwe zadania \u{2013} źdźbło", 0),
        ("Лёгкие судоку №5", 0),
        ("Εύκολα σουντόκου", 0),
        ("数独 第5周 \u{2013} Łatwe", 1),
        ("Łatwe zadania \u{2013} 数独 №5 \u{2713}", 2),
    ];
    for (title, others) in titles {
        if (title.contains('数') && !have_font(":lang=zh", "fonts-wqy-microhei"))
            || (title.contains('\u{2713}') && !have_font(":charset=2713", "fonts-dejavu-core"))
        {
            continue;
        }
        print_ok(&[
            "print",
            SAMPLE,
            "--solutions",
            "--title",
            title,
            "--rules=Wpisz cyfry od 1 do 9.",
            "--level-names",
            "easy=łatwe,hell=піекло",
            "-o",
            pdf.to_str().unwrap(),
        ]);
        let fonts = pdf_fonts(&pdf);
        assert!(fonts.iter().all(|(_, embedded)| *embedded), "{fonts:?}");
        assert!(
            fonts
                .iter()
                .any(|(name, _)| name.ends_with("+NotoSans-Regular"))
        );
        assert!(
            fonts
                .iter()
                .any(|(name, _)| name.ends_with("+NotoSans-Bold"))
        );
        assert_eq!(fonts.len(), 2 + others, "{fonts:?}");
        let text = run("pdftotext", &["-l", "1", pdf.to_str().unwrap(), "-"]);
        assert!(text.contains(title), "{title}: {text}");
        assert!(text.contains("Wpisz cyfry od 1 do 9."), "{text}");
        assert!(text.contains("łatwe · 1.5"), "{text}");
        assert!(!text.contains('?'), "{text}");
        let answers = run(
            "pdftotext",
            &["-f", "7", "-l", "7", pdf.to_str().unwrap(), "-"],
        );
        assert!(
            answers.contains(&format!("{title} — solutions")),
            "{answers}"
        );
    }
}

#[test]
fn long_titles_and_rules_wrap_and_what_still_does_not_fit_is_warned_of() {
    if !have("pdftotext") {
        return;
    }
    let dir = temp_dir();
    let pdf = temp_path(&dir, "long.pdf");
    let title = "Sudoku for the family: forty-two puzzles from easy to hard, week 12 of 5 (medium)";
    let rules = "Wpisz cyfry od 1 do 9 tak, aby w każdym wierszu, w każdej kolumnie i w \
                 każdym kwadracie 3×3 były wszystkie cyfry, każda dokładnie jeden raz.";
    assert_eq!((title.chars().count(), rules.chars().count()), (81, 140));
    let args = |title: &str| {
        print(&[
            "print",
            SAMPLE,
            "--paper",
            "a5",
            "--solutions",
            "--title",
            title,
            &format!("--rules={rules}"),
            "-o",
            pdf.to_str().unwrap(),
        ])
    };
    let output = args(title);
    assert_eq!(output.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
    // Every word is on the page, none cut short.
    let text = run("pdftotext", &["-l", "1", pdf.to_str().unwrap(), "-"]);
    let words: Vec<&str> = text.split_whitespace().collect();
    for word in title.split_whitespace().chain(rules.split_whitespace()) {
        assert!(words.contains(&word), "{word}: {text}");
    }
    assert!(!text.contains('\u{2026}'), "{text}");
    let answers = run(
        "pdftotext",
        &["-f", "7", "-l", "7", pdf.to_str().unwrap(), "-"],
    );
    assert!(
        answers.split_whitespace().any(|word| word == "solutions"),
        "{answers}"
    );

    // Too long for three lines even small: cut short, and said so.
    let output = args(&title.repeat(6));
    assert_eq!(output.status.code(), Some(0));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(
        stderr,
        "sudokuflow: warning: --title does not fit on A5 paper even in 3 lines at 8 pt: \
         it is cut short after 'the family: forty-two'\n"
    );
    let text = run("pdftotext", &["-l", "1", pdf.to_str().unwrap(), "-"]);
    assert!(text.contains('\u{2026}'), "{text}");
}

#[test]
fn every_fixed_word_of_a_sheet_is_in_the_language_asked_for() {
    if !have("pdftotext") || !have("pdffonts") {
        return;
    }
    let dir = temp_dir();
    let pdf = temp_path(&dir, "lang.pdf");
    // What page 1 (of 8, 4 puzzles) and page 7 (answers) say in each language.
    let languages = [
        (
            "pl",
            "Rozwiązania na stronie 7",
            "Tydzień 12 — rozwiązania",
            "łatwe · 1,5",
            "Wpisz cyfry od 1 do 9",
        ),
        (
            "de",
            "Lösungen auf Seite 7",
            "Tydzień 12 — Lösungen",
            "leicht · 1,5",
            "Tragen Sie die Ziffern",
        ),
        (
            "fr",
            "Solutions en page 7",
            "Tydzień 12 — solutions",
            "facile · 1,5",
            "Remplissez la grille",
        ),
        (
            "es",
            "Soluciones en la página 7",
            "Tydzień 12 — soluciones",
            "fácil · 1,5",
            "Completa la cuadrícula",
        ),
        (
            "zh",
            "答案见第 7 页",
            "Tydzień 12（答案）",
            "简单 · 1.5",
            "在空格中填入数字",
        ),
    ];
    for (lang, answers_on, heading, level, rules) in languages {
        if lang == "zh" && !have_font(":lang=zh", "fonts-wqy-microhei") {
            continue;
        }
        print_ok(&[
            "print",
            SAMPLE,
            "--lang",
            lang,
            "--solutions",
            "--rules",
            "--title",
            "Tydzień 12",
            "-o",
            pdf.to_str().unwrap(),
        ]);
        let first = run("pdftotext", &["-l", "1", pdf.to_str().unwrap(), "-"]);
        for text in [answers_on, level, rules, "1/8"] {
            assert!(first.contains(text), "{lang}: {text}: {first}");
        }
        let answers = run(
            "pdftotext",
            &["-f", "7", "-l", "7", pdf.to_str().unwrap(), "-"],
        );
        assert!(answers.contains(heading), "{lang}: {answers}");
        for english in ["Answers", "solutions", "Fill in", "easy"] {
            assert!(
                !first.contains(english) && (lang == "fr" || !answers.contains(english)),
                "{lang}: {english}"
            );
        }
        // The Chinese words are in an embedded font, not boxes.
        let fonts = pdf_fonts(&pdf);
        assert!(fonts.iter().all(|(_, embedded)| *embedded), "{fonts:?}");
        assert_eq!(fonts.len(), if lang == "zh" { 3 } else { 2 }, "{fonts:?}");
    }
}

#[test]
fn a_strings_file_gives_any_fixed_word_and_its_errors_name_the_line_and_key() {
    if !have("pdftotext") {
        return;
    }
    let dir = temp_dir();
    let pdf = temp_path(&dir, "strings.pdf");
    let strings = temp_path(&dir, "strings.txt");
    std::fs::write(
        &strings,
        "# Welsh\nanswers-on-page = Atebion ar dudalen {page}\n\
         solutions = Atebion\npage-number = Tudalen {page} o {pages}\neasy = hawdd\n",
    )
    .unwrap();
    print_ok(&[
        "print",
        SAMPLE,
        "--solutions",
        "--strings",
        strings.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
    ]);
    let first = run("pdftotext", &["-l", "1", pdf.to_str().unwrap(), "-"]);
    for text in [
        "Atebion ar dudalen 7",
        "Tudalen 1 o 8",
        "hawdd · 1.5",
        "hell · 7.2",
    ] {
        assert!(first.contains(text), "{text}: {first}");
    }
    let answers = run(
        "pdftotext",
        &["-f", "7", "-l", "7", pdf.to_str().unwrap(), "-"],
    );
    assert!(answers.contains("Atebion"), "{answers}");

    std::fs::write(&strings, "easy = hawdd\nanswers-on-pages = {from}-{to}\n").unwrap();
    let output = print(&[
        "print",
        SAMPLE,
        "--strings",
        strings.to_str().unwrap(),
        "-o",
        pdf.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(
            "strings.txt: line 2: answers-on-pages holds a '{' that is not a placeholder it \
             takes (it takes {first} and {last})"
        ),
        "{stderr}"
    );
}

#[test]
fn a_title_no_installed_font_covers_is_an_error_naming_its_script() {
    let dir = temp_dir();
    // A fontconfig that knows no fonts.
    let fonts = temp_path(&dir, "fonts");
    std::fs::create_dir(&fonts).unwrap();
    let config = temp_path(&dir, "fonts.conf");
    std::fs::write(
        &config,
        format!(
            "<?xml version=\"1.0\"?>\n<fontconfig><dir>{}</dir></fontconfig>\n",
            fonts.display()
        ),
    )
    .unwrap();
    let pdf = temp_path(&dir, "sheet.pdf");
    let output = sudokuflow()
        .args([
            "print",
            SAMPLE,
            "--title",
            "Łatwe 数独 ✓",
            "-o",
            pdf.to_str().unwrap(),
        ])
        .env("FONTCONFIG_FILE", &config)
        .output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("the Han script (数 U+6570, 独 U+72EC)"),
        "{stderr}"
    );
    assert!(stderr.contains("the characters ✓ U+2713"), "{stderr}");
    assert!(stderr.contains("in --title"), "{stderr}");
    assert!(!pdf.exists());

    // Polish alone needs only the bundled font; SVG and HTML leave fonts to
    // the viewer.
    for name in ["ok.pdf", "ok.html"] {
        let out = temp_path(&dir, name);
        let title = if name.ends_with("pdf") {
            "Łatwe Судоку Σουντόκου"
        } else {
            "数独 ✓"
        };
        let output = sudokuflow()
            .args([
                "print",
                SAMPLE,
                "--no-rating",
                "--title",
                title,
                "-o",
                out.to_str().unwrap(),
            ])
            .env("FONTCONFIG_FILE", &config)
            .output();
        assert_eq!(
            output.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&output.stderr)
        );
    }
}

/// `count` puzzle lines: the sample's puzzles over and over.
fn many_puzzles(count: usize) -> String {
    let lines: Vec<String> = sample_puzzles()
        .iter()
        .map(|puzzle| format!("{puzzle}\n"))
        .collect();
    lines
        .iter()
        .cycle()
        .take(count)
        .map(String::as_str)
        .collect()
}

/// Peak memory in KiB of `print - ARGS -o OUT` reading `input` from a pipe,
/// which must succeed, as GNU time measures it (its child is forked from
/// it, not from this test, whose memory a child counts until its exec; a
/// file would be memory-mapped, its pages counted as the pipeline's).
fn print_peak_memory(input: &str, args: &[&str], out: &Path) -> u64 {
    let output = program("/usr/bin/time")
        .args(["-f", PEAK_FORMAT, env!("CARGO_BIN_EXE_sudokuflow")])
        .args(["print", "-", "--quiet", "--no-rating"])
        .args(args)
        .arg("-o")
        .arg(out)
        .env("LC_ALL", "C.UTF-8")
        .write_stdin(input)
        .timeout(std::time::Duration::from_secs(600))
        .output();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "print {args:?}: {stderr}");
    peak_kb(&stderr)
}

#[test]
fn memory_stays_flat_however_many_puzzles_are_printed() {
    if !have("/usr/bin/time") {
        return;
    }
    let dir = temp_dir();
    let (few, many) = (many_puzzles(5_000), many_puzzles(50_000));
    // Collected in memory, 45,000 more puzzles took 13 MB more; on disk
    // until their page comes, only the PDF's object offsets grow (about 5
    // bytes a puzzle). The margin, 4 MB, is well under the 13 and over the
    // peaks' own noise while other tests run (1,088 KB seen once in CI).
    for (args, out) in [
        (&["--per-page", "6"][..], "sheet.pdf"),
        (&["--per-page", "6", "--solutions"], "sheet.pdf"),
        (&[], "sheet.html"),
    ] {
        let out = temp_path(&dir, out);
        let few_kb = print_peak_memory(&few, args, &out);
        let many_kb = print_peak_memory(&many, args, &out);
        assert!(
            many_kb <= few_kb + 4096,
            "{args:?} {}: {few_kb} KB for 5,000 puzzles, {many_kb} KB for 50,000",
            out.display()
        );
    }
}

#[test]
fn puzzles_wait_for_their_page_in_an_unnamed_temporary_file() {
    let dir = temp_dir();
    let temp = temp_path(&dir, "tmp");
    std::fs::create_dir(&temp).unwrap();
    let pdf = temp_path(&dir, "sheet.pdf");
    let output = sudokuflow()
        .args(["print", SAMPLE, "--solutions", "-o"])
        .arg(&pdf)
        .env("TMPDIR", &temp)
        .output();
    assert!(output.status.success());
    assert!(pdf.exists());
    // Nothing left behind, nor ever named there.
    assert_eq!(std::fs::read_dir(&temp).unwrap().count(), 0);

    let missing = temp_path(&dir, "missing");
    let output = sudokuflow()
        .args(["print", SAMPLE, "-o"])
        .arg(&pdf)
        .env("TMPDIR", &missing)
        .output();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains(&format!(
            "cannot create the temporary file of puzzles in {}",
            missing.display()
        )),
        "{stderr}"
    );
}
