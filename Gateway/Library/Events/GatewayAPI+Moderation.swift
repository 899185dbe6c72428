import RoamAPI
import RoamProto
import RoamRuntime

/// The host's tools: members, reports of members, bans, and reports of content in the event.
/// Reporting a member is open to every member.
extension GatewayAPI {
    func listMembers(_ input: Operations.ListMembers.Input) async throws -> Operations.ListMembers.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await events.call(idempotent: true) { client, options in
            try await client.listMembers(
                .with {
                    $0.eventID = input.path.id; $0.page = page.proto
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        members: response.members.map { member in
                            .init(
                                joinedAt: member.joinedAt.date, lastSeenAt: member.lastSeenAt.date, role: member.role == .host ? .host : .member,
                                userId: member.userID)
                        }, nextPageToken: .pageToken(response.page)))))
    }

    func reportMember(_ input: Operations.ReportMember.Input) async throws -> Operations.ReportMember.Output {
        let body =
            switch input.body {
            case .json(let body): body
            }
        let response = try await events.call { client, options in
            try await client.reportMember(
                .with {
                    $0.eventID = input.path.id
                    $0.userID = body.userId
                    $0.reason =
                        switch body.reason {
                        case .spam: .spam
                        case .harassment: .harassment
                        case .inappropriate: .inappropriate
                        case .other: .other
                        }
                    $0.text = body.text ?? ""
                }, options: options)
        }
        return .created(.init(body: .json(.init(report: .init(response.report), targetBanned: response.targetBanned))))
    }

    func listReports(_ input: Operations.ListReports.Input) async throws -> Operations.ListReports.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await events.call(idempotent: true) { client, options in
            try await client.listReports(
                .with {
                    $0.eventID = input.path.id; $0.page = page.proto
                }, options: options)
        }
        return .ok(.init(body: .json(.init(nextPageToken: .pageToken(response.page), reports: response.reports.map(Components.Schemas.Report.init)))))
    }

    func banMember(_ input: Operations.BanMember.Input) async throws -> Operations.BanMember.Output {
        _ = try await events.call { client, options in
            try await client.banMember(
                .with {
                    $0.eventID = input.path.id; $0.userID = input.path.userId
                }, options: options)
        }
        return .noContent(.init())
    }

    func unbanMember(_ input: Operations.UnbanMember.Input) async throws -> Operations.UnbanMember.Output {
        _ = try await events.call { client, options in
            try await client.unbanMember(
                .with {
                    $0.eventID = input.path.id; $0.userID = input.path.userId
                }, options: options)
        }
        return .noContent(.init())
    }

    func listBans(_ input: Operations.ListBans.Input) async throws -> Operations.ListBans.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await events.call(idempotent: true) { client, options in
            try await client.listBans(
                .with {
                    $0.eventID = input.path.id; $0.page = page.proto
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        bans: response.bans.map { ban in
                            .init(bannedBy: ban.bannedBy.isEmpty ? nil : ban.bannedBy, createdAt: ban.createdAt.date, userId: ban.userID)
                        }, nextPageToken: .pageToken(response.page)))))
    }

    func listEventContentReports(_ input: Operations.ListEventContentReports.Input) async throws -> Operations.ListEventContentReports.Output {
        let page = PageQuery(size: input.query.pageSize, token: input.query.pageToken)
        let response = try await feed.call(idempotent: true) { client, options in
            try await client.listEventContentReports(
                .with {
                    $0.eventID = input.path.id; $0.page = page.proto
                }, options: options)
        }
        return .ok(
            .init(
                body: .json(
                    .init(
                        nextPageToken: .pageToken(response.page),
                        reports: response.reports.map(Components.Schemas.ContentReport.init)))))
    }
}

extension Components.Schemas.Report {
    init(_ report: Roam_Events_V1_Report) {
        self.init(
            createdAt: report.createdAt.date, reason: ReasonPayload(rawValue: "\(report.reason)".snakeCased) ?? .other,
            reportId: report.reportID, reporterId: report.reporterID, targetId: report.targetID, text: report.text)
    }
}
