import Foundation
import HTTPTypes
import Hummingbird
import Mustache
import RoamRuntime

/// Renders the console's pages (the layout around one template) and gives every response the
/// headers a page with moderators' sessions needs: a CSP that allows only the console's own
/// stylesheet and script, no framing, no caching, no referrer.
struct ConsolePages: Sendable {
    let library: MustacheLibrary

    /// What a wrong password and an account without a moderator's role are both told.
    static let refusedSignIn = "These details do not sign in to the console."

    init() {
        var library = MustacheLibrary()
        let templates: [String: String] = [
            "layout": ConsoleTemplates.layout, "signIn": ConsoleTemplates.signIn, "queue": ConsoleTemplates.queue,
            "content": ConsoleTemplates.content, "case": ConsoleTemplates.case, "users": ConsoleTemplates.users,
            "user": ConsoleTemplates.user, "contentPage": ConsoleTemplates.contentPage, "audit": ConsoleTemplates.audit,
            "health": ConsoleTemplates.health, "erasures": ConsoleTemplates.erasures,
            "events": ConsoleTemplates.events, "event": ConsoleTemplates.event,
            "message": ConsoleTemplates.message,
        ]
        for (name, text) in templates {
            // The templates are this file's constants: one that does not parse is a bug a test finds.
            do { try library.register(text, named: name) } catch { preconditionFailure("console template \(name): \(error)") }
        }
        self.library = library
    }

    /// One template's HTML, for a page to place inside another.
    func fragment(_ template: String, _ values: [String: Any]) -> String {
        library.render(values, withTemplate: template) ?? ""
    }

    /// A whole page. `visit` is nil on the sign-in page and the refusals before it.
    func page(
        _ title: String, template: String, _ values: [String: Any] = [:], visit: ConsoleVisit? = nil,
        notice: String? = nil, error: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        var layout: [String: Any] = ["title": title, "content": fragment(template, values)]
        if let visit {
            layout["signedIn"] = true
            layout["csrf"] = visit.formToken
            layout["who"] = visit.name
            layout["isAdmin"] = visit.isAdmin
        }
        if let notice { layout["notice"] = notice }
        if let error { layout["error"] = error }
        var response = Self.html(library.render(layout, withTemplate: "layout") ?? "", status: status)
        visit?.renewedCookie.map { response.headers.append(HTTPField(name: .setCookie, value: $0)) }
        return response
    }

    /// A plain message page.
    func message(_ title: String, _ paragraphs: [String], visit: ConsoleVisit? = nil, status: HTTPResponse.Status) -> Response {
        page(title, template: "message", ["paragraphs": paragraphs], visit: visit, status: status)
    }

    static func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        var response = Response(
            status: status, headers: headers(contentType: "text/html; charset=utf-8"), body: .init(byteBuffer: ByteBuffer(string: text)))
        response.headers[.cacheControl] = "no-store"
        return response
    }

    static func redirect(to location: String, cookies: [String] = []) -> Response {
        var response = Response(status: .seeOther, headers: headers(contentType: "text/plain; charset=utf-8"))
        response.headers[.location] = location
        response.headers[.cacheControl] = "no-store"
        for cookie in cookies { response.headers.append(HTTPField(name: .setCookie, value: cookie)) }
        return response
    }

    static func headers(contentType: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[.contentType] = contentType
        headers[.contentSecurityPolicy] =
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'"
        headers[.init("X-Frame-Options")!] = "DENY"
        headers[.init("X-Content-Type-Options")!] = "nosniff"
        headers[.init("Referrer-Policy")!] = "same-origin"
        headers[.init("Cross-Origin-Opener-Policy")!] = "same-origin"
        headers[.init("Cross-Origin-Resource-Policy")!] = "same-origin"
        return headers
    }
}
