import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// The gRPC face of the media service: converts messages and calls `MediaService`.
public struct MediaGRPCService: Roam_Media_V1_MediaService.SimpleServiceProtocol, ActsForCaller {
    let media: MediaService
    let spool: UploadSpool
    let maxBytes: Int
    let links: MediaLinkSigner

    public func upload(
        request: RPCAsyncSequence<Roam_Media_V1_UploadRequest, any Error>,
        context: ServerContext
    ) async throws -> Roam_Media_V1_UploadResponse {
        let owner = try caller()
        let file = try spool.begin(maxBytes: maxBytes)
        defer { file.discard() }
        var details = UploadDetails()
        var first = true
        for try await message in request {
            switch message.part {
            case .start(let start):
                guard first else { throw RoamError.invalidField("start", "must be the first message, and only once") }
                details = try UploadDetails(start)
            case .chunk(let chunk):
                try await file.append(chunk)
            case nil:
                break
            }
            first = false
        }
        let (item, duplicate) = try await media.accept(try file.finish(), from: owner, details: details)
        return .with {
            $0.media = item.proto
            $0.duplicate = duplicate
        }
    }

    public func checkExisting(
        request: Roam_Media_V1_CheckExistingRequest,
        context: ServerContext
    ) async throws -> Roam_Media_V1_CheckExistingResponse {
        let found = try await media.existing(checksums: request.sha256, deviceAssetIDs: request.deviceAssetIds, for: caller())
        return .with {
            $0.sha256 = found.checksums.sorted()
            $0.deviceAssetIds = found.deviceAssetIDs.sorted()
        }
    }

    public func getMedia(request: Roam_Media_V1_GetMediaRequest, context: ServerContext) async throws -> Roam_Media_V1_GetMediaResponse {
        let item = try await media.item(UUID(field: "media_id", request.mediaID), for: caller())
        return .with { $0.media = item.proto }
    }

    public func listMyMedia(request: Roam_Media_V1_ListMyMediaRequest, context: ServerContext) async throws -> Roam_Media_V1_ListMediaResponse {
        let query = MediaQuery(
            order: request.oldestFirst ? .oldestFirst : .newestFirst,
            from: request.hasFrom ? request.from.date : nil, to: request.hasTo ? request.to.date : nil,
            near: request.hasNear ? GeoCircle(center: GeoPoint(request.near), meters: request.withinMeters) : nil,
            subject: request.subject.isEmpty ? nil : request.subject, withoutLocation: request.withoutLocation,
            takenOn: try Self.localDay(request))
        let page = try await media.library(of: caller(), matching: query, page: request.page.domain())
        return .with {
            $0.media = page.items.map(\.proto)
            $0.page = .init(cursor: page.nextCursor)
        }
    }

    /// The `taken_on` a request names, or nil.
    static func localDay(_ request: Roam_Media_V1_ListMyMediaRequest) throws(RoamError) -> (date: LocalDate, zone: TripZone)? {
        guard request.hasTakenOn else { return nil }
        var validation = Validation()
        let date = LocalDate(request.takenOn.date), zone = TripZone(request.takenOn.timeZone)
        validation.require(date != nil, "taken_on.date", "must be a date such as 2026-07-14")
        validation.require(zone != nil, "taken_on.time_zone", "must be an IANA time zone such as Europe/Lisbon")
        try validation.check()
        return (date!, zone!)
    }

    public func summarizeDays(request: Roam_Media_V1_SummarizeDaysRequest, context: ServerContext) async throws -> Roam_Media_V1_SummarizeDaysResponse
    {
        let days = try await media.days(of: caller(), from: request.fromDate, to: request.toDate, zone: request.timeZone)
        return .with {
            $0.days = days.map { day in
                .with {
                    $0.date = day.date.description
                    $0.photoCount = Int32(clamping: day.count)
                    $0.cover = day.cover.proto
                }
            }
        }
    }

    public func nearestPhotos(request: Roam_Media_V1_NearestPhotosRequest, context: ServerContext) async throws -> Roam_Media_V1_NearestPhotosResponse
    {
        let found = try await media.nearest(
            to: request.points.mapValues(GeoPoint.init), from: request.fromDate, to: request.toDate,
            zone: request.timeZone, within: request.withinMeters, for: caller())
        return .with {
            $0.nearest = found.mapValues { nearby in
                .with {
                    $0.mediaID = nearby.mediaID.lowercasedString; $0.distanceMeters = nearby.meters
                }
            }
        }
    }

    public func updateMedia(request: Roam_Media_V1_UpdateMediaRequest, context: ServerContext) async throws -> Roam_Media_V1_UpdateMediaResponse {
        let item = try await media.describe(
            UUID(field: "media_id", request.mediaID), description: request.hasDescription_p ? request.description_p : nil,
            tags: request.replaceTags ? request.tags : nil, for: caller())
        return .with { $0.media = item.proto }
    }

    public func setInferredPositions(
        request: Roam_Media_V1_SetInferredPositionsRequest, context: ServerContext
    ) async throws
        -> Roam_Media_V1_SetInferredPositionsResponse
    {
        var validation = Validation()
        var positions: [UUID: GeoPoint] = [:]
        for (index, inferred) in request.positions.enumerated() {
            let id = UUID(uuidString: inferred.mediaID)
            validation.require(id != nil, "positions[\(index)].media_id", "must be a UUID")
            validation.require(inferred.hasPosition, "positions[\(index)].position", "is required")
            if let id, inferred.hasPosition { positions[id] = GeoPoint(inferred.position) }
        }
        try validation.check()
        let changed = try await media.setInferredPositions(positions, for: caller())
        return .with { $0.mediaIds = changed.map(\.id.lowercasedString) }
    }

    public func clearInferredPosition(
        request: Roam_Media_V1_ClearInferredPositionRequest, context: ServerContext
    ) async throws
        -> Roam_Media_V1_ClearInferredPositionResponse
    {
        let item = try await media.clearInferredPosition(UUID(field: "media_id", request.mediaID), for: caller())
        return .with { $0.media = item.proto }
    }

    public func deleteMedia(request: Roam_Media_V1_DeleteMediaRequest, context: ServerContext) async throws -> Roam_Media_V1_DeleteMediaResponse {
        try await media.delete(UUID(field: "media_id", request.mediaID), for: caller())
        return .init()
    }

    /// A signed link reads as a link holder whoever calls; one that is wrong or expired reads as an id
    /// that does not exist. Without a link, only the owner.
    private func reader(of id: UUID, variant: MediaVariant, link request: Roam_Media_V1_DownloadRequest) throws -> MediaReader {
        guard request.hasLink else { return .owner(try caller()) }
        guard
            links.accepts(
                signature: request.link.signature, media: id, variant: variant.rawValue, expires: request.link.expires,
                at: Date())
        else { throw MediaError.mediaNotFound }
        return .linkHolder
    }

    public func download(
        request: Roam_Media_V1_DownloadRequest, response: RPCWriter<Roam_Media_V1_DownloadResponse>,
        context: ServerContext
    ) async throws {
        let variant: MediaVariant =
            switch request.variant {
            case .thumbnail: .thumbnail
            case .preview: .preview
            default: .original
            }
        var range: ClosedRange<Int>?
        if request.hasRangeStart {
            let end = request.hasRangeEnd ? Int(request.rangeEnd) : Int.max - 1
            guard request.rangeStart >= 0, Int(request.rangeStart) <= end else {
                throw RoamError.invalidField("range_start", "must be 0 to range_end")
            }
            range = Int(request.rangeStart)...end
        }
        let id = try UUID(field: "media_id", request.mediaID)
        let download = try await media.download(id, variant: variant, range: range, as: try reader(of: id, variant: variant, link: request))
        let served = download.content.range ?? 0...max(download.content.size - 1, 0)
        try await response.write(
            .with {
                $0.head = .with {
                    $0.contentType = download.contentType
                    $0.sizeBytes = Int64(download.content.size)
                    $0.rangeStart = Int64(served.lowerBound)
                    $0.rangeEnd = Int64(served.upperBound)
                    $0.etag = download.etag
                }
            })
        for try await chunk in download.content.chunks {
            try await response.write(.with { $0.chunk = chunk })
        }
    }

    public func attach(request: Roam_Media_V1_AttachRequest, context: ServerContext) async throws -> Roam_Media_V1_AttachResponse {
        try await media.attach(
            try request.mediaIds.map { id throws(RoamError) in try UUID(field: "media_ids", id) }, to: request.subject, for: caller())
        return .init()
    }

    public func detach(request: Roam_Media_V1_DetachRequest, context: ServerContext) async throws -> Roam_Media_V1_DetachResponse {
        try await media.detach(
            try request.mediaIds.map { id throws(RoamError) in try UUID(field: "media_ids", id) }, from: request.subject, for: caller())
        return .init()
    }
}
