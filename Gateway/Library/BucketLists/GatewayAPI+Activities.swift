import GRPCCore
import RoamAPI
import RoamProto
import RoamRuntime

/// `/v1/activities…`: things to do near you suggested by locals, voted on, searched near a point or on
/// a map, trending, added to lists and commented on (through the feed).
extension GatewayAPI {
    func searchActivities(_ input: Operations.SearchActivities.Input) async throws -> Operations.SearchActivities.Output {
        var search = try ActivitySearch(input.query)
        // The author by username, through accounts: one that names nobody (or hides from you) has none to show.
        if let username = input.query.author {
            do {
                search.author = try await accounts.call(idempotent: true) { client, options in
                    try await client.getProfile(.with { $0.username = username }, options: options)
                }.profile.userID
            } catch let error as RPCError where error.code == .notFound {
                throw RoamError.notFound("user")
            } catch let error as RPCError where error.code == .invalidArgument {
                throw RoamError.invalidField("author", "must be a username")
            }
        }
        let response = try await renamingFields(as: ActivitySearch.self) {
            try await activities.call(idempotent: true) { client, options in
                try await client.searchActivities(search.request, options: options)
            }
        }
        let withDistance = search.request.hasNear
        let found = await counted(response.activities.map { Components.Schemas.Activity($0, links: mediaLinks, withDistance: withDistance) })
        return .ok(.init(body: .json(.init(activities: found, nextPageToken: .pageToken(response.page)))))
    }

    func listTrendingActivities(_ input: Operations.ListTrendingActivities.Input) async throws -> Operations.ListTrendingActivities.Output {
        let query = input.query
        let response = try await renamingFields(as: Operations.ListTrendingActivities.Input.Query.self) {
            try await activities.call(idempotent: true) { client, options in
                try await client.trendingActivities(
                    .with {
                        $0.near = .with {
                            $0.latitude = query.lat; $0.longitude = query.lng
                        }
                        $0.limit = Int32(clamping: query.limit ?? 20)
                    }, options: options)
            }
        }
        let found = await counted(response.activities.map { Components.Schemas.Activity($0, links: mediaLinks, withDistance: true) })
        return .ok(.init(body: .json(.init(activities: found, radiusMeters: response.radiusMeters))))
    }

    func createActivity(_ input: Operations.CreateActivity.Input) async throws -> Operations.CreateActivity.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await activities.call { client, options in
            try await client.createActivity(
                .with {
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                    $0.activity = .with {
                        $0.name = body.name
                        $0.description_p = body.description ?? ""
                        $0.place = body.place.proto
                        if let window = body.window { $0.window = window.proto }
                        $0.mediaIds = body.mediaIds ?? []
                        $0.tags = body.tags ?? []
                    }
                }, options: options)
        }
        return .created(.init(body: .json(await counted(Components.Schemas.Activity(response.activity, links: mediaLinks)))))
    }

    func getActivity(_ input: Operations.GetActivity.Input) async throws -> Operations.GetActivity.Output {
        .ok(
            .init(
                body: .json(
                    try await activity(idempotent: true) { client, options in
                        try await client.getActivity(.with { $0.activityID = input.path.id }, options: options)
                    })))
    }

    func updateActivity(_ input: Operations.UpdateActivity.Input) async throws -> Operations.UpdateActivity.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        if body.removeWindow == true, body.window != nil { throw RoamError.invalidField("removeWindow", "give window or removeWindow, not both") }
        return .ok(
            .init(
                body: .json(
                    try await activity(idempotent: true) { client, options in
                        try await client.updateActivity(
                            .with {
                                $0.activityID = input.path.id
                                if let name = body.name { $0.name = name }
                                if let description = body.description { $0.description_p = description }
                                if let place = body.place {
                                    $0.place = place.proto
                                    $0.replacePlace = true
                                }
                                if let window = body.window {
                                    $0.window = window.proto
                                    $0.replaceWindow = true
                                } else if body.removeWindow == true {
                                    $0.replaceWindow = true
                                }
                                if let mediaIds = body.mediaIds {
                                    $0.mediaIds = mediaIds
                                    $0.replaceMedia = true
                                }
                                if let tags = body.tags {
                                    $0.tags = tags
                                    $0.replaceTags = true
                                }
                            }, options: options)
                    })))
    }

    func deleteActivity(_ input: Operations.DeleteActivity.Input) async throws -> Operations.DeleteActivity.Output {
        _ = try await activities.call(idempotent: true) { client, options in
            try await client.deleteActivity(.with { $0.activityID = input.path.id }, options: options)
        }
        return .noContent(.init())
    }

    func voteOnActivity(_ input: Operations.VoteOnActivity.Input) async throws -> Operations.VoteOnActivity.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .ok(.init(body: .json(try await vote(body.vote == .up ? .up : .down, on: input.path.id))))
    }

    func withdrawActivityVote(_ input: Operations.WithdrawActivityVote.Input) async throws -> Operations.WithdrawActivityVote.Output {
        .ok(.init(body: .json(try await vote(.none, on: input.path.id))))
    }

    func addActivityToList(_ input: Operations.AddActivityToList.Input) async throws -> Operations.AddActivityToList.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await activities.call { client, options in
            try await client.addActivityToList(
                .with {
                    $0.activityID = input.path.id
                    $0.listID = body.listId
                    $0.idempotencyKey = input.headers.idempotencyKey ?? ""
                }, options: options)
        }
        return .created(.init(body: .json(await counted(Components.Schemas.BucketItem(response.item, links: mediaLinks)))))
    }

    func favouriteActivity(_ input: Operations.FavouriteActivity.Input) async throws -> Operations.FavouriteActivity.Output {
        .ok(
            .init(
                body: .json(
                    try await activity(idempotent: true) { client, options in
                        try await client.favouriteActivity(.with { $0.activityID = input.path.id }, options: options)
                    })))
    }

    func unfavouriteActivity(_ input: Operations.UnfavouriteActivity.Input) async throws -> Operations.UnfavouriteActivity.Output {
        _ = try await activities.call(idempotent: true) { client, options in
            try await client.unfavouriteActivity(.with { $0.activityID = input.path.id }, options: options)
        }
        return .noContent(.init())
    }

    func listFavouriteActivities(_ input: Operations.ListFavouriteActivities.Input) async throws -> Operations.ListFavouriteActivities.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await activities.call(idempotent: true) { client, options in
            try await client.listFavouriteActivities(.with { $0.page = page.proto }, options: options)
        }
        let favourites = await counted(response.activities.map { Components.Schemas.Activity($0, links: mediaLinks) })
        return .ok(.init(body: .json(.init(activities: favourites, nextPageToken: .pageToken(response.page)))))
    }

    func listActivityComments(_ input: Operations.ListActivityComments.Input) async throws -> Operations.ListActivityComments.Output {
        .ok(
            .init(
                body: .json(
                    try await comments(
                        of: "activity/\(input.path.id)", pageSize: input.query.pageSize,
                        pageToken: input.query.pageToken))))
    }

    func commentOnActivity(_ input: Operations.CommentOnActivity.Input) async throws -> Operations.CommentOnActivity.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        return .created(.init(body: .json(try await comment(on: "activity/\(input.path.id)", text: body.text, key: input.headers.idempotencyKey))))
    }

    /// A vote is set, not added: the same vote twice leaves one, so a retry is safe.
    private func vote(_ vote: Roam_Bucketlists_V1_Vote, on id: String) async throws -> Components.Schemas.Activity {
        try await activity(idempotent: true) { client, options in
            try await client.voteActivity(
                .with {
                    $0.activityID = id
                    $0.vote = vote
                }, options: options)
        }
    }

    /// Calls activities about one activity and answers it with signed photo links.
    private func activity(
        idempotent: Bool,
        _ body: (Roam_Bucketlists_V1_ActivitiesService.Client<Transport>, CallOptions) async throws
            -> Roam_Bucketlists_V1_ActivityResponse
    ) async throws -> Components.Schemas.Activity {
        let response = try await activities.call(idempotent: idempotent, body)
        return await counted(Components.Schemas.Activity(response.activity, links: mediaLinks))
    }
}
