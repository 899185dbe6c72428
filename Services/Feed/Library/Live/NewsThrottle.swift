import Synchronization

/// Sends news of one thing at most once per window: the first at once, and everything that follows
/// within the window as one more, sent when the window closes. The news names what changed, not the
/// new value (each replica reads the current count when it hears it), so the last change is always
/// delivered, at most one window late.
///
/// A hot post liked 2,000 times a second otherwise sent 2,000 notifications through PostgreSQL's one
/// notification queue, and every replica read the count 2,000 times, for readers who can see at most
/// a few changes a second.
public final class NewsThrottle: Sendable {
    private struct Entry {
        var lastSent: ContinuousClock.Instant
        var pending: Bool
    }

    private enum Decision {
        case now
        case later(Duration)
        case covered
    }

    public let window: Duration
    private let entries = Mutex<[String: Entry]>([:])

    public init(window: Duration) {
        self.window = window
    }

    /// Calls `send` now, once the window closes, or not at all when a call already waits for it.
    public func submit(_ key: String, send: @escaping @Sendable () async -> Void) async {
        let window = window
        let decision = entries.withLock { entries -> Decision in
            let now = ContinuousClock.now
            guard var entry = entries[key] else {
                if entries.count >= 10_000 { entries = entries.filter { $0.value.pending || now - $0.value.lastSent < window } }
                entries[key] = Entry(lastSent: now, pending: false)
                return .now
            }
            if entry.pending { return .covered }
            let since = now - entry.lastSent
            guard since < window else {
                entries[key] = Entry(lastSent: now, pending: false)
                return .now
            }
            entry.pending = true
            entries[key] = entry
            return .later(window - since)
        }
        switch decision {
        case .now:
            await send()
        case .later(let delay):
            Task {
                try? await Task.sleep(for: delay)
                // Marked sent before sending: a change from here on gets news of its own.
                entries.withLock { $0[key] = Entry(lastSent: .now, pending: false) }
                await send()
            }
        case .covered:
            break
        }
    }
}
