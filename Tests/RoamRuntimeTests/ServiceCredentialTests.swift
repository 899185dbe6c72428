import Foundation
import RoamTesting
import Testing

@testable import RoamRuntime

@Suite struct ServiceCredentialTests {
    @Test func oneTokenServesTheFirstHalfOfItsLifetime() async throws {
        let credential = await ServiceCredential(serviceName: "feed", secret: TestTokens.serviceSecret, lifetime: .seconds(300))
        let start = Date()
        let first = try await credential.token(now: start)
        #expect(try await credential.token(now: start.addingTimeInterval(149)) == first)
        let renewed = try await credential.token(now: start.addingTimeInterval(150))
        #expect(renewed != first)
        #expect(try await credential.token(now: start.addingTimeInterval(200)) == renewed)
    }

    @Test func aReusedTokenStillVerifiesAsTheService() async throws {
        let verifier = try await TestTokens().verifier()
        let credential = await ServiceCredential(serviceName: "feed", secret: TestTokens.serviceSecret)
        for _ in 0..<3 {
            #expect(try await verifier.verify(credential.token()) == .service(name: "feed"))
        }
    }

    @Test func aClockThatWentBackMintsAgain() async throws {
        let credential = await ServiceCredential(serviceName: "feed", secret: TestTokens.serviceSecret)
        let now = Date()
        let first = try await credential.token(now: now)
        // A token issued "in the future" of the asking clock is not handed out.
        #expect(try await credential.token(now: now.addingTimeInterval(-10)) != first)
    }
}
