import Foundation

/// Why and when a piece of content was taken down, and by whom.
public struct Takedown: Sendable, Equatable, Codable {
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
