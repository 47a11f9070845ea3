//! The line parser, `Grid::parse_line`, against the line format read the
//! obvious way, one byte at a time; what it reads prints back the same.

use sudokuflow::Grid;

use super::formats::parse_simply;

pub fn check(data: &[u8]) {
    let parsed = Grid::parse_line(data);
    assert_eq!(
        parsed.map(|grid| *grid.cells()),
        parse_simply(data),
        "{:?}",
        String::from_utf8_lossy(data)
    );
    if let Ok(grid) = parsed {
        assert_eq!(Grid::parse_line(grid.to_string().as_bytes()), Ok(grid));
    }
}
