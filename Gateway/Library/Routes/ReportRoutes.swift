import Foundation
import GRPCCore
import Hummingbird
import RoamRuntime

/// Reports of posts and comments (`POST /v1/posts/{id}/reports`, `POST /v1/comments/{id}/reports`); the
/// host reads them through the generated `listEventContentReports`.
struct ReportRoutes<Transport: ClientTransport>: Sendable {
    let feed: FeedCaller<Transport>

    private static var pathFields: [String: String] { ["subject": "id"] }

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
    }
}
