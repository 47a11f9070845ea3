//! System fonts for the characters the bundled fonts lack, found with
//! fontdb in fontconfig's font directories (`FONTCONFIG_FILE` chooses
//! another configuration). Sans-serif, upright, regular fonts are preferred,
//! in name order, so the same fonts give the same choice on every machine.

use std::collections::BTreeSet;

use fontdb::{Database, FaceInfo, Style};
use rustybuzz::ttf_parser;

use super::FaceData;

/// A system font and the characters it is used for.
pub(super) struct Found {
    pub data: FaceData,
    pub chars: BTreeSet<char>,
}

/// Fonts that together cover as many of `chars` as the system has, each
/// used for the characters no font before it covers; then, for those of
/// `bold_chars` among them, the bold face of the same family where there is
/// one.
pub(super) fn find(chars: &BTreeSet<char>, bold_chars: &BTreeSet<char>) -> Vec<Found> {
    let mut database = Database::new();
    database.load_system_fonts();
    let mut faces: Vec<&FaceInfo> = database.faces().collect();
    faces.sort_by_key(|face| {
        (
            face.style != Style::Normal,
            face.monospaced,
            !is_sans(face),
            face.weight.0.abs_diff(400),
            family(face).to_lowercase(),
            face.post_script_name.clone(),
            match &face.source {
                fontdb::Source::File(path) | fontdb::Source::SharedFile(path, _) => path.clone(),
                fontdb::Source::Binary(_) => Default::default(),
            },
            face.index,
        )
    });

    let mut found = Vec::new();
    let mut remaining = chars.clone();
    for face in &faces {
        if remaining.is_empty() {
            break;
        }
        if let Some(covered) = load(&database, face, &remaining) {
            remaining.retain(|c| !covered.chars.contains(c));
            found.push(covered);
        }
    }

    let mut bold = Vec::new();
    for regular in &found {
        let wanted: BTreeSet<char> = regular.chars.intersection(bold_chars).copied().collect();
        if wanted.is_empty() || regular.data.bold {
            continue;
        }
        let family_name = regular.data.family.as_str();
        let mut bolder: Vec<&&FaceInfo> = faces
            .iter()
            .filter(|face| {
                family(face) == family_name && face.style == Style::Normal && face.weight.0 >= 600
            })
            .collect();
        bolder.sort_by_key(|face| face.weight.0.abs_diff(700));
        if let Some(face) = bolder
            .into_iter()
            .filter_map(|face| load(&database, face, &wanted))
            .find(|face| face.chars == wanted)
        {
            bold.push(face);
        }
    }
    found.extend(bold);
    found
}

/// The face's data and which of `chars` it has, if it has any and has
/// outlines to embed (not only bitmaps).
fn load(database: &Database, info: &FaceInfo, chars: &BTreeSet<char>) -> Option<Found> {
    database
        .with_face_data(info.id, |data, index| {
            let face = ttf_parser::Face::parse(data, index).ok()?;
            let tables = face.tables();
            if tables.glyf.is_none() && tables.cff.is_none() {
                return None;
            }
            let covered: BTreeSet<char> = chars
                .iter()
                .copied()
                .filter(|&c| face.glyph_index(c).is_some_and(|glyph| glyph.0 != 0))
                .collect();
            if covered.is_empty() {
                return None;
            }
            Some(Found {
                data: FaceData {
                    data: data.into(),
                    index,
                    name: postscript_name(info),
                    family: family(info).to_string(),
                    bold: info.weight.0 >= 600,
                },
                chars: covered,
            })
        })
        .flatten()
}

fn family(face: &FaceInfo) -> &str {
    face.families.first().map_or("", |(name, _)| name.as_str())
}

fn is_sans(face: &FaceInfo) -> bool {
    let name = family(face).to_lowercase();
    name.contains("sans") && !name.contains("mono")
}

/// The PostScript name, with only the characters a PDF name may carry
/// unescaped.
fn postscript_name(face: &FaceInfo) -> String {
    let name: String = face
        .post_script_name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        .collect();
    if name.is_empty() {
        "SystemFont".to_string()
    } else {
        name
    }
}
