//! The one parser of every numeric option: a whole number in a range (or
//! one of a few), and for budgets the word `unlimited`. Its errors say in
//! words what was wrong and what is accepted; clap puts the option before
//! them (`invalid value 'abc' for '--seed <S>': 'abc' is not a whole
//! number; give a whole number from 0 to ...`). Options that take one
//! also take negative numbers as values (`-j -1`), to refuse them in the
//! same words rather than have clap read them as flags.

use std::marker::PhantomData;

use clap::builder::{PossibleValue, TypedValueParser};

/// What a numeric option accepts.
#[derive(Clone, Copy, Debug)]
pub struct Accepts {
    min: u64,
    max: u64,
    /// The accepted values, when only some of the range are.
    choices: &'static [u64],
    /// `unlimited` is accepted too (as no limit).
    unlimited: bool,
    /// What the number counts, in messages.
    noun: &'static str,
}

impl Accepts {
    /// A whole number from `min` to `max`.
    pub const fn range(min: u64, max: u64) -> Accepts {
        Accepts {
            min,
            max,
            choices: &[],
            unlimited: false,
            noun: "a whole number",
        }
    }

    /// One of `choices` (in increasing order).
    pub const fn one_of(choices: &'static [u64]) -> Accepts {
        Accepts {
            min: choices[0],
            max: choices[choices.len() - 1],
            choices,
            unlimited: false,
            noun: "a whole number",
        }
    }

    /// A count of `unit` from `min` to `max`, or `unlimited`.
    pub const fn count_or_unlimited(unit: &'static str, min: u64, max: u64) -> Accepts {
        Accepts {
            min,
            max,
            choices: &[],
            unlimited: true,
            noun: unit,
        }
    }

    /// What to give, for messages: `give a whole number from 1 to 1024`.
    pub fn what_to_give(&self) -> String {
        let words = match self.choices {
            [] => format!("give {} from {} to {}", self.noun, self.min, self.max),
            [one] => format!("give {one}"),
            [first @ .., last] => {
                let first: Vec<String> = first.iter().map(u64::to_string).collect();
                format!("give {} or {last}", first.join(", "))
            }
        };
        if self.unlimited {
            format!("{words}, or 'unlimited'")
        } else {
            words
        }
    }

    /// Parses `text`: the number, `None` for `unlimited`, or an error in words.
    pub fn parse(&self, text: &str) -> Result<Option<u64>, String> {
        let text = text.trim();
        if self.unlimited && text == "unlimited" {
            return Ok(None);
        }
        let give = self.what_to_give();
        let digits = text.strip_prefix('+').unwrap_or(text);
        if text.starts_with('-') && text.len() > 1 {
            return Err(format!("it must not be negative; {give}"));
        }
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            // `500ms`, `2s`: a time where a count of work is asked for.
            let number = text.trim_end_matches(|c: char| c.is_alphabetic());
            let unit = &text[number.len()..];
            let is_time = ["ms", "s", "m", "min", "h", "us", "µs"].contains(&unit);
            if self.unlimited && is_time && number.parse::<f64>().is_ok() {
                return Err(format!(
                    "'{text}' is a time, but the budget is a count of work, not time, so that \
                     a rating is the same on every machine; {give}"
                ));
            }
            return Err(format!("'{text}' is not a whole number; {give}"));
        }
        let value = digits
            .parse::<u64>()
            .ok()
            .filter(|value| (self.min..=self.max).contains(value))
            .filter(|value| self.choices.is_empty() || self.choices.contains(value));
        match value {
            Some(value) => Ok(Some(value)),
            None if self.unlimited && digits.bytes().all(|b| b == b'0') => Err(format!(
                "0 is out of range ('unlimited' is no limit); {give}"
            )),
            None => Err(format!("{digits} is out of range; {give}")),
        }
    }
}

/// A type a numeric option's value becomes.
pub trait FromNumber: Sized {
    /// The value for `number` (`None`: `unlimited`), which the option's
    /// [`Accepts`] let through.
    fn from_number(number: Option<u64>) -> Self;
}

macro_rules! from_number {
    ($($t:ty),*) => {$(
        impl FromNumber for $t {
            fn from_number(number: Option<u64>) -> $t {
                // In range: `Accepts` bounds it by the type's own.
                number.map_or(<$t>::MAX, |n| <$t>::try_from(n).unwrap_or(<$t>::MAX))
            }
        }
    )*};
}

from_number!(u8, u32, u64, usize);

/// The clap value parser of a numeric option of type `T`.
#[derive(Clone, Debug)]
pub struct Number<T> {
    accepts: Accepts,
    value: PhantomData<fn() -> T>,
}

/// The parser of an option accepting `accepts`, as a `T`.
pub fn number<T>(accepts: Accepts) -> Number<T> {
    Number {
        accepts,
        value: PhantomData,
    }
}

impl<T: FromNumber + Clone + Send + Sync + 'static> TypedValueParser for Number<T> {
    type Value = T;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<T, clap::Error> {
        let accepts = self.accepts;
        // A closure is a value parser whose errors clap words as for any
        // option: "invalid value 'abc' for '--seed <S>': ...".
        let parse = move |text: &str| accepts.parse(text).map(T::from_number);
        parse.parse_ref(cmd, arg, value)
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        if self.accepts.choices.is_empty() {
            return None;
        }
        let values = self
            .accepts
            .choices
            .iter()
            .map(|n| PossibleValue::new(n.to_string()));
        Some(Box::new(values))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_or_refused_in_words() {
        let threads = Accepts::range(1, 1024);
        assert_eq!(threads.parse("8"), Ok(Some(8)));
        assert_eq!(threads.parse(" 1024 "), Ok(Some(1024)));
        assert_eq!(threads.parse("+2"), Ok(Some(2)));
        let give = "give a whole number from 1 to 1024";
        assert_eq!(
            threads.parse("0"),
            Err(format!("0 is out of range; {give}"))
        );
        assert_eq!(
            threads.parse("-1"),
            Err(format!("it must not be negative; {give}"))
        );
        assert_eq!(
            threads.parse("abc"),
            Err(format!("'abc' is not a whole number; {give}"))
        );
        assert_eq!(
            threads.parse(""),
            Err(format!("'' is not a whole number; {give}"))
        );
        assert_eq!(
            threads.parse("1.5"),
            Err(format!("'1.5' is not a whole number; {give}"))
        );
        let huge = "99999999999999999999999";
        assert_eq!(
            threads.parse(huge),
            Err(format!("{huge} is out of range; {give}"))
        );
        // A time is only named as such where a budget is asked for.
        assert_eq!(
            threads.parse("2s"),
            Err(format!("'2s' is not a whole number; {give}"))
        );

        let pages = Accepts::one_of(&[1, 2, 4, 6]);
        assert_eq!(pages.parse("4"), Ok(Some(4)));
        assert_eq!(
            pages.parse("3"),
            Err("3 is out of range; give 1, 2, 4 or 6".into())
        );

        let budget = Accepts::count_or_unlimited("a count of chain nodes", 1, 1000);
        assert_eq!(budget.parse("unlimited"), Ok(None));
        assert_eq!(budget.parse("1000"), Ok(Some(1000)));
        let give = "give a count of chain nodes from 1 to 1000, or 'unlimited'";
        assert_eq!(
            budget.parse("00"),
            Err(format!(
                "0 is out of range ('unlimited' is no limit); {give}"
            ))
        );
        assert!(
            budget
                .parse("500ms")
                .unwrap_err()
                .starts_with("'500ms' is a time")
        );
        assert_eq!(
            budget.parse("soon"),
            Err(format!("'soon' is not a whole number; {give}"))
        );
    }
}
