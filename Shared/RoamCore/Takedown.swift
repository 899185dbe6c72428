import Foundation

/// A moderator took a piece of content down (a post, comment, activity, list, item, walk, event,
/// photo): everyone but its author is answered as if it did not exist; its author sees why. Each
/// service keeps it on what it owns.
public struct Takedown: Sendable, Hashable {
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
