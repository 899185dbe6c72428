import Foundation
import GRPCCore
import RoamAPI
import RoamProto
import RoamRuntime

/// The caller's own media (`/v1/media`, `/v1/me/media`): uploads streamed through to the media
/// service, the library, and each item's metadata. Every item answered carries signed links.
extension GatewayAPI {
    func uploadMedia(_ input: Operations.UploadMedia.Input) async throws -> Operations.UploadMedia.Output {
        // A retry with the same `Idempotency-Key` answers the first item (`duplicate`), as do the same bytes.
        let upload = MediaUploadBody(
            body: input.body, attachmentOnly: input.query.attachmentOnly ?? false,
            idempotencyKey: input.headers.idempotencyKey, maxBytes: mediaMaxBytes)
        try upload.checkDeclaredLength()
        let failure = UploadFailure()
        let response: Roam_Media_V1_UploadResponse
        do {
            // No upstream timeout: a large file on a slow network takes as long as it takes.
            response = try await media.call(longLived: true) { client, options in
                try await client.upload(
                    options: options,
                    requestProducer: { writer in
                        do {
                            try await upload.send(to: writer)
                        } catch {
                            failure.record(error)
                            throw error
                        }
                    })
            }
        } catch {
            // What went wrong with the client's body says more than the cancelled call.
            if let recorded = failure.error { throw recorded }
            throw error
        }
        let item = Components.Schemas.Media(response.media, links: mediaLinks, duplicate: response.duplicate)
        return response.duplicate ? .ok(.init(body: .json(item))) : .created(.init(body: .json(item)))
    }

    func checkExistingMedia(_ input: Operations.CheckExistingMedia.Input) async throws -> Operations.CheckExistingMedia.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await media.call(idempotent: true) { client, options in
            try await client.checkExisting(
                .with {
                    $0.sha256 = body.sha256 ?? []
                    $0.deviceAssetIds = body.deviceAssetIds ?? []
                }, options: options)
        }
        return .ok(.init(body: .json(.init(deviceAssetIds: response.deviceAssetIds, sha256: response.sha256))))
    }

    func listMyMedia(_ input: Operations.ListMyMedia.Input) async throws -> Operations.ListMyMedia.Output {
        let query = input.query
        let near = try MediaNearQuery(latitude: query.latitude, longitude: query.longitude, withinMeters: query.withinMeters)
        let page = PageQuery(size: query.pageSize, token: query.pageToken)
        let response = try await renamingFields(as: Operations.ListMyMedia.Input.Query.self) {
            try await media.call(idempotent: true) { client, options in
                try await client.listMyMedia(
                    .with {
                        $0.page = page.proto
                        $0.oldestFirst = query.order == .oldest
                        if let from = query.from { $0.from = .init(date: from) }
                        if let to = query.to { $0.to = .init(date: to) }
                        if let near {
                            $0.near = .with {
                                $0.latitude = near.latitude; $0.longitude = near.longitude
                            }
                            $0.withinMeters = near.withinMeters
                        }
                        $0.subject = query.subject ?? ""
                        $0.withoutLocation = query.withoutLocation ?? false
                    }, options: options)
            }
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        media: response.media.map { .init($0, links: mediaLinks) },
                        nextPageToken: .pageToken(response.page)))))
    }

    func getMedia(_ input: Operations.GetMedia.Input) async throws -> Operations.GetMedia.Output {
        let response = try await media.call(idempotent: true) { client, options in
            try await client.getMedia(.with { $0.mediaID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(response.media, links: mediaLinks))))
    }

    func updateMedia(_ input: Operations.UpdateMedia.Input) async throws -> Operations.UpdateMedia.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await media.call { client, options in
            try await client.updateMedia(
                .with {
                    $0.mediaID = input.path.id
                    if let description = body.description { $0.description_p = description }
                    if let tags = body.tags {
                        $0.tags = tags
                        $0.replaceTags = true
                    }
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.media, links: mediaLinks))))
    }

    func clearInferredPosition(_ input: Operations.ClearInferredPosition.Input) async throws -> Operations.ClearInferredPosition.Output {
        let response = try await media.call(idempotent: true) { client, options in
            try await client.clearInferredPosition(.with { $0.mediaID = input.path.id }, options: options)
        }
        return .ok(.init(body: .json(.init(response.media, links: mediaLinks))))
    }

    func deleteMedia(_ input: Operations.DeleteMedia.Input) async throws -> Operations.DeleteMedia.Output {
        _ = try await media.call { client, options in try await client.deleteMedia(.with { $0.mediaID = input.path.id }, options: options) }
        return .noContent(.init())
    }
}
