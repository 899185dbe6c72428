import RoamAPI
import RoamProto
import RoamRuntime

/// Followed places (`/v1/places/follow`, `/v1/me/places`): stories within a followed place's radius
/// reach the follower's timeline.
extension GatewayAPI {
    func followPlace(_ input: Operations.FollowPlace.Input) async throws -> Operations.FollowPlace.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await renamingFields(as: Components.Schemas.FollowPlaceRequest.self) {
            try await feed.call { client, options in
                try await client.followPlace(
                    .with {
                        $0.position = .with {
                            $0.latitude = body.latitude; $0.longitude = body.longitude
                        }
                        $0.name = body.name
                        if let radius = body.radiusMeters { $0.radiusMeters = radius }
                    }, options: options)
            }
        }
        return .ok(.init(body: .json(.init(response.place))))
    }

    func unfollowPlace(_ input: Operations.UnfollowPlace.Input) async throws -> Operations.UnfollowPlace.Output {
        _ = try await renamingFields(as: Operations.UnfollowPlace.Input.Query.self) {
            try await feed.call { client, options in
                try await client.unfollowPlace(
                    .with {
                        $0.position = .with {
                            $0.latitude = input.query.lat; $0.longitude = input.query.lng
                        }
                    }, options: options)
            }
        }
        return .noContent(.init())
    }

    func listFollowedPlaces(_ input: Operations.ListFollowedPlaces.Input) async throws -> Operations.ListFollowedPlaces.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await feed.call(idempotent: true) { client, options in
            try await client.listFollowedPlaces(.with { $0.page = page.proto }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        nextPageToken: .pageToken(response.page),
                        places: response.places.map(Components.Schemas.FollowedPlace.init)))))
    }
}
