//! Property tests whose cases are counted by kind, so that a test can
//! assert that the cases it is about came up often enough: a property
//! that holds only because its interesting case never came up proves
//! nothing.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt::Debug;

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

/// Counts of cases by kind.
#[derive(Default)]
pub struct Shares {
    counts: RefCell<BTreeMap<String, u32>>,
    cases: RefCell<u32>,
}

impl Shares {
    /// Counts one case of `kind` (a case may have several kinds).
    pub fn saw(&self, kind: impl Into<String>) {
        *self.counts.borrow_mut().entry(kind.into()).or_default() += 1;
    }

    fn case(&self) {
        *self.cases.borrow_mut() += 1;
    }

    /// Fails unless at least `percent` % of the cases were of `kind`.
    pub fn assert_at_least(&self, kind: &str, percent: u32) {
        let cases = *self.cases.borrow();
        let seen = self.counts.borrow().get(kind).copied().unwrap_or(0);
        assert!(
            seen * 100 >= cases * percent,
            "{kind}: {seen} of {cases} cases, fewer than {percent}%: {:?}",
            self.counts.borrow()
        );
    }
}

/// Runs `test` on `cases` values of `strategy` (proptest, shrinking a
/// failure to a small case) and returns how many of each kind it saw.
pub fn check<S: Strategy>(
    cases: u32,
    strategy: S,
    test: impl Fn(S::Value, &Shares) -> Result<(), TestCaseError>,
) -> Shares
where
    S::Value: Debug,
{
    let shares = Shares::default();
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let result = runner.run(&strategy, |value| {
        shares.case();
        test(value, &shares)
    });
    if let Err(e) = result {
        panic!("{e}");
    }
    // Shrinking ran more cases: count only a passing run's.
    let summary: BTreeMap<_, _> = shares.counts.borrow().clone();
    eprintln!("{} cases: {summary:?}", shares.cases.borrow());
    shares
}
