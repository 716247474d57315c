//! Saves read line by line from disk: the same fight as the text read whole, whatever the line
//! ends, with what the file holds for appending.

use std::path::Path;

use skirmish::save;

use crate::harness::assets;

fn temp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("skirmish-streamed-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("dir");
    dir
}

/// Every demo loads from its file exactly as from its text, state, log, tree and all.
#[test]
fn a_journal_read_line_by_line_is_the_fight_read_whole() {
    let demos = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves");
    for name in ["woin", "savage", "gurps", "gempunks", "gempunks-regiment"] {
        let path = demos.join(format!("{name}-demo.ron"));
        let text = std::fs::read_to_string(&path).expect("demo");
        let whole = save::from_ron(&text, &path, assets()).expect("from text");
        let streamed = save::load(&path, assets()).expect("from disk");
        assert_eq!(streamed.nodes(), whole.nodes(), "{name}");
        assert_eq!(streamed.head(), whole.head(), "{name}");
        assert_eq!(streamed.log(), whole.log(), "{name}");
        assert_eq!(
            save::to_ron(&streamed).expect("written"),
            save::to_ron(&whole).expect("written"),
            "{name}"
        );
        let Ok(save::Opened::Whole(_, written)) = save::open(&path, assets()) else {
            panic!("{name}: a demo opens whole");
        };
        assert_eq!(written, save::peek::written_of(&text, &whole), "{name}");
        assert!(written.is_some(), "{name}: a demo is appended to, not rewritten");
    }
}

/// A journal whose lines end in CR LF (copied through a Windows editor) reads as the same fight;
/// one whose last record has no line end is loaded but rewritten before anything is appended.
#[test]
fn line_ends_do_not_change_the_fight() {
    let dir = temp("crlf");
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("saves/woin-demo.ron");
    let text = std::fs::read_to_string(&demo).expect("demo");
    let crlf = dir.join("crlf.ron");
    std::fs::write(&crlf, text.replace('\n', "\r\n")).expect("written");
    let a = save::load(&demo, assets()).expect("lf");
    let b = save::load(&crlf, assets()).expect("crlf");
    assert_eq!(a.nodes(), b.nodes());
    assert_eq!(a.log(), b.log());
    let cut = dir.join("cut.ron");
    std::fs::write(&cut, text.trim_end()).expect("written");
    let Ok(save::Opened::Whole(session, written)) = save::open(&cut, assets()) else {
        panic!("opens");
    };
    assert_eq!(session.nodes(), a.nodes());
    assert_eq!(written, None, "a file without its last line end is rewritten first");
    let _ = std::fs::remove_dir_all(&dir);
}
