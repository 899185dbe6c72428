import Foundation

/// No follows, no blocks: for tests and tools that do not need them.
public struct NoSocialGraph: SocialGraph {
    public init() {}
    public func relations(of user: UUID) async throws -> Relations { Relations() }
}
