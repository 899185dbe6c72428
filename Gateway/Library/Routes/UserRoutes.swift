import GRPCCore
import Hummingbird
import RoamRuntime

/// `/v1/users…`: search, public profiles with counts from every service, follow and block.
struct UserRoutes<Transport: ClientTransport>: Sendable {
    let accounts: AccountsCaller<Transport>
    let overview: UserOverview<Transport>

    func register(in table: RouteTable) {
        table.add(.get, "/v1/users") { request, context in
            _ = try context.requireUser()
            guard let query = FormQuery(request.uri.query)["query"], !query.isEmpty else {
                throw RoamError.invalidField("query", "is required")
            }
            let page = try PageQuery(request)
            let response = try await accounts.call(idempotent: true) { client, options in
                try await client.searchUsers(.with {
                    $0.query = query
                    $0.page = page.proto
                }, options: options)
            }
            return try json(ProfilePageJSON(response.profiles, page: response.page))
        }
        table.add(.get, "/v1/users/{username}") { _, context in
            try json(await overview.overview(of: try context.parameters.require("username")))
        }
        table.add(.get, "/v1/users/{username}/followers") { request, context in
            let (username, page) = (try context.parameters.require("username"), try PageQuery(request))
            let response = try await accounts.call(idempotent: true) { client, options in
                try await client.listFollowers(.with { $0.username = username; $0.page = page.proto }, options: options)
            }
            return try json(ProfilePageJSON(response.profiles, totalCount: response.totalCount, page: response.page))
        }
        table.add(.get, "/v1/users/{username}/following") { request, context in
            let (username, page) = (try context.parameters.require("username"), try PageQuery(request))
            let response = try await accounts.call(idempotent: true) { client, options in
                try await client.listFollowing(.with { $0.username = username; $0.page = page.proto }, options: options)
            }
            return try json(ProfilePageJSON(response.profiles, totalCount: response.totalCount, page: response.page))
        }
        table.add(.put, "/v1/users/{username}/follow") { _, context in
            _ = try context.requireUser()
            let username = try context.parameters.require("username")
            _ = try await accounts.call { client, options in try await client.follow(.with { $0.username = username }, options: options) }
            return noContent()
        }
        table.add(.delete, "/v1/users/{username}/follow") { _, context in
            _ = try context.requireUser()
            let username = try context.parameters.require("username")
            _ = try await accounts.call { client, options in try await client.unfollow(.with { $0.username = username }, options: options) }
            return noContent()
        }
        table.add(.put, "/v1/users/{username}/block") { _, context in
            _ = try context.requireUser()
            let username = try context.parameters.require("username")
            _ = try await accounts.call { client, options in try await client.block(.with { $0.username = username }, options: options) }
            return noContent()
        }
        table.add(.delete, "/v1/users/{username}/block") { _, context in
            _ = try context.requireUser()
            let username = try context.parameters.require("username")
            _ = try await accounts.call { client, options in try await client.unblock(.with { $0.username = username }, options: options) }
            return noContent()
        }
    }
}
