//! An explanation as a section of one self-contained HTML page: no
//! network, the CSS inline in the page's head, boards as HTML grids under
//! an SVG layer that draws the box lines and a chain's links.
//!
//! The page is streamed: [`page_head`], then one [`write_puzzle`] (or
//! [`write_error`]) per puzzle in any number, then [`PAGE_FOOT`]. Each
//! puzzle's section starts with its rating, the givens and a table of
//! contents of its steps. Each step (an element of class `step`) has its
//! text and a board of the candidates before it: the houses it looks at
//! and the cells of its pattern shaded, the digits it places marked
//! `place`, the candidates it eliminates marked `elim` and struck out,
//! a chain's links drawn as arrows (strong links solid, weak ones dashed,
//! links proved by a nested chain dotted). A run of singles shares one
//! board, the digits it places numbered on it.

use std::fmt::Write as _;

use super::is_single;
use crate::format::Problem;
use crate::grid::Grid;
use crate::logic::cells::digits;
use crate::logic::{Candidate, Candidates, ChainNode, Explanation, Step, chain_sections};

/// The page up to the first puzzle: the styles, the SVG pieces every board
/// uses (box lines, arrowheads), a title and a key to the boards.
pub fn page_head(title: &str) -> String {
    let mut head = String::with_capacity(8 * 1024);
    head.push_str(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"generator\" content=\"sudokuflow\">\n<title>",
    );
    escape_into(title, &mut head);
    head.push_str("</title>\n<style>\n");
    head.push_str(STYLE);
    head.push_str("</style>\n</head>\n<body>\n");
    head.push_str(SVG_DEFS);
    head.push_str("<header class=\"page\">\n<h1>");
    escape_into(title, &mut head);
    head.push_str("</h1>\n");
    head.push_str(KEY);
    head.push_str("</header>\n<main>\n");
    head
}

/// The end of the page, after the last puzzle.
pub const PAGE_FOOT: &str = "</main>\n</body>\n</html>\n";

/// The key to the boards and the ratings, under the page's title. Each
/// mark differs from the others by its shape as well as its colour, so a
/// black-and-white copy still tells them apart.
const KEY: &str = "<p class=\"key\">On each board: <span class=\"kg\">5</span> a given, \
<span class=\"kv\">5</span> a digit placed by an earlier step, small digits the candidates \
left; <span class=\"kh\">&#8203;</span> (hatched) the houses a step looks at, \
<span class=\"kk\">&#8203;</span> (framed) the cells of its pattern, \
<i class=\"f\">4</i> (ringed) the candidates that make it, \
<i class=\"place\">5</i> (a dark square) a digit it places, \
<i class=\"elim\">7</i> (struck out) a candidate it eliminates. In a chain, \
<i class=\"on\">3</i> (a dark disc) is a candidate taken as true and \
<i class=\"off\">3</i> (a dashed ring) one taken as false; a solid arrow is a strong link \
(if one end is false, the other is true), a dashed one a weak link (if one end is true, the \
other is false), a dotted one a link a nested chain proves.</p>\n\
<p class=\"key\">Ratings are on Sudoku Explainer&rsquo;s (SE) scale, 1.0 to 11 and up: \
<b>ER</b> the hardest step, <b>EP</b> the hardest step up to the first digit placed, \
<b>ED</b> the first step; each step&rsquo;s own rating follows its name. Techniques have \
SE&rsquo;s names, with the common ones beside: a Bidirectional X-Cycle is an X-Cycle, a \
Bidirectional Y-Cycle an XY-Cycle and a Bidirectional Cycle an AIC loop (all Continuous Nice \
Loops), a Forcing X-Chain an X-Chain, \
a Forcing Chain an AIC (Alternating Inference Chain). <b>(+)</b> after dynamic forcing chains: \
their links may also use pointing, claiming, naked and hidden pairs and X-Wings found on the \
grid as the chain has changed it.</p>\n";

/// Box lines and arrowheads, drawn once and used by every board.
const SVG_DEFS: &str = "<svg class=\"defs\" aria-hidden=\"true\"><defs>\
<marker id=\"ah\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"6\" \
markerHeight=\"6\" orient=\"auto\"><path d=\"M0,1L10,5L0,9z\" fill=\"#1f4e8c\"/></marker>\
<marker id=\"an\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" markerWidth=\"6\" \
markerHeight=\"6\" orient=\"auto\"><path d=\"M0,1L10,5L0,9z\" fill=\"#7b3fa0\"/></marker>\
<symbol id=\"lines\" viewBox=\"0 0 9 9\"><g fill=\"none\" stroke=\"#1d1d1f\">\
<path stroke=\"#a0a0a0\" stroke-width=\".02\" d=\"M1,0V9M2,0V9M4,0V9M5,0V9M7,0V9M8,0V9\
M0,1H9M0,2H9M0,4H9M0,5H9M0,7H9M0,8H9\"/><path stroke-width=\".055\" d=\"M3,0V9M6,0V9M0,3H9\
M0,6H9\"/><rect stroke-width=\".08\" x=\".04\" y=\".04\" width=\"8.92\" height=\"8.92\"/>\
</g></symbol>\
</defs></svg>\n";

const STYLE: &str = r#":root { --ink: #1d1d1f; --soft: #5f6368; --cell: 42px; --line: #1d1d1f;
  --house: #fcf1cc; --hatch: #ead58f; --pattern: #b9d5f2; --frame: #3d72b4;
  --place: #2e7d32; --elim: #c62828; --link: #1f4e8c; --nested: #7b3fa0; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--ink); background: #f4f1ea;
  font: 16px/1.5 Georgia, "DejaVu Serif", "Times New Roman", serif; }
.defs { position: absolute; width: 0; height: 0; overflow: hidden; }
header.page, main { max-width: 62rem; margin: 0 auto; padding: 0 1.5rem; }
header.page { padding-top: 2rem; }
h1, h2, h3, .toc, .rating, .key, .num, .er, figcaption, .line {
  font-family: "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; }
h1 { font-size: 2rem; margin: 0 0 .5rem; letter-spacing: .01em; }
.key { font-size: .85rem; color: var(--soft); max-width: 46rem; }
.key .kg, .key .kv, .key .kh, .key .kk { display: inline-block; min-width: 1.3em;
  text-align: center; border: 1px solid #bbb; font-weight: bold; }
.key .kv { color: var(--link); font-weight: normal; }
.key .kh { background: var(--house-fill); } .key .kk { background: var(--pattern);
  box-shadow: inset 0 0 0 2px var(--frame); }
.key i { font-style: normal; display: inline-block; width: 1.5em; height: 1.5em;
  line-height: 1.5em; text-align: center; vertical-align: middle; border-radius: 50%;
  --cell: 4em; }
article.puzzle { background: #fff; margin: 2rem 0; padding: 1.5rem 2rem 2rem;
  box-shadow: 0 1px 4px rgba(0,0,0,.18); border-radius: 3px; }
article.puzzle > header h2 { margin: 0; font-size: 1.5rem; }
article.puzzle > header h2 small { font-size: .9rem; color: var(--soft); font-weight: normal; }
.rating { margin: .2rem 0 0; color: var(--soft); }
.level { display: inline-block; padding: 0 .5em; border-radius: 3px; color: #fff;
  font-weight: bold; text-transform: capitalize; margin-right: .4em; }
.level.easy { background: #3c8d40; } .level.medium { background: #6d8f1f; }
.level.hard { background: #c77c0e; } .level.expert { background: #b5422b; }
.level.hell { background: #5b2a86; }
.line { font-size: .75rem; color: var(--soft); word-break: break-all; margin: .3rem 0 0; }
.overview { display: flex; flex-wrap: wrap; gap: 2rem; margin: 1.2rem 0 1rem;
  align-items: flex-start; }
.overview .board { --cell: 44px; }
.toc { flex: 1; min-width: 16rem; font-size: .85rem; }
.toc h3 { margin: 0 0 .3rem; font-size: 1rem; }
.toc ol { margin: 0; padding: 0; list-style: none; columns: 2; column-gap: 1.5rem; }
.toc li { break-inside: avoid; }
.toc a { color: var(--ink); text-decoration: none; }
.toc a:hover { text-decoration: underline; }
.toc .n { display: inline-block; min-width: 3.2em; padding-right: .4em; color: var(--soft); }
.toc .r { color: var(--soft); white-space: nowrap; }
section.step, section.run { display: flex; gap: 1.5rem; align-items: flex-start;
  border-top: 1px solid #e2ded5; padding: 1.1rem 0; break-inside: avoid; }
.words { flex: 1; min-width: 0; }
.words h3 { margin: 0 0 .3rem; font-size: 1.05rem; }
.num { display: inline-block; min-width: 1.8em; color: var(--soft); font-weight: normal; }
.er { font-size: .8rem; font-weight: normal; color: var(--soft); border: 1px solid #ccc;
  border-radius: 3px; padding: 0 .3em; margin-left: .4em; }
.words p { margin: 0 0 .4rem; }
.run ol.singles { margin: 0; padding: 0; list-style: none; font-size: .95rem; }
.run ol.singles li { margin: 0 0 .15rem; }
.run ol.singles .num { font-family: "Helvetica Neue", Arial, sans-serif; font-size: .85rem; }
.run ol.singles b { font-weight: normal; font-style: italic; }
ol.chain { margin: .3rem 0 0; padding: 0; list-style: none; font-size: .9rem; }
ol.chain li { margin: 0; padding: .05rem 0 .05rem 7.2em; text-indent: -7.2em; }
ol.chain code { display: inline-block; min-width: 6.8em; text-indent: 0;
  font: .85rem/1.4 "DejaVu Sans Mono", Menlo, Consolas, monospace; }
ol.chain code.on { color: var(--place); } ol.chain code.off { color: var(--elim); }
ol.chain ol.chain { margin: .2rem 0 .3rem 1.2em; text-indent: 0; font-size: .85rem;
  border-left: 2px solid #d9c8e6; padding-left: .6em; }
p.case { margin: .4rem 0 0; font-style: italic; }
.board { position: relative; flex: none; width: calc(9 * var(--cell));
  height: calc(9 * var(--cell)); background: #fff; }
.board > svg { position: absolute; inset: 0; width: 100%; height: 100%; overflow: visible;
  pointer-events: none; }
.cells { display: grid; grid-template-columns: repeat(9, var(--cell));
  grid-template-rows: repeat(9, var(--cell)); }
.c { display: grid; grid-template-columns: repeat(3, 1fr); grid-template-rows: repeat(3, 1fr);
  padding: calc(var(--cell) * .05);
  font-family: "Helvetica Neue", Arial, "DejaVu Sans", sans-serif; }
.c i { font-style: normal; font-size: calc(var(--cell) * .27); line-height: 1;
  display: flex; align-items: center; justify-content: center; color: #555;
  margin: 1px; border-radius: 50%; }
.c .n1 { grid-area: 1/1; } .c .n2 { grid-area: 1/2; } .c .n3 { grid-area: 1/3; }
.c .n4 { grid-area: 2/1; } .c .n5 { grid-area: 2/2; } .c .n6 { grid-area: 2/3; }
.c .n7 { grid-area: 3/1; } .c .n8 { grid-area: 3/2; } .c .n9 { grid-area: 3/3; }
.c b { grid-area: 1/1/4/4; display: flex; align-items: center; justify-content: center;
  font-size: calc(var(--cell) * .62); font-weight: normal; position: relative; }
.c.g b { font-weight: bold; }
.c.v b { color: var(--link); }
/* Houses hatched, pattern cells darker and framed: apart in black and white. */
:root { --house-fill: repeating-linear-gradient(135deg, var(--house) 0 .28em,
  var(--hatch) .28em .36em); }
.c.h { background: var(--house-fill); }
.c.k { background: var(--pattern); box-shadow: inset 0 0 0 calc(var(--cell) * .045) var(--frame); }
/* Candidates: each mark a shape of its own (ring, disc, dashed ring,
   square, strike), its width scaled to the cell. */
i.f { background: #fff; color: var(--ink); font-weight: bold;
  border: calc(var(--cell) * .03) solid var(--link); }
i.on { background: #1e6b24; color: #fff; font-weight: bold; }
i.off { background: #fff; color: #7d1515; font-weight: bold;
  border: calc(var(--cell) * .03) dashed var(--elim); }
i.a { box-shadow: 0 0 0 calc(var(--cell) * .04) #e08a00; }
i.x { box-shadow: 0 0 0 calc(var(--cell) * .04) var(--elim); }
i.place, b.place { color: #fff; background: var(--place); font-weight: bold; }
i.place { border-radius: 12%; }
.c b.place { background: none; color: var(--place); font-weight: bold; }
.c b.place sub { position: absolute; right: 2px; bottom: 1px; font-size: calc(var(--cell) * .22);
  color: var(--soft); font-weight: normal; line-height: 1; }
/* Struck out by a diagonal across the candidate's place, as thin as the
   digit's strokes, so the digit stays readable under it (a 2 px
   line-through printed as a blob). */
i.elim { color: #8e1b1b; background: #fbe4e4; border-radius: 12%; position: relative; }
i.elim::after { content: ""; position: absolute; left: 0; right: 0; top: 50%;
  border-top: calc(var(--cell) * .032) solid var(--elim);
  transform: translateY(-50%) rotate(-45deg) scaleX(1.3); }
.board path.s, .board path.w, .board path.n { fill: none; stroke-width: .045;
  stroke-linecap: round; }
.board path.s { stroke: var(--link); marker-end: url(#ah); }
.board path.w { stroke: var(--link); stroke-dasharray: .1 .07; marker-end: url(#ah); }
.board path.n { stroke: var(--nested); stroke-dasharray: .01 .08; marker-end: url(#an); }
figure { margin: 0; }
figcaption { font-size: .75rem; color: var(--soft); margin-top: .3rem; max-width: calc(9 * var(--cell)); }
section.solution { border-top: 1px solid #e2ded5; padding-top: 1.1rem; break-inside: avoid; }
figure, .board { break-inside: avoid; }
section.solution h3 { margin: 0 0 .5rem; font-size: 1.05rem; }
section.error { border-left: 4px solid var(--elim); padding: .5rem 1rem; }
@media screen { section.step > figure { position: sticky; top: .8rem; } }
@media (max-width: 40rem) { section.step, section.run { flex-direction: column; }
  section.step > figure { position: static; } }
@media print {
  @page { margin: 12mm 12mm; }
  :root { --cell: 7.4mm; }
  .overview .board { --cell: 8.5mm; }
  body { background: none; font-size: 9.5pt; line-height: 1.4; }
  section.step, section.run { padding: .7rem 0; gap: 1.2rem; }
  ol.chain { font-size: 8.5pt; }
  .toc { font-size: 8.5pt; }
  header.page, main { max-width: none; padding: 0; }
  article.puzzle { box-shadow: none; margin: 0; padding: 0; break-before: page; }
  header.page + main article.puzzle:first-child { break-before: auto; }
  .toc a { color: var(--ink); }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"#;

/// Appends `text` with `&`, `<`, `>` and `"` escaped.
fn escape_into(text: &str, out: &mut String) {
    let mut rest = text;
    while let Some(at) = rest.find(['&', '<', '>', '"']) {
        out.push_str(&rest[..at]);
        out.push_str(match rest.as_bytes()[at] {
            b'&' => "&amp;",
            b'<' => "&lt;",
            b'>' => "&gt;",
            _ => "&quot;",
        });
        rest = &rest[at + 1..];
    }
    out.push_str(rest);
}

/// The character of a digit, 0 to 9.
fn digit_char(d: u8) -> char {
    char::from(b'0' + d)
}

/// The steps grouped as the page shows them: each step that needs
/// candidates alone, each run of singles together.
enum Group {
    Step(usize),
    Singles(std::ops::Range<usize>),
}

fn groups(steps: &[Step]) -> Vec<Group> {
    let mut groups = Vec::new();
    let mut i = 0;
    while i < steps.len() {
        if is_single(steps[i].technique) {
            let start = i;
            while i < steps.len() && is_single(steps[i].technique) {
                i += 1;
            }
            groups.push(Group::Singles(start..i));
        } else {
            groups.push(Group::Step(i));
            i += 1;
        }
    }
    groups
}

/// Appends the section of one explained puzzle, at `line` of its input,
/// its anchor `id`.
pub fn write_puzzle(explanation: &Explanation, id: &str, line: u64, out: &mut Vec<u8>) {
    let mut html = String::with_capacity(32 * 1024);
    let rating = &explanation.rating;
    let puzzle = &explanation.puzzle;
    let _ = write!(
        html,
        "<article class=\"puzzle\" id=\"{id}\">\n<header>\n<h2>Puzzle <small>line {line}</small></h2>\n\
         <p class=\"rating\"><span class=\"level {level}\">{level}</span>ER/EP/ED {triple}, \
         hardest step: {hardest}{bound}</p>\n<p class=\"line\">",
        level = rating.level,
        triple = rating.triple(),
        hardest = rating.hardest.name(),
        bound = if rating.complete {
            ""
        } else {
            " (a lower bound: the engine stopped before the solution)"
        },
    );
    let mut bytes = Vec::with_capacity(81);
    puzzle.write_line(&mut bytes);
    html.push_str(std::str::from_utf8(&bytes).expect("a grid line is ASCII"));
    html.push_str("</p>\n</header>\n<div class=\"overview\">\n<figure>");
    let start = Candidates::from_grid(puzzle).expect("an explained puzzle is consistent");
    write_digits_board(puzzle, &start, &[], &mut html);
    html.push_str("<figcaption>The puzzle</figcaption></figure>\n");
    let groups = groups(&explanation.steps);
    write_contents(explanation, id, &groups, &mut html);
    html.push_str("</div>\n");
    let mut candidates = start;
    for group in &groups {
        match group {
            Group::Step(i) => {
                let step = &explanation.steps[*i];
                write_step(puzzle, &candidates, step, *i + 1, id, &mut html);
                step.apply(&mut candidates);
            }
            Group::Singles(range) => {
                let steps = &explanation.steps[range.clone()];
                write_singles(puzzle, &candidates, steps, range.start + 1, id, &mut html);
                for step in steps {
                    step.apply(&mut candidates);
                }
            }
        }
        // Written a group at a time: the buffer stays small.
        out.extend_from_slice(html.as_bytes());
        html.clear();
    }
    if candidates.is_solved() {
        html.push_str("<section class=\"solution\"><h3>Solution</h3><figure>");
        write_digits_board(puzzle, &candidates, &[], &mut html);
        html.push_str("</figure></section>\n");
    } else {
        html.push_str(
            "<section class=\"solution\"><h3>The engine found no further step</h3><figure>",
        );
        let _ = write_board(puzzle, &candidates, None, &mut html);
        html.push_str("</figure></section>\n");
    }
    html.push_str("</article>\n");
    out.extend_from_slice(html.as_bytes());
}

/// Appends the section of a bad line, its anchor `id`.
pub fn write_error(id: &str, line: u64, problem: Problem, out: &mut Vec<u8>) {
    let mut html = String::new();
    let _ = write!(
        html,
        "<article class=\"puzzle\" id=\"{id}\">\n<header><h2>Puzzle <small>line {line}</small>\
         </h2></header>\n<section class=\"error\"><p>Not explained: "
    );
    escape_into(&problem.to_string(), &mut html);
    let _ = write!(html, " ({}).</p></section>\n</article>\n", problem.marker());
    out.extend_from_slice(html.as_bytes());
}

/// The table of contents: a line per run of singles and per other step.
fn write_contents(explanation: &Explanation, id: &str, groups: &[Group], html: &mut String) {
    html.push_str("<nav class=\"toc\"><h3>Steps</h3><ol>\n");
    for group in groups {
        match group {
            Group::Step(i) => {
                let step = &explanation.steps[*i];
                let _ = writeln!(
                    html,
                    "<li><a href=\"#{id}-s{n}\"><span class=\"n\">{n}</span> {} \
                     <span class=\"r\">{}</span></a></li>",
                    step.technique.name(),
                    step.rating,
                    n = i + 1
                );
            }
            Group::Singles(range) => {
                let count = range.len();
                let numbers = if count == 1 {
                    format!("{}", range.start + 1)
                } else {
                    format!("{}&ndash;{}", range.start + 1, range.end)
                };
                let what = if count == 1 {
                    explanation.steps[range.start].technique.name().to_string()
                } else {
                    format!("{count} singles")
                };
                let _ = writeln!(
                    html,
                    // A space after the number: "27–29 3 singles", never "27–293
                    // singles", whatever the font's widths.
                    "<li><a href=\"#{id}-r{}\"><span class=\"n\">{numbers}</span> {what}</a></li>",
                    range.start + 1
                );
            }
        }
    }
    html.push_str("</ol></nav>\n");
}

/// A step's headline split into its title (`Pointing`, `X-Wing on 2`) and
/// the rest, which starts with a capital.
fn title_and_rest(step: &Step) -> (String, String) {
    let headline = step.text.lines().next().unwrap_or("");
    let (title, rest) = match headline.split_once(": ") {
        Some((title, rest)) if title.starts_with(step.technique.name()) => {
            (title.to_string(), rest.to_string())
        }
        _ => (step.technique.name().to_string(), headline.to_string()),
    };
    let bytes = rest.as_bytes();
    let cell_name = bytes.len() >= 4
        && bytes[0] == b'r'
        && bytes[1].is_ascii_digit()
        && bytes[2] == b'c'
        && bytes[3].is_ascii_digit();
    let rest = match rest.chars().next() {
        Some(first) if first.is_ascii_lowercase() && !cell_name => {
            first.to_ascii_uppercase().to_string() + &rest[1..]
        }
        _ => rest,
    };
    (title, rest)
}

/// Appends a step that needs candidates: its board, and its words.
fn write_step(
    puzzle: &Grid,
    candidates: &Candidates,
    step: &Step,
    number: usize,
    id: &str,
    html: &mut String,
) {
    let _ = write!(
        html,
        "<section class=\"step\" id=\"{id}-s{number}\">\n<figure>"
    );
    if !write_board(puzzle, candidates, Some(step), html) {
        html.push_str(
            "<figcaption>Too many links to draw: the list beside tells them.</figcaption>",
        );
    }
    html.push_str("</figure>\n<div class=\"words\">\n");
    let (title, rest) = title_and_rest(step);
    let _ = write!(html, "<h3><span class=\"num\">{number}</span>");
    escape_into(&title, html);
    let _ = write!(html, "<span class=\"er\">{}</span></h3>\n<p>", step.rating);
    escape_into(&rest, html);
    html.push_str("</p>\n");
    if !step.chains.is_empty() {
        write_chain_list(&step.chains, html);
    }
    html.push_str("</div>\n</section>\n");
}

/// Appends a chain's nodes as lists, one per section (see
/// [`chain_sections`]), nested chains inside the node they prove.
fn write_chain_list(chains: &[Vec<ChainNode>], html: &mut String) {
    let sections = chain_sections(chains);
    let headed = sections.len() > 1;
    for section in sections {
        if headed && let Some((start, _)) = section.first() {
            html.push_str("<p class=\"case\">If ");
            write_node_name(start, html);
            html.push_str(":</p>\n");
        }
        html.push_str("<ol class=\"chain\">\n");
        for (node, _) in section {
            let class = if node.on { "on" } else { "off" };
            let _ = write!(html, "<li><code class=\"{class}\">");
            write_node_name(node, html);
            html.push_str("</code> ");
            escape_into(&node.reason, html);
            if !node.inner.is_empty() {
                html.push('\n');
                write_chain_list(&node.inner, html);
            }
            html.push_str("</li>\n");
        }
        html.push_str("</ol>\n");
    }
}

/// `r3c2 = 5` or `r3c2 &lt;&gt; 5`.
fn write_node_name(node: &ChainNode, html: &mut String) {
    let op = if node.on { "=" } else { "&lt;&gt;" };
    let c = node.candidate;
    let _ = write!(html, "r{}c{} {op} {}", c.row(), c.col(), c.digit);
}

/// Appends a run of singles: one board with the digits they place
/// numbered, and a line for each.
fn write_singles(
    puzzle: &Grid,
    candidates: &Candidates,
    steps: &[Step],
    first: usize,
    id: &str,
    html: &mut String,
) {
    let _ = write!(
        html,
        "<section class=\"run\" id=\"{id}-r{first}\">\n<figure>"
    );
    let placed: Vec<(Candidate, usize)> = steps
        .iter()
        .enumerate()
        .flat_map(|(i, s)| s.placements.iter().map(move |&p| (p, first + i)))
        .collect();
    write_digits_board(puzzle, candidates, &placed, html);
    let caption = if steps.len() == 1 {
        format!("Step {first}")
    } else {
        format!("Steps {first}&ndash;{}", first + steps.len() - 1)
    };
    let _ = write!(
        html,
        "<figcaption>{caption}: each digit placed is numbered with its step.</figcaption>\
         </figure>\n<div class=\"words\">\n<ol class=\"singles\">\n"
    );
    for (i, step) in steps.iter().enumerate() {
        let (title, rest) = title_and_rest(step);
        let number = first + i;
        let _ = write!(
            html,
            "<li class=\"step\" id=\"{id}-s{number}\"><span class=\"num\">{number}</span><b>"
        );
        escape_into(&title, html);
        html.push_str("</b> ");
        escape_into(&rest, html);
        html.push_str("</li>\n");
    }
    html.push_str("</ol>\n</div>\n</section>\n");
}

/// Appends a board of digits only (no candidates): the givens in bold,
/// digits placed since in blue, and the `placed` digits each with the
/// number of its step.
fn write_digits_board(
    puzzle: &Grid,
    candidates: &Candidates,
    placed: &[(Candidate, usize)],
    html: &mut String,
) {
    html.push_str("<div class=\"board\"><div class=\"cells\">");
    for cell in 0..81 {
        let value = candidates.value(cell);
        if value != 0 {
            html.push_str(if puzzle.get(cell) != 0 {
                "<div class=\"c g\"><b>"
            } else {
                "<div class=\"c v\"><b>"
            });
            html.push(digit_char(value));
            html.push_str("</b></div>");
        } else if let Some((p, number)) = placed.iter().find(|(p, _)| usize::from(p.cell) == cell) {
            let _ = write!(
                html,
                "<div class=\"c\"><b class=\"place\">{}<sub>{number}</sub></b></div>",
                p.digit
            );
        } else {
            html.push_str("<div class=\"c\"></div>");
        }
    }
    html.push_str("</div><svg viewBox=\"0 0 9 9\"><use href=\"#lines\"/></svg></div>");
}

/// Appends a board of candidates, marked for `step` if there is one;
/// false when its chain has too many links to draw.
fn write_board(
    puzzle: &Grid,
    candidates: &Candidates,
    step: Option<&Step>,
    html: &mut String,
) -> bool {
    let mut house_cells = [false; 81];
    let mut pattern_cells = [false; 81];
    // Per candidate (cell * 10 + digit): its marks as classes.
    let mut marks: Vec<u16> = vec![0; 810];
    const FOCUS: u16 = 1;
    const ELIM: u16 = 2;
    const PLACE: u16 = 4;
    const ON: u16 = 8;
    const OFF: u16 = 16;
    const ASSUMED: u16 = 32;
    let index = |c: Candidate| usize::from(c.cell) * 10 + usize::from(c.digit);
    if let Some(step) = step {
        for house in &step.houses {
            for cell in house.cells() {
                house_cells[usize::from(cell)] = true;
            }
        }
        for &cell in &step.cells {
            pattern_cells[usize::from(cell)] = true;
        }
        for &c in &step.focus {
            marks[index(c)] |= FOCUS;
        }
        for chain in &step.chains {
            for (i, node) in chain.iter().enumerate() {
                marks[index(node.candidate)] |= if node.on { ON } else { OFF };
                if i == 0 {
                    marks[index(node.candidate)] |= ASSUMED;
                }
            }
        }
        for &c in &step.eliminations {
            marks[index(c)] |= ELIM;
        }
        for &c in &step.placements {
            marks[index(c)] |= PLACE;
        }
    }
    html.push_str("<div class=\"board\"><div class=\"cells\">");
    for cell in 0..81 {
        html.push_str("<div class=\"c");
        let value = candidates.value(cell);
        if value != 0 {
            html.push_str(if puzzle.get(cell) != 0 { " g" } else { " v" });
        }
        if pattern_cells[cell] {
            html.push_str(" k");
        } else if house_cells[cell] {
            html.push_str(" h");
        }
        html.push_str("\">");
        if value != 0 {
            html.push_str("<b>");
            html.push(digit_char(value));
            html.push_str("</b>");
        }
        for d in digits(candidates.mask(cell)) {
            let mark = marks[cell * 10 + usize::from(d)];
            html.push_str("<i class=\"n");
            html.push(digit_char(d));
            // One colour per candidate: what the step does to it first,
            // then its part in a chain, then whether it is in the focus.
            if mark & ELIM != 0 {
                html.push_str(" elim");
            } else if mark & PLACE != 0 {
                html.push_str(" place");
            } else if mark & ON != 0 {
                html.push_str(" on");
            } else if mark & OFF != 0 {
                html.push_str(" off");
            } else if mark & FOCUS != 0 {
                html.push_str(" f");
            }
            if mark & ASSUMED != 0 {
                html.push_str(" a");
            } else if mark & (ON | OFF) == ON | OFF {
                // Both true and false: where a contradiction shows.
                html.push_str(" x");
            }
            html.push_str("\">");
            html.push(digit_char(d));
            html.push_str("</i>");
        }
        html.push_str("</div>");
    }
    html.push_str("</div><svg viewBox=\"0 0 9 9\"><use href=\"#lines\"/>");
    let drawn = step.is_none_or(|step| write_links(&step.chains, html));
    html.push_str("</svg></div>");
    drawn
}

/// The most links drawn on one board: past this, a chain is a thicket of
/// arrows, and its list tells it better.
const MOST_LINKS: usize = 60;

/// Appends an arrow for each link of the chains (each once): from every
/// premise of a node to the node. False, and nothing drawn, past
/// [`MOST_LINKS`].
fn write_links(chains: &[Vec<ChainNode>], html: &mut String) -> bool {
    let mut drawn: Vec<(Candidate, bool, Candidate, bool)> = Vec::new();
    let mut arrows = String::new();
    for chain in chains {
        for node in chain {
            for &f in &node.from {
                let Some(premise) = chain.get(usize::from(f)) else {
                    continue;
                };
                let link = (premise.candidate, premise.on, node.candidate, node.on);
                if premise.candidate == node.candidate || drawn.contains(&link) {
                    continue;
                }
                drawn.push(link);
                let class = match (premise.on, node.on) {
                    _ if !node.inner.is_empty() => "n",
                    (false, true) => "s",
                    (true, false) => "w",
                    _ => "n",
                };
                write_arrow(premise.candidate, node.candidate, class, &mut arrows);
            }
        }
    }
    if drawn.len() > MOST_LINKS {
        return false;
    }
    html.push_str(&arrows);
    true
}

/// The centre of a candidate's place in its cell, in cells.
fn centre(c: Candidate) -> (f32, f32) {
    let (row, col) = (f32::from(c.row() - 1), f32::from(c.col() - 1));
    let d = f32::from(c.digit - 1);
    (
        col + ((d % 3.0).floor() + 0.5) / 3.0,
        row + ((d / 3.0).floor() + 0.5) / 3.0,
    )
}

/// Appends a curved arrow from candidate `a` to candidate `b`, stopping
/// short of both digits.
fn write_arrow(a: Candidate, b: Candidate, class: &str, html: &mut String) {
    let ((x1, y1), (x2, y2)) = (centre(a), centre(b));
    let (dx, dy) = (x2 - x1, y2 - y1);
    let length = (dx * dx + dy * dy).sqrt().max(1e-3);
    let (ux, uy) = (dx / length, dy / length);
    // Bent to one side, more for long links, so that arrows along a line
    // do not run through the digits between their ends.
    let bend = (length * 0.12).clamp(0.08, 0.6);
    let (mx, my) = ((x1 + x2) / 2.0 - uy * bend, (y1 + y2) / 2.0 + ux * bend);
    let gap = 0.15;
    let (sx, sy) = (x1 + ux * gap, y1 + uy * gap);
    let (ex, ey) = (x2 - ux * gap, y2 - uy * gap);
    let _ = write!(
        html,
        "<path class=\"{class}\" d=\"M{sx:.2},{sy:.2}Q{mx:.2},{my:.2} {ex:.2},{ey:.2}\"/>"
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic;

    #[test]
    fn a_page_has_a_step_element_with_its_marks_for_every_step() {
        let puzzle: Grid =
            "....1.9...5.3.6.4...457..3..3...2......8.7...5.9.....8..3..1..4.4.2..7...1.....9."
                .parse()
                .unwrap();
        let explanation = logic::explain(&puzzle, &logic::Options::default()).unwrap();
        let mut page = page_head("Test").into_bytes();
        write_puzzle(&explanation, "p1-1", 1, &mut page);
        page.extend_from_slice(PAGE_FOOT.as_bytes());
        let page = String::from_utf8(page).unwrap();
        let body = &page[page.find("<main>").unwrap()..];
        assert_eq!(
            body.matches("class=\"step\"").count(),
            explanation.steps.len()
        );
        let eliminations: usize = explanation.steps.iter().map(|s| s.eliminations.len()).sum();
        assert!(eliminations > 0);
        assert_eq!(body.matches(" elim").count(), eliminations);
        assert!(page.contains("<i class=\"n") && page.contains("b class=\"place\""));
        assert!(!page.contains("http"), "no network");
        // Every id once, every link to one of them.
        let ids: Vec<&str> = page
            .split(" id=\"")
            .skip(1)
            .map(|s| &s[..s.find('"').unwrap()])
            .collect();
        let unique: std::collections::HashSet<&str> = ids.iter().copied().collect();
        assert_eq!(unique.len(), ids.len(), "repeated ids");
        for link in page.split("href=\"#").skip(1) {
            assert!(unique.contains(&link[..link.find('"').unwrap()]), "{link}");
        }
        assert!(ids.iter().any(|id| id.contains("-r")), "a run of singles");
        // The contents' numbers stand apart from their words, in any font:
        // "23–61 39 singles", never "23–6139 singles".
        let entries: Vec<&str> = page.split("<span class=\"n\">").skip(1).collect();
        assert!(entries.len() > 2);
        for entry in entries {
            assert!(
                entry[entry.find("</span>").unwrap()..].starts_with("</span> "),
                "{entry}"
            );
        }
    }
}
