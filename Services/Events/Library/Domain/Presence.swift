import Foundation

/// A membership of the caller with the fence it belongs to, for presence checks.
public struct Presence: Sendable, Equatable {
    public var member: Member
    public var fence: Fence
    /// A group walk's members walk away from its meeting point: its fence does not hold them.
    public var isGroupWalk: Bool

    public init(member: Member, fence: Fence, isGroupWalk: Bool = false) {
        self.member = member
        self.fence = fence
        self.isGroupWalk = isGroupWalk
    }
}
