import Foundation
import GRPCCore
import Hummingbird
import RoamRuntime

/// The host's tools: members, reports, bans. Reporting is open to every member.
struct EventModerationRoutes<Transport: ClientTransport>: Sendable {
    let events: EventsCaller<Transport>

    func register(in table: RouteTable) {
        table.add(.get, "/v1/events/{id}/members") { request, context in
            _ = try context.requireUser()
            let (id, page) = (try context.parameters.require("id"), try PageQuery(request))
            let response = try await events.call(idempotent: true) { client, options in
                try await client.listMembers(.with { $0.eventID = id; $0.page = page.proto }, options: options)
            }
            return try json(MemberPageJSON(members: response.members.map {
                MemberJSON(userId: $0.userID, role: "\($0.role)".snakeCased, joinedAt: $0.joinedAt.date, lastSeenAt: $0.lastSeenAt.date)
            }, nextPageToken: .pageToken(response.page)))
        }
        table.add(.post, "/v1/events/{id}/reports") { request, context in
            _ = try context.requireUser()
            let id = try context.parameters.require("id")
            let body = try await JSONBody.decode(ReportMemberBody.self, from: request, context: context)
            let reason = try WireName.reportReason(body.reason)
            let response = try await events.call { client, options in
                try await client.reportMember(.with {
                    $0.eventID = id
                    $0.userID = body.userId
                    $0.reason = reason
                    $0.text = body.text ?? ""
                }, options: options)
            }
            return try json(ReportResultJSON(report: ReportJSON(response.report), targetBanned: response.targetBanned), status: .created)
        }
        table.add(.get, "/v1/events/{id}/reports") { request, context in
            _ = try context.requireUser()
            let (id, page) = (try context.parameters.require("id"), try PageQuery(request))
            let response = try await events.call(idempotent: true) { client, options in
                try await client.listReports(.with { $0.eventID = id; $0.page = page.proto }, options: options)
            }
            return try json(ReportPageJSON(reports: response.reports.map(ReportJSON.init), nextPageToken: .pageToken(response.page)))
        }
        table.add(.put, "/v1/events/{id}/bans/{userId}") { _, context in
            _ = try context.requireUser()
            let (id, user) = (try context.parameters.require("id"), try context.parameters.require("userId"))
            _ = try await events.call { client, options in
                try await client.banMember(.with { $0.eventID = id; $0.userID = user }, options: options)
            }
            return noContent()
        }
        table.add(.delete, "/v1/events/{id}/bans/{userId}") { _, context in
            _ = try context.requireUser()
            let (id, user) = (try context.parameters.require("id"), try context.parameters.require("userId"))
            _ = try await events.call { client, options in
                try await client.unbanMember(.with { $0.eventID = id; $0.userID = user }, options: options)
            }
            return noContent()
        }
        table.add(.get, "/v1/events/{id}/bans") { request, context in
            _ = try context.requireUser()
            let (id, page) = (try context.parameters.require("id"), try PageQuery(request))
            let response = try await events.call(idempotent: true) { client, options in
                try await client.listBans(.with { $0.eventID = id; $0.page = page.proto }, options: options)
            }
            return try json(BanPageJSON(bans: response.bans.map {
                BanJSON(userId: $0.userID, bannedBy: $0.bannedBy.isEmpty ? nil : $0.bannedBy, createdAt: $0.createdAt.date)
            }, nextPageToken: .pageToken(response.page)))
        }
    }
}
