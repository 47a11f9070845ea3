//! Generator and shuffle tests: uniqueness (checked by our solver and, on a
//! sample, by an independent brute-force counter), minimality (by the
//! library's counter and, on a sample, by the brute-force one), symmetry,
//! clue targets, reproducibility, shuffles checked by an independent
//! equivalence test, and the refusal of unreachable targets.

use std::collections::HashSet;
use std::time::Instant;

use proptest::prelude::*;
use sudokuflow::generate::{
    GenerateConfig, GenerateError, Symmetry, generate, shuffle, shuffle_transform,
};
use sudokuflow::{Grid, count_solutions};

use crate::util::{brute_count, equivalent};

fn solutions(p: &Grid) -> u32 {
    count_solutions(p, 2).unwrap().solutions
}

fn config(symmetry: Symmetry, clues: Option<u8>) -> GenerateConfig {
    GenerateConfig::default()
        .with_symmetry(symmetry)
        .with_clues(clues)
}

/// Generates `n` minimal puzzles and checks everything about each one.
fn check_minimal(symmetry: Symmetry, seed: u64, n: u64) {
    let cfg = config(symmetry, None);
    let mut used = HashSet::new();
    let mut clues = 0;
    for index in 0..n {
        let g = generate(&cfg, seed, index).unwrap();
        let (p, s) = (g.puzzle, g.solution);
        assert!(s.is_solution_of(&p), "{p} {s}");
        assert_eq!(solutions(&p), 1, "not unique: {p}");
        if symmetry == Symmetry::Random {
            assert_ne!(g.symmetry, Symmetry::Random);
            used.insert(g.symmetry);
        } else {
            assert_eq!(g.symmetry, symmetry);
        }
        assert!(
            g.symmetry.holds_for(&p),
            "not {}-symmetric: {p}",
            g.symmetry
        );
        assert_eq!(g.attempts, 1);
        // Minimal: every clue group is needed (on a sample, by the
        // independent counter).
        let oracle = index % 50 == 0;
        for group in g.symmetry.groups() {
            if p.get(group[0]) == 0 {
                continue;
            }
            let mut q = p;
            for &cell in &group {
                q.set(cell, 0);
            }
            assert_eq!(solutions(&q), 2, "not minimal: {p} without {group:?}");
            if oracle {
                let count = brute_count(&mut q.cells().to_owned(), 2);
                assert_eq!(count, 2, "not minimal: {p} without {group:?}");
            }
        }
        if oracle {
            assert_eq!(brute_count(&mut p.cells().to_owned(), 2), 1, "{p}");
        }
        clues += p.clue_count();
    }
    if symmetry == Symmetry::Random {
        assert_eq!(used.len(), 6, "random used only {used:?}");
    }
    eprintln!(
        "{symmetry}: {n} minimal puzzles, {:.2} clues on average",
        clues as f64 / n as f64
    );
}

// 7 x 1,500 = 10,500 puzzles; separate tests run in parallel.
#[test]
fn minimal_none() {
    check_minimal(Symmetry::None, 1, 1500);
}
#[test]
fn minimal_rotate180() {
    check_minimal(Symmetry::Rotate180, 2, 1500);
}
#[test]
fn minimal_rotate90() {
    check_minimal(Symmetry::Rotate90, 3, 1500);
}
#[test]
fn minimal_mirror() {
    check_minimal(Symmetry::Mirror, 4, 1500);
}
#[test]
fn minimal_flip() {
    check_minimal(Symmetry::Flip, 5, 1500);
}
#[test]
fn minimal_diagonal() {
    check_minimal(Symmetry::Diagonal, 6, 1500);
}
#[test]
fn minimal_random() {
    check_minimal(Symmetry::Random, 7, 1500);
}

#[test]
fn clue_targets_are_met_exactly() {
    let cases = [
        (Symmetry::None, 30),
        (Symmetry::None, 23),
        (Symmetry::Rotate180, 28),
        (Symmetry::Rotate90, 29),
        (Symmetry::Rotate90, 32),
        (Symmetry::Mirror, 27),
        (Symmetry::Flip, 31),
        (Symmetry::Diagonal, 28),
        (Symmetry::Random, 30),
    ];
    for (symmetry, k) in cases {
        let cfg = config(symmetry, Some(k));
        for index in 0..100 {
            let g = generate(&cfg, 99, index).unwrap();
            assert_eq!(g.puzzle.clue_count(), usize::from(k), "{symmetry} {k}");
            assert_eq!(solutions(&g.puzzle), 1);
            assert!(g.solution.is_solution_of(&g.puzzle));
            assert!(g.symmetry.holds_for(&g.puzzle));
            if symmetry == Symmetry::Random {
                assert_ne!(g.symmetry, Symmetry::Rotate90, "30 clues is not 4k or 4k+1");
            }
        }
    }
}

#[test]
fn a_full_target_keeps_the_whole_grid() {
    let g = generate(&config(Symmetry::None, Some(81)), 0, 0).unwrap();
    assert_eq!(g.puzzle, g.solution);
}

#[test]
fn same_seed_and_index_give_the_same_puzzle_whatever_the_order() {
    for symmetry in Symmetry::ALL {
        let cfg = config(symmetry, None);
        let forward: Vec<Grid> = (0..40)
            .map(|i| generate(&cfg, 5, i).unwrap().puzzle)
            .collect();
        // Backwards, and from two threads taking alternate indices.
        for i in (0..40).rev() {
            assert_eq!(generate(&cfg, 5, i).unwrap().puzzle, forward[i as usize]);
        }
        std::thread::scope(|s| {
            for offset in 0..2 {
                let forward = &forward;
                s.spawn(move || {
                    for i in (offset..40).step_by(2) {
                        assert_eq!(generate(&cfg, 5, i).unwrap().puzzle, forward[i as usize]);
                    }
                });
            }
        });
        let distinct: HashSet<Grid> = forward.iter().copied().collect();
        assert_eq!(distinct.len(), forward.len(), "{symmetry}: repeated puzzle");
        assert_ne!(generate(&cfg, 6, 0).unwrap().puzzle, forward[0]);
    }
}

#[test]
fn impossible_targets_are_refused_at_once() {
    for (symmetry, k) in [
        (Symmetry::None, 16),
        (Symmetry::Random, 10),
        (Symmetry::Rotate90, 30),
        (Symmetry::None, 82),
    ] {
        let err = generate(&config(symmetry, Some(k)), 0, 0).unwrap_err();
        assert!(
            matches!(err, GenerateError::ClueTargetUnreachable { clues, .. } if clues == k),
            "{err:?}"
        );
        assert!(err.to_string().contains(&format!("{k} clues")), "{err}");
    }
}

#[test]
fn unreachable_targets_run_out_of_attempts_quickly() {
    let start = Instant::now();
    // 17 clues: never found by random digging; the default budget gives up.
    let err = generate(&config(Symmetry::None, Some(17)), 0, 0).unwrap_err();
    let elapsed = start.elapsed();
    let GenerateError::AttemptsExhausted {
        clues,
        attempts,
        fewest,
        ..
    } = err
    else {
        panic!("{err:?}");
    };
    assert_eq!(
        (clues, attempts),
        (17, GenerateConfig::DEFAULT_MAX_ATTEMPTS)
    );
    assert!((18..=30).contains(&fewest), "{fewest}");
    assert!(err.to_string().contains("gave up after"), "{err}");
    // How long it took is for the benchmarks; here only what it did.
    eprintln!("17 clues: gave up after {attempts} grids in {elapsed:?}");

    // A small budget for an unlikely symmetric target.
    let cfg = config(Symmetry::Rotate90, Some(17)).with_max_attempts(5);
    assert!(matches!(
        generate(&cfg, 1, 2),
        Err(GenerateError::AttemptsExhausted { attempts: 5, .. })
    ));
}

#[test]
fn symmetry_names_parse() {
    for (sym, name) in Symmetry::ALL.iter().zip(Symmetry::NAMES) {
        assert_eq!(name.parse::<Symmetry>().unwrap(), *sym);
        assert_eq!(sym.to_string(), name);
    }
    let err = "spiral".parse::<Symmetry>().unwrap_err().to_string();
    assert!(err.contains("rotate180"), "{err}");
}

#[test]
fn shuffle_variants_are_reproducible_and_differ() {
    let p = generate(&GenerateConfig::default(), 3, 0).unwrap().puzzle;
    let variants: HashSet<Grid> = (0..20).map(|v| shuffle(&p, 8, 0, v)).collect();
    assert_eq!(variants.len(), 20);
    assert_eq!(shuffle(&p, 8, 0, 3), shuffle(&p, 8, 0, 3));
    assert_ne!(shuffle(&p, 8, 0, 3), shuffle(&p, 8, 1, 3));
    assert_ne!(shuffle(&p, 8, 0, 3), shuffle(&p, 9, 0, 3));
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 200,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn shuffled_puzzles_keep_their_solution_count(
        seed in any::<u64>(), index in any::<u64>(), variant in 0u64..100,
        symmetry in proptest::sample::select(Symmetry::ALL.to_vec()),
    ) {
        let g = generate(&config(symmetry, None), seed, index % 1000).unwrap();
        let t = shuffle_transform(seed, index, variant);
        let p = shuffle(&g.puzzle, seed, index, variant);
        // The same layout the transform gives the solution, checked by
        // the independent oracles: an equivalent puzzle, one solution.
        prop_assert!(equivalent(g.puzzle.cells(), p.cells()), "{} from {}", p, g.puzzle);
        let solution = t.apply(&g.solution);
        prop_assert!(solution.is_solution_of(&p));
        prop_assert_eq!(brute_count(&mut p.cells().to_owned(), 2), 1);

        // A puzzle with several solutions keeps its count too.
        let mut loose = g.puzzle;
        for cell in 0..27 {
            loose.set(cell, 0);
        }
        let n = count_solutions(&loose, 50).unwrap().solutions;
        let shuffled = shuffle(&loose, seed, index, variant);
        prop_assert!(equivalent(loose.cells(), shuffled.cells()));
        prop_assert_eq!(brute_count(&mut shuffled.cells().to_owned(), 50), n);
    }
}

/// Pins what `generate` makes for a few seeds: any change to the puzzles a
/// seed gives (through the generator, the solver it uses, or the rater for
/// levels) shows here, and must be a deliberate decision.
#[test]
fn golden_output_for_fixed_seeds() {
    use sudokuflow::logic::Level;
    let cases: [(GenerateConfig, u64, [&str; 3]); 4] = [
        (
            config(Symmetry::None, None),
            1,
            [
                "9.248..7..4...9...8...6......49...6.6.72..4.9...3......3..5..2.2.....8....96.....",
                "5.19..2...8412....7......4....3..8.9.7...6..4..........37.6....2...8......6..4.78",
                "..1.......7....35...659..71.59.3..1......6....68..27......4....7....3.49.2.6.....",
            ],
        ),
        (
            config(Symmetry::Rotate180, None),
            2,
            [
                "9.3.....4.87..6...6..59.8....4.5.......1.4.......6.9....5.32..8...6..51.7.....3.6",
                "...1...46..34.....6..5..7...58...3..2.......9..1...48...6..5..1.....75..79...6...",
                "...15.2.8.....6.4...982..6..127.9..4.........6..3.198..2..178...4.2.....9.7.38...",
            ],
        ),
        (
            config(Symmetry::None, Some(30)),
            3,
            [
                "...9.3.2.3...4.....68.....9.4.3........684..1..15.264...5...4.227...9.3....82..97",
                "..5.6..8.6.78924.3.....5...4.....7.5..674.3..7826...........8.62.3..49.7...9.....",
                "....629..........78..73..5..368.472....6...41..4.17...2.....1.69.3.8..75.8..4....",
            ],
        ),
        (
            config(Symmetry::None, None).with_level(Some(Level::Hard)),
            4,
            [
                ".9..7...8..2.......1.29...3....5.13..6.......3.1...97..2.3...5.8.6.2.7....4......",
                "....5...1..9.324..2........6..8..1.7.8....9..7.31...2...54.6.7.9...1.6....2......",
                "3..8.7.....9.1.....613....8.7.....8.9.6..5..2.......6......39.....4...1..581....3",
            ],
        ),
    ];
    for (config, seed, expected) in cases {
        for (index, want) in expected.iter().enumerate() {
            let got = generate(&config, seed, index as u64).unwrap().puzzle;
            assert_eq!(
                got.to_string(),
                *want,
                "seed {seed}, puzzle {index}, {config:?}"
            );
        }
    }
}
