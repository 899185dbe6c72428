import Foundation
import RoamCore

/// What a position report changed for the caller.
public struct PresenceUpdate: Sendable, Equatable {
    public var left: [Departure]
    /// Waitlists that let the caller in because of this position.
    public var admitted: [UUID]
    /// Events the caller is still a member of.
    public var memberOf: [UUID]
}
