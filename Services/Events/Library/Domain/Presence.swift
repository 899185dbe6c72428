import Foundation

/// A membership of the caller with the fence it belongs to, for presence checks.
public struct Presence: Sendable, Equatable {
    public var member: Member
    public var fence: Fence

    public init(member: Member, fence: Fence) {
        self.member = member
        self.fence = fence
    }
}
