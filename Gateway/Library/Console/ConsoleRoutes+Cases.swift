import Foundation
import Hummingbird
import RoamProto
import SwiftProtobuf

/// The reports queue (open first, oldest first, by status and kind), one case, and its resolution.
extension ConsoleRoutes {
    func registerCases(in table: RouteTable) {
        table.addPage(.get, "/console") { request, context in
            try await signedIn(request, context) { visit in
                let query = FormQuery(request.uri.query)
                let status = query["status"] ?? "open"
                let kind = query["kind"] ?? ""
                let response = try await moderation.call(idempotent: true) { client, options in
                    try await client.listCases(
                        .with {
                            $0.status = status
                            $0.kind = kind
                            $0.page = .with {
                                $0.pageSize = 50
                                $0.pageToken = query["page"] ?? ""
                            }
                        }, options: options)
                }
                let cases: [[String: Any]] = response.cases.map { item in
                    [
                        "id": item.caseID, "kind": item.subject.kind, "summary": ConsoleFormat.summary(item.snapshot),
                        "count": item.reportCount, "reasons": item.reasons.joined(separator: ", "), "status": item.status,
                        "firstReported": ConsoleFormat.time(item.firstReportedAt),
                    ]
                }
                var values: [String: Any] = [
                    "cases": cases, "hasCases": !cases.isEmpty,
                    "statuses": ConsoleFormat.options([("open", "open"), ("resolved", "resolved"), ("", "every status")], selected: status),
                    "kinds": ConsoleFormat.options(ConsoleFormat.kinds, selected: kind),
                ]
                if !response.page.nextPageToken.isEmpty {
                    values["next"] = "/console?" + Self.query(["status": status, "kind": kind, "page": response.page.nextPageToken])
                }
                return pages.page("Reports", template: "queue", values, visit: visit)
            }
        }
        table.addPage(.get, "/console/cases/{id}") { request, context in
            try await signedIn(request, context) { visit in
                let id = context.parameters.get("id") ?? ""
                let response = try await moderation.call(idempotent: true) { client, options in
                    try await client.getCase(.with { $0.caseID = id }, options: options)
                }
                let notice = FormQuery(request.uri.query)["done"] == "1" ? "The case is resolved." : nil
                return pages.page(
                    "Case of a \(response.case.subject.kind)", template: "case", caseValues(response, visit: visit), visit: visit, notice: notice)
            }
        }
        table.addPage(.post, "/console/cases/{id}/resolve") { request, context in
            try await signedInForm(request, context) { _, form in
                let id = context.parameters.get("id") ?? ""
                let action = form["action"] ?? ""
                let until = ConsoleFormat.suspensionEnd(form["for"] ?? "")
                _ = try await moderation.call { client, options in
                    try await client.resolveCase(
                        .with {
                            $0.caseID = id
                            $0.action = action
                            $0.note = form["note"] ?? ""
                            if action.contains("suspend"), let until { $0.suspendUntil = Google_Protobuf_Timestamp(date: until) }
                        }, options: options)
                }
                return ConsolePages.redirect(to: "/console/cases/\(Self.pathSegment(id))?done=1")
            }
        }
    }

    func caseValues(_ response: Roam_Moderation_V1_GetCaseResponse, visit: ConsoleVisit) -> [String: Any] {
        let item = response.case
        var values: [String: Any] = [
            "id": item.caseID, "kind": item.subject.kind, "subjectID": item.subject.id, "count": item.reportCount,
            "status": item.status, "firstReported": ConsoleFormat.time(item.firstReportedAt),
            "lastReported": ConsoleFormat.time(item.lastReportedAt),
            "snapshot": pages.fragment("content", ConsoleFormat.content(item.snapshot)),
            "hasCurrent": response.hasCurrent,
            "reports": response.reports.map { report in
                ["at": ConsoleFormat.time(report.reportedAt), "reporterID": report.reporterID, "reason": report.reason, "text": report.text]
            },
            "open": item.status == "open", "csrf": visit.formToken, "lengths": ConsoleFormat.lengthOptions,
            "hasAuthor": !item.snapshot.authorID.isEmpty,
        ]
        if response.hasCurrent { values["current"] = pages.fragment("content", ConsoleFormat.content(response.current)) }
        if item.hasResolution {
            values["resolution"] = [
                "action": item.resolution.action, "by": item.resolution.by, "at": ConsoleFormat.time(item.resolution.at),
                "note": item.resolution.note,
            ]
        }
        return values
    }

    /// `a=1&b=2`, each value percent-encoded; empty values left out.
    static func query(_ items: KeyValuePairs<String, String>) -> String {
        items.filter { !$0.value.isEmpty }.map { "\($0.key)=\(pathSegment($0.value))" }.joined(separator: "&")
    }

    /// RFC 3986's unreserved characters, the only ones left as they are.
    static var unreserved: CharacterSet {
        CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    }

    /// A value made safe for one path segment or query value.
    static func pathSegment(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
