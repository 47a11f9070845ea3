//! `sudokuflow print` checked with the tools people use on its files:
//! poppler's pdfinfo, pdftoppm and pdftotext for PDF, an XML parser for SVG,
//! and headless Chromium for HTML.

mod common;

use std::path::{Path, PathBuf};
use std::process::Output;

use common::{program, sudokuflow, temp_dir};

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

/// True when `tool` runs here; otherwise a visible skip (a failure in CI).
fn have(tool: &str) -> bool {
    let found = program(tool)
        .arg("--version")
        .try_output()
        .is_ok_and(|output| output.status.success() || !output.stderr.is_empty());
    if !found {
        common::skip(&format!("{tool} is not installed"));
    }
    found
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

fn sample_puzzles() -> Vec<Grid> {
    std::fs::read_to_string(SAMPLE)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .map(|line| Grid::parse_line(line.as_bytes()).unwrap())
        .collect()
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

    // Each page's board digits (the largest text), read by position, are the givens.
    let bbox = run("pdftotext", &["-bbox", pdf.to_str().unwrap(), "-"]);
    let pages: Vec<&str> = bbox.split("<page ").skip(1).collect();
    assert_eq!(pages.len(), puzzles.len());
    for (page, puzzle) in pages.iter().zip(&puzzles) {
        let mut digits: Vec<(i64, f64, char)> = Vec::new();
        for word in page.split("<word ").skip(1) {
            let number = |name: &str| -> f64 {
                let start = word.find(&format!("{name}=\"")).unwrap() + name.len() + 2;
                word[start..].split('"').next().unwrap().parse().unwrap()
            };
            let text = word.split('>').nth(1).unwrap().split('<').next().unwrap();
            if number("yMax") - number("yMin") > 20.0 {
                assert_eq!(text.len(), 1, "{text}");
                digits.push((
                    number("yMin").round() as i64,
                    number("xMin"),
                    text.chars().next().unwrap(),
                ));
            }
        }
        digits.sort_by(|a, b| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1)));
        let read: String = digits.iter().map(|d| d.2).collect();
        assert_eq!(read, givens(puzzle));
    }
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

#[test]
fn svg_pages_are_xml_with_81_cells_a_board() {
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
        let path = temp_path(&dir, &format!("sheet-{number}.svg"));
        let text = std::fs::read_to_string(&path).unwrap();
        let document = roxmltree::Document::parse(&text).unwrap();
        for board in document
            .descendants()
            .filter(|node| node.attribute("class") == Some("board"))
        {
            let cells = board
                .descendants()
                .filter(|node| node.has_tag_name("rect") && node.attribute("class") == Some("cell"))
                .count();
            assert_eq!(cells, 81);
            let digits: String = board
                .descendants()
                .filter(|node| node.attribute("class") == Some("given"))
                .map(|node| node.text().unwrap().to_string())
                .collect();
            let answers = board
                .descendants()
                .filter(|node| node.attribute("class") == Some("answer"))
                .count();
            boards.push((board.attribute("id").unwrap().to_string(), digits, answers));
        }
    }
    assert!(!temp_path(&dir, "sheet-9.svg").exists());
    assert_eq!(boards.len(), 48);
    for (index, (id, digits, answers)) in boards.iter().enumerate() {
        let puzzle = &puzzles[index % 24];
        assert_eq!(*id, format!("board-{}", index % 24 + 1));
        assert_eq!(*digits, givens(puzzle));
        let expected_answers = if index < 24 {
            0
        } else {
            81 - puzzle.clue_count()
        };
        assert_eq!(*answers, expected_answers);
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
        "<Week & 12>",
        "-o",
        html.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&html).unwrap();
    assert!(text.contains("<title>&lt;Week &amp; 12&gt;</title>"));
    assert_eq!(text.matches("<section class=\"page\"").count(), 4 + 2);
    if !have("chromium") || !have("pdfinfo") {
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
    let output = program("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--no-pdf-header-footer",
            &format!("--print-to-pdf={}", printed.display()),
            &url,
        ])
        .output();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    // The print CSS gives each sheet a page of its own.
    assert_eq!(page_count(&printed), 6);
}

#[test]
fn bad_lines_are_reported_and_left_out() {
    let dir = temp_dir();
    let input = temp_path(&dir, "mixed.txt");
    let good = std::fs::read_to_string(SAMPLE)
        .unwrap()
        .lines()
        .filter(|line| !line.starts_with('#'))
        .take(2)
        .collect::<Vec<_>>()
        .join("\n");
    let several = format!("{}\n", ".".repeat(81));
    std::fs::write(&input, format!("{good}\n12345\n{several}")).unwrap();
    let html = temp_path(&dir, "out.html");
    let output = print(&[
        "print",
        input.to_str().unwrap(),
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
        stderr.contains("mixed.txt:4: the puzzle has more than one solution"),
        "{stderr}"
    );
    let text = std::fs::read_to_string(&html).unwrap();
    assert_eq!(text.matches("class=\"board\"").count(), 2);
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
