//! The wall clock, injected: the time each command is made, kept in the journal beside its
//! events and never folded.

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
