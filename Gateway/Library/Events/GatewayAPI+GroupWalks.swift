import Foundation
import GRPCCore
import RoamAPI
import RoamProto
import RoamRuntime

/// Group walks' own routes: invitations by username, their answers, and position sharing.
extension GatewayAPI {
    func inviteToGroupWalk(_ input: Operations.InviteToGroupWalk.Input) async throws -> Operations.InviteToGroupWalk.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        var validation = Validation()
        validation.require((1...100).contains(body.usernames.count), "usernames", "must name 1 to 100 users")
        try validation.check()
        // Usernames become ids through accounts; one that names nobody is a field error.
        var ids: [String: String] = [:]
        for (index, username) in body.usernames.enumerated() where ids[username] == nil {
            do {
                ids[username] = try await accounts.call(idempotent: true) { client, options in
                    try await client.getProfile(.with { $0.username = username }, options: options)
                }.profile.userID
            } catch let error as RPCError where error.code == .notFound {
                throw RoamError.invalidField("usernames[\(index)]", "names no user")
            }
        }
        let response = try await renamingFields(as: Components.Schemas.InvitationRequest.self) {
            try await events.call { client, options in
                try await client.inviteToGroupWalk(
                    .with {
                        $0.eventID = input.path.id
                        $0.userIds = Array(Set(ids.values))
                    }, options: options)
            }
        }
        let invited = Set(response.invitedUserIds)
        return .ok(.init(body: .json(.init(invited: body.usernames.filter { ids[$0].map(invited.contains) ?? false }))))
    }

    func acceptInvitation(_ input: Operations.AcceptInvitation.Input) async throws -> Operations.AcceptInvitation.Output {
        let response = try await events.call { client, options in
            try await client.respondToInvitation(
                .with {
                    $0.eventID = input.path.id
                    $0.accept = true
                }, options: options)
        }
        return .ok(.init(body: .json(.init(response, links: mediaLinks))))
    }

    func declineInvitation(_ input: Operations.DeclineInvitation.Input) async throws -> Operations.DeclineInvitation.Output {
        _ = try await events.call(idempotent: true) { client, options in
            try await client.respondToInvitation(
                .with {
                    $0.eventID = input.path.id
                    $0.accept = false
                }, options: options)
        }
        return .noContent(.init())
    }

    func listMyInvitations(_ input: Operations.ListMyInvitations.Input) async throws -> Operations.ListMyInvitations.Output {
        let response = try await events.call(idempotent: true) { client, options in
            try await client.listMyInvitations(.init(), options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        invitations: response.invitations.map { invitation in
                            .init(
                                event: .init(invitation.event, links: mediaLinks), invitedBy: invitation.invitedBy,
                                state: .init(rawValue: "\(invitation.state)".snakeCased) ?? .pending, invitedAt: invitation.invitedAt.date)
                        }))))
    }

    func setPositionSharing(_ input: Operations.SetPositionSharing.Input) async throws -> Operations.SetPositionSharing.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await events.call(idempotent: true) { client, options in
            try await client.setPositionSharing(
                .with {
                    $0.eventID = input.path.id
                    $0.share = body.share
                }, options: options)
        }
        return .ok(.init(body: .json(.init(sharing: response.sharing))))
    }

    func listGroupWalkPositions(_ input: Operations.ListGroupWalkPositions.Input) async throws -> Operations.ListGroupWalkPositions.Output {
        let response = try await events.call(idempotent: true) { client, options in
            try await client.listPositions(.with { $0.eventID = input.path.id }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        positions: response.positions.map { shared in
                            .init(
                                userId: shared.userID,
                                position: shared.hasPosition
                                    ? .init(
                                        accuracyMeters: shared.position.accuracyMeters, latitude: shared.position.position.latitude,
                                        longitude: shared.position.position.longitude) : nil,
                                at: shared.hasAt ? shared.at.date : nil)
                        }))))
    }
}
