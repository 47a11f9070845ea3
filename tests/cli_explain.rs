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

/// Each step gives its technique's variant and digit as fields, so programs
/// need not parse `text`: `"variant": "type 1"` where the headline says
/// `(type 1)`, `"digit": 8` where it says `on 8` or the step is about one
/// digit; and a direct step's `cells` are its pattern's, without the cell
/// of the single it places.
#[test]
fn json_steps_give_variant_and_digit_and_direct_cells_leave_out_the_single() {
    let mut puzzles = stdout_of(
        &["generate", "--level", "expert", "-n", "30", "--seed", "11"],
        "",
    );
    puzzles.push_str(THREE);
    puzzles.push_str(
        "..743...5..3........2.1.3.74...5.7.....78.......9...288...2....7.1...5.6...59....\n",
    );
    let json = stdout_of(&["explain", "--format", "json", "-"], &puzzles);
    let mut seen = std::collections::BTreeMap::<String, usize>::new();
    for line in json.lines() {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        for step in doc["steps"].as_array().unwrap() {
            let technique = step["technique"].as_str().unwrap();
            let text = step["text"].as_str().unwrap();
            let title = text.split_once(": ").unwrap().0;
            let digits = |key: &str| -> Vec<u64> {
                step[key]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|t| t[2].as_u64().unwrap())
                    .collect()
            };
            // The variant: the type a unique rectangle, loop or BUG names.
            match step.get("variant") {
                Some(variant) => {
                    let variant = variant.as_str().unwrap();
                    assert!(
                        ["type 1", "type 2", "type 3", "type 4"].contains(&variant),
                        "{step}"
                    );
                    assert!(
                        technique.starts_with("Unique") || technique.starts_with("Bivalue"),
                        "{step}"
                    );
                    if technique.starts_with("Unique") {
                        assert_eq!(title, format!("{technique} ({variant})"), "{step}");
                    }
                    *seen.entry(format!("variant {variant}")).or_default() += 1;
                }
                None => assert!(!title.contains("(type"), "{step}"),
            }
            // The digit: where the title says "on 8", and for singles and
            // intersections, the digit they place or eliminate.
            // "X-Wing on 8", "Forcing X-Chain on 2 (X-Chain)".
            let said = title
                .rsplit_once(" on ")
                .map(|(_, d)| d[..1].parse::<u64>().unwrap());
            let digit = step.get("digit").map(|d| d.as_u64().unwrap());
            match technique {
                "Full House" | "Hidden Single" | "Naked Single" => {
                    assert_eq!(digit, Some(digits("placements")[0]), "{step}");
                }
                "Pointing" | "Claiming" | "Direct Pointing" | "Direct Claiming" => {
                    let d = digit.unwrap();
                    assert!(digits("eliminations").iter().all(|&e| e == d), "{step}");
                }
                // Techniques of several digits whose step places or
                // eliminates one: that digit.
                "XY-Wing"
                | "XYZ-Wing"
                | "Unique Rectangle"
                | "Unique Loop"
                | "Bivalue Universal Grave"
                    if digit.is_some() =>
                {
                    let d = digit.unwrap();
                    let all = [digits("eliminations"), digits("placements")].concat();
                    assert!(!all.is_empty() && all.iter().all(|&e| e == d), "{step}");
                    *seen.entry(format!("digit of {technique}")).or_default() += 1;
                }
                _ => assert_eq!(digit, said, "{step}"),
            }
            if said.is_some() {
                *seen.entry(format!("on a digit: {technique}")).or_default() += 1;
            }
            if technique.starts_with("Direct") {
                let placed: Vec<[u64; 2]> = step["placements"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| [p[0].as_u64().unwrap(), p[1].as_u64().unwrap()])
                    .collect();
                for cell in step["cells"].as_array().unwrap() {
                    let cell = [cell[0].as_u64().unwrap(), cell[1].as_u64().unwrap()];
                    assert!(!placed.contains(&cell), "the placed cell in cells: {step}");
                }
                *seen.entry(technique.to_string()).or_default() += 1;
            }
        }
    }
    for wanted in [
        "Direct Hidden Pair",
        "Direct Pointing",
        "variant type 1",
        "on a digit: X-Wing",
        "on a digit: Forcing X-Chain",
        "digit of XY-Wing",
        "digit of Unique Rectangle",
    ] {
        assert!(
            seen.contains_key(wanted),
            "no {wanted} in the sample: {seen:?}"
        );
    }
}

/// A loop says for each elimination why it holds: the two loop cells it
/// sees (both in its house, one of which holds the digit), or the two
/// digits of a loop cell; and chains carry the common name beside SE's.
#[test]
fn loops_say_why_each_elimination_holds() {
    let json = stdout_of(&["explain", "--format", "json", "-"], THREE);
    let cell_of = |name: &str| -> (u64, u64) {
        let b = name.as_bytes();
        assert!(b.len() == 4 && b[0] == b'r' && b[2] == b'c', "{name}");
        (u64::from(b[1] - b'0'), u64::from(b[3] - b'0'))
    };
    let sees = |a: (u64, u64), b: (u64, u64)| {
        a != b
            && (a.0 == b.0
                || a.1 == b.1
                || ((a.0 - 1) / 3, (a.1 - 1) / 3) == ((b.0 - 1) / 3, (b.1 - 1) / 3))
    };
    let mut loops = 0;
    for line in json.lines() {
        let doc: serde_json::Value = serde_json::from_str(line).unwrap();
        for step in doc["steps"].as_array().unwrap() {
            let technique = step["technique"].as_str().unwrap();
            let text = step["text"].as_str().unwrap();
            let headline: String = text.lines().next().unwrap().to_string();
            if technique.starts_with("Forcing") && !technique.contains("Forcing Chains") {
                let common = if technique == "Forcing X-Chain" {
                    "(X-Chain)"
                } else {
                    "(AIC)"
                };
                assert!(headline.contains(common), "{headline}");
            }
            if !technique.contains("Cycle") {
                continue;
            }
            loops += 1;
            assert!(headline.contains("a Continuous Nice Loop)"), "{headline}");
            let loop_cells: Vec<(u64, u64)> = step["cells"]
                .as_array()
                .unwrap()
                .iter()
                .map(|c| (c[0].as_u64().unwrap(), c[1].as_u64().unwrap()))
                .collect();
            let so = &headline[headline.find(". So ").unwrap() + 5..];
            let mut told = Vec::new();
            for clause in so.split("; ") {
                let (lost, why) = clause.split_once(" cannot be ").unwrap();
                let (digits, why) = why.split_once(" (").unwrap();
                let why = why.strip_suffix(')').unwrap();
                let cells: Vec<(u64, u64)> = lost
                    .replace(" and ", ", ")
                    .split(", ")
                    .map(cell_of)
                    .collect();
                let digits: Vec<u64> = digits.split(" or ").map(|d| d.parse().unwrap()).collect();
                if let Some(pair) = why.strip_prefix("it holds ") {
                    // A loop cell that holds one of two digits.
                    assert_eq!(cells.len(), 1, "{clause}");
                    assert!(loop_cells.contains(&cells[0]), "{clause}");
                    let (a, b) = pair.split_once(" or ").unwrap();
                    assert!(
                        !digits
                            .iter()
                            .any(|d| d.to_string() == a || d.to_string() == b)
                    );
                } else {
                    let why = why
                        .strip_prefix("it sees ")
                        .or_else(|| why.strip_prefix("each sees "))
                        .unwrap_or_else(|| panic!("no reason: {clause}"));
                    let (pair, digit) = why.split_once(", one of which is ").unwrap();
                    let (a, b) = pair.split_once(" and ").unwrap();
                    let (a, b) = (cell_of(a), cell_of(b));
                    assert!(
                        loop_cells.contains(&a) && loop_cells.contains(&b),
                        "{clause}"
                    );
                    assert_eq!(digits, vec![digit.parse::<u64>().unwrap()], "{clause}");
                    for &cell in &cells {
                        assert!(sees(cell, a) && sees(cell, b), "{clause}");
                    }
                }
                for cell in cells {
                    for &d in &digits {
                        told.push([cell.0, cell.1, d]);
                    }
                }
            }
            let mut eliminations: Vec<[u64; 3]> = step["eliminations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| [0, 1, 2].map(|i| e[i].as_u64().unwrap()))
                .collect();
            eliminations.sort_unstable();
            told.sort_unstable();
            assert_eq!(told, eliminations, "{headline}");
        }
    }
    assert!(loops > 0, "no loop in the sample");
}

/// The page's legend says what ER, EP, ED and "(+)" mean, and its marks
/// differ by shape, not colour alone: eliminations struck by a diagonal
/// scaled to the cell (no 2 px line-through), candidates taken as false
/// in a dashed ring, those taken as true on a disc, houses hatched and
/// pattern cells framed.
#[test]
fn the_html_legend_explains_ratings_and_the_marks_differ_by_shape() {
    let html = stdout_of(&["explain", "--format", "html", "-"], THREE);
    let head = &html[..html.find("<main>").unwrap()];
    for words in [
        "<b>ER</b> the hardest step",
        "<b>EP</b> the hardest step up to the first digit placed",
        "<b>ED</b> the first step",
        "<b>(+)</b> after dynamic forcing chains",
        "Continuous Nice",
        "an X-Chain",
        "an AIC",
    ] {
        assert!(head.contains(words), "{words}");
    }
    let rule = |selector: &str| -> &str {
        let at = head
            .find(&format!("\n{selector} {{"))
            .unwrap_or_else(|| panic!("no rule for {selector}"));
        &head[at..at + head[at..].find('}').unwrap()]
    };
    assert!(
        !rule("i.elim").contains("line-through"),
        "{}",
        rule("i.elim")
    );
    assert!(rule("i.elim::after").contains("var(--cell)"));
    assert!(rule("i.elim::after").contains("rotate(-45deg)"));
    assert!(rule("i.off").contains("dashed"), "{}", rule("i.off"));
    assert!(!rule("i.on").contains("dashed"));
    assert!(rule(".c.h").contains("--house-fill"));
    assert!(head.contains("repeating-linear-gradient"));
    assert!(rule(".c.k").contains("inset"), "{}", rule(".c.k"));
    assert!(html.contains("ER/EP/ED "));
}
