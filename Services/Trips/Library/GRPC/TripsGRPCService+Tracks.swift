import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Location tracks: the switch, batches of points, a day's track and GPX.
extension TripsGRPCService {
    public func setTracking(request: Roam_Trips_V1_SetTrackingRequest, context _: ServerContext) async throws -> Roam_Trips_V1_SetTrackingResponse {
        let trip = try await tracks.setTracking(request.enabled, trip: UUID(field: "trip_id", request.tripID), owner: caller())
        return .with { $0.trip = trip.proto(at: trips.now()) }
    }

    public func recordTrackPoints(
        request: Roam_Trips_V1_RecordTrackPointsRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_RecordTrackPointsResponse
    {
        let tripID = try UUID(field: "trip_id", request.tripID)
        let points = try TrackPoint.list(request.points)
        let (new, repeated, located) = try await tracks.record(points, trip: tripID, owner: caller())
        return .with {
            $0.recorded = Int32(new)
            $0.repeated = Int32(repeated)
            $0.photosLocated = Int32(located)
        }
    }

    public func importTrackGPX(
        request: RPCAsyncSequence<Roam_Trips_V1_ImportTrackGPXRequest, any Error>, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_RecordTrackPointsResponse
    {
        let owner = try caller()
        var file = Data(), trip = ""
        for try await message in request {
            if trip.isEmpty { trip = message.tripID }
            file.append(message.chunk)
            guard file.count <= WalksGRPCService.maxGPXBytes else { throw RoamError.invalidField("gpx", "must be at most 4 MiB") }
        }
        let (new, repeated, located) = try await tracks.importGPX(try GPXReader.read(file), trip: UUID(field: "trip_id", trip), owner: owner)
        return .with {
            $0.recorded = Int32(new)
            $0.repeated = Int32(repeated)
            $0.photosLocated = Int32(located)
        }
    }

    public func locatePhotos(request: Roam_Trips_V1_LocatePhotosRequest, context _: ServerContext) async throws -> Roam_Trips_V1_LocatePhotosResponse
    {
        let located = try await tracks.locatePhotos(ofTrip: UUID(field: "trip_id", request.tripID), owner: caller())
        return .with { $0.located = Int32(located) }
    }

    public func getDayTrack(request: Roam_Trips_V1_GetDayTrackRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetDayTrackResponse {
        let tripID = try UUID(field: "trip_id", request.tripID)
        let day = try LocalDate(field: "date", request.date)
        let track = try await tracks.track(
            ofTrip: tripID, on: day, toleranceMeters: request.hasToleranceMeters ? request.toleranceMeters : nil,
            owner: caller())
        return track.proto(day)
    }

    public func exportGPX(
        request: Roam_Trips_V1_ExportGPXRequest, response: RPCWriter<Roam_Trips_V1_ExportGPXResponse>,
        context _: ServerContext
    ) async throws {
        let tripID = try UUID(field: "trip_id", request.tripID)
        let day = try request.date.isEmpty ? nil : LocalDate(field: "date", request.date)
        try await response.write(gpx: try await tracks.gpx(ofTrip: tripID, on: day, owner: caller()))
    }
}

extension TrackPoint {
    /// The points a request sends, each with its time and position (`points[3].at` names one without).
    static func list(_ points: [Roam_Trips_V1_TrackPoint]) throws(RoamError) -> [TrackPoint] {
        var validation = Validation()
        for (index, point) in points.enumerated() {
            validation.require(point.hasAt, "points[\(index)].at", "is required")
            validation.require(point.hasPosition, "points[\(index)].position", "is required")
        }
        try validation.check()
        return points.map { TrackPoint(at: $0.at.date, point: GeoPoint($0.position), accuracyMeters: $0.hasAccuracyMeters ? $0.accuracyMeters : nil) }
    }
}

extension RPCWriter<Roam_Trips_V1_ExportGPXResponse> {
    /// A GPX document in 256 KiB messages: well under gRPC's 4 MiB limit, whatever its size.
    func write(gpx text: String) async throws {
        let document = Data(text.utf8)
        var offset = 0
        repeat {
            let end = min(offset + 256 * 1_024, document.count)
            try await write(.with { $0.chunk = document[offset..<end] })
            offset = end
        } while offset < document.count
    }
}

extension [TrackPoint] {
    var proto: Roam_Trips_V1_TrackSegment {
        .with {
            $0.points = map { point in
                .with {
                    $0.at = Google_Protobuf_Timestamp(date: point.at)
                    $0.position = point.point.proto
                    if let accuracy = point.accuracyMeters { $0.accuracyMeters = accuracy }
                }
            }
        }
    }
}

extension Track {
    func proto(_ day: LocalDate) -> Roam_Trips_V1_GetDayTrackResponse {
        .with {
            $0.date = day.description
            $0.segments = segments.map(\.proto)
            $0.distanceMeters = distanceMeters
            $0.recordedPoints = Int32(recordedPoints)
        }
    }
}
