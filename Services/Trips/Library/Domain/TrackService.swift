import Foundation
import RoamCore

/// A trip's location track: off until its owner turns it on, then points arrive in batches, and each
/// day comes back segmented and simplified for the map, or whole as GPX.
public struct TrackService: Sendable {
    let trips: TripService
    let tracks: any TrackRepository

    public init(trips: TripService, tracks: any TrackRepository) {
        self.trips = trips
        self.tracks = tracks
    }

    /// The most a day's track may be simplified, in metres.
    public static let maxToleranceMeters = 1_000.0
    public static let defaultToleranceMeters = 5.0

    /// Turns recording on or off (off keeps what was recorded).
    public func setTracking(_ on: Bool, trip tripID: UUID, owner: UUID) async throws -> Trip {
        guard let trip = try await tracks.setTracking(on, trip: tripID, owner: owner) else { throw TripService.tripNotFound }
        return trip
    }

    /// Stores a batch; answers how many points were new (the others had been sent before).
    public func record(_ points: [TrackPoint], trip tripID: UUID, owner: UUID) async throws -> (new: Int, repeated: Int) {
        let trip = try await trips.trip(tripID, owner: owner)
        guard trip.tracking else { throw TripsError.trackingOff }
        let checked = try TrackPoint.validated(points, for: trip.details)
        guard let new = try await tracks.addTrackPoints(checked, trip: tripID, owner: owner) else { throw TripService.tripNotFound }
        return (new, checked.count - new)
    }

    /// The day's track, segmented and simplified to `toleranceMeters` (default 5 m).
    public func track(ofTrip tripID: UUID, on day: LocalDate, toleranceMeters: Double?, owner: UUID) async throws -> Track {
        let trip = try await trips.trip(tripID, owner: owner)
        try PinService.requireDay(day, of: trip, field: "date")
        let tolerance = toleranceMeters ?? Self.defaultToleranceMeters
        guard tolerance.isFinite, (0...Self.maxToleranceMeters).contains(tolerance) else {
            throw RoamError.invalidField("tolerance_meters", "must be from 0 to \(Int(Self.maxToleranceMeters))")
        }
        return try await tracks.track(ofTrip: tripID, owner: owner, in: trip.details.zone.interval(of: day), toleranceMeters: tolerance)
    }

    /// The whole recorded track of a day, or of the trip, as GPX 1.1.
    public func gpx(ofTrip tripID: UUID, on day: LocalDate?, owner: UUID) async throws -> String {
        let trip = try await trips.trip(tripID, owner: owner)
        if let day { try PinService.requireDay(day, of: trip, field: "date") }
        let track = try await tracks.track(ofTrip: tripID, owner: owner, in: day.map(trip.details.zone.interval(of:)), toleranceMeters: 0)
        return GPXDocument(name: day.map { "\(trip.details.title), \($0)" } ?? trip.details.title, track: track).text
    }
}
