import Foundation
import GRPCCore
import Hummingbird
import RoamProto
import RoamRuntime

/// Legends: stories (`/v1/stories…`), posts to followers (`/v1/posts`), saves, followed places and
/// the home timeline.
struct StoryRoutes<Transport: ClientTransport>: Sendable {
    let feed: FeedCaller<Transport>

    /// Where the story body names the service's fields differently.
    private static var storyFields: [String: String] {
        ["audience.place.position.latitude": "place.latitude", "audience.place.position.longitude": "place.longitude",
         "audience.place.name": "place.name", "audience.place.position": "place", "audience": "place"]
    }
    private static var placeFields: [String: String] { ["position.latitude": "latitude", "position.longitude": "longitude", "position": "latitude"] }

    func register(in table: RouteTable) {
        table.add(.post, "/v1/stories") { request, context in
            _ = try context.requireUser()
            let body = try await JSONBody.decode(StoryBody.self, from: request, context: context)
            guard let place = body.place else { throw RoamError.invalidField("place", "is required: latitude, longitude and name") }
            return try await create(request, body: PostBody(text: body.text, mediaIds: body.mediaIds)) {
                $0.place = .with {
                    $0.position = .with { $0.latitude = place.latitude; $0.longitude = place.longitude }
                    $0.name = place.name
                }
            }
        }
        table.add(.post, "/v1/posts") { request, context in
            _ = try context.requireUser()
            let body = try await JSONBody.decode(PostBody.self, from: request, context: context)
            return try await create(request, body: body) { $0.followers = .init() }
        }
        table.add(.get, "/v1/stories/nearby") { request, context in
            _ = try context.requireUser()
            return try await list(StoryListingQuery(request, point: .required, defaultSort: .recent))
        }
        table.add(.get, "/v1/stories/map") { request, context in
            _ = try context.requireUser()
            return try await list(StoryListingQuery(request, point: .ignored, box: true, defaultSort: .trending))
        }
        table.add(.get, "/v1/stories/trending") { request, context in
            _ = try context.requireUser()
            var query = try StoryListingQuery(request, point: .optional, defaultSort: .trending)
            query.request.order = .trending
            return try await list(query)
        }
        table.add(.get, "/v1/stories/search") { request, context in
            _ = try context.requireUser()
            let query = try StoryListingQuery(request, point: .optional, defaultSort: .recent)
            let terms = [query.request.text, query.request.tag, query.request.authorID, query.request.placeName]
            guard terms.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else {
                throw RoamError.invalidField("q", "give q, tag, author or place")
            }
            return try await list(query)
        }
        table.add(.put, "/v1/posts/{id}/save") { _, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            let response = try await renamingFields(["post_id": "id"]) {
                try await feed.call { client, options in try await client.savePost(.with { $0.postID = id }, options: options) }
            }
            return try json(PostJSON(response.post))
        }
        table.add(.delete, "/v1/posts/{id}/save") { _, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            _ = try await renamingFields(["post_id": "id"]) {
                try await feed.call { client, options in try await client.unsavePost(.with { $0.postID = id }, options: options) }
            }
            return noContent()
        }
        table.add(.get, "/v1/me/saved") { request, context in
            _ = try context.requireUser()
            let page = try PageQuery(request)
            let response = try await feed.call(idempotent: true) { client, options in
                try await client.listSavedPosts(.with { $0.page = page.proto }, options: options)
            }
            return try json(PostPageJSON(response))
        }
        table.add(.get, "/v1/me/timeline") { request, context in
            _ = try context.requireUser()
            let page = try PageQuery(request)
            let response = try await feed.call(idempotent: true) { client, options in
                try await client.getTimeline(.with { $0.page = page.proto }, options: options)
            }
            return try json(PostPageJSON(response))
        }
        table.add(.put, "/v1/places/follow") { request, context in
            _ = try context.requireUser()
            let body = try await JSONBody.decode(FollowPlaceBody.self, from: request, context: context)
            var validation = Validation()
            validation.require(body.latitude != nil, "latitude", "is required")
            validation.require(body.longitude != nil, "longitude", "is required")
            try validation.check()
            let response = try await renamingFields(Self.placeFields) {
                try await feed.call { client, options in
                    try await client.followPlace(.with {
                        $0.position = .with { $0.latitude = body.latitude ?? 0; $0.longitude = body.longitude ?? 0 }
                        $0.name = body.name
                        if let radius = body.radiusMeters { $0.radiusMeters = radius }
                    }, options: options)
                }
            }
            return try json(FollowedPlaceJSON(response.place))
        }
        table.add(.delete, "/v1/places/follow") { request, context in
            _ = try context.requireUser()
            var query = QueryReader(request)
            let latitude = query.number("lat", required: true)
            let longitude = query.number("lng", required: true)
            try query.check()
            _ = try await renamingFields(["position.latitude": "lat", "position.longitude": "lng"]) {
                try await feed.call { client, options in
                    try await client.unfollowPlace(.with {
                        $0.position = .with { $0.latitude = latitude ?? 0; $0.longitude = longitude ?? 0 }
                    }, options: options)
                }
            }
            return noContent()
        }
        table.add(.get, "/v1/me/places") { request, context in
            _ = try context.requireUser()
            let page = try PageQuery(request)
            let response = try await feed.call(idempotent: true) { client, options in
                try await client.listFollowedPlaces(.with { $0.page = page.proto }, options: options)
            }
            return try json(FollowedPlacePageJSON(places: response.places.map(FollowedPlaceJSON.init), nextPageToken: .pageToken(response.page)))
        }
    }

    private func create(_ request: Request, body: PostBody, audience: @escaping @Sendable (inout Roam_Feed_V1_Audience) -> Void)
        async throws -> Response {
        let key = request.headers[.idempotencyKey] ?? ""
        let response = try await renamingFields(Self.storyFields) {
            try await feed.call { client, options in
                try await client.createPost(.with {
                    $0.idempotencyKey = key
                    audience(&$0.audience)
                    $0.text = body.text ?? ""
                    $0.mediaIds = body.mediaIds ?? []
                }, options: options)
            }
        }
        return try json(PostJSON(response.post), status: .created)
    }

    private func list(_ query: StoryListingQuery) async throws -> Response {
        let request = query.request
        let response = try await renamingFields(StoryListingQuery.fieldNames) {
            try await feed.call(idempotent: true) { client, options in try await client.listStories(request, options: options) }
        }
        return try json(PostPageJSON(response))
    }
}
