import Foundation
import Hummingbird
import RoamProto
import SwiftProtobuf

/// Finding an account, one account (profile, counts, sessions, suspension), and suspending it or
/// lifting its suspension (through moderation, so the audit log has it).
extension ConsoleRoutes {
    func registerUsers(in table: RouteTable) {
        table.addPage(.get, "/console/users") { request, context in
            try await signedIn(request, context) { visit in
                let query = FormQuery(request.uri.query)
                let text = (query["q"] ?? "").trimmingCharacters(in: .whitespaces)
                var values: [String: Any] = ["query": text, "searched": !text.isEmpty, "hasAccounts": false]
                if !text.isEmpty {
                    let response = try await accountsAdmin.call(idempotent: true) { client, options in
                        try await client.findAccounts(
                            .with {
                                $0.query = text
                                $0.page = .with {
                                    $0.pageSize = 50
                                    $0.pageToken = query["page"] ?? ""
                                }
                            }, options: options)
                    }
                    values["accounts"] = response.accounts.map(ConsoleFormat.account)
                    values["hasAccounts"] = !response.accounts.isEmpty
                    if !response.page.nextPageToken.isEmpty {
                        values["next"] = "/console/users?" + Self.query(["q": text, "page": response.page.nextPageToken])
                    }
                }
                return pages.page("Users", template: "users", values, visit: visit)
            }
        }
        table.addPage(.get, "/console/users/{user}") { request, context in
            try await signedIn(request, context) { visit in
                let response = try await accountsAdmin.call(idempotent: true) { client, options in
                    try await client.describeAccount(.with { $0.user = context.parameters.get("user") ?? "" }, options: options)
                }
                var values = ConsoleFormat.account(response.account)
                values["csrf"] = visit.formToken
                values["isAdmin"] = visit.isAdmin
                values["lengths"] = ConsoleFormat.lengthOptions
                values["hasSessions"] = !response.sessions.isEmpty
                values["sessions"] = response.sessions.map { session in
                    [
                        "device": [session.device.deviceName, session.device.userAgent].filter { !$0.isEmpty }.joined(separator: " · "),
                        "created": ConsoleFormat.time(session.createdAt), "lastUsed": ConsoleFormat.time(session.lastUsedAt),
                    ]
                }
                if response.account.hasSuspension {
                    let suspension = response.account.suspension
                    var described: [String: Any] = [
                        "at": ConsoleFormat.time(suspension.suspendedAt), "by": suspension.suspendedBy, "reason": suspension.reason,
                    ]
                    if suspension.hasUntil { described["until"] = ConsoleFormat.time(suspension.until) }
                    values["suspension"] = described
                }
                let notice = FormQuery(request.uri.query)["done"].map {
                    $0 == "suspended" ? "The account is suspended." : "The suspension is lifted."
                }
                return pages.page("@" + response.account.username, template: "user", values, visit: visit, notice: notice)
            }
        }
        table.addPage(.post, "/console/users/{user}/suspend") { request, context in
            try await signedInForm(request, context) { _, form in
                let user = context.parameters.get("user") ?? ""
                let until = ConsoleFormat.suspensionEnd(form["for"] ?? "")
                _ = try await moderation.call { client, options in
                    try await client.suspendAccount(
                        .with {
                            $0.user = user
                            $0.reason = form["reason"] ?? ""
                            if let until { $0.until = Google_Protobuf_Timestamp(date: until) }
                        }, options: options)
                }
                return ConsolePages.redirect(to: "/console/users/\(Self.pathSegment(user))?done=suspended")
            }
        }
        table.addPage(.post, "/console/users/{user}/unsuspend") { request, context in
            try await signedInForm(request, context) { _, _ in
                let user = context.parameters.get("user") ?? ""
                _ = try await moderation.call { client, options in
                    try await client.liftSuspension(.with { $0.user = user }, options: options)
                }
                return ConsolePages.redirect(to: "/console/users/\(Self.pathSegment(user))?done=lifted")
            }
        }
    }
}
