import Foundation

/// What makes an event a group walk: the walk (a route kept by trips) to follow and who may join. The
/// event's centre is the meeting point, its start and end the walk's time.
public struct GroupWalk: Sendable, Hashable {
    public var walkID: UUID
    public var privacy: GroupWalkPrivacy
}
