//! The canonical text of every command the shipped fights and the fixtures keep is what the one
//! generic writer gives for it again, byte for byte (issue 23 item 3).

use std::path::{Path, PathBuf};

use skirmish::command::parse_in;
use skirmish::save;

use crate::harness::assets;

fn journals() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    for dir in ["saves", "tests/fixtures/v4", "tests/fixtures/v5"] {
        let Ok(entries) = std::fs::read_dir(root.join(dir)) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "ron") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn every_saved_command_is_written_back_as_it_was_saved() {
    let files = journals();
    assert!(files.len() >= 5, "{files:?}");
    let mut checked = 0;
    for path in files {
        let session =
            save::load(&path, assets()).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let system = session.encounter().system;
        for node in session.nodes() {
            let text = &node.entry.command;
            let command = parse_in(text, Some(system))
                .unwrap_or_else(|e| panic!("{}: {text}: {e}", path.display()))
                .unwrap_or_else(|| panic!("{}: {text}: empty", path.display()));
            assert_eq!(&command.to_string(), text, "{}", path.display());
            checked += 1;
        }
    }
    assert!(checked > 100, "{checked} commands");
}
