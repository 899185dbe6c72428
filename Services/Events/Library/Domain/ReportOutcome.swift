import Foundation

/// What recording a report came to.
public enum ReportOutcome: Sendable, Equatable {
    /// Recorded; `distinctReporters` now report the target, and `banned` says whether that reached
    /// the threshold and banned them.
    case recorded(distinctReporters: Int, banned: Bool)
    case duplicate
}
