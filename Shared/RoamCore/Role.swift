/// What an account may do beyond its own things, granted only by an operator (`roam users grant`).
/// An admin may do everything a moderator may, and read the audit log.
public enum Role: String, Sendable, Hashable, CaseIterable, Codable, Comparable {
    case admin
    case moderator

    public static func < (lhs: Role, rhs: Role) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Set<Role> {
    /// Whether these roles let their holder act on other users' content and accounts.
    public var canModerate: Bool { contains(.moderator) || contains(.admin) }
}
