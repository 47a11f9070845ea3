//! What the puzzle-set writers in `src/bin` share: their command line and
//! the choice of cells a puzzle keeps from its solution.

use sudokuflow::Grid;

/// A set writer's command line: its paths, in order, then `--count N` and
/// `--seed S` anywhere among them.
#[derive(Debug, PartialEq, Eq)]
pub struct SetOptions {
    pub paths: Vec<String>,
    pub count: usize,
    pub seed: u64,
}

impl SetOptions {
    /// Reads `args` (without the program's name); `count` and `seed` are
    /// the defaults when the options are not given.
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        count: usize,
        seed: u64,
    ) -> Result<SetOptions, String> {
        let mut options = SetOptions {
            paths: Vec::new(),
            count,
            seed,
        };
        let mut args = args.into_iter();
        while let Some(arg) = args.next() {
            let mut number = |name: &str| {
                args.next()
                    .and_then(|v| v.parse::<u64>().ok())
                    .ok_or(format!("{name} needs a number"))
            };
            match arg.as_str() {
                "--count" => options.count = number("--count")? as usize,
                "--seed" => options.seed = number("--seed")?,
                _ if arg.starts_with('-') => return Err(format!("unknown option {arg}")),
                _ => options.paths.push(arg),
            }
        }
        Ok(options)
    }
}

/// `revealed` cells of `solved` at random places, the rest empty: the
/// first `revealed` cells of a random permutation, `below(n)` giving a
/// random number under `n`. Each writer passes its own generator, so that
/// its sets keep their bytes.
pub fn revealed_cells(
    solved: &Grid,
    revealed: usize,
    mut below: impl FnMut(usize) -> usize,
) -> Grid {
    let mut order: [usize; 81] = std::array::from_fn(|i| i);
    for i in 0..revealed {
        order.swap(i, i + below(81 - i));
    }
    let mut puzzle = Grid::EMPTY;
    for &cell in &order[..revealed] {
        puzzle.set(cell, solved.get(cell));
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_come_in_any_order_and_bad_ones_are_named() {
        let options = SetOptions::parse(args("a --count 5 b --seed 9"), 100, 1).unwrap();
        assert_eq!(
            options,
            SetOptions {
                paths: args("a b"),
                count: 5,
                seed: 9
            }
        );
        let defaults = SetOptions::parse(args(""), 100, 1).unwrap();
        assert_eq!((defaults.count, defaults.seed), (100, 1));
        let err = SetOptions::parse(args("--count x"), 100, 1).unwrap_err();
        assert_eq!(err, "--count needs a number");
        let err = SetOptions::parse(args("--seed"), 100, 1).unwrap_err();
        assert_eq!(err, "--seed needs a number");
        let err = SetOptions::parse(args("--fast"), 100, 1).unwrap_err();
        assert_eq!(err, "unknown option --fast");
    }

    #[test]
    fn revealed_cells_keeps_that_many_digits_of_the_solution() {
        let solved = Grid::parse_line(
            b"534678912672195348198342567859761423426853791713924856961537284287419635345286179",
        )
        .unwrap();
        let mut state = 0usize;
        let puzzle = revealed_cells(&solved, 30, |n| {
            state = state.wrapping_mul(31).wrapping_add(7);
            state % n
        });
        let kept: Vec<usize> = (0..81).filter(|&c| puzzle.get(c) != 0).collect();
        assert_eq!(kept.len(), 30);
        assert!(kept.iter().all(|&c| puzzle.get(c) == solved.get(c)));
    }
}
