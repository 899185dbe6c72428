import Foundation
import RoamClient
import Testing

/// RoamClient's generated calls against the real gateway in front of the real accounts service: what an
/// app does first (sign up, then read its own profile with the token), and a problem document when the
/// gateway refuses.
@Suite struct RoamClientTests {
    @Test func signsUpAndReadsItsProfileWithTheToken() async throws {
        try await GatewayHarness.withAccounts { http in
            let signedIn = try await Client(roam: http.base).signUp(
                body: .json(.init(displayName: "Ada", email: "ada@example.com", password: "correct horse battery", username: "ada")))
            let tokens = try signedIn.created.body.json.tokens
            let roam = Client(roam: http.base, middlewares: [BearerTokenMiddleware { tokens.accessToken }])
            let me = try await roam.getMe().ok.body.json
            #expect(me.profile.username == "ada")
            #expect(me.profile.displayName == "Ada" && me.email == "ada@example.com")
        }
    }

    @Test func aRefusedCallIsItsDocumentedProblem() async throws {
        try await GatewayHarness.withAccounts { http in
            let roam = Client(roam: http.base, middlewares: [BearerTokenMiddleware { "not-a-token" }])
            guard case .unauthorized(let refused) = try await roam.getMe() else {
                Issue.record("a bad token was not refused with 401")
                return
            }
            #expect(try refused.body.applicationProblemJson.reason == "INVALID_TOKEN")
        }
    }
}
