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
}
