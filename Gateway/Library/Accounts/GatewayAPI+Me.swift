import Foundation
import RoamAPI
import RoamRuntime

/// `/v1/me…`: the signed-in user's account, password and sessions.
extension GatewayAPI {
    func getMe(_ input: Operations.GetMe.Input) async throws -> Operations.GetMe.Output {
        let response = try await accounts.call(idempotent: true) { client, options in
            try await client.getMyProfile(.init(), options: options)
        }
        return .ok(.init(body: .json(.init(response.account, links: mediaLinks))))
    }

    func updateMe(_ input: Operations.UpdateMe.Input) async throws -> Operations.UpdateMe.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await accounts.call { client, options in
            try await client.updateMyProfile(
                .with {
                    if let displayName = body.displayName { $0.displayName = displayName }
                    if let bio = body.bio { $0.bio = bio }
                    if let phone = body.phone { $0.phone = phone }
                    if let givenName = body.givenName { $0.givenName = givenName }
                    if let familyName = body.familyName { $0.familyName = familyName }
                    if let language = body.language { $0.language = language }
                    if let avatar = body.avatarMediaId { $0.avatarMediaID = avatar }
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response.account, links: mediaLinks))))
    }

    func deleteMe(_ input: Operations.DeleteMe.Input) async throws -> Operations.DeleteMe.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        _ = try await accounts.call { client, options in
            try await client.deleteAccount(.with { $0.password = body.password }, options: options)
        }
        // The client's next request through this gateway is refused already; other replicas hear it from the feed.
        if case .user(let user)? = CallContext.current.caller {
            revoked.refuseNow(user: user.id, session: nil)
        }
        return .noContent(.init())
    }

    func changePassword(_ input: Operations.ChangePassword.Input) async throws -> Operations.ChangePassword.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        _ = try await accounts.call { client, options in
            try await client.changePassword(
                .with {
                    $0.currentPassword = body.currentPassword ?? ""
                    $0.newPassword = body.newPassword
                }, options: options)
        }
        return .noContent(.init())
    }

    func listSessions(_ input: Operations.ListSessions.Input) async throws -> Operations.ListSessions.Output {
        let response = try await accounts.call(idempotent: true) { client, options in
            try await client.listSessions(.init(), options: options)
        }
        return .ok(.init(body: .json(.init(sessions: response.sessions.map(Components.Schemas.Session.init)))))
    }

    func revokeOtherSessions(_ input: Operations.RevokeOtherSessions.Input) async throws -> Operations.RevokeOtherSessions.Output {
        let response = try await accounts.call { client, options in
            try await client.revokeAllSessions(.with { $0.keepCurrent = true }, options: options)
        }
        return .ok(.init(body: .json(.init(revokedCount: response.revokedCount))))
    }

    func revokeSession(_ input: Operations.RevokeSession.Input) async throws -> Operations.RevokeSession.Output {
        _ = try await accounts.call { client, options in
            try await client.revokeSession(.with { $0.sessionID = input.path.id }, options: options)
        }
        if case .user(let user)? = CallContext.current.caller, let session = UUID(uuidString: input.path.id) {
            revoked.refuseNow(user: user.id, session: session)
        }
        return .noContent(.init())
    }
}
