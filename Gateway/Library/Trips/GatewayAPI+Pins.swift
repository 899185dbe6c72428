import Foundation
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/trips/{id}/pins…` and `/v1/trips/{id}/days/{date}/route`: a trip's pins, the photos near
/// them, and a day's route as GeoJSON. Photos come with signed links for the owner's own app.
extension GatewayAPI {
    func createPin(_ input: Operations.CreatePin.Input) async throws -> Operations.CreatePin.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await trips.call { client, options in
            try await client.createPin(
                .with {
                    $0.tripID = input.path.id
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                    $0.pin = .with {
                        $0.title = body.title ?? ""
                        $0.description_p = body.description
                        if let point = body.point { $0.point = point.proto }
                        if let visitedAt = body.visitedAt { $0.visitedAt = .init(date: visitedAt) }
                        $0.tags = body.tags ?? []
                        $0.coverMediaID = body.coverMediaId ?? ""
                        $0.placeID = body.placeId ?? ""
                    }
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.pin, links: mediaLinks))))
    }

    func listPins(_ input: Operations.ListPins.Input) async throws -> Operations.ListPins.Output {
        let query = input.query
        let page = PageQuery(size: query.pageSize, token: query.pageToken)
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.listPins(
                .with {
                    $0.tripID = input.path.id
                    $0.date = query.date ?? ""
                    $0.page = page.proto
                }, options: options)
        }
        return .ok(.init(body: .json(.init(nextPageToken: .pageToken(response.page), pins: response.pins.map { .init($0, links: mediaLinks) }))))
    }

    func getPin(_ input: Operations.GetPin.Input) async throws -> Operations.GetPin.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.getPin(
                .with {
                    $0.tripID = input.path.id
                    $0.pinID = input.path.pinId
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.pin, links: mediaLinks))))
    }

    func updatePin(_ input: Operations.UpdatePin.Input) async throws -> Operations.UpdatePin.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await trips.call { client, options in
            try await client.updatePin(
                .with {
                    $0.tripID = input.path.id
                    $0.pinID = input.path.pinId
                    if let title = body.title { $0.title = title }
                    if let description = body.description { $0.description_p = description }
                    if let point = body.point { $0.point = point.proto }
                    if let visitedAt = body.visitedAt { $0.visitedAt = .init(date: visitedAt) }
                    if let tags = body.tags {
                        $0.tags = tags
                        $0.replaceTags = true
                    }
                    if let cover = body.coverMediaId { $0.coverMediaID = cover }
                    if let place = body.placeId { $0.placeID = place }
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.pin, links: mediaLinks))))
    }

    func deletePin(_ input: Operations.DeletePin.Input) async throws -> Operations.DeletePin.Output {
        _ = try await trips.call(idempotent: true) { client, options in
            try await client.deletePin(
                .with {
                    $0.tripID = input.path.id
                    $0.pinID = input.path.pinId
                }, options: options)
        }
        return .noContent(.init())
    }

    func listPhotosNearPin(_ input: Operations.ListPhotosNearPin.Input) async throws -> Operations.ListPhotosNearPin.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.listPhotosNearPin(
                .with {
                    $0.tripID = input.path.id
                    $0.pinID = input.path.pinId
                    $0.limit = Int32(clamping: input.query.limit ?? 0)
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        photos: response.photos.map { photo in
                            .init(
                                capturedAt: photo.hasCapturedAt ? photo.capturedAt.date : nil, distanceMeters: photo.distanceMeters,
                                links: mediaLinks.links(for: photo.mediaID), mediaId: photo.mediaID,
                                position: photo.hasPosition ? .init(photo.position) : nil)
                        }))))
    }

    func getDayRoute(_ input: Operations.GetDayRoute.Input) async throws -> Operations.GetDayRoute.Output {
        let response = try await trips.call(idempotent: true) { client, options in
            try await client.getDayRoute(
                .with {
                    $0.tripID = input.path.id
                    $0.date = input.path.date
                }, options: options)
        }
        return .ok(.init(body: .applicationGeoJson(.init(response))))
    }
}
