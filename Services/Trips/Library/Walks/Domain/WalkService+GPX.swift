import Foundation
import RoamCore

/// Walks as GPX files: one written out, a file read in as the owner's finished walk.
extension WalkService {
    /// The walk as GPX 1.1 for a reader who may see it.
    public func gpx(of id: UUID, for reader: UUID) async throws -> String {
        let walk = try await readable(id, for: reader)
        let points = try await walks.points(of: id, after: nil, limit: Int.max)
        return WalkGPX(walk: walk, points: points).text
    }

    /// A GPX file's track as the owner's finished, private walk: from its first point to its last,
    /// its waypoints as points of interest. A retry with the same idempotency key answers the first walk.
    public func importGPX(_ file: ImportedWalk, owner: UUID, idempotencyKey: String?) async throws -> Walk {
        var validation = Validation()
        validation.require(file.points.count >= 2, "gpx", "must have a track of at least 2 points with times")
        validation.require(file.points.count <= Self.maxImportedPoints, "gpx", "must have at most \(Self.maxImportedPoints.formatted()) track points")
        // As with points recorded live: none later than now (a minute of clock skew allowed).
        let latest = now().addingTimeInterval(60)
        for (index, point) in file.points.enumerated() where validation.violations.count < GPXReader.maxViolations {
            point.point.validate("gpx.trkpt[\(index)]", into: &validation)
            validation.require(point.at <= latest, "gpx.trkpt[\(index)].time", "must not be in the future")
        }
        validation.require(file.waypoints.count <= 200, "gpx", "must have at most 200 waypoints")
        try validation.check()
        let points = file.points.map { TrackPoint(at: $0.at.wholeMicroseconds, point: $0.point, accuracyMeters: $0.accuracyMeters) }
            .sorted { $0.at < $1.at }
        let name = file.name.trimmingCharacters(in: .whitespacesAndNewlines)
        let details = try WalkDetails(
            title: name.isEmpty ? "Imported walk" : String(name.prefix(WalkDetails.maxTitleLength)),
            description: String(file.description.prefix(WalkDetails.maxDescriptionLength))
        ).validated()
        let time = now()
        let pointsOfInterest = try file.waypoints.map { waypoint in
            try PointOfInterest(
                id: UUID.v7(), point: waypoint.point,
                name: waypoint.name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? "Waypoint" : String(waypoint.name.prefix(200)),
                note: String(waypoint.note.prefix(PointOfInterest.maxNoteLength)), createdAt: time
            ).validated()
        }
        let walk = Walk(
            id: UUID.v7(), ownerID: owner, details: details, start: WalkPlace(point: points[0].point),
            destination: WalkPlace(point: points[points.count - 1].point), startedAt: points[0].at,
            finishedAt: points[points.count - 1].at, route: WalkRoute(points: points), pointsOfInterest: pointsOfInterest,
            createdAt: time, updatedAt: time)
        return try await walks.create(walk, points: points, idempotencyKey: idempotencyKey)
    }
}
