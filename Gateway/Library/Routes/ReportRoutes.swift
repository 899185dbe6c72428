import Foundation
import GRPCCore
import Hummingbird
import RoamRuntime

/// Reports of posts and comments (`POST /v1/posts/{id}/reports`, `POST /v1/comments/{id}/reports`),
/// and the host's list of them (`GET /v1/events/{id}/content-reports`).
struct ReportRoutes<Transport: ClientTransport>: Sendable {
    let feed: FeedCaller<Transport>

    private static var pathFields: [String: String] { ["subject": "id", "event_id": "id"] }

    func register(in table: RouteTable) {
        for kind in ["post", "comment"] {
            table.add(.post, "/v1/\(kind)s/{id}/reports") { request, context in
                _ = try context.requireUser()
                let subject = "\(kind)/\(try context.parameters.require("id"))"
                let body = try await JSONBody.decode(ReportBody.self, from: request, context: context)
                let response = try await renamingFields(Self.pathFields) {
                    try await feed.call { client, options in
                        try await client.reportContent(.with {
                            $0.subject = subject
                            $0.reason = body.reason
                            $0.text = body.text ?? ""
                        }, options: options)
                    }
                }
                return try json(ContentReportJSON(response.report), status: .created)
            }
        }
        table.add(.get, "/v1/events/{id}/content-reports") { request, context in
            _ = try context.requireUser()
            let (event, page) = (try context.parameters.require("id"), try PageQuery(request))
            let response = try await renamingFields(Self.pathFields) {
                try await feed.call(idempotent: true) { client, options in
                    try await client.listEventContentReports(.with { $0.eventID = event; $0.page = page.proto }, options: options)
                }
            }
            return try json(ContentReportPageJSON(reports: response.reports.map(ContentReportJSON.init),
                                                  nextPageToken: .pageToken(response.page)))
        }
    }
}
