import RoamAPI
import RoamRuntime

/// `/v1/users…`: search, public profiles with counts from every service, follow and block.
extension GatewayAPI {
    func searchUsers(_ input: Operations.SearchUsers.Input) async throws -> Operations.SearchUsers.Output {
        guard !input.query.query.isEmpty else { throw RoamError.invalidField("query", "is required") }
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await accounts.call(idempotent: true) { client, options in
            try await client.searchUsers(
                .with {
                    $0.query = input.query.query
                    $0.page = page.proto
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.profiles, page: response.page, links: mediaLinks))))
    }

    func getUser(_ input: Operations.GetUser.Input) async throws -> Operations.GetUser.Output {
        .ok(.init(body: .json(try await overview.overview(of: input.path.username))))
    }

    func listFollowers(_ input: Operations.ListFollowers.Input) async throws -> Operations.ListFollowers.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await accounts.call(idempotent: true) { client, options in
            try await client.listFollowers(
                .with {
                    $0.username = input.path.username; $0.page = page.proto
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.profiles, totalCount: response.totalCount, page: response.page, links: mediaLinks))))
    }

    func listFollowing(_ input: Operations.ListFollowing.Input) async throws -> Operations.ListFollowing.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await accounts.call(idempotent: true) { client, options in
            try await client.listFollowing(
                .with {
                    $0.username = input.path.username; $0.page = page.proto
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.profiles, totalCount: response.totalCount, page: response.page, links: mediaLinks))))
    }

    func follow(_ input: Operations.Follow.Input) async throws -> Operations.Follow.Output {
        _ = try await accounts.call { client, options in try await client.follow(.with { $0.username = input.path.username }, options: options) }
        relationsChanged()
        return .noContent(.init())
    }

    func unfollow(_ input: Operations.Unfollow.Input) async throws -> Operations.Unfollow.Output {
        _ = try await accounts.call { client, options in try await client.unfollow(.with { $0.username = input.path.username }, options: options) }
        relationsChanged()
        return .noContent(.init())
    }

    func block(_ input: Operations.Block.Input) async throws -> Operations.Block.Output {
        _ = try await accounts.call { client, options in try await client.block(.with { $0.username = input.path.username }, options: options) }
        relationsChanged()
        return .noContent(.init())
    }

    func unblock(_ input: Operations.Unblock.Input) async throws -> Operations.Unblock.Output {
        _ = try await accounts.call { client, options in try await client.unblock(.with { $0.username = input.path.username }, options: options) }
        relationsChanged()
        return .noContent(.init())
    }

    /// The caller's next calls must see this change in every service's relations cache.
    private func relationsChanged() {
        if let user = CallContext.current.userID { relationChanges.record(user) }
    }
}
