//! The app's clock: the time each command is made, stamped on its record.

use super::App;
use crate::clock::SharedClock;

impl App {
    /// Use this clock instead of the system's (tests: a [`crate::clock::FakeClock`]).
    pub fn with_clock(mut self, clock: SharedClock) -> App {
        self.clock = clock;
        self
    }

    /// The time now by the app's clock, for a command about to be made.
    pub(super) fn clock_now(&self) -> Option<u64> {
        self.clock.now()
    }
}
