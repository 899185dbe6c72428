import RoamAPI
import RoamProto
import RoamRuntime

/// Legends: stories at places (`/v1/stories…`), posts to followers (`/v1/posts`), saves and the home
/// timeline.
extension GatewayAPI {
    func createStory(_ input: Operations.CreateStory.Input) async throws -> Operations.CreateStory.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let post = try await createPost(
            key: input.headers.idempotencyKey, text: body.text, mediaIds: body.mediaIds, title: body.title,
            fieldNames: Components.Schemas.StoryRequest.serviceFieldNames
        ) { audience in
            audience.place = .with {
                $0.position = .with {
                    $0.latitude = body.place.latitude; $0.longitude = body.place.longitude
                }
                $0.name = body.place.name
            }
        }
        return .created(.init(body: .json(post)))
    }

    func createFollowersPost(_ input: Operations.CreateFollowersPost.Input) async throws -> Operations.CreateFollowersPost.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let post = try await createPost(
            key: input.headers.idempotencyKey, text: body.text, mediaIds: body.mediaIds
        ) { $0.followers = .init() }
        return .created(.init(body: .json(post)))
    }

    func listNearbyStories(_ input: Operations.ListNearbyStories.Input) async throws -> Operations.ListNearbyStories.Output {
        let query = input.query
        var listing = StoryListing(
            sort: query.sort?.rawValue, defaultOrder: .recent, q: query.q, tag: query.tag, author: query.author,
            place: query.place, pageSize: query.pageSize, pageToken: query.pageToken)
        try listing.near(lat: query.lat, lng: query.lng, radius: query.radius)
        return .ok(.init(body: .json(try await stories(listing))))
    }

    func listStoriesOnMap(_ input: Operations.ListStoriesOnMap.Input) async throws -> Operations.ListStoriesOnMap.Output {
        let query = input.query
        var listing = StoryListing(
            sort: query.sort?.rawValue, defaultOrder: .trending, q: query.q, tag: query.tag, author: query.author,
            place: query.place, pageSize: query.pageSize, pageToken: query.pageToken)
        listing.inside(south: query.south, west: query.west, north: query.north, east: query.east)
        return .ok(.init(body: .json(try await stories(listing))))
    }

    func listTrendingStories(_ input: Operations.ListTrendingStories.Input) async throws -> Operations.ListTrendingStories.Output {
        let query = input.query
        var listing = StoryListing(
            sort: nil, defaultOrder: .trending, q: query.q, tag: query.tag, author: query.author,
            place: query.place, pageSize: query.pageSize, pageToken: query.pageToken)
        try listing.near(lat: query.lat, lng: query.lng, radius: query.radius)
        return .ok(.init(body: .json(try await stories(listing))))
    }

    func searchStories(_ input: Operations.SearchStories.Input) async throws -> Operations.SearchStories.Output {
        let query = input.query
        var listing = StoryListing(
            sort: query.sort?.rawValue, defaultOrder: .recent, q: query.q, tag: query.tag, author: query.author,
            place: query.place, pageSize: query.pageSize, pageToken: query.pageToken)
        try listing.near(lat: query.lat, lng: query.lng, radius: query.radius)
        try listing.requireTerms()
        return .ok(.init(body: .json(try await stories(listing))))
    }

    func savePost(_ input: Operations.SavePost.Input) async throws -> Operations.SavePost.Output {
        let response = try await renamingFields(as: SubjectPath.self) {
            try await feed.call { client, options in try await client.savePost(.with { $0.postID = input.path.id }, options: options) }
        }
        return .ok(.init(body: .json(.init(response.post, links: mediaLinks))))
    }

    func unsavePost(_ input: Operations.UnsavePost.Input) async throws -> Operations.UnsavePost.Output {
        _ = try await renamingFields(as: SubjectPath.self) {
            try await feed.call { client, options in try await client.unsavePost(.with { $0.postID = input.path.id }, options: options) }
        }
        return .noContent(.init())
    }

    func listSavedPosts(_ input: Operations.ListSavedPosts.Input) async throws -> Operations.ListSavedPosts.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await feed.call(idempotent: true) { client, options in
            try await client.listSavedPosts(.with { $0.page = page.proto }, options: options)
        }
        return .ok(.init(body: .json(.init(response, links: mediaLinks))))
    }

    func listLikedPosts(_ input: Operations.ListLikedPosts.Input) async throws -> Operations.ListLikedPosts.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await feed.call(idempotent: true) { client, options in
            try await client.listLikedPosts(.with { $0.page = page.proto }, options: options)
        }
        return .ok(.init(body: .json(.init(response, links: mediaLinks))))
    }

    func getTimeline(_ input: Operations.GetTimeline.Input) async throws -> Operations.GetTimeline.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await feed.call(idempotent: true) { client, options in
            try await client.getTimeline(.with { $0.page = page.proto }, options: options)
        }
        return .ok(.init(body: .json(.init(response, links: mediaLinks))))
    }

    private func stories(_ listing: StoryListing) async throws -> Components.Schemas.PostPage {
        let request = listing.request
        let response = try await renamingFields(as: StoryListing.self) {
            try await feed.call(idempotent: true) { client, options in try await client.listStories(request, options: options) }
        }
        return .init(response, links: mediaLinks)
    }
}
