import Foundation
import RoamCore

/// A trip's location track: off until its owner turns it on, then points arrive in batches, and each
/// day comes back segmented and simplified for the map, or whole as GPX. The owner's photos without GPS
/// get their positions from it.
public struct TrackService: Sendable {
    let trips: TripService
    let tracks: any TrackRepository
    let photos: any TripPhotos
    let positions: any InferredPositions

    /// The most photos without a position looked at in one pass.
    public static let photosPerPass = 1_000

    /// The most a day's track may be simplified, in metres.
    public static let maxToleranceMeters = 1_000.0
    public static let defaultToleranceMeters = 5.0

    /// Turns recording on or off (off keeps what was recorded).
    public func setTracking(_ on: Bool, trip tripID: UUID, owner: UUID) async throws -> Trip {
        guard let trip = try await tracks.setTracking(on, trip: tripID, owner: owner) else { throw TripService.tripNotFound }
        return trip
    }

    /// Stores a batch; answers how many points were new (the others had been sent before) and how many
    /// photos taken meanwhile got a position from them. The points are kept when media cannot be
    /// reached; `locatePhotos` places those photos later.
    public func record(_ points: [TrackPoint], trip tripID: UUID, owner: UUID) async throws -> (new: Int, repeated: Int, photosLocated: Int) {
        let trip = try await trips.trip(tripID, owner: owner)
        guard trip.tracking else { throw TripsError.trackingOff }
        let checked = try TrackPoint.validated(points, for: trip.details)
        guard let new = try await tracks.addTrackPoints(checked, trip: tripID, owner: owner) else { throw TripService.tripNotFound }
        let times = checked.map(\.at)
        var located = 0
        if new > 0, let first = times.min(), let last = times.max() {
            let during = first.addingTimeInterval(-PhotoLocator.window)..<last.addingTimeInterval(PhotoLocator.window + 0.001)
            located = (try? await locate(trip, during: during)) ?? 0
        }
        return (new, checked.count - new, located)
    }

    /// A GPX file's track points (each with a time, on the trip's days) added to the trip's track, as
    /// recorded points are: each moment once, so importing the file again adds nothing. Tracking need not
    /// be on (the file is the recording). Stored in batches: one that fails leaves earlier batches, and
    /// importing again completes it.
    public func importGPX(_ file: ImportedWalk, trip tripID: UUID, owner: UUID) async throws -> (new: Int, repeated: Int, photosLocated: Int) {
        let trip = try await trips.trip(tripID, owner: owner)
        var validation = Validation()
        validation.require(!file.points.isEmpty, "gpx", "must have a track of at least 1 point with a time")
        validation.require(
            file.points.count <= WalkService.maxImportedPoints, "gpx",
            "must have at most \(WalkService.maxImportedPoints.formatted()) track points")
        let zone = trip.details.zone
        for (index, point) in file.points.enumerated() where validation.violations.count < GPXReader.maxViolations {
            point.point.validate("gpx.trkpt[\(index)]", into: &validation)
            validation.require(
                trip.details.dates.contains(zone.date(of: point.at)), "gpx.trkpt[\(index)].time",
                "must be on a day of the trip (\(trip.details.dates.start) to \(trip.details.dates.end) in \(zone.identifier))")
        }
        try validation.check()
        // Microseconds, as PostgreSQL keeps them, so a point imported twice is the same point in both stores.
        let points = file.points.map { TrackPoint(at: $0.at.wholeMicroseconds, point: $0.point, accuracyMeters: $0.accuracyMeters) }
        var new = 0
        for start in stride(from: 0, to: points.count, by: TrackPoint.batchLimit) {
            let batch = Array(points[start..<min(start + TrackPoint.batchLimit, points.count)])
            guard let added = try await tracks.addTrackPoints(batch, trip: tripID, owner: owner) else { throw TripService.tripNotFound }
            new += added
        }
        var located = 0
        if new > 0, let first = points.map(\.at).min(), let last = points.map(\.at).max() {
            let during = first.addingTimeInterval(-PhotoLocator.window)..<last.addingTimeInterval(PhotoLocator.window + 0.001)
            located = (try? await locate(trip, during: during)) ?? 0
        }
        return (new, points.count - new, located)
    }

    /// Gives the trip's photos without GPS a position from its track at their capture time (within
    /// five minutes of a recorded point), marked as inferred in media; says how many took one.
    public func locatePhotos(ofTrip tripID: UUID, owner: UUID) async throws -> Int {
        let trip = try await trips.trip(tripID, owner: owner)
        let zone = trip.details.zone
        return try await locate(
            trip, during: zone.interval(of: trip.details.dates.start).lowerBound..<zone.interval(of: trip.details.dates.end).upperBound)
    }

    private func locate(_ trip: Trip, during span: Range<Date>) async throws -> Int {
        let candidates = try await photos.photosWithoutPosition(of: trip.ownerID, takenIn: span, limit: Self.photosPerPass)
        let zone = trip.details.zone
        let taken = candidates.compactMap { photo in photo.instant(in: zone).flatMap { span.contains($0) ? (photo.mediaID, $0) : nil } }
        guard let first = taken.map(\.1).min(), let last = taken.map(\.1).max() else { return 0 }
        let recorded = try await tracks.track(
            ofTrip: trip.id, owner: trip.ownerID,
            in: first.addingTimeInterval(-PhotoLocator.window)..<last.addingTimeInterval(PhotoLocator.window + 0.001),
            toleranceMeters: 0)
        let points = recorded.segments.flatMap { $0 }.sorted { $0.at < $1.at }
        var found: [UUID: GeoPoint] = [:]
        for (id, instant) in taken { found[id] = PhotoLocator.position(at: instant, along: points) }
        guard !found.isEmpty else { return 0 }
        return try await positions.setInferredPositions(found, for: trip.ownerID).count
    }

    /// The day's track, segmented and simplified to `toleranceMeters` (default 5 m).
    public func track(ofTrip tripID: UUID, on day: LocalDate, toleranceMeters: Double?, owner: UUID) async throws -> Track {
        try await track(of: trips.trip(tripID, owner: owner), on: day, toleranceMeters: toleranceMeters)
    }

    /// The day's track of a trip its owner has already read.
    public func track(of trip: Trip, on day: LocalDate, toleranceMeters: Double?) async throws -> Track {
        try PinService.requireDayInPath(day, of: trip)
        let tolerance = toleranceMeters ?? Self.defaultToleranceMeters
        guard tolerance.isFinite, (0...Self.maxToleranceMeters).contains(tolerance) else {
            throw RoamError.invalidField("tolerance_meters", "must be from 0 to \(Int(Self.maxToleranceMeters))")
        }
        return try await tracks.track(ofTrip: trip.id, owner: trip.ownerID, in: trip.details.zone.interval(of: day), toleranceMeters: tolerance)
    }

    /// Everything recorded on `trip`, not simplified.
    public func wholeTrack(of trip: Trip) async throws -> Track {
        try await tracks.track(ofTrip: trip.id, owner: trip.ownerID, in: nil, toleranceMeters: 0)
    }

    /// The whole recorded track of a day, or of the trip, as GPX 1.1.
    public func gpx(ofTrip tripID: UUID, on day: LocalDate?, owner: UUID) async throws -> String {
        let trip = try await trips.trip(tripID, owner: owner)
        if let day { try PinService.requireDay(day, of: trip, field: "date") }
        let track = try await tracks.track(ofTrip: tripID, owner: owner, in: day.map(trip.details.zone.interval(of:)), toleranceMeters: 0)
        return GPXDocument(name: day.map { "\(trip.details.title), \($0)" } ?? trip.details.title, track: track).text
    }
}
