//! The dashboard's state machine: modes (normal, command line, dialog, help, picker), selection,
//! folding, log scrolling, the command line with history and completion, and running commands
//! through the session. It performs no I/O: writes are handed to the runtime as [`Effect`]s.

pub mod dialog;
pub mod keymap;

use std::collections::BTreeSet;
use std::path::PathBuf;

use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use tui_input::Input;
use tui_input::backend::crossterm::EventHandler;

use crate::command::table::CompletionContext;
use crate::command::{self, Command, display::quote};
use crate::encounter::{Outcome, Session, slug};
use crate::rules::Side;
use crate::rules::dice::{DiceSource, ScriptedDice, SeededDice};
use dialog::{Dialog, Step, Template};
use keymap::{Action, KeyMap};

/// What the app is doing with keys.
#[derive(Debug, Clone)]
pub enum Mode {
    Normal,
    /// Typing a command after `:`.
    Command,
    Dialog(Box<Dialog>),
    Help {
        scroll: u16,
    },
    /// Choosing a demo encounter (first start).
    Picker {
        options: Vec<(String, Session)>,
        cursor: usize,
    },
}

/// A line of the turn-order pane.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Row {
    One(usize),
    /// A group, folded or open; `members` index the combatants.
    Group {
        id: String,
        members: Vec<usize>,
        open: bool,
    },
    Member(usize),
}

/// How the last save went.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SaveState {
    Saved,
    /// Nothing to save to yet, or a write is pending.
    Unsaved,
    Failed(String),
}

/// A file write the runtime should perform, then report with [`App::written`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Effect {
    pub path: PathBuf,
    pub text: String,
    /// `save PATH`: from now on this is the encounter's file.
    pub switch_to: bool,
}

/// The message under the panes.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Status {
    pub text: String,
    pub error: bool,
}

/// Where new encounters are saved, and how to name them uniquely.
#[derive(Debug, Clone, Default)]
pub struct NewFiles {
    pub dir: Option<PathBuf>,
    /// A stamp (the start time) that keeps names unique across runs.
    pub stamp: u64,
    made: u32,
}

impl NewFiles {
    pub fn new(dir: Option<PathBuf>, stamp: u64) -> NewFiles {
        NewFiles { dir, stamp, made: 0 }
    }

    fn next(&mut self, name: &str) -> Option<PathBuf> {
        self.made += 1;
        let dir = self.dir.as_ref()?;
        Some(dir.join(format!("{}-{}-{}.ron", slug(name), self.stamp, self.made)))
    }
}

/// The whole dashboard state.
pub struct App {
    pub session: Session,
    dice: Box<dyn DiceSource + Send>,
    pub mode: Mode,
    /// Index into [`App::rows`].
    pub selected: usize,
    pub unfolded: BTreeSet<String>,
    /// Log lines scrolled back from the newest.
    pub log_scroll: usize,
    pub status: Status,
    pub input: Input,
    pub history: Vec<String>,
    history_at: Option<usize>,
    completion: Option<(String, Vec<String>, usize)>,
    pub keymap: KeyMap,
    pub save_path: Option<PathBuf>,
    pub save_state: SaveState,
    new_files: NewFiles,
    pub effects: Vec<Effect>,
    pub quit: bool,
}

impl App {
    pub fn new(
        session: Session,
        save_path: Option<PathBuf>,
        keymap: KeyMap,
        new_files: NewFiles,
    ) -> App {
        let saved = if save_path.is_some() { SaveState::Saved } else { SaveState::Unsaved };
        let mut app = App {
            session,
            dice: Box::new(SeededDice::new(new_files.stamp)),
            mode: Mode::Normal,
            selected: 0,
            unfolded: BTreeSet::new(),
            log_scroll: 0,
            status: Status::default(),
            input: Input::default(),
            history: Vec::new(),
            history_at: None,
            completion: None,
            keymap,
            save_path,
            save_state: saved,
            new_files,
            effects: Vec::new(),
            quit: false,
        };
        app.follow_turn();
        app.hint("? help · : command · q quit");
        app
    }

    /// Start on the demo picker.
    pub fn picker(options: Vec<(String, Session)>, keymap: KeyMap, new_files: NewFiles) -> App {
        let first = options.first().map(|(_, s)| s.clone());
        let mut app = App::new(
            first.unwrap_or_else(|| {
                Session::new(crate::rules::System::WOIN, "encounter", Default::default())
            }),
            None,
            keymap,
            new_files,
        );
        app.mode = Mode::Picker { options, cursor: 0 };
        app
    }

    /// Use these dice instead of the seeded ones (tests).
    pub fn with_dice(mut self, dice: Box<dyn DiceSource + Send>) -> App {
        self.dice = dice;
        self
    }

    fn hint(&mut self, text: &str) {
        self.status = Status { text: text.to_string(), error: false };
    }

    fn error(&mut self, text: impl Into<String>) {
        self.status = Status { text: text.into(), error: true };
    }

    /// The runtime reports how a write went.
    pub fn written(&mut self, effect: &Effect, result: Result<(), String>) {
        match result {
            Ok(()) => {
                if effect.switch_to {
                    self.save_path = Some(effect.path.clone());
                    self.hint(&format!("saved to {}", effect.path.display()));
                }
                self.save_state = SaveState::Saved;
            }
            Err(err) => {
                self.save_state = SaveState::Failed(err.clone());
                self.error(format!("could not save {}: {err}", effect.path.display()));
            }
        }
    }

    // ---- the turn-order rows ----

    /// Turn-order lines: initiative order first, then those without initiative; groups folded
    /// unless opened.
    pub fn rows(&self) -> Vec<Row> {
        let enc = self.session.encounter();
        let mut order = enc.initiative_order();
        order.extend((0..enc.combatants.len()).filter(|i| enc.combatants[*i].initiative.is_none()));
        let mut rows = Vec::new();
        let mut seen_groups: Vec<&str> = Vec::new();
        for i in order {
            let c = &enc.combatants[i];
            match &c.group {
                None => rows.push(Row::One(i)),
                Some(g) if seen_groups.contains(&g.as_str()) => {}
                Some(g) => {
                    seen_groups.push(g);
                    let members: Vec<usize> = (0..enc.combatants.len())
                        .filter(|&j| enc.combatants[j].group.as_deref() == Some(g))
                        .collect();
                    let open = self.unfolded.contains(g);
                    rows.push(Row::Group { id: g.clone(), members: members.clone(), open });
                    if open {
                        rows.extend(members.into_iter().map(Row::Member));
                    }
                }
            }
        }
        rows
    }

    /// The combatant the selection points at (a folded group: its first member able to act).
    pub fn selected_combatant(&self) -> Option<usize> {
        let enc = self.session.encounter();
        match self.rows().get(self.selected)? {
            Row::One(i) | Row::Member(i) => Some(*i),
            Row::Group { members, .. } => {
                let current = enc.turn.as_ref().and_then(|t| enc.index_of(&t.id));
                current
                    .filter(|i| members.contains(i))
                    .or_else(|| members.iter().copied().find(|&i| !enc.is_down(&enc.combatants[i])))
                    .or_else(|| members.first().copied())
            }
        }
    }

    fn selected_id(&self) -> Option<String> {
        let i = self.selected_combatant()?;
        Some(self.session.encounter().combatants[i].id.clone())
    }

    /// Select the row of whoever's turn it is.
    fn follow_turn(&mut self) {
        let enc = self.session.encounter();
        let Some(current) = enc.turn.as_ref().and_then(|t| enc.index_of(&t.id)) else {
            self.clamp_selection();
            return;
        };
        let rows = self.rows();
        let at = rows.iter().position(|r| match r {
            Row::One(i) | Row::Member(i) => *i == current,
            Row::Group { members, open, .. } => !open && members.contains(&current),
        });
        if let Some(at) = at {
            self.selected = at;
        }
        self.clamp_selection();
    }

    fn clamp_selection(&mut self) {
        let n = self.rows().len();
        self.selected = self.selected.min(n.saturating_sub(1));
    }

    // ---- keys ----

    /// Handle a terminal event. Returns whether anything changed (the runtime redraws only then).
    pub fn handle_event(&mut self, event: &Event) -> bool {
        match event {
            Event::Key(key) if key.kind == KeyEventKind::Press => {
                if Self::is_interrupt(key) {
                    self.quit = true;
                } else {
                    self.handle_key(*key);
                }
                true
            }
            Event::Resize(..) => true,
            _ => false,
        }
    }

    pub fn handle_key(&mut self, key: KeyEvent) {
        match &self.mode {
            Mode::Normal => self.normal_key(key),
            Mode::Command => self.command_key(key),
            Mode::Dialog(_) => self.dialog_key(key),
            Mode::Help { .. } => self.help_key(key),
            Mode::Picker { .. } => self.picker_key(key),
        }
    }

    fn normal_key(&mut self, key: KeyEvent) {
        if key.code == KeyCode::Esc {
            self.hint("? help · : command · q quit");
            return;
        }
        let Some(action) = self.keymap.action(&key) else {
            if let KeyCode::Char(c) = key.code {
                self.error(format!("'{c}' does nothing here; press ? for the keys"));
            }
            return;
        };
        match action {
            Action::SelectDown => {
                self.selected = (self.selected + 1).min(self.rows().len().saturating_sub(1));
            }
            Action::SelectUp => self.selected = self.selected.saturating_sub(1),
            Action::NextTurn => _ = self.run_command(Command::Next, None),
            Action::Undo => _ = self.run_command(Command::Undo, None),
            Action::Redo => _ = self.run_command(Command::Redo, None),
            Action::Hold => _ = self.run_command(Command::Hold { who: None }, None),
            Action::Quit => self.quit = true,
            Action::Help => self.mode = Mode::Help { scroll: 0 },
            Action::CommandLine => {
                self.input.reset();
                self.history_at = None;
                self.completion = None;
                self.mode = Mode::Command;
                self.hint("Enter run · Tab complete · ↑/↓ history · Esc cancel");
            }
            Action::Fold => {
                if let Some(Row::Group { id, open, .. }) = self.rows().get(self.selected) {
                    if *open {
                        self.unfolded.remove(id);
                    } else {
                        self.unfolded.insert(id.clone());
                    }
                }
            }
            Action::LogUp => {
                self.log_scroll =
                    (self.log_scroll + 5).min(self.session.log().len().saturating_sub(1));
            }
            Action::LogDown => self.log_scroll = self.log_scroll.saturating_sub(5),
            Action::Damage
            | Action::Heal
            | Action::Condition
            | Action::ShakeOff
            | Action::Attack
            | Action::Roll
            | Action::Initiative
            | Action::Act
            | Action::Save => self.open_dialog(action),
        }
    }

    fn combatant_options(&self) -> Vec<(String, String)> {
        self.session.encounter().combatants.iter().map(|c| (c.name.clone(), c.id.clone())).collect()
    }

    fn open_dialog(&mut self, action: Action) {
        let enc = self.session.encounter();
        let selected = self.selected_id();
        let who = || Step::pick("who", self.combatant_options(), selected.as_deref());
        if enc.combatants.is_empty() && action != Action::Roll && action != Action::Save {
            self.error("nobody here yet: add combatants with  :add NAME");
            return;
        }
        let conditions: Vec<(String, String)> = self
            .session
            .assets()
            .catalogue_ref(enc.system)
            .map(|c| c.names().map(|n| (n.to_string(), n.to_string())).collect())
            .unwrap_or_default();
        let dialog = match action {
            Action::Damage => Dialog::new(
                "Damage",
                Template::Damage,
                vec![
                    who(),
                    Step::text(
                        "amount",
                        "7, 2d6+2, or 2d6 slashing; add raw to skip the damage model",
                        "",
                        false,
                    ),
                ],
                true,
            ),
            Action::Heal => Dialog::new(
                "Heal",
                Template::Heal,
                vec![who(), Step::text("amount", "a number", "", false)],
                false,
            ),
            Action::Condition => Dialog::new(
                "Condition",
                Template::Condition,
                vec![
                    who(),
                    Step::pick("condition", conditions, None),
                    Step::text("options", "blank, or: severe · rounds=N · source=spell", "", true),
                ],
                false,
            ),
            Action::ShakeOff => {
                let Some(i) = self.selected_combatant() else { return };
                let c = &enc.combatants[i];
                if c.conditions.is_empty() {
                    self.error(format!("{} has no conditions to shake off", c.name));
                    return;
                }
                let own = c.conditions.iter().map(|k| (k.to_string(), k.name.clone())).collect();
                Dialog::new(
                    "Shake off",
                    Template::Shake,
                    vec![
                        Step::pick("who", vec![(c.name.clone(), c.id.clone())], None),
                        Step::pick("condition", own, None),
                    ],
                    true,
                )
            }
            Action::Attack => {
                let Some(attacker) = enc.current().map(|c| (c.name.clone(), c.id.clone())) else {
                    self.error("attacks happen on a turn: start the fight first");
                    return;
                };
                let rules = enc.system.rules();
                let weapons: Vec<(String, String)> = enc
                    .current()
                    .map(|c| {
                        c.weapons
                            .iter()
                            .map(|w| {
                                let stats: Vec<String> =
                                    w.stats.iter().map(|(k, v)| format!("{k}={v}")).collect();
                                (format!("{}  {}", w.name, stats.join(" ")), w.name.clone())
                            })
                            .collect()
                    })
                    .unwrap_or_default();
                let mut weapon_options = weapons;
                weapon_options.push((rules.bare_attack_hint().to_string(), String::new()));
                let toggles: Vec<(String, String)> = rules
                    .attack_toggles()
                    .iter()
                    .map(|(k, l)| (k.to_string(), l.to_string()))
                    .collect();
                let target =
                    selected.filter(|s| Some(s.as_str()) != enc.current().map(|c| c.id.as_str()));
                // Targets: never the attacker; standing foes first, then the rest, then the down.
                let me = enc.current();
                let friendly = |side: Side| matches!(side, Side::Pc | Side::Ally);
                let mut foes: Vec<_> =
                    enc.combatants.iter().filter(|c| me.is_none_or(|m| m.id != c.id)).collect();
                foes.sort_by_key(|c| {
                    (enc.is_down(c), me.is_some_and(|m| friendly(m.side) == friendly(c.side)))
                });
                let targets: Vec<(String, String)> =
                    foes.iter().map(|c| (c.name.clone(), c.id.clone())).collect();
                Dialog::new(
                    "Attack",
                    Template::Attack,
                    vec![
                        Step::pick("attacker", vec![attacker], None),
                        Step::pick("target", targets, target.as_deref()),
                        Step::pick("weapon", weapon_options, None),
                        Step::toggles("modifiers", toggles),
                        Step::text("more", rules.attack_hint(), "", true),
                    ],
                    true,
                )
            }
            Action::Roll => {
                let mut whom = vec![("nobody in particular".to_string(), String::new())];
                whom.extend(self.combatant_options());
                Dialog::new(
                    "Roll",
                    Template::Roll,
                    vec![
                        Step::text("dice", "e.g. 3d6, 4d6kh3, d8!, 2d+1", "", false),
                        Step::pick("for", whom, None),
                    ],
                    true,
                )
            }
            Action::Initiative => Dialog::new(
                "Initiative",
                Template::Initiative,
                vec![
                    who(),
                    Step::text(
                        "value",
                        "a total (17), a Basic Speed (5.75) or a card (QS, 10H, joker)",
                        "",
                        false,
                    ),
                ],
                false,
            ),
            Action::Act => {
                let held: Vec<(String, String)> = enc
                    .combatants
                    .iter()
                    .filter(|c| c.held)
                    .map(|c| (c.name.clone(), c.id.clone()))
                    .collect();
                if held.is_empty() {
                    self.error("nobody is holding an action");
                    return;
                }
                Dialog::new(
                    "Act from hold",
                    Template::Act,
                    vec![Step::pick("who", held, None)],
                    false,
                )
            }
            Action::Save => {
                let default =
                    self.save_path.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
                Dialog::new(
                    "Save as",
                    Template::Save,
                    vec![Step::text(
                        "file",
                        "a path; the encounter is autosaved there from now on",
                        &default,
                        false,
                    )],
                    false,
                )
            }
            _ => return,
        };
        self.mode = Mode::Dialog(Box::new(dialog));
        self.hint("Esc cancels at any step; nothing changes until the last Enter");
    }

    fn dialog_key(&mut self, key: KeyEvent) {
        if key.code == KeyCode::Esc {
            self.mode = Mode::Normal;
            self.hint("cancelled; nothing changed");
            return;
        }
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        let Some(step) = dialog.step_mut() else { return };
        match key.code {
            KeyCode::Enter | KeyCode::Tab => {
                let Some(answer) = step.answer() else {
                    let label = step.label();
                    self.error(format!("{label}: nothing chosen yet"));
                    return;
                };
                dialog.answers.push(answer);
                dialog.at += 1;
                if dialog.at >= dialog.steps.len() {
                    let (text, faces) = dialog.command();
                    let Mode::Dialog(mut dialog) = std::mem::replace(&mut self.mode, Mode::Normal)
                    else {
                        return;
                    };
                    // Faces the rules could not use (too few, wrong die): back to that step, with
                    // everything else kept, to type them again.
                    if !self.run_line(&text, faces.as_deref()) && faces.is_some() {
                        dialog.at -= 1;
                        dialog.answers.pop();
                        self.mode = Mode::Dialog(dialog);
                    }
                }
            }
            KeyCode::Up | KeyCode::Down => {
                let n = match step {
                    Step::Toggles { options, .. } => options.len(),
                    _ => step.visible().len(),
                };
                if let Step::Pick { cursor, .. } | Step::Toggles { cursor, .. } = step {
                    *cursor = if key.code == KeyCode::Up {
                        cursor.saturating_sub(1)
                    } else {
                        (*cursor + 1).min(n.saturating_sub(1))
                    };
                }
            }
            _ => match step {
                Step::Pick { filter, cursor, .. } => {
                    filter.handle_event(&Event::Key(key));
                    *cursor = 0;
                }
                Step::Text { input, .. } => {
                    input.handle_event(&Event::Key(key));
                }
                Step::Toggles { on, cursor, .. } => {
                    if key.code == KeyCode::Char(' ')
                        && let Some(flag) = on.get_mut(*cursor)
                    {
                        *flag = !*flag;
                    }
                }
            },
        }
        self.refresh_preview();
    }

    /// When an attack dialog reaches its dice step, show the odds of the attack as chosen.
    fn refresh_preview(&mut self) {
        let Mode::Dialog(dialog) = &mut self.mode else { return };
        if dialog.template != Template::Attack || dialog.at + 1 != dialog.steps.len() {
            return;
        }
        let (text, _) = dialog.command();
        dialog.preview = match command::parse_in(&text, Some(self.session.encounter().system)) {
            Ok(Some(cmd)) => {
                match crate::encounter::engine::attack_preview(self.session.encounter(), &cmd) {
                    Ok(odds) => odds,
                    Err(err) => Some(format!("cannot attack like this: {err}")),
                }
            }
            Ok(None) => None,
            Err(err) => Some(format!("cannot attack like this: {err}")),
        };
    }

    fn command_key(&mut self, key: KeyEvent) {
        match key.code {
            KeyCode::Esc => {
                self.mode = Mode::Normal;
                self.hint("? help · : command · q quit");
            }
            KeyCode::Enter => {
                let line = self.input.value().to_string();
                self.mode = Mode::Normal;
                if !line.trim().is_empty() {
                    if self.history.last() != Some(&line) {
                        self.history.push(line.clone());
                    }
                    self.run_line(&line, None);
                }
            }
            KeyCode::Up | KeyCode::Down => {
                if self.history.is_empty() {
                    return;
                }
                let last = self.history.len() - 1;
                self.history_at = match (key.code, self.history_at) {
                    (KeyCode::Up, None) => Some(last),
                    (KeyCode::Up, Some(i)) => Some(i.saturating_sub(1)),
                    (_, Some(i)) if i < last => Some(i + 1),
                    _ => None,
                };
                let value = self.history_at.map(|i| self.history[i].clone()).unwrap_or_default();
                self.input = Input::new(value);
            }
            KeyCode::Tab => self.complete(),
            _ => {
                self.completion = None;
                self.input.handle_event(&Event::Key(key));
            }
        }
    }

    /// Tab: complete the word under the cursor, cycling through the candidates.
    fn complete(&mut self) {
        if let Some((base, options, at)) = &mut self.completion {
            *at = (*at + 1) % options.len().max(1);
            let value = format!("{base}{} ", options[*at]);
            self.input = Input::new(value);
            return;
        }
        let line = self.input.value().to_string();
        let enc = self.session.encounter();
        let ctx = CompletionContext {
            system: Some(enc.system),
            combatants: enc.combatants.iter().map(|c| c.name.clone()).collect(),
            conditions: self
                .session
                .assets()
                .catalogue_ref(enc.system)
                .map(|c| c.names().map(str::to_string).collect())
                .unwrap_or_default(),
            weapons: enc
                .combatants
                .iter()
                .flat_map(|c| c.weapons.iter().map(|w| w.name.clone()))
                .collect(),
        };
        let options = command::complete(&line, &ctx);
        if options.is_empty() {
            self.error("no completions here");
            return;
        }
        let base = match line.rfind(char::is_whitespace) {
            Some(at) if !line.ends_with(char::is_whitespace) => line[..=at].to_string(),
            _ if line.ends_with(char::is_whitespace) => line.clone(),
            _ => String::new(),
        };
        self.input = Input::new(format!("{base}{} ", options[0]));
        if options.len() > 1 {
            self.hint(&format!("Tab again: {}", options.join("  ")));
            self.completion = Some((base, options, 0));
        }
    }

    fn help_key(&mut self, key: KeyEvent) {
        let Mode::Help { scroll } = &mut self.mode else { return };
        match key.code {
            KeyCode::Char('j') | KeyCode::Down => *scroll = scroll.saturating_add(1),
            KeyCode::Char('k') | KeyCode::Up => *scroll = scroll.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') => *scroll = scroll.saturating_add(10),
            KeyCode::PageUp => *scroll = scroll.saturating_sub(10),
            _ => self.mode = Mode::Normal,
        }
    }

    fn picker_key(&mut self, key: KeyEvent) {
        let Mode::Picker { options, cursor } = &mut self.mode else { return };
        match key.code {
            KeyCode::Char('j') | KeyCode::Down => {
                *cursor = (*cursor + 1).min(options.len().saturating_sub(1))
            }
            KeyCode::Char('k') | KeyCode::Up => *cursor = cursor.saturating_sub(1),
            KeyCode::Char('q') | KeyCode::Esc => self.quit = true,
            KeyCode::Enter | KeyCode::Char(' ') => {
                let Some((_, session)) = options.get(*cursor).cloned() else { return };
                let name = session.encounter().name.clone();
                self.session = session;
                self.mode = Mode::Normal;
                self.save_path = self.new_files.next(&name);
                self.autosave();
                self.follow_turn();
                self.hint("a demo fight: n next turn · d damage · ? help");
            }
            _ => {}
        }
    }

    // ---- running commands ----

    /// Parse and run a line, as the command line and dialogs do.
    /// Run a typed line; `false` when it was refused.
    pub fn run_line(&mut self, line: &str, faces: Option<&str>) -> bool {
        // `help` is the tracker's own: the help screen, or one command's usage.
        let mut words = line.split_whitespace();
        if words.next() == Some("help") {
            match words.next() {
                None => self.mode = Mode::Help { scroll: 0 },
                Some(name) => {
                    match command::table::find(name, Some(self.session.encounter().system)) {
                        Some(spec) => self.hint(&format!("{} · {}", spec.usage(), spec.summary)),
                        None => self.error(format!("no command '{name}'; `help` lists them all")),
                    }
                }
            }
            return true;
        }
        match command::parse_in(line, Some(self.session.encounter().system)) {
            Ok(Some(command)) => self.run_command(command, faces),
            Ok(None) => true,
            Err(err) => {
                self.error(err.to_string());
                false
            }
        }
    }

    /// Run a command through the session. `faces` are dice rolled at the table.
    /// `false` when it was refused.
    pub fn run_command(&mut self, command: Command, faces: Option<&str>) -> bool {
        let turn_before = self.session.encounter().turn.clone();
        let result = match faces {
            Some(text) => {
                let mut scripted = match ScriptedDice::parse(text) {
                    Ok(s) => s,
                    Err(err) => {
                        self.error(format!("dice faces: {err}"));
                        return false;
                    }
                };
                let result = self.session.execute(&command, &mut scripted);
                if result.is_ok() && scripted.remaining() > 0 {
                    self.error(format!(
                        "{} of the faces typed were not needed",
                        scripted.remaining()
                    ));
                }
                result
            }
            None => self.session.execute(&command, &mut *self.dice),
        };
        let note = self.status.error.then(|| self.status.text.clone());
        let applied = result.is_ok();
        match result {
            Ok(Outcome::Applied { .. }) => {
                let last = self.session.log().last().map(|l| l.text.clone()).unwrap_or_default();
                self.hint(&last);
                self.changed();
            }
            Ok(Outcome::Undone { command }) => {
                self.hint(&format!("undone: {command}"));
                self.changed();
            }
            Ok(Outcome::Redone { command }) => {
                self.hint(&format!("redone: {command}"));
                self.changed();
            }
            Ok(Outcome::Started) => {
                let name = self.session.encounter().name.clone();
                self.save_path = self.new_files.next(&name);
                self.unfolded.clear();
                self.selected = 0;
                self.hint(&format!("new encounter: {name}; add combatants with :add NAME"));
                self.changed();
            }
            Ok(Outcome::SaveRequested { path }) => {
                let path = path.map(PathBuf::from).or_else(|| self.save_path.clone());
                match path {
                    Some(path) => self.effects.push(Effect {
                        path,
                        text: crate::save::to_ron(&self.session),
                        switch_to: true,
                    }),
                    None => self.error("save needs a file name here: s, then type one"),
                }
            }
            Err(err) if faces.is_some() => {
                // The faces were typed, not scripted: say so in those words.
                self.error(err.to_string().replace("the dice script", "the faces typed"));
            }
            Err(err) => self.error(err.to_string()),
        }
        if let Some(note) = note.filter(|_| !self.status.error) {
            self.error(note);
        }
        if self.session.encounter().turn != turn_before {
            self.follow_turn();
        }
        self.clamp_selection();
        applied
    }

    fn changed(&mut self) {
        self.log_scroll = 0;
        self.autosave();
    }

    fn autosave(&mut self) {
        match &self.save_path {
            Some(path) => {
                self.save_state = SaveState::Unsaved;
                self.effects.push(Effect {
                    path: path.clone(),
                    text: crate::save::to_ron(&self.session),
                    switch_to: false,
                });
            }
            None => self.save_state = SaveState::Unsaved,
        }
    }

    /// The command text of a quoted name, for hints.
    pub fn quoted(name: &str) -> String {
        quote(name)
    }

    /// Whether Ctrl-C was pressed: always quits, whatever the mode.
    pub fn is_interrupt(key: &KeyEvent) -> bool {
        key.code == KeyCode::Char('c') && key.modifiers.contains(KeyModifiers::CONTROL)
    }
}
