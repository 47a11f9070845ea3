//! `explain` through the binary: the HTML page (its structure, and how it
//! opens and prints in Chromium), the JSON fields another program draws
//! from, the JSON document of a bad line, and the simple order.

use std::path::Path;

use crate::util::{chromium_print, have, program, sudokuflow, temp_dir};
use sudokuflow::Grid;
use sudokuflow::logic::Candidates;

/// Runs `sudokuflow args` with `stdin`; its standard output.
fn stdout_of(args: &[&str], stdin: &str) -> String {
    let output = sudokuflow().args(args).write_stdin(stdin).output();
    String::from_utf8(output.stdout).unwrap()
}

/// A hard, an expert and a hell puzzle (a forcing chain, a loop).
const THREE: &str = "\
..8.12...4........1..3.72.....5.4....8.7...32..4....8..2..36..4...4....7.....8.51
....62......3...49...87.63..1.....6782..1...55..7...8.169.4.........6.1.......5..
1.7..8963.3.....5...9..5.4........95.9...6......48........9...6....1..7881..6.43.
";

#[test]
fn the_html_page_has_a_marked_board_for_every_step_and_prints() {
    let dir = temp_dir();
    let input = dir.path().join("three.txt");
    std::fs::write(&input, THREE).unwrap();
    let page = dir.path().join("three.html");
    // The format comes from the extension.
    let status = sudokuflow()
        .args([
            "explain",
            input.to_str().unwrap(),
            "-o",
            page.to_str().unwrap(),
        ])
        .output()
        .status;
    assert!(status.success());
    let html = std::fs::read_to_string(&page).unwrap();
    let json = stdout_of(
        &["explain", "--format", "json", input.to_str().unwrap()],
        "",
    );
    assert!(html.starts_with("<!DOCTYPE html>") && html.ends_with("</html>\n"));
    assert!(!html.contains("http:") && !html.contains("https:") && !html.contains("<script"));
    let body = &html[html.find("<main>").unwrap()..];
    assert_eq!(body.matches("<article class=\"puzzle\"").count(), 3);
    // As many step elements, eliminations and placements as the JSON has.
    let (mut steps, mut eliminations, mut branches) = (0, 0, 0);
    let mut links = 0;
    for line in json.lines() {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        for step in doc["steps"].as_array().unwrap() {
            steps += 1;
            eliminations += step["eliminations"].as_array().unwrap().len();
            let chains = step["chains"]
                .as_array()
                .cloned()
                .or_else(|| step["chain"].as_array().map(|c| vec![c.clone().into()]))
                .unwrap_or_default();
            branches += chains.len();
            for chain in chains {
                links += chain
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|n| n["from"].as_array().unwrap().len())
                    .sum::<usize>();
            }
        }
    }
    assert!(branches > 0 && links > 0);
    assert_eq!(body.matches("class=\"step\"").count(), steps);
    assert_eq!(body.matches(" elim").count(), eliminations);
    assert!(body.contains("class=\"place\"") || body.contains(" place\""));
    // Strong and weak links drawn apart.
    assert!(body.contains("<path class=\"s\"") && body.contains("<path class=\"w\""));
    // Every entry of the tables of contents links to its section.
    let targets: Vec<&str> = body
        .split("<a href=\"#")
        .skip(1)
        .map(|s| &s[..s.find('"').unwrap()])
        .collect();
    assert!(!targets.is_empty());
    for target in targets {
        assert!(body.contains(&format!("id=\"{target}\"")), "{target}");
    }
    if !have("chromium") || !have("pdfinfo") {
        return;
    }
    let url = format!("file://{}", page.display());
    let shot = dir.path().join("shot.png");
    let printed = dir.path().join("printed.pdf");
    let output = program("chromium")
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--enable-logging=stderr",
            "--v=0",
            "--window-size=1100,1400",
            &format!("--screenshot={}", shot.display()),
            &url,
        ])
        .output();
    let log = String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{log}");
    assert!(!log.contains("CONSOLE"), "console messages: {log}");
    assert!(std::fs::metadata(&shot).unwrap().len() > 20_000);
    chromium_print(&url, &printed);
    // Each puzzle starts a page; the steps fit a few to a page.
    let pages = pages(&printed);
    assert!((6..=40).contains(&pages), "{pages} pages");
    let text = program("pdftotext")
        .args([printed.to_str().unwrap(), "-"])
        .output();
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(text.contains("Forcing Chain"), "{text}");
    assert!(text.contains("the only place left for"), "{text}");
}

fn pages(pdf: &Path) -> usize {
    let info = program("pdfinfo").arg(pdf).output();
    String::from_utf8_lossy(&info.stdout)
        .lines()
        .find_map(|line| line.strip_prefix("Pages:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap()
}

#[test]
fn json_steps_name_their_cells_houses_and_chains() {
    let json = stdout_of(&["explain", "--format", "json", "-"], THREE);
    let (mut chains, mut houses) = (0, 0);
    for line in json.lines() {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        let puzzle = Grid::parse_line(doc["puzzle"].as_str().unwrap().as_bytes()).unwrap();
        let mut candidates = Candidates::from_grid(&puzzle).unwrap();
        for step in doc["steps"].as_array().unwrap() {
            let cells = step["cells"].as_array().unwrap();
            assert!(!cells.is_empty(), "{step}");
            for cell in cells {
                let (r, c) = (cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap());
                assert!((1..=9).contains(&r) && (1..=9).contains(&c));
            }
            for house in step["houses"].as_array().unwrap() {
                let house = house.as_str().unwrap();
                let (kind, number) = house.split_once(' ').unwrap();
                assert!(["row", "column", "box"].contains(&kind), "{house}");
                assert!((1..=9).contains(&number.parse::<u8>().unwrap()), "{house}");
                houses += 1;
            }
            let branches: Vec<serde_json::Value> = match (&step["chain"], &step["chains"]) {
                (serde_json::Value::Array(_), serde_json::Value::Null) => {
                    vec![step["chain"].clone()]
                }
                (serde_json::Value::Null, serde_json::Value::Array(all)) => {
                    assert!(all.len() > 1, "{step}");
                    all.clone()
                }
                (serde_json::Value::Null, serde_json::Value::Null) => Vec::new(),
                _ => panic!("both chain and chains: {step}"),
            };
            for branch in &branches {
                chains += 1;
                let nodes = branch.as_array().unwrap();
                // The first node is the assumption (or a loop's start), on
                // a candidate of the grid; every other follows from nodes
                // before it, for a reason.
                let first = &nodes[0];
                let cell = ((first["cell"][0].as_u64().unwrap() - 1) * 9
                    + first["cell"][1].as_u64().unwrap()
                    - 1) as usize;
                assert!(candidates.has(cell, first["digit"].as_u64().unwrap() as u8));
                for (i, node) in nodes.iter().enumerate().skip(1) {
                    assert!(!node["reason"].as_str().unwrap().is_empty());
                    assert!(node["on"].is_boolean());
                    let from = node["from"].as_array().unwrap();
                    assert!(!from.is_empty(), "{node}");
                    assert!(from.iter().all(|f| (f.as_u64().unwrap() as usize) < i));
                }
            }
            for e in step["eliminations"].as_array().unwrap() {
                let cell = ((e[0].as_u64().unwrap() - 1) * 9 + e[1].as_u64().unwrap() - 1) as usize;
                candidates.eliminate(cell, e[2].as_u64().unwrap() as u8);
            }
            for p in step["placements"].as_array().unwrap() {
                let cell = ((p[0].as_u64().unwrap() - 1) * 9 + p[1].as_u64().unwrap() - 1) as usize;
                if candidates.value(cell) == 0 {
                    candidates.place(cell, p[2].as_u64().unwrap() as u8);
                }
            }
        }
        assert!(candidates.is_solved(), "{puzzle}");
    }
    assert!(
        chains >= 5 && houses > 50,
        "{chains} chains, {houses} houses"
    );
}

#[test]
fn a_bad_line_is_a_json_document_too() {
    let input = format!("{}\n11{}\n", THREE.lines().next().unwrap(), ".".repeat(79));
    let output = sudokuflow()
        .args(["explain", "--format", "json", "-"])
        .write_stdin(input)
        .output();
    assert_eq!(output.status.code(), Some(1));
    let lines: Vec<&str> = std::str::from_utf8(&output.stdout)
        .unwrap()
        .lines()
        .collect();
    assert_eq!(lines.len(), 2);
    let good: serde_json::Value = serde_json::from_str(lines[0]).unwrap();
    assert!(good["steps"].is_array());
    let bad: serde_json::Value = serde_json::from_str(lines[1]).unwrap();
    assert_eq!(bad["line"], 2);
    assert_eq!(bad["error"], "conflicting-givens");
    assert!(bad["message"].as_str().unwrap().contains("repeats"));
}

#[test]
fn simple_order_explains_singles_first_with_the_same_rating() {
    let medium =
        "..743...5..3........2.1.3.74...5.7.....78.......9...288...2....7.1...5.6...59....";
    let rating = |text: &str| {
        text.lines()
            .find(|l| l.starts_with("Rating"))
            .unwrap()
            .to_string()
    };
    let simple = stdout_of(&["explain", "--order", "simple", medium], "");
    let usual = stdout_of(&["explain", medium], "");
    assert_eq!(rating(&simple), rating(&usual));
    assert!(usual.contains("Direct Hidden"), "{usual}");
    assert_ne!(simple, usual);
}

/// A fish's text says "an 8", as English does, and "a" before the other digits.
#[test]
fn fish_steps_say_an_8() {
    let puzzles = stdout_of(
        &["generate", "--level", "expert", "-n", "30", "--seed", "11"],
        "",
    );
    let text = stdout_of(&["explain"], &puzzles);
    assert!(
        text.contains("each need an 8,"),
        "no fish on 8 in the sample"
    );
    for digit in "12345679".chars() {
        assert!(!text.contains(&format!("need an {digit}")), "an {digit}");
    }
    assert!(!text.contains("need a 8"));
}
