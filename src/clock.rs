//! The wall clock, injected: the time each command is made (kept in the journal beside its
//! events, never folded), the tracker's turn timer (`set turn_timer=…`) and its words.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Where the time comes from: the system's clock in the program, a [`FakeClock`] in tests.
pub trait Clock: Send + Sync + fmt::Debug {
    /// Milliseconds since 1970 (UTC), or `None` when the clock cannot say.
    fn now(&self) -> Option<u64>;
}

/// A clock shared by whoever stamps or shows times.
pub type SharedClock = Arc<dyn Clock>;

/// The system's clock.
#[derive(Debug, Clone, Copy, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Option<u64> {
        let since = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).ok()?;
        u64::try_from(since.as_millis()).ok()
    }
}

/// The system's clock, shared.
pub fn system() -> SharedClock {
    Arc::new(SystemClock)
}

/// A clock that shows what it is told: tests move it on instead of sleeping.
#[derive(Debug, Default)]
pub struct FakeClock {
    ms: AtomicU64,
}

impl FakeClock {
    /// A fake clock at `ms` milliseconds since 1970, shared.
    pub fn at(ms: u64) -> Arc<FakeClock> {
        Arc::new(FakeClock { ms: AtomicU64::new(ms) })
    }

    /// Move the clock on by `ms` milliseconds.
    pub fn advance(&self, ms: u64) {
        let now = self.ms.load(Ordering::Relaxed);
        self.ms.store(now.saturating_add(ms), Ordering::Relaxed);
    }
}

impl Clock for FakeClock {
    fn now(&self) -> Option<u64> {
        Some(self.ms.load(Ordering::Relaxed))
    }
}

/// The core option that shows the current turn's time (`set turn_timer=off|show|warn:SECONDS`).
pub const TURN_TIMER: &str = "turn_timer";

/// The longest limit `turn_timer=warn:SECONDS` takes: an hour.
pub const WARN_MAX: u64 = crate::rules::types::SECONDS_MAX;

/// What the tracker shows of the current turn's time.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TurnTimer {
    /// Nothing (the default: an idle tracker writes nothing to the terminal).
    #[default]
    Off,
    /// The time since the turn began.
    Show,
    /// The time since the turn began, coloured once it passes this many seconds.
    Warn(u64),
}

impl TurnTimer {
    /// The option's value read (`off`, `show`, `warn:90`); `None` for anything else, a limit of
    /// 0 or past [`WARN_MAX`] included.
    pub fn parse(value: &str) -> Option<TurnTimer> {
        match value {
            "off" => Some(TurnTimer::Off),
            "show" => Some(TurnTimer::Show),
            _ => {
                let seconds = value.strip_prefix("warn:")?.parse::<u64>().ok()?;
                (1..=WARN_MAX).contains(&seconds).then_some(TurnTimer::Warn(seconds))
            }
        }
    }

    /// Whether a turn that has run `ms` milliseconds is past the limit.
    pub fn over(self, ms: u64) -> bool {
        matches!(self, TurnTimer::Warn(limit) if ms / 1000 >= limit)
    }
}

/// A span of time as a person reads it: `0:07`, `12:30`, `1:02:03`.
pub fn span(ms: u64) -> String {
    let seconds = ms / 1000;
    let (hours, minutes, seconds) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if hours > 0 {
        format!("{hours}:{minutes:02}:{seconds:02}")
    } else {
        format!("{minutes}:{seconds:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turn_timer_values() {
        assert_eq!(TurnTimer::parse("off"), Some(TurnTimer::Off));
        assert_eq!(TurnTimer::parse("show"), Some(TurnTimer::Show));
        assert_eq!(TurnTimer::parse("warn:90"), Some(TurnTimer::Warn(90)));
        for bad in ["warn:0", "warn:", "warn:-1", "warn:3601", "on", "warn 9"] {
            assert_eq!(TurnTimer::parse(bad), None, "{bad}");
        }
        assert!(!TurnTimer::Warn(60).over(59_999));
        assert!(TurnTimer::Warn(60).over(60_000));
        assert!(!TurnTimer::Show.over(u64::MAX));
    }

    #[test]
    fn spans_read_as_clocks() {
        assert_eq!(span(7_400), "0:07");
        assert_eq!(span(750_000), "12:30");
        assert_eq!(span(3_723_000), "1:02:03");
    }
}
