import Foundation
import Hummingbird
import RoamProto

/// The live events, and each one's reports and bans.
extension ConsoleRoutes {
    func registerEvents(in table: RouteTable) {
        table.addPage(.get, "/console/events") { request, context in
            try await signedIn(request, context) { visit in
                let query = FormQuery(request.uri.query)
                let response = try await events.call(idempotent: true) { client, options in
                    try await client.listLiveEvents(
                        .with {
                            $0.page = .with {
                                $0.pageSize = 50
                                $0.pageToken = query["page"] ?? ""
                            }
                        }, options: options)
                }
                let live: [[String: Any]] = response.events.map { live in
                    let event = live.event
                    return [
                        "id": event.eventID, "name": event.name, "hostID": event.hostID, "private": event.visibility == .private,
                        "starts": ConsoleFormat.time(event.startsAt), "ends": ConsoleFormat.time(event.endsAt), "members": event.memberCount,
                        "capacity": event.capacity, "reports": live.reportCount, "bans": live.banCount,
                    ]
                }
                var values: [String: Any] = ["events": live, "hasEvents": !live.isEmpty]
                if !response.page.nextPageToken.isEmpty {
                    values["next"] = "/console/events?" + Self.query(["page": response.page.nextPageToken])
                }
                return pages.page("Live events", template: "events", values, visit: visit)
            }
        }
        table.addPage(.get, "/console/events/{id}") { request, context in
            try await signedIn(request, context) { visit in
                let id = context.parameters.get("id") ?? ""
                let event = try await events.call(idempotent: true) { client, options in
                    try await client.getEvent(.with { $0.eventID = id }, options: options)
                }.event
                let reports = try await events.call(idempotent: true) { client, options in
                    try await client.listReports(
                        .with {
                            $0.eventID = id; $0.page.pageSize = 100
                        }, options: options)
                }.reports
                let bans = try await events.call(idempotent: true) { client, options in
                    try await client.listBans(
                        .with {
                            $0.eventID = id; $0.page.pageSize = 100
                        }, options: options)
                }.bans
                return pages.page(
                    event.name, template: "event",
                    [
                        "id": event.eventID, "members": event.memberCount, "capacity": event.capacity,
                        "starts": ConsoleFormat.time(event.startsAt), "ends": ConsoleFormat.time(event.endsAt),
                        "hasReports": !reports.isEmpty, "hasBans": !bans.isEmpty,
                        "reports": reports.map { report in
                            [
                                "at": ConsoleFormat.time(report.createdAt), "reporterID": report.reporterID, "targetID": report.targetID,
                                "reason": "\(report.reason)", "text": report.text,
                            ]
                        },
                        "bans": bans.map { ban in
                            ["at": ConsoleFormat.time(ban.createdAt), "userID": ban.userID, "by": ban.bannedBy.isEmpty ? "reports" : ban.bannedBy]
                        },
                    ], visit: visit)
            }
        }
    }
}
