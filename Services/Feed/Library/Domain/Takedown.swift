import Foundation

/// A moderator took the post or comment down: everyone but its author is answered as if it did not
/// exist; its author sees why.
public struct Takedown: Sendable, Equatable {
    public var at: Date
    public var reason: String
    /// `user:<id>` or `operator:<name>`.
    public var by: String

    public init(at: Date, reason: String, by: String) {
        self.at = at
        self.reason = reason
        self.by = by
    }
}
