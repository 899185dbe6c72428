import Foundation
import RoamCore

/// The trips service's own refusals.
public enum TripsError {
    /// Points were sent for a trip whose owner has not turned tracking on.
    public static let trackingOff = RoamError(.failedPrecondition, reason: "TRACKING_OFF",
                                              message: "location tracking is off for this trip; turn it on first")

    /// Another pin of the trip is within the minimum distance; the problem names it.
    public static func pinTooClose(_ other: Pin, meters: Double) -> RoamError {
        var error = RoamError.alreadyExists(field: "point", reason: "PIN_TOO_CLOSE",
                                            message: "pin \(other.id.lowercasedString) (\"\(other.details.title)\") is \(String(format: "%.1f", meters)) m away")
        error.conflictingID = other.id.lowercasedString
        return error
    }
}
