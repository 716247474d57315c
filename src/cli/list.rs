//! `skirmish list`, and the rows of the picker `skirmish open` shows without a file: the saves
//! folder's fights, newest first, with their system, round, when last played and file.

use std::path::Path;
use std::process::ExitCode;

use super::shared::{EXIT_INPUT, fail, load_assets};
use crate::app::FightRow;
use crate::rules::System;
use crate::save;
use crate::save::list::Fight;
use crate::ui::{cells, fit, shorten};

/// `skirmish list`: one line per fight in the saves folder, newest first.
pub(super) fn list(saves: Option<&Path>) -> ExitCode {
    let Some(dir) = save::saves_dir(saves) else {
        return fail(EXIT_INPUT, "no saves folder: give one with --saves DIR (HOME is not set)");
    };
    let assets = match load_assets() {
        Ok(a) => a,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    let fights = match save::list::fights(&dir, &assets) {
        Ok(fights) => fights,
        Err(err) => return fail(EXIT_INPUT, format!("{}: {err}", dir.display())),
    };
    if fights.is_empty() {
        println!(
            "no fights in {} yet: `skirmish new SYSTEM` starts one",
            printable(&dir.display().to_string())
        );
        return ExitCode::SUCCESS;
    }
    print!("{}", table(&fights));
    ExitCode::SUCCESS
}

/// The listing: a heading, then one row per fight (its name cut to fit the column).
pub fn table(fights: &[Fight]) -> String {
    const NAME: usize = 32;
    let names: Vec<String> = fights.iter().map(|f| shorten(&name_of(f), NAME)).collect();
    let width = names.iter().map(|n| cells(n)).max().unwrap_or(0).max(4);
    let mut out = format!(
        "{:<width$}  {:<14}  {:>5}  {:<17}  FILE\n",
        "NAME", "SYSTEM", "ROUND", "LAST PLAYED (UTC)"
    );
    for (fight, name) in fights.iter().zip(names) {
        let system = fight.system.map_or("?".to_string(), |s| s.to_string());
        let round = fight.round.map_or("?".to_string(), |r| r.to_string());
        let mut row = format!(
            "{}  {system:<14}  {round:>5}  {:<17}  {}",
            fit(&name, width),
            when(fight.modified),
            printable(&fight.path.display().to_string())
        );
        if let Some(problem) = &fight.problem {
            row.push_str(&format!("  (cannot be read: {})", printable(problem)));
        }
        out.push_str(&row);
        out.push('\n');
    }
    out
}

/// The picker's rows: each fight's name, then its system, round, when and file (its name: they
/// are all in the one folder).
pub fn rows(fights: &[Fight]) -> Vec<FightRow> {
    fights
        .iter()
        .map(|fight| {
            let file = fight.path.file_name().unwrap_or(fight.path.as_os_str());
            let file = printable(&file.to_string_lossy());
            let detail = match (&fight.problem, fight.system) {
                (Some(problem), _) => format!("cannot be read: {} · {file}", printable(problem)),
                (None, system) => format!(
                    "{} · round {} · {} · {file}",
                    system.map_or("?".to_string(), |s| s.to_string()),
                    fight.round.map_or("?".to_string(), |r| r.to_string()),
                    when(fight.modified),
                ),
            };
            FightRow { name: name_of(fight), detail, path: fight.path.clone() }
        })
        .collect()
}

/// Its name, or its file's when it has none.
fn name_of(fight: &Fight) -> String {
    let name = if fight.name.trim().is_empty() {
        fight.path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default()
    } else {
        fight.name.clone()
    };
    printable(&name)
}

/// `2025-01-02 14:03` (UTC), or `?` when unknown.
fn when(seconds: Option<u64>) -> String {
    match seconds {
        Some(s) => {
            let in_day = s % 86_400;
            format!("{} {:02}:{:02}", crate::export::date_of(s), in_day / 3600, in_day % 3600 / 60)
        }
        None => "?".to_string(),
    }
}

/// Text from a file, safe to print: control characters written as escapes.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { c.escape_default().to_string() } else { c.to_string() })
        .collect()
}

/// `skirmish bestiary [SYSTEM]`: the creatures `add NAME` knows, system by system, then the
/// files of the GM's own bestiary folder that were skipped and why (on standard error).
pub(super) fn bestiary(system: Option<&str>) -> ExitCode {
    let assets = match load_assets() {
        Ok(a) => a,
        Err(err) => return fail(EXIT_INPUT, err),
    };
    let systems: Vec<System> = match system {
        Some(key) => match System::parse(key) {
            Some(system) => vec![system],
            None => {
                let known = System::listed(System::key);
                return fail(EXIT_INPUT, format!("unknown system '{key}'; expected {known}"));
            }
        },
        None => System::ALL.to_vec(),
    };
    let mut out = String::new();
    for &system in &systems {
        let creatures = assets.creatures(system);
        out.push_str(&format!("{system} ({}):\n", creatures.len()));
        let width = creatures.iter().map(|c| cells(&c.name)).max().unwrap_or(0);
        for creature in creatures {
            let name = printable(&creature.name);
            let pad = " ".repeat(width.saturating_sub(cells(&creature.name)));
            out.push_str(&format!(
                "  {name}{pad}  {:<7}  {}\n",
                creature.side,
                printable(&creature.note)
            ));
        }
    }
    match save::assets::config_dir() {
        Some(dir) => {
            let folder = dir.join("bestiary");
            out.push_str(&format!(
                "your own creatures: {}/SYSTEM/\n",
                printable(&folder.display().to_string())
            ));
        }
        None => {
            out.push_str("your own creatures: no config folder (set HOME or XDG_CONFIG_HOME)\n")
        }
    }
    print!("{out}");
    for (_, warning) in assets.warnings.iter().filter(|(s, _)| systems.contains(s)) {
        eprintln!("skirmish: {}", printable(warning));
    }
    ExitCode::SUCCESS
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use super::table;
    use crate::rules::System;
    use crate::save::list::Fight;
    use crate::ui::cells;

    fn fight(name: &str) -> Fight {
        Fight {
            path: PathBuf::from("fight.ron"),
            name: name.to_string(),
            system: Some(System::WOIN),
            round: Some(2),
            modified: Some(0),
            problem: None,
        }
    }

    /// Names in wide characters, with combining marks or too long for the column keep the
    /// columns after them straight on screen: they are measured and cut in cells.
    #[test]
    fn the_columns_stay_straight_after_wide_names() {
        let names = ["Goblin", "鬼の王", "Jose\u{301} Luis", &"鬼".repeat(40), &"g".repeat(40)];
        let text = table(&names.map(fight));
        let columns: Vec<usize> = text
            .lines()
            .map(|line| {
                let at = line.find("WOIN").or_else(|| line.find("SYSTEM")).expect("a system");
                cells(&line[..at])
            })
            .collect();
        assert_eq!(columns, [34; 6], "{text}");
        assert!(text.contains(&format!("{}…  ", "鬼".repeat(15))), "{text}");
    }
}
