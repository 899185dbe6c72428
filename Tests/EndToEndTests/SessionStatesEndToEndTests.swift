import Foundation
import RoamClient
import RoamTesting
import Testing

/// A session an app can watch, against every service: its states as they change, a session ended from
/// elsewhere reported within a second, and the SwiftUI model following it.
extension ClientEndToEndTests {
    static func theSessionStreamReportsASessionEndedElsewhereWithinASecond(_ everything: EveryService) async throws {
        let tokens = InMemoryTokenStore()
        let session = RoamSession(gateway: everything.base, store: tokens, pendingWrites: InMemoryPendingWriteStore())
        var states = session.states().makeAsyncIterator()
        #expect(await states.next() == .signedOut(reason: nil), "never signed in")
        let name = "watched\(Int.random(in: 10_000...99_999))"
        let signedIn = try await session.signUp(
            .init(displayName: "Watched", email: "\(name)@example.com", password: "correct horse battery", username: name))
        #expect(await states.next() == .signedIn(userID: signedIn.account.userId))
        let model = await MainActor.run { RoamSessionModel(session: session) }
        #expect(
            await eventually { await MainActor.run { model.account?.profile.username == name && model.pendingWriteCount == 0 } },
            "the model shows who is signed in")

        // The session is ended elsewhere (another device logs it out): the gateway closes its stream at
        // once, and the session says so without waiting for a call.
        try await Task.sleep(for: .seconds(2))
        let refreshToken = try #require(try await tokens.load()?.refreshToken)
        let ended = ContinuousClock.now
        #expect(try await everything.http[0].send("POST", "/v1/auth/logout", json: ["refreshToken": refreshToken]).status == 204)
        let next = await states.next()
        let took = ContinuousClock.now - ended
        #expect(next == .signedOut(reason: "SESSION_REVOKED"), "\(String(describing: next))")
        #expect(took < .seconds(1), "reported after \(took)")
        #expect(await eventually { await MainActor.run { !model.isSignedIn && model.account == nil } }, "the model follows")
        #expect(try await tokens.load() == nil)
    }
}
