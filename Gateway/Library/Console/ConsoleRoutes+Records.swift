import Foundation
import Hummingbird
import RoamProto

/// The audit log (admins: moderation refuses anyone else) and the health of every service.
extension ConsoleRoutes {
    func registerRecords(in table: RouteTable) {
        table.addPage(.get, "/console/audit") { request, context in
            try await signedIn(request, context) { visit in
                let query = FormQuery(request.uri.query)
                let (actor, subject) = (query["actor"] ?? "", query["subject"] ?? "")
                let response = try await moderation.call(idempotent: true) { client, options in
                    try await client.listAudit(
                        .with {
                            $0.actor = actor
                            $0.subjectID = subject
                            $0.page = .with {
                                $0.pageSize = 50
                                $0.pageToken = query["page"] ?? ""
                            }
                        }, options: options)
                }
                let entries: [[String: Any]] = response.entries.map { entry in
                    [
                        "at": ConsoleFormat.time(entry.at), "actor": entry.actor, "action": entry.action, "kind": entry.subject.kind,
                        "subjectID": entry.subject.id, "reason": entry.reason, "before": entry.before, "after": entry.after,
                    ]
                }
                var values: [String: Any] = ["actor": actor, "subject": subject, "entries": entries, "hasEntries": !entries.isEmpty]
                if !response.page.nextPageToken.isEmpty {
                    values["next"] = "/console/audit?" + Self.query(["actor": actor, "subject": subject, "page": response.page.nextPageToken])
                }
                return pages.page("Audit log", template: "audit", values, visit: visit)
            }
        }
        table.addPage(.get, "/console/health") { request, context in
            try await signedIn(request, context) { visit in
                let report = await readiness.report()
                let parts: [[String: Any]] = report.services.sorted { $0.key < $1.key }.map { name, part in
                    ["name": name, "status": part.status, "reason": part.reason ?? ""]
                }
                return pages.page("Health", template: "health", ["status": report.status, "parts": parts], visit: visit)
            }
        }
    }
}

/// Erasure receipts (admins): what each announcing service asked the others to forget, and who confirmed.
extension ConsoleRoutes {
    static var erasureTopics: [(value: String, label: String)] {
        [("user_deleted", "accounts deleted"), ("event_ended", "events ended"), ("trip_deleted", "trips deleted")]
    }

    func registerErasures(in table: RouteTable) {
        table.addPage(.get, "/console/erasures") { request, context in
            try await signedIn(request, context) { visit in
                let query = FormQuery(request.uri.query)
                let topic = query["topic"].flatMap { purgeReports[$0] == nil ? nil : $0 } ?? "user_deleted"
                let subject = (query["subject"] ?? "").trimmingCharacters(in: .whitespaces)
                let response = try await purgeReports[topic]!.call(idempotent: true) { client, options in
                    try await client.listPurges(
                        .with {
                            $0.topic = topic
                            $0.subjectID = subject
                            $0.limit = 50
                        }, options: options)
                }
                let purges: [[String: Any]] = response.purges.map { purge in
                    [
                        "announced": ConsoleFormat.time(purge.announcedAt), "subjectID": purge.subjectID, "attempts": purge.attempts,
                        "state": purge.hasCompletedAt
                            ? "complete \(ConsoleFormat.time(purge.completedAt))" : "pending, next try \(ConsoleFormat.time(purge.nextAttemptAt))",
                        "stateClass": purge.hasCompletedAt ? "ok" : "unavailable",
                        "receipts": purge.receipts.map { receipt in
                            [
                                "service": receipt.service,
                                "acknowledged": receipt.hasAcknowledgedAt ? ConsoleFormat.time(receipt.acknowledgedAt) : "not yet",
                            ]
                        },
                    ]
                }
                return pages.page(
                    "Erasures", template: "erasures",
                    [
                        "topics": ConsoleFormat.options(Self.erasureTopics, selected: topic), "subject": subject, "purges": purges,
                        "hasPurges": !purges.isEmpty,
                    ], visit: visit)
            }
        }
    }
}
