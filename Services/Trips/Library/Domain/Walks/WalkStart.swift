import Foundation
import RoamCore

/// What starting a walk says: where from, where to, when, and what it is.
public struct WalkStart: Sendable {
    public var details: WalkDetails
    public var start: WalkPlace
    public var destination: WalkPlace?
    /// Now when nil.
    public var startedAt: Date?

    public init(details: WalkDetails, start: WalkPlace, destination: WalkPlace? = nil, startedAt: Date? = nil) {
        self.details = details
        self.start = start
        self.destination = destination
        self.startedAt = startedAt
    }
}
