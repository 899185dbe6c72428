import Foundation
import HTTPTypes
import Hummingbird
import RoamCore
import RoamProto
import RoamRuntime

/// Signing in and out. Signing in is logging in to accounts (its throttling, suspension and password
/// checks) from a form with its own CSRF token; only an account with a moderator's or admin's role gets
/// a console session, and anyone else is told exactly what a wrong password is told.
extension ConsoleRoutes {
    func registerSignIn(in table: RouteTable) {
        table.addPage(.get, "/console/sign-in") { request, context in
            if (try? await visit(request, context)) != nil { return ConsolePages.redirect(to: "/console") }
            return signInPage()
        }
        table.addPage(.post, "/console/sign-in") { request, context in
            let form = try await Self.form(of: request)
            guard let secret = ConsoleCookies.value(cookies.signInName, in: request),
                seal.isValidFormToken(form["csrf"] ?? "", for: "sign-in " + secret)
            else {
                return signInPage(error: "The sign-in form had expired. Sign in again.", status: .forbidden)
            }
            let identifier = form["identifier"] ?? ""
            do {
                let response = try await asUser(nil, nil, context) {
                    try await accounts.call { client, options in
                        try await client.logIn(
                            .with {
                                $0.identifier = identifier
                                $0.password = form["password"] ?? ""
                                $0.device = .with {
                                    $0.userAgent = String((request.headers[.userAgent] ?? "").prefix(256))
                                    $0.deviceName = "Roam console"
                                }
                            }, options: options)
                    }
                }
                guard let user = try? await moderator(response.tokens.accessToken) else {
                    // A plain account: its new session ends at once, and it is told what a wrong password is.
                    _ = try? await asUser(nil, nil, context) {
                        try await accounts.call { client, options in
                            try await client.logOut(.with { $0.refreshToken = response.tokens.refreshToken }, options: options)
                        }
                    }
                    return signInPage(identifier: identifier, error: ConsolePages.refusedSignIn, status: .unauthorized)
                }
                context.logger.info("console sign-in", metadata: ["user_id": "\(user.id.uuidString.lowercased())"])
                let session = ConsoleSession(
                    accessToken: response.tokens.accessToken, refreshToken: response.tokens.refreshToken,
                    csrfSecret: ConsoleSeal.randomSecret(), name: "@" + response.account.profile.username, signedInAt: Date())
                return ConsolePages.redirect(to: "/console", cookies: [cookies.session(seal.seal(session)), cookies.endedSignIn])
            } catch {
                let refusal = Self.roamError(error)
                switch refusal.kind {
                case .unauthenticated, .invalidArgument, .notFound:
                    return signInPage(identifier: identifier, error: ConsolePages.refusedSignIn, status: .unauthorized)
                case .resourceExhausted(let retryAfter):
                    return signInPage(
                        identifier: identifier, error: "Too many attempts. Try again in \(retryAfter.components.seconds + 1) seconds.",
                        status: .tooManyRequests)
                case .permissionDenied, .failedPrecondition:
                    return signInPage(identifier: identifier, error: refusal.message, status: .forbidden)
                default:
                    return signInPage(identifier: identifier, error: "Signing in is unavailable: \(refusal.message)", status: .serviceUnavailable)
                }
            }
        }
        table.addPage(.post, "/console/sign-out") { request, context in
            try await signedInForm(request, context) { visit, _ in
                _ = try? await accounts.call { client, options in
                    try await client.logOut(.with { $0.refreshToken = visit.session.refreshToken }, options: options)
                }
                return ConsolePages.redirect(to: "/console/sign-in", cookies: [cookies.endedSession])
            }
        }
    }

    /// The sign-in form, with a new secret in its cookie for the form's CSRF token.
    func signInPage(identifier: String = "", error: String? = nil, status: HTTPResponse.Status = .ok) -> Response {
        let secret = ConsoleSeal.randomSecret()
        var response = pages.page(
            "Sign in", template: "signIn", ["csrf": seal.formToken(for: "sign-in " + secret), "identifier": identifier], error: error,
            status: status)
        response.headers.append(HTTPField(name: .setCookie, value: cookies.signIn(secret)))
        return response
    }
}
