import Foundation
import RoamTesting
import Testing

@testable import RoamClient

/// What a session's calls throw when the gateway refuses them, and the waits it asks for, against the
/// real gateway and accounts service.
@Suite(.timeLimit(.minutes(2))) struct RoamClientProblemTests {
    @Test func aRefusalIsThrownAsItsProblemWithTheFieldsNamedAsSent() async throws {
        try await GatewayHarness.withAccounts { http in
            try await RoamSession(gateway: http.base).signUp(RoamSessionTests.ada)
            let again = RoamSession(gateway: http.base)
            var taken = RoamSessionTests.ada
            taken.email = "ada2@example.com"
            await #expect {
                try await again.signUp(taken)
            } throws: { error in
                let problem = error.roamProblem
                return problem?.status == 409 && problem?.reason == .usernameTaken && problem?.reason.rawValue == "USERNAME_TAKEN"
                    && problem?.operationID == "signUp"
                    && problem?.fields.map(\.field) == ["username"] && problem?.requestId != nil
            }
            var mistyped = RoamSessionTests.ada
            mistyped.email = "not an address"
            mistyped.username = "ada_two"
            await #expect {
                try await again.signUp(mistyped)
            } throws: { error in
                error.roamProblem?.status == 400 && error.roamProblem?.fields.map(\.field).contains("email") == true
            }
            #expect(try await !again.isSignedIn)
        }
    }

    @Test func aRetryAfterTheSessionCanAffordIsWaitedOutAndALongerOneIsThrown() async throws {
        // One call a second for each user, no burst.
        let settings = try GatewayHarness.settings(["RATE_LIMIT_PER_USER": "1", "RATE_LIMIT_PER_USER_BURST": "1"])
        try await GatewayHarness.withAccounts(settings: settings) { http in
            let tokens = try await RoamSessionTests.signedUp(at: http.base)
            let calls = RoamSessionTests.Calls()
            let patient = RoamSession(gateway: http.base, store: InMemoryTokenStore(tokens), middlewares: [calls])
            // Three at once against one a second: however loaded the machine, some are refused (and none
            // needs more than the policy's four tries).
            try await withThrowingTaskGroup(of: String.self) { group in
                for _ in 0..<3 { group.addTask { try await patient.client.getMe().ok.body.json.profile.username } }
                for try await username in group { #expect(username == "ada") }
            }
            #expect(calls["getMe"] > 3, "some were refused with 429 and sent again after the wait")

            let hasty = RoamSession(gateway: http.base, store: InMemoryTokenStore(tokens), retryPolicy: RetryPolicy(longestRetryAfter: .zero))
            await #expect {
                for _ in 0..<20 { _ = try await hasty.client.getMe() }
            } throws: { error in
                let problem = error.roamProblem
                return problem?.status == 429 && (problem?.retryAfter ?? .zero) >= .seconds(1)
            }
        }
    }
}
