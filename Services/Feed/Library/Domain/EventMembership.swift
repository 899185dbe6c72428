import Foundation

/// Asks the events service about membership. An event that does not exist (or has ended) is `.none`.
public protocol EventMembership: Sendable {
    func status(of user: UUID, in event: UUID) async throws -> MembershipStatus
}
