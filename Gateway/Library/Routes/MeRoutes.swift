import GRPCCore
import Hummingbird
import RoamRuntime

/// `/v1/me…`: the signed-in user's account, password and sessions.
struct MeRoutes<Transport: ClientTransport>: Sendable {
    let accounts: AccountsCaller<Transport>

    func register(in table: RouteTable) {
        table.add(.get, "/v1/me") { _, context in
            _ = try context.requireUser()
            let response = try await accounts.call(idempotent: true) { client, options in
                try await client.getMyProfile(.init(), options: options)
            }
            return try json(AccountJSON(response.account))
        }
        table.add(.patch, "/v1/me") { request, context in
            _ = try context.requireUser()
            let body = try await JSONBody.decode(ProfileChangesBody.self, from: request, context: context)
            let response = try await accounts.call { client, options in
                try await client.updateMyProfile(.with {
                    if let displayName = body.displayName { $0.displayName = displayName }
                    if let bio = body.bio { $0.bio = bio }
                    if let phone = body.phone { $0.phone = phone }
                    if let avatar = body.avatarMediaId { $0.avatarMediaID = avatar }
                }, options: options)
            }
            return try json(AccountJSON(response.account))
        }
        table.add(.delete, "/v1/me") { request, context in
            _ = try context.requireUser()
            let body = try await JSONBody.decode(PasswordBody.self, from: request, context: context)
            _ = try await accounts.call { client, options in
                try await client.deleteAccount(.with { $0.password = body.password }, options: options)
            }
            return noContent()
        }
        table.add(.post, "/v1/me/password") { request, context in
            _ = try context.requireUser()
            let body = try await JSONBody.decode(ChangePasswordBody.self, from: request, context: context)
            _ = try await accounts.call { client, options in
                try await client.changePassword(.with {
                    $0.currentPassword = body.currentPassword
                    $0.newPassword = body.newPassword
                }, options: options)
            }
            return noContent()
        }
        table.add(.get, "/v1/me/sessions") { _, context in
            _ = try context.requireUser()
            let response = try await accounts.call(idempotent: true) { client, options in
                try await client.listSessions(.init(), options: options)
            }
            return try json(SessionsJSON(sessions: response.sessions.map(SessionJSON.init)))
        }
        table.add(.delete, "/v1/me/sessions") { _, context in
            _ = try context.requireUser()
            let response = try await accounts.call { client, options in
                try await client.revokeAllSessions(.with { $0.keepCurrent = true }, options: options)
            }
            return try json(RevokedSessionsJSON(revokedCount: response.revokedCount))
        }
        table.add(.delete, "/v1/me/sessions/{id}") { _, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            _ = try await accounts.call { client, options in
                try await client.revokeSession(.with { $0.sessionID = id }, options: options)
            }
            return noContent()
        }
    }
}
