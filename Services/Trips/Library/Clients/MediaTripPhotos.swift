import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// `TripPhotos` over the media service's `ListMyMedia`, and `InferredPositions` over its
/// `SetInferredPositions`, acting for the caller whose token came with the current request, so media
/// shows and changes only their own library.
public struct MediaTripPhotos<Transport: ClientTransport>: TripPhotos, InferredPositions {
    let upstream: Upstream<Transport>

    /// A day either way: a wall-clock capture time may be any zone's.
    static var wallClockMargin: TimeInterval { 86_400 }

    public func photos(
        of owner: UUID, takenIn interval: Range<Date>, near: GeoPoint?, within meters: Double?, limit: Int
    ) async throws
        -> [TripPhoto]
    {
        try await list(of: owner, takenIn: interval, near: near, within: meters, withoutPosition: false, limit: limit)
    }

    public func photosWithoutPosition(of owner: UUID, takenIn interval: Range<Date>, limit: Int) async throws -> [TripPhoto] {
        try await list(of: owner, takenIn: interval, near: nil, within: nil, withoutPosition: true, limit: limit)
    }

    /// Asked 1,000 points at a time, media's limit.
    public func nearestPhotos(
        of owner: UUID, to points: [UUID: GeoPoint], on dates: TripDates, in zone: TripZone, within meters: Double
    )
        async throws -> [UUID: UUID]
    {
        try Self.requireSignedIn(owner)
        var found: [UUID: UUID] = [:]
        let all = Array(points)
        for start in stride(from: 0, to: all.count, by: 1_000) {
            let batch = all[start..<min(start + 1_000, all.count)]
            let request = Roam_Media_V1_NearestPhotosRequest.with {
                $0.points = Dictionary(uniqueKeysWithValues: batch.map { ($0.key.lowercasedString, $0.value.proto) })
                $0.fromDate = dates.start.description
                $0.toDate = dates.end.description
                $0.timeZone = zone.identifier
                $0.withinMeters = meters
            }
            do {
                let response = try await upstream.call(idempotent: true) { client, options in
                    try await Roam_Media_V1_MediaService.Client(wrapping: client).nearestPhotos(request, options: options)
                }
                for (key, nearest) in response.nearest {
                    if let point = UUID(uuidString: key), let photo = UUID(uuidString: nearest.mediaID) { found[point] = photo }
                }
            } catch let error as RPCError {
                throw RoamError(error)
            }
        }
        return found
    }

    public func setInferredPositions(_ positions: [UUID: GeoPoint], for owner: UUID) async throws -> [UUID] {
        try Self.requireSignedIn(owner)
        let request = Roam_Media_V1_SetInferredPositionsRequest.with {
            $0.positions = positions.map { id, point in
                .with {
                    $0.mediaID = id.lowercasedString; $0.position = point.proto
                }
            }
        }
        do {
            let response = try await upstream.call(idempotent: true) { client, options in
                try await Roam_Media_V1_MediaService.Client(wrapping: client).setInferredPositions(request, options: options)
            }
            return response.mediaIds.compactMap { UUID(uuidString: $0) }
        } catch let error as RPCError {
            throw RoamError(error)
        }
    }

    static func requireSignedIn(_ owner: UUID) throws(RoamError) {
        guard case .user(let user)? = CallContext.current.caller, user.id == owner else {
            throw RoamError(.internal, reason: "INTERNAL", message: "a library is read for its signed-in owner only")
        }
    }

    private func list(
        of owner: UUID, takenIn interval: Range<Date>, near: GeoPoint?, within meters: Double?, withoutPosition: Bool,
        limit: Int
    ) async throws -> [TripPhoto] {
        try Self.requireSignedIn(owner)
        var found: [TripPhoto] = []
        var token = ""
        repeat {
            let request = Roam_Media_V1_ListMyMediaRequest.with {
                $0.oldestFirst = true
                $0.from = Google_Protobuf_Timestamp(date: interval.lowerBound.addingTimeInterval(-Self.wallClockMargin))
                $0.to = Google_Protobuf_Timestamp(date: interval.upperBound.addingTimeInterval(Self.wallClockMargin))
                if let near, let meters {
                    $0.near = near.proto
                    $0.withinMeters = meters
                }
                $0.withoutLocation = withoutPosition
                $0.page = .with {
                    $0.pageSize = Int32(min(100, limit - found.count))
                    $0.pageToken = token
                }
            }
            let response: Roam_Media_V1_ListMediaResponse
            do {
                response = try await upstream.call(idempotent: true) { client, options in
                    try await Roam_Media_V1_MediaService.Client(wrapping: client).listMyMedia(request, options: options)
                }
            } catch let error as RPCError {
                throw RoamError(error)
            }
            found += response.media.compactMap(TripPhoto.init)
            token = response.page.nextPageToken
        } while !token.isEmpty && found.count < limit
        return found
    }
}

extension TripPhoto {
    init?(_ item: Roam_Media_V1_MediaItem) {
        guard let id = UUID(uuidString: item.mediaID) else { return nil }
        self.init(
            mediaID: id, capturedAt: item.hasCaptured && item.captured.hasAt ? item.captured.at.date : nil,
            capturedAtIsLocal: item.hasCaptured && !item.captured.hasUtcOffsetSeconds, point: item.hasPosition ? GeoPoint(item.position) : nil)
    }
}
