import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// The gRPC face of walks: converts messages and calls `WalkService` for the caller.
public struct WalksGRPCService: Roam_Trips_V1_WalksService.SimpleServiceProtocol, ActsForCaller {
    /// The largest GPX file taken, in bytes.
    public static let maxGPXBytes = 4 << 20

    let walks: WalkService

    public func startWalk(request: Roam_Trips_V1_StartWalkRequest, context _: ServerContext) async throws -> Roam_Trips_V1_WalkResponse {
        guard request.hasStart else { throw RoamError.invalidField("start", "is required") }
        guard request.start.hasPoint else { throw RoamError.invalidField("start.point", "is required") }
        if request.hasDestination, !request.destination.hasPoint { throw RoamError.invalidField("destination.point", "is required") }
        let start = WalkStart(
            details: WalkDetails(title: request.title, description: request.description_p, tags: request.tags),
            start: WalkPlace(request.start), destination: request.hasDestination ? WalkPlace(request.destination) : nil,
            routeID: request.routeID.isEmpty ? nil : try UUID(field: "route_id", request.routeID),
            startedAt: request.hasStartedAt ? request.startedAt.date : nil)
        let walk = try await walks.start(start, owner: caller(), idempotencyKey: request.idempotencyKey.isEmpty ? nil : request.idempotencyKey)
        return .with { $0.walk = SeenWalk(walk: walk).proto }
    }

    public func recordWalkPoints(
        request: Roam_Trips_V1_RecordWalkPointsRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_RecordWalkPointsResponse
    {
        let id = try UUID(field: "walk_id", request.walkID)
        let (recorded, total) = try await walks.record(try TrackPoint.list(request.points), walk: id, owner: caller())
        return .with {
            $0.recorded = Int32(recorded)
            $0.pointCount = Int32(total)
        }
    }

    public func addPointOfInterest(
        request: Roam_Trips_V1_AddPointOfInterestRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_WalkResponse
    {
        let id = try UUID(field: "walk_id", request.walkID)
        guard request.hasPoint else { throw RoamError.invalidField("point", "is required") }
        let point = PointOfInterest(
            id: UUID(), point: GeoPoint(request.point), name: request.name, note: request.note,
            mediaIDs: try RequestIDs.list("media_ids", request.mediaIds), createdAt: Date())
        return try await answer(try await walks.addPointOfInterest(point, walk: id, owner: caller()))
    }

    public func removePointOfInterest(
        request: Roam_Trips_V1_RemovePointOfInterestRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_WalkResponse
    {
        let id = try UUID(field: "walk_id", request.walkID)
        let point = try UUID(field: "point_of_interest_id", request.pointOfInterestID)
        return try await answer(try await walks.removePointOfInterest(point, walk: id, owner: caller()))
    }

    public func finishWalk(request: Roam_Trips_V1_FinishWalkRequest, context _: ServerContext) async throws -> Roam_Trips_V1_WalkResponse {
        let id = try UUID(field: "walk_id", request.walkID)
        return try await answer(try await walks.finish(id, owner: caller(), at: request.hasFinishedAt ? request.finishedAt.date : nil))
    }

    public func setWalkVisibility(
        request: Roam_Trips_V1_SetWalkVisibilityRequest, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_WalkResponse
    {
        let id = try UUID(field: "walk_id", request.walkID)
        let visibility: WalkVisibility =
            switch request.visibility {
            case .private: .private
            case .public: .public
            case .unspecified, .UNRECOGNIZED: throw RoamError.invalidField("visibility", "must be private or public")
            }
        return try await answer(try await walks.setVisibility(visibility, walk: id, owner: caller()))
    }

    public func updateWalk(request: Roam_Trips_V1_UpdateWalkRequest, context _: ServerContext) async throws -> Roam_Trips_V1_WalkResponse {
        let id = try UUID(field: "walk_id", request.walkID)
        let changes = WalkChanges(
            title: request.hasTitle ? request.title : nil, description: request.hasDescription_p ? request.description_p : nil,
            tags: request.replaceTags ? request.tags : nil,
            mediaIDs: request.replaceMedia ? try RequestIDs.list("media_ids", request.mediaIds) : nil)
        return try await answer(try await walks.update(id, changes: changes, owner: caller()))
    }

    public func deleteWalk(request: Roam_Trips_V1_DeleteWalkRequest, context _: ServerContext) async throws -> Roam_Trips_V1_DeleteWalkResponse {
        try await walks.delete(UUID(field: "walk_id", request.walkID), owner: caller())
        return .init()
    }

    public func getWalk(request: Roam_Trips_V1_GetWalkRequest, context _: ServerContext) async throws -> Roam_Trips_V1_WalkResponse {
        let seen = try await walks.walk(UUID(field: "walk_id", request.walkID), for: caller())
        return .with { $0.walk = seen.proto }
    }

    public func getWalkPath(request: Roam_Trips_V1_GetWalkPathRequest, context _: ServerContext) async throws -> Roam_Trips_V1_GetWalkPathResponse {
        let id = try UUID(field: "walk_id", request.walkID)
        let after = try request.page.pageToken.isEmpty ? nil : Self.pathCursor(request.page.pageToken)
        let size = request.page.pageSize == 0 ? 1_000 : Int(request.page.pageSize)
        guard (1...WalkService.maxPathPage).contains(size) else { throw RoamError.invalidField("page.page_size", "must be 1 to 5,000") }
        let points = try await walks.path(of: id, for: caller(), after: after, limit: size + 1)
        return .with {
            $0.points = Array(points.prefix(size)).proto.points
            if points.count > size, let last = points.prefix(size).last {
                $0.page.nextPageToken = PageCursor.encode([String(Int64((last.at.timeIntervalSince1970 * 1_000_000).rounded()))])
            }
        }
    }

    /// The last point's time in microseconds, as a path's page token holds it.
    static func pathCursor(_ token: String) throws(RoamError) -> Date {
        let parts = try PageCursor.decode(token, count: 1)
        guard let micros = Int64(parts[0]) else { throw RoamError.invalidField("page.page_token", "is not a token this listing returned") }
        return Date(timeIntervalSince1970: TimeInterval(micros) / 1_000_000)
    }

    public func listMyWalks(request: Roam_Trips_V1_ListMyWalksRequest, context _: ServerContext) async throws -> Roam_Trips_V1_ListWalksResponse {
        answer(try await walks.ownWalks(of: caller(), page: request.page.domain()))
    }

    public func listWalkHistory(request: Roam_Trips_V1_ListMyWalksRequest, context _: ServerContext) async throws -> Roam_Trips_V1_ListWalksResponse {
        answer(try await walks.history(of: caller(), page: request.page.domain()))
    }

    public func searchWalks(request: Roam_Trips_V1_SearchWalksRequest, context _: ServerContext) async throws -> Roam_Trips_V1_ListWalksResponse {
        let order: WalkOrder? =
            switch request.order {
            case .unspecified: nil
            case .distance: .distance
            case .rating: .rating
            case .recent: .recent
            case .UNRECOGNIZED: throw RoamError.invalidField("order", "must be distance, rating or recent")
            }
        let query = WalkQuery(
            reader: try caller(), near: request.hasNear ? (GeoPoint(request.near), request.withinMeters) : nil,
            text: request.text.isEmpty ? nil : request.text, tag: request.tag.isEmpty ? nil : request.tag, order: order)
        return answer(try await walks.search(query, page: request.page.domain()))
    }

    public func rateWalk(request: Roam_Trips_V1_RateWalkRequest, context _: ServerContext) async throws -> Roam_Trips_V1_WalkResponse {
        let seen = try await walks.rate(UUID(field: "walk_id", request.walkID), rating: Int(request.rating), by: caller())
        return .with { $0.walk = seen.proto }
    }

    public func exportWalkGPX(
        request: Roam_Trips_V1_ExportWalkGPXRequest, response: RPCWriter<Roam_Trips_V1_ExportGPXResponse>,
        context _: ServerContext
    ) async throws {
        try await response.write(gpx: try await walks.gpx(of: UUID(field: "walk_id", request.walkID), for: caller()))
    }

    public func importWalkGPX(
        request: RPCAsyncSequence<Roam_Trips_V1_ImportWalkGPXRequest, any Error>, context _: ServerContext
    ) async throws
        -> Roam_Trips_V1_WalkResponse
    {
        let owner = try caller()
        var file = Data(), key = "", first = true
        for try await message in request {
            if first { key = message.idempotencyKey }
            first = false
            file.append(message.chunk)
            guard file.count <= Self.maxGPXBytes else { throw RoamError.invalidField("gpx", "must be at most 4 MiB") }
        }
        let walk = try await walks.importGPX(try GPXReader.read(file), owner: owner, idempotencyKey: key.isEmpty ? nil : key)
        return .with { $0.walk = SeenWalk(walk: walk).proto }
    }

    /// For the feed, with its service credential: whether `reader_id` may see the walk, and whose it is.
    public func checkWalk(request: Roam_Trips_V1_CheckWalkRequest, context _: ServerContext) async throws -> Roam_Trips_V1_CheckWalkResponse {
        let walk = try await walks.visibleWalk(UUID(field: "walk_id", request.walkID), for: UUID(field: "reader_id", request.readerID))
        return .with {
            $0.visible = walk != nil
            $0.ownerID = walk?.ownerID.lowercasedString ?? ""
        }
    }

    private func answer(_ page: Page<SeenWalk>) -> Roam_Trips_V1_ListWalksResponse {
        .with {
            $0.walks = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    /// The owner's walk after a change, as a read of it would show it.
    private func answer(_ walk: Walk) async throws -> Roam_Trips_V1_WalkResponse {
        let seen = try await walks.seen([walk], by: walk.ownerID)[0]
        return .with { $0.walk = seen.proto }
    }
}
