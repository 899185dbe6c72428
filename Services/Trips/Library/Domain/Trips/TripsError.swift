import Foundation
import RoamCore

/// The trips service's own refusals.
public enum TripsError {
    /// Points were sent for a trip whose owner has not turned tracking on.
    public static let trackingOff = RoamError(
        .failedPrecondition, reason: "TRACKING_OFF",
        message: "location tracking is off for this trip; turn it on first")

    /// The place was saved to the trip before; the problem names it.
    public static func alreadySaved(_ place: UUID) -> RoamError {
        RoamError.alreadyExists(field: "place_id", reason: "ALREADY_SAVED", message: "the place is already saved to this trip")
            .conflicting(place.lowercasedString)
    }

    /// Another pin of the trip is within the minimum distance; the problem names it.
    public static func pinTooClose(_ other: Pin, meters: Double) -> RoamError {
        RoamError.alreadyExists(
            field: "point", reason: "PIN_TOO_CLOSE",
            message: "pin \(other.id.lowercasedString) (\"\(other.details.title)\") is \(String(format: "%.1f", meters)) m away"
        )
        .conflicting(other.id.lowercasedString)
    }

    /// A pin named a place that is neither the caller's own nor the catalog's (another user's looks
    /// like none at all).
    public static let unknownPlace = RoamError(
        .failedPrecondition, reason: "PLACE_NOT_FOUND", message: "the place is not one of yours or the catalog's",
        violations: [.init(field: "place_id", description: "must be one of your places or the catalog's")])
}
