import Foundation
import Hummingbird
import RoamProto

/// Any piece of content by kind and id, as it is now, with its takedown or restore.
extension ConsoleRoutes {
    func registerContent(in table: RouteTable) {
        table.addPage(.get, "/console/content") { request, context in
            try await signedIn(request, context) { visit in
                let query = FormQuery(request.uri.query)
                let (kind, id) = (query["kind"] ?? "", (query["id"] ?? "").trimmingCharacters(in: .whitespaces))
                if !kind.isEmpty, !id.isEmpty {
                    return ConsolePages.redirect(to: "/console/content/\(Self.pathSegment(kind))/\(Self.pathSegment(id))")
                }
                return pages.page(
                    "Content", template: "contentPage", ["kinds": ConsoleFormat.options(ConsoleFormat.kinds, selected: kind), "subjectID": id],
                    visit: visit)
            }
        }
        table.addPage(.get, "/console/content/{kind}/{id}") { request, context in
            try await signedIn(request, context) { visit in
                let subject = Self.subject(context)
                let response = try await moderation.call(idempotent: true) { client, options in
                    try await client.describeContent(.with { $0.subject = subject }, options: options)
                }
                let notice = FormQuery(request.uri.query)["done"].map { $0 == "down" ? "It is taken down." : "It is restored." }
                return pages.page(
                    "A \(subject.kind)", template: "contentPage",
                    [
                        "kinds": ConsoleFormat.options(ConsoleFormat.kinds, selected: subject.kind), "kind": subject.kind, "subjectID": subject.id,
                        "hasFound": true, "found": pages.fragment("content", ConsoleFormat.content(response.content)),
                        "down": response.content.hasTakedown, "csrf": visit.formToken,
                    ], visit: visit, notice: notice)
            }
        }
        table.addPage(.post, "/console/content/{kind}/{id}/take-down") { request, context in
            try await signedInForm(request, context) { _, form in
                let subject = Self.subject(context)
                _ = try await moderation.call { client, options in
                    try await client.takeDown(
                        .with {
                            $0.subject = subject
                            $0.reason = form["reason"] ?? ""
                        }, options: options)
                }
                return ConsolePages.redirect(to: Self.contentPath(subject) + "?done=down")
            }
        }
        table.addPage(.post, "/console/content/{kind}/{id}/restore") { request, context in
            try await signedInForm(request, context) { _, _ in
                let subject = Self.subject(context)
                _ = try await moderation.call { client, options in
                    try await client.restore(.with { $0.subject = subject }, options: options)
                }
                return ConsolePages.redirect(to: Self.contentPath(subject) + "?done=restored")
            }
        }
    }

    static func subject(_ context: GatewayRequestContext) -> Roam_Moderation_V1_Subject {
        .with {
            $0.kind = context.parameters.get("kind") ?? ""
            $0.id = context.parameters.get("id") ?? ""
        }
    }

    static func contentPath(_ subject: Roam_Moderation_V1_Subject) -> String {
        "/console/content/\(pathSegment(subject.kind))/\(pathSegment(subject.id))"
    }
}
