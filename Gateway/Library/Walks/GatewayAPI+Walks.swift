import Foundation
import GRPCCore
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/walks…` and `/v1/me/walks`: walks recorded and posted (trips keeps them), their paths as pages,
/// GeoJSON and GPX, ratings, and comments through the feed.
extension GatewayAPI {
    /// The largest GPX file passed on to trips, as trips takes it.
    static var maxGPXBytes: Int { 4 << 20 }

    func startWalk(_ input: Operations.StartWalk.Input) async throws -> Operations.StartWalk.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await walks.call { client, options in
            try await client.startWalk(
                .with {
                    $0.title = body.title
                    $0.description_p = body.description ?? ""
                    $0.tags = body.tags ?? []
                    $0.start = body.start.proto
                    if let destination = body.destination { $0.destination = destination.proto }
                    if let startedAt = body.startedAt { $0.startedAt = .init(date: startedAt) }
                    $0.routeID = body.routeId ?? ""
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                }, options: options)
        }
        return .created(.init(body: .json(.init(response.walk, links: mediaLinks))))
    }

    func searchWalks(_ input: Operations.SearchWalks.Input) async throws -> Operations.SearchWalks.Output {
        let search = try WalkSearch(input.query)
        let response = try await renamingFields(as: WalkSearch.self) {
            try await walks.call(idempotent: true) { client, options in try await client.searchWalks(search.request, options: options) }
        }
        let withDistance = search.request.hasNear
        return .ok(
            .init(
                body: .json(
                    .init(
                        walks: response.walks.map { .init($0, links: mediaLinks, withDistance: withDistance) },
                        nextPageToken: .pageToken(response.page)))))
    }

    func listMyWalks(_ input: Operations.ListMyWalks.Input) async throws -> Operations.ListMyWalks.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await walks.call(idempotent: true) { client, options in
            try await client.listMyWalks(.with { $0.page = page.proto }, options: options)
        }
        return .ok(.init(body: .json(.init(walks: response.walks.map { .init($0, links: mediaLinks) }, nextPageToken: .pageToken(response.page)))))
    }

    func listWalkHistory(_ input: Operations.ListWalkHistory.Input) async throws -> Operations.ListWalkHistory.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await walks.call(idempotent: true) { client, options in
            try await client.listWalkHistory(.with { $0.page = page.proto }, options: options)
        }
        return .ok(.init(body: .json(.init(walks: response.walks.map { .init($0, links: mediaLinks) }, nextPageToken: .pageToken(response.page)))))
    }

    func getWalk(_ input: Operations.GetWalk.Input) async throws -> Operations.GetWalk.Output {
        .ok(
            .init(
                body: .json(
                    try await walk(idempotent: true) { client, options in
                        try await client.getWalk(.with { $0.walkID = input.path.id }, options: options)
                    })))
    }

    func updateWalk(_ input: Operations.UpdateWalk.Input) async throws -> Operations.UpdateWalk.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .ok(
            .init(
                body: .json(
                    try await walk(idempotent: true) { client, options in
                        try await client.updateWalk(
                            .with {
                                $0.walkID = input.path.id
                                if let title = body.title { $0.title = title }
                                if let description = body.description { $0.description_p = description }
                                if let tags = body.tags {
                                    $0.tags = tags
                                    $0.replaceTags = true
                                }
                                if let mediaIds = body.mediaIds {
                                    $0.mediaIds = mediaIds
                                    $0.replaceMedia = true
                                }
                            }, options: options)
                    })))
    }

    func deleteWalk(_ input: Operations.DeleteWalk.Input) async throws -> Operations.DeleteWalk.Output {
        _ = try await walks.call(idempotent: true) { client, options in
            try await client.deleteWalk(.with { $0.walkID = input.path.id }, options: options)
        }
        return .noContent(.init())
    }

    func recordWalkPoints(_ input: Operations.RecordWalkPoints.Input) async throws -> Operations.RecordWalkPoints.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        // Each moment is kept once, so a retry of the batch is harmless.
        let response = try await walks.call(idempotent: true) { client, options in
            try await client.recordWalkPoints(
                .with {
                    $0.walkID = input.path.id
                    $0.points = body.points.map(\.proto)
                }, options: options)
        }
        return .ok(.init(body: .json(.init(recorded: response.recorded, pointCount: response.pointCount))))
    }

    func getWalkPath(_ input: Operations.GetWalkPath.Input) async throws -> Operations.GetWalkPath.Output {
        let response = try await path(of: input.path.id, pageSize: input.query.pageSize ?? 1_000, pageToken: input.query.pageToken ?? "")
        return .ok(
            .init(body: .json(.init(points: response.points.map(Components.Schemas.WalkPoint.init), nextPageToken: .pageToken(response.page)))))
    }

    func getWalkGeoJSON(_ input: Operations.GetWalkGeoJSON.Input) async throws -> Operations.GetWalkGeoJSON.Output {
        let walk = try await walk(idempotent: true) { client, options in
            try await client.getWalk(.with { $0.walkID = input.path.id }, options: options)
        }
        var coordinates: [[Double]] = [], token = ""
        repeat {
            let page = try await path(of: input.path.id, pageSize: 5_000, pageToken: token)
            coordinates += page.points.map { [$0.position.longitude, $0.position.latitude] }
            token = page.page.nextPageToken
        } while !token.isEmpty
        let geometry: Components.Schemas.RouteGeometry =
            coordinates.count >= 2
            ? .init(coordinates: .init(value2: coordinates), _type: .lineString)
            : .init(coordinates: .init(value1: [walk.start.point.longitude, walk.start.point.latitude]), _type: .point)
        return .ok(
            .init(
                body: .applicationGeoJson(
                    .init(
                        _type: .feature, geometry: geometry,
                        properties: .init(
                            walkId: walk.id, title: walk.title, distanceMeters: walk.distanceMeters, startedAt: walk.startedAt,
                            finishedAt: walk.finishedAt)))))
    }

    func exportWalkGPX(_ input: Operations.ExportWalkGPX.Input) async throws -> Operations.ExportWalkGPX.Output {
        let document = try await walks.call(idempotent: true) { client, options in
            try await client.exportWalkGPX(.with { $0.walkID = input.path.id }, options: options) { response in
                var bytes: [UInt8] = []
                for try await message in response.messages { bytes += message.chunk }
                return bytes
            }
        }
        return .ok(.init(body: .applicationGpxXml(HTTPBody(document))))
    }

    func importWalkGPX(_ input: Operations.ImportWalkGPX.Input) async throws -> Operations.ImportWalkGPX.Output {
        let file: HTTPBody =
            switch input.body {
            case .applicationGpxXml(let body), .xml(let body): body
            }
        let (key, document) = (input.headers.idempotencyKey ?? "", try await Self.gathered(gpx: file))
        // The file is read here, not by the middleware that fingerprints JSON bodies.
        let fingerprint = key.isEmpty ? nil : RequestFingerprint.make(method: "POST", target: "/v1/walks/gpx", body: document)
        let response = try await IdempotentRequest.$fingerprint.withValue(fingerprint) {
            try await walks.call { client, options in
                try await client.importWalkGPX(
                    options: options,
                    requestProducer: { writer in
                        for (index, chunk) in Self.chunks(of: document).enumerated() {
                            try await writer.write(
                                .with {
                                    $0.chunk = chunk
                                    if index == 0 { $0.idempotencyKey = key }
                                })
                        }
                    })
            }
        }
        return .created(.init(body: .json(.init(response.walk, links: mediaLinks))))
    }

    /// A GPX body gathered first (at most 4 MiB), so a file too large is refused before trips hears of it.
    static func gathered(gpx file: HTTPBody) async throws -> Data {
        var bytes = Data()
        for try await piece in file {
            bytes.append(contentsOf: piece)
            guard bytes.count <= maxGPXBytes else {
                throw RoamError(
                    .invalidArgument, reason: "BODY_TOO_LARGE", message: "a GPX file may be at most 4 MiB",
                    violations: [.init(field: "gpx", description: "must be at most 4 MiB")])
            }
        }
        return bytes
    }

    /// A file in messages of at most 256 KiB each; one (empty) for an empty file, which carries the rest.
    static func chunks(of document: Data) -> [Data] {
        stride(from: 0, to: max(document.count, 1), by: 256 * 1_024).map { document[$0..<min($0 + 256 * 1_024, document.count)] }
    }

    func addPointOfInterest(_ input: Operations.AddPointOfInterest.Input) async throws -> Operations.AddPointOfInterest.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .created(
            .init(
                body: .json(
                    try await walk(idempotent: false) { client, options in
                        try await client.addPointOfInterest(
                            .with {
                                $0.walkID = input.path.id
                                $0.point = body.point.proto
                                $0.name = body.name
                                $0.note = body.note ?? ""
                                $0.mediaIds = body.mediaIds ?? []
                            }, options: options)
                    })))
    }

    func removePointOfInterest(_ input: Operations.RemovePointOfInterest.Input) async throws -> Operations.RemovePointOfInterest.Output {
        .ok(
            .init(
                body: .json(
                    try await walk(idempotent: true) { client, options in
                        try await client.removePointOfInterest(
                            .with {
                                $0.walkID = input.path.id
                                $0.pointOfInterestID = input.path.pointId
                            }, options: options)
                    })))
    }

    func finishWalk(_ input: Operations.FinishWalk.Input) async throws -> Operations.FinishWalk.Output {
        let finishedAt = input.query.finishedAt
        return .ok(
            .init(
                body: .json(
                    try await walk(idempotent: false) { client, options in
                        try await client.finishWalk(
                            .with {
                                $0.walkID = input.path.id
                                if let finishedAt { $0.finishedAt = .init(date: finishedAt) }
                            }, options: options)
                    })))
    }

    func setWalkVisibility(_ input: Operations.SetWalkVisibility.Input) async throws -> Operations.SetWalkVisibility.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .ok(
            .init(
                body: .json(
                    try await walk(idempotent: true) { client, options in
                        try await client.setWalkVisibility(
                            .with {
                                $0.walkID = input.path.id
                                $0.visibility = body.visibility == ._public ? .public : .private
                            }, options: options)
                    })))
    }

    func rateWalk(_ input: Operations.RateWalk.Input) async throws -> Operations.RateWalk.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .ok(
            .init(
                body: .json(
                    try await walk(idempotent: true) { client, options in
                        try await client.rateWalk(
                            .with {
                                $0.walkID = input.path.id
                                $0.rating = body.rating
                            }, options: options)
                    })))
    }

    func listWalkComments(_ input: Operations.ListWalkComments.Input) async throws -> Operations.ListWalkComments.Output {
        .ok(.init(body: .json(try await comments(of: "walk/\(input.path.id)", pageSize: input.query.pageSize, pageToken: input.query.pageToken))))
    }

    func commentOnWalk(_ input: Operations.CommentOnWalk.Input) async throws -> Operations.CommentOnWalk.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .created(.init(body: .json(try await comment(on: "walk/\(input.path.id)", text: body.text, key: input.headers.idempotencyKey))))
    }

    /// One page of a walk's recorded points.
    private func path(of id: String, pageSize: Int, pageToken: String) async throws -> Roam_Trips_V1_GetWalkPathResponse {
        try await walks.call(idempotent: true) { client, options in
            try await client.getWalkPath(
                .with {
                    $0.walkID = id
                    $0.page = .with {
                        $0.pageSize = Int32(clamping: pageSize)
                        $0.pageToken = pageToken
                    }
                }, options: options)
        }
    }

    /// Calls trips about one walk and answers it with signed photo links.
    private func walk(
        idempotent: Bool,
        _ body: (Roam_Trips_V1_WalksService.Client<Transport>, CallOptions) async throws -> Roam_Trips_V1_WalkResponse
    )
        async throws -> Components.Schemas.Walk
    {
        let response = try await walks.call(idempotent: idempotent, body)
        return .init(response.walk, links: mediaLinks)
    }
}
