import Accounts
import Foundation
import Hummingbird
import RoamTesting
import Testing

@testable import Gateway

/// The console's sealed session, CSRF tokens, cookies and pages, and its doors through the real gateway
/// (the flows a moderator goes through run in Chromium: scripts/console-browser-test.py).
@Suite struct ConsoleTests {
    static let session = ConsoleSession(
        accessToken: "access", refreshToken: "refresh", csrfSecret: "secret", name: "@mod", signedInAt: Date(timeIntervalSince1970: 1_795_000_000))

    @Test func aSealedSessionOpensOnlyWithItsSecretAndUnchanged() throws {
        let seal = ConsoleSeal(serviceSecret: "one secret that is long enough")
        let sealed = seal.seal(Self.session)
        #expect(seal.open(sealed) == Self.session)
        #expect(!sealed.contains("access") && !sealed.contains("refresh"), "the tokens cannot be read in the cookie")
        #expect(ConsoleSeal(serviceSecret: "another secret that is long enough").open(sealed) == nil)
        var bytes = Array(sealed)
        bytes[bytes.count / 2] = bytes[bytes.count / 2] == "A" ? "B" : "A"
        #expect(seal.open(String(bytes)) == nil, "a changed byte is noticed")
        for forged in ["", "not base64!", String(repeating: "A", count: 10_000), Base64URL.encode(Data("{\"a\":\"x\"}".utf8))] {
            #expect(seal.open(forged) == nil)
        }
    }

    @Test func aFormTokenIsBoundToItsSessionsSecret() {
        let seal = ConsoleSeal(serviceSecret: "one secret that is long enough")
        let token = seal.formToken(for: "secret")
        #expect(seal.isValidFormToken(token, for: "secret"))
        #expect(!seal.isValidFormToken(token, for: "other"))
        #expect(!seal.isValidFormToken("", for: "secret") && !seal.isValidFormToken("forged", for: "secret"))
        #expect(!seal.isValidFormToken(seal.formToken(for: ""), for: ""), "no session, no valid token")
        #expect(!ConsoleSeal(serviceSecret: "another secret that is long enough").isValidFormToken(token, for: "secret"))
    }

    @Test func aSessionLastsAWorkingDay() {
        let start = Self.session.signedInAt
        #expect(!Self.session.hasExpired(at: start.addingTimeInterval(11 * 3600)))
        #expect(Self.session.hasExpired(at: start.addingTimeInterval(12 * 3600 + 1)))
        #expect(Self.session.hasExpired(at: start.addingTimeInterval(-3600)), "a session from the future is not trusted")
    }

    @Test func cookiesAreHttpOnlyStrictAndSecureOutsideDevelopment() {
        let production = ConsoleCookies(secure: true)
        #expect(production.session("x") == "__Host-roam_console=x; Path=/; HttpOnly; SameSite=Strict; Secure")
        #expect(production.endedSession.hasSuffix("Secure; Max-Age=0"))
        let development = ConsoleCookies(secure: false)
        #expect(development.session("x") == "roam_console=x; Path=/; HttpOnly; SameSite=Strict")
        #expect(development.signIn("y").contains("Max-Age=3600"))
    }

    @Test func aCookieIsFoundAmongOthers() {
        var fields = HTTPFields()
        fields[.cookie] = "theme=dark; roam_console=abc=; other=1"
        let request = Request(
            head: .init(method: .get, scheme: "http", authority: "localhost", path: "/console", headerFields: fields), body: .init(buffer: .init()))
        #expect(ConsoleCookies.value("roam_console", in: request) == "abc=")
        #expect(ConsoleCookies.value("roam", in: request) == nil)
    }

    @Test func whatUsersWroteIsShownAsTextNeverAsMarkup() {
        let pages = ConsolePages()
        let html = pages.fragment("content", ["kind": "post", "text": "<script>alert(1)</script>", "title": "\"quoted\" & 'single'"])
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;") && !html.contains("<script>"))
        #expect(html.contains("&quot;quoted&quot; &amp; &#39;single&#39;"))
        let page = pages.page("A <title>", template: "message", ["paragraphs": ["<i>x</i>"]])
        #expect(page.headers[.contentSecurityPolicy]?.contains("default-src 'none'; script-src 'self'; style-src 'self'") == true)
        #expect(page.headers[.cacheControl] == "no-store")
    }

    @Test func aSuspensionLengthEndsThatLongFromNow() {
        let now = Date(timeIntervalSince1970: 1_795_000_000)
        #expect(ConsoleFormat.suspensionEnd("7d", from: now) == now.addingTimeInterval(7 * 86_400))
        #expect(ConsoleFormat.suspensionEnd("", from: now) == nil)
        #expect(ConsoleFormat.suspensionEnd("forever", from: now) == nil)
    }

    /// A stranger anywhere under /console lands on the sign-in page; a forged session is dropped; a
    /// sign-in form without its token is refused; a plain account is told what a wrong password is told.
    @Test func strangersAndPlainAccountsGetOnlyTheSignInPage() async throws {
        try await GatewayHarness.withAccounts { http in
            for path in ["/console", "/console/users", "/console/audit", "/console/no-such-page"] {
                let reply = try await http.send("GET", path)
                #expect(reply.status == 200 && reply.text.contains("<h1>Sign in</h1>"), "\(path): \(reply.status)")
                #expect(!reply.text.contains("Reports") && !reply.text.contains("<nav"))
            }
            let forged = try await http.send("GET", "/console", headers: ["Cookie": "roam_console=forged"])
            #expect(forged.text.contains("<h1>Sign in</h1>"))

            let noToken = try await http.send(
                "POST", "/console/sign-in", body: Data("identifier=a&password=b".utf8),
                headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(noToken.status == 403)

            let plain = try await GatewayAccountsTests.signUp(http)
            func signIn(_ password: String) async throws -> HTTPTestClient.Reply {
                let form = try await http.send("GET", "/console/sign-in")
                let csrf = try #require(form.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
                return try await http.send(
                    "POST", "/console/sign-in", body: Data("csrf=\(csrf)&identifier=\(plain.username)&password=\(password)".utf8),
                    headers: ["Content-Type": "application/x-www-form-urlencoded"])
            }
            let wrong = try await signIn("wrong+password")
            let right = try await signIn("correct+horse+battery")
            #expect(wrong.status == 401 && right.status == 401)
            #expect(right.text.contains(ConsolePages.refusedSignIn) && wrong.text.contains(ConsolePages.refusedSignIn))
            #expect(right.header("Set-Cookie")?.contains("roam_console=") != true, "no session for a plain account")
        }
    }

    /// A moderator's console session outlives their access token: the gateway refreshes it with the
    /// session's refresh token and sends the renewed cookie; signing out ends it.
    @Test func aModeratorStaysSignedInPastTheAccessTokensLifetime() async throws {
        var policy = AccountPolicy()
        policy.accessTokenLifetime = .seconds(1)
        let store = InMemoryAccountsStore()
        try await GatewayHarness.withAccounts(policy: policy, store: store) { http in
            let moderator = try await GatewayAccountsTests.signUp(http)
            // Read off the token itself: a 1-second token may have expired before another request.
            let payload = try #require(moderator.access.split(separator: ".").dropFirst().first.map(String.init))
            let padded =
                payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
                + String(repeating: "=", count: (4 - payload.count % 4) % 4)
            let decoded = try #require(Data(base64Encoded: padded))
            let claims = try #require(try JSONSerialization.jsonObject(with: decoded) as? [String: Any])
            let subject = try #require(claims["sub"] as? String)
            let id = try #require(UUID(uuidString: subject))
            _ = await store.setRole(.moderator, granted: true, userID: id)
            let form = try await http.send("GET", "/console/sign-in")
            let csrf = try #require(form.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
            let signedIn = try await http.send(
                "POST", "/console/sign-in", body: Data("csrf=\(csrf)&identifier=\(moderator.username)&password=correct+horse+battery".utf8),
                headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(signedIn.text.contains("Sign out @\(moderator.username)"), "\(signedIn.status) \(signedIn.text.prefix(300))")

            try await Task.sleep(for: .seconds(2))
            let later = try await http.send("GET", "/console/health")
            #expect(later.text.contains("<h1>Health</h1>") && later.text.contains("Sign out"), "\(later.text.prefix(300))")
            #expect(later.header("Set-Cookie")?.contains("roam_console=") == true, "the refreshed tokens' cookie")
            let again = try await http.send("GET", "/console/health")
            #expect(again.text.contains("<h1>Health</h1>"), "the renewed cookie works")

            let token = try #require(again.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
            let out = try await http.send(
                "POST", "/console/sign-out", body: Data("csrf=\(token)".utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
            #expect(out.text.contains("<h1>Sign in</h1>"))
            #expect(try await http.send("GET", "/console/health").text.contains("<h1>Sign in</h1>"))
        }
    }

    @Test func theAPIReferenceIsServedFromTheGateway() async throws {
        try await GatewayHarness.withAccounts { http in
            let page = try await http.send("GET", "/docs")
            #expect(page.status == 200 && page.text.contains("\(DocsRoutes.base)/swagger-ui-bundle.js"))
            #expect(page.header("Content-Security-Policy")?.contains("script-src 'self';") == true)
            let script = try await http.send("GET", "\(DocsRoutes.base)/swagger-ui-bundle.js")
            #expect(script.status == 200 && script.body.count > 1_000_000)
            #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
            let licence = try await http.send("GET", "\(DocsRoutes.base)/LICENSE")
            #expect(licence.text.contains("Apache License"))
        }
    }
}
