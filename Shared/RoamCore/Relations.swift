import Foundation

/// How one user stands with others, as the accounts service says.
public struct Relations: Sendable, Equatable {
    /// Users this user follows.
    public var following: Set<UUID>
    /// Users this user blocks or is blocked by: neither sees the other's content.
    public var hidden: Set<UUID>

    public init(following: Set<UUID> = [], hidden: Set<UUID> = []) {
        self.following = following
        self.hidden = hidden
    }
}
