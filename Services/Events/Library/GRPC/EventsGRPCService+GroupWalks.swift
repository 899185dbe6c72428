import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Group walks' own calls: invitations, their answers, and position sharing.
extension EventsGRPCService {
    public func inviteToGroupWalk(
        request: Roam_Events_V1_InviteToGroupWalkRequest, context _: ServerContext
    ) async throws
        -> Roam_Events_V1_InviteToGroupWalkResponse
    {
        let id = try UUID(field: "event_id", request.eventID)
        let users = try RequestIDs.list("user_ids", request.userIds)
        let invited = try await events.invite(users, to: id, host: caller())
        return .with { $0.invitedUserIds = invited.map(\.lowercasedString) }
    }

    public func listMyInvitations(
        request _: Roam_Events_V1_ListMyInvitationsRequest, context _: ServerContext
    ) async throws
        -> Roam_Events_V1_ListMyInvitationsResponse
    {
        let found = try await events.invitations(of: caller())
        return .with {
            $0.invitations = found.map { invitation, view in
                .with {
                    $0.event = view.proto
                    $0.invitedBy = invitation.invitedBy.lowercasedString
                    $0.state =
                        switch invitation.state {
                        case .pending: .pending
                        case .accepted: .accepted
                        case .declined: .declined
                        }
                    $0.invitedAt = Google_Protobuf_Timestamp(date: invitation.invitedAt)
                }
            }
        }
    }

    public func respondToInvitation(
        request: Roam_Events_V1_RespondToInvitationRequest, context _: ServerContext
    ) async throws
        -> Roam_Events_V1_JoinEventResponse
    {
        let user = try caller()
        guard let outcome = try await events.respond(to: UUID(field: "event_id", request.eventID), user: user, accept: request.accept) else {
            return .init()
        }
        return Self.joinResponse(outcome, user: user)
    }

    public func setPositionSharing(
        request: Roam_Events_V1_SetPositionSharingRequest, context _: ServerContext
    ) async throws
        -> Roam_Events_V1_SetPositionSharingResponse
    {
        let sharing = try await events.setSharing(request.share, eventID: UUID(field: "event_id", request.eventID), user: caller())
        return .with { $0.sharing = sharing }
    }

    public func listPositions(
        request: Roam_Events_V1_ListPositionsRequest, context _: ServerContext
    ) async throws
        -> Roam_Events_V1_ListPositionsResponse
    {
        let sharers = try await events.positions(of: UUID(field: "event_id", request.eventID), reader: caller())
        return .with {
            $0.positions = sharers.map { sharer in
                sharer.position?.proto ?? .with { $0.userID = sharer.userID.lowercasedString }
            }
        }
    }

    public func listGroupWalkHosts(
        request: Roam_Events_V1_ListGroupWalkHostsRequest, context _: ServerContext
    ) async throws
        -> Roam_Events_V1_ListGroupWalkHostsResponse
    {
        let hosts = try await events.groupWalkHosts(
            following: UUID(field: "walk_id", request.walkID), member: UUID(field: "member_id", request.memberID))
        return .with { $0.hostIds = hosts.map(\.lowercasedString) }
    }
}
