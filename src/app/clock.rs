//! The app's clock: the time each command is made (stamped on its record), and the current
//! turn's time for the header (`set turn_timer=…`), refreshed by the runtime once a second
//! while it is shown and never otherwise.

use std::time::Duration;

use super::App;
use crate::clock::{SharedClock, TURN_TIMER, TurnTimer};

/// The current turn's time as the header shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnClock {
    /// Milliseconds since the command that began the turn.
    pub ms: u64,
    /// Past the limit of `turn_timer=warn:SECONDS`.
    pub over: bool,
}

impl App {
    /// Use this clock instead of the system's (tests: a [`crate::clock::FakeClock`]).
    pub fn with_clock(mut self, clock: SharedClock) -> App {
        self.clock = clock;
        self.now = self.clock.now();
        self
    }

    /// The time now by the app's clock, for a command about to be made.
    pub(super) fn clock_now(&self) -> Option<u64> {
        self.clock.now()
    }

    /// What `turn_timer` asks of the header (off when unset or unreadable).
    pub fn turn_timer(&self) -> TurnTimer {
        TurnTimer::parse(self.session.encounter().option(TURN_TIMER)).unwrap_or_default()
    }

    /// The current turn's time, when the option shows it and the turn's first command has a
    /// time; as of the clock's last reading ([`App::tick_clock`]).
    pub fn turn_clock(&self) -> Option<TurnClock> {
        let timer = self.turn_timer();
        // The timeline shows the past: no turn runs there.
        if timer == TurnTimer::Off || self.timeline.is_some() {
            return None;
        }
        let ms = self.now?.saturating_sub(self.session.turn_began()?);
        Some(TurnClock { ms, over: timer.over(ms) })
    }

    /// Read the clock again; whether the header's timer now shows another second (the runtime
    /// draws only then).
    pub fn tick_clock(&mut self) -> bool {
        let before = self.turn_clock().map(|t| (t.ms / 1000, t.over));
        self.now = self.clock.now();
        self.turn_clock().map(|t| (t.ms / 1000, t.over)) != before
    }

    /// How long the runtime may wait for a key before the timer shows another second; `None`
    /// when no timer is shown (it then waits for keys alone, writing nothing while idle).
    pub fn clock_wake(&self) -> Option<Duration> {
        let shown = self.turn_clock()?;
        let past = shown.ms % 1000;
        Some(Duration::from_millis(1000u64.saturating_sub(past).max(1)))
    }
}
