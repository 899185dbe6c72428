import Foundation
import RoamCore

/// What starting a walk says: where from, where to, when, and what it is.
public struct WalkStart: Sendable {
    public var details: WalkDetails
    public var start: WalkPlace
    public var destination: WalkPlace?
    /// A finished walk the walker can see, whose path this walk follows.
    public var routeID: UUID?
    /// Now when nil.
    public var startedAt: Date?

    public init(details: WalkDetails, start: WalkPlace, destination: WalkPlace? = nil, routeID: UUID? = nil, startedAt: Date? = nil) {
        self.details = details
        self.start = start
        self.destination = destination
        self.routeID = routeID
        self.startedAt = startedAt
    }
}
