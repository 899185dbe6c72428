import Foundation
import GRPCCore
import Hummingbird
import RoamCore
import RoamProto
import RoamRuntime

/// The moderators' console under `/console`: server-rendered pages over the same gRPC operations the
/// `roam` commands call, made with the signed-in moderator's own token, so every service checks their
/// role and the audit log names them. Anyone without a moderator's or admin's session is sent to the
/// sign-in page, whatever they asked for, and learns nothing of what is behind it.
struct ConsoleRoutes<Transport: ClientTransport>: Sendable {
    let accounts: AccountsCaller<Transport>
    let accountsAdmin: AccountsAdminCaller<Transport>
    let moderation: ModerationCaller<Transport>
    let events: EventsCaller<Transport>
    /// Where each kind of erasure is announced: accounts (`user_deleted`), events (`event_ended`), trips (`trip_deleted`).
    let purgeReports: [String: PurgeReportCaller<Transport>]
    let verifier: AccessTokenVerifier
    let readiness: GatewayReadiness<Transport>
    let seal: ConsoleSeal
    let cookies: ConsoleCookies
    let pages = ConsolePages()

    init(
        accounts: AccountsCaller<Transport>, accountsAdmin: AccountsAdminCaller<Transport>, moderation: ModerationCaller<Transport>,
        events: EventsCaller<Transport>, purgeReports: [String: PurgeReportCaller<Transport>], verifier: AccessTokenVerifier,
        readiness: GatewayReadiness<Transport>, serviceSecret: String, secureCookies: Bool
    ) {
        self.accounts = accounts
        self.accountsAdmin = accountsAdmin
        self.moderation = moderation
        self.events = events
        self.purgeReports = purgeReports
        self.verifier = verifier
        self.readiness = readiness
        seal = ConsoleSeal(serviceSecret: serviceSecret)
        cookies = ConsoleCookies(secure: secureCookies)
    }

    func register(in table: RouteTable) {
        table.addPage(.get, "/console/console.css") { _, _ in Self.asset(ConsoleAssets.stylesheet, type: "text/css; charset=utf-8") }
        table.addPage(.get, "/console/console.js") { _, _ in Self.asset(ConsoleAssets.script, type: "text/javascript; charset=utf-8") }
        registerSignIn(in: table)
        registerCases(in: table)
        registerUsers(in: table)
        registerContent(in: table)
        registerRecords(in: table)
        registerErasures(in: table)
        registerEvents(in: table)
        // Whatever else is asked under /console: the sign-in page for strangers, "not found" for moderators.
        for method in [HTTPRequest.Method.get, .post] {
            table.addPage(method, "/console/**") { request, context in
                try await signedIn(request, context) { visit in
                    pages.message("Not found", ["The console has no such page."], visit: visit, status: .notFound)
                }
            }
        }
    }

    static func asset(_ text: String, type: String) -> Response {
        var headers = ConsolePages.headers(contentType: type)
        headers[.cacheControl] = "public, max-age=300"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    // MARK: Sessions

    /// Runs a page for a signed-in moderator; anyone else is sent to sign in. A refusal from a service
    /// becomes a page saying what was refused.
    func signedIn(
        _ request: Request, _ context: GatewayRequestContext, _ body: @escaping @Sendable (ConsoleVisit) async throws -> Response
    ) async throws -> Response {
        let visit: ConsoleVisit?
        do {
            visit = try await self.visit(request, context)
        } catch {
            return pages.message("Unavailable", [error.message], status: .serviceUnavailable)
        }
        guard let visit else {
            let hadSession = ConsoleCookies.value(cookies.sessionName, in: request) != nil
            return ConsolePages.redirect(to: "/console/sign-in", cookies: hadSession ? [cookies.endedSession] : [])
        }
        do {
            return try await asUser(visit.session.accessToken, visit.user, context) { try await body(visit) }
        } catch {
            return refusal(Self.roamError(error), visit: visit)
        }
    }

    /// A form posted by a signed-in moderator, with the CSRF token of their session.
    func signedInForm(
        _ request: Request, _ context: GatewayRequestContext,
        _ body: @escaping @Sendable (ConsoleVisit, FormQuery) async throws -> Response
    ) async throws -> Response {
        let form = try await Self.form(of: request)
        return try await signedIn(request, context) { visit in
            guard seal.isValidFormToken(form["csrf"] ?? "", for: visit.session.csrfSecret) else {
                return pages.message(
                    "Form refused", ["This form did not come from your console session. Reload the page and try again."], visit: visit,
                    status: .forbidden)
            }
            return try await body(visit, form)
        }
    }

    /// The moderator the session's cookie names, refreshing their access token when it has expired;
    /// nil when there is no such session (none, forged, ended, or no longer a moderator's).
    func visit(_ request: Request, _ context: GatewayRequestContext) async throws(RoamError) -> ConsoleVisit? {
        guard let sealed = ConsoleCookies.value(cookies.sessionName, in: request), var session = seal.open(sealed),
            !session.hasExpired(at: Date())
        else { return nil }
        let formToken = seal.formToken(for: session.csrfSecret)
        do {
            return ConsoleVisit(user: try await moderator(session.accessToken), session: session, formToken: formToken)
        } catch  where error.kind == .unavailable {
            throw error
        } catch {
            // Expired (or ended: then the refresh is refused too).
        }
        do {
            let tokens = try await asUser(nil, nil, context) {
                try await accounts.call { client, options in
                    try await client.refreshSession(.with { $0.refreshToken = session.refreshToken }, options: options)
                }
            }.tokens
            session.accessToken = tokens.accessToken
            session.refreshToken = tokens.refreshToken
            let user = try await moderator(session.accessToken)
            return ConsoleVisit(user: user, session: session, formToken: formToken, renewedCookie: cookies.session(seal.seal(session)))
        } catch {
            let refusal = Self.roamError(error)
            if refusal.kind == .unavailable || refusal.kind == .deadlineExceeded { throw refusal }
            return nil
        }
    }

    /// The user a token names when it is valid and carries a moderator's or admin's role.
    func moderator(_ token: String) async throws(RoamError) -> AuthenticatedUser {
        guard case .user(let user) = try await verifier.verify(token), user.roles.canModerate else {
            throw RoamError(.permissionDenied, reason: "NOT_A_MODERATOR", message: "not a moderator")
        }
        return user
    }

    /// Runs `body` with calls to services made as this user (their token), from this request.
    func asUser<Result: Sendable>(
        _ token: String?, _ user: AuthenticatedUser?, _ context: GatewayRequestContext, _ body: () async throws -> Result
    ) async throws -> Result {
        var call = context.callContext
        call.bearerToken = token
        call.caller = user.map(Caller.user)
        return try await CallContext.$current.withValue(call) { try await body() }
    }

    // MARK: Refusals

    /// A service's refusal as a page (a stale session goes back to sign-in).
    func refusal(_ error: RoamError, visit: ConsoleVisit) -> Response {
        switch error.kind {
        case .unauthenticated:
            return ConsolePages.redirect(to: "/console/sign-in", cookies: [cookies.endedSession])
        case .notFound:
            return pages.message("Not found", [Self.sentence(error)], visit: visit, status: .notFound)
        case .permissionDenied:
            return pages.message("Not allowed", [Self.sentence(error)], visit: visit, status: .forbidden)
        case .invalidArgument, .failedPrecondition, .alreadyExists, .aborted:
            return pages.message("Refused", [Self.sentence(error), "Go back, change it and try again."], visit: visit, status: .badRequest)
        case .resourceExhausted:
            return pages.message("Too many requests", [Self.sentence(error)], visit: visit, status: .tooManyRequests)
        case .unavailable, .deadlineExceeded:
            return pages.message("Unavailable", [Self.sentence(error)], visit: visit, status: .serviceUnavailable)
        case .internal:
            return pages.message(
                "Something went wrong", ["The request failed (request \(CallContext.current.requestID)); the gateway's log has it."],
                visit: visit, status: .internalServerError)
        }
    }

    /// The refusal in words: its message, with each field's problem.
    static func sentence(_ error: RoamError) -> String {
        let fields = error.violations.map { "\($0.field) \($0.description)" }
        return ([error.message] + fields).joined(separator: "; ")
    }

    static func roamError(_ error: any Error) -> RoamError {
        (error as? RoamError) ?? (error as? RPCError).map(RoamError.init) ?? RoamError.internal
    }

    /// A form's fields (`application/x-www-form-urlencoded`, at most 16 KiB).
    static func form(of request: Request) async throws -> FormQuery {
        let body = try await request.body.collect(upTo: 16_384)
        return FormQuery(String(buffer: body))
    }
}
