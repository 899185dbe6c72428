import Foundation
import RoamClient
import RoamSampleModels
import RoamTesting
import Testing

/// The sample app's view models against every service: a refused sign-in says why, a signed-in user's
/// trips list, and a trip made offline is kept for later.
extension ClientEndToEndTests {
    static func theSampleAppsViewModelsSignInListAndKeepATripMadeOffline(_ everything: EveryService) async throws {
        let session = RoamSession(
            gateway: everything.base, retryPolicy: RetryPolicy(attempts: 2, firstDelay: .milliseconds(50)),
            pendingWrites: InMemoryPendingWriteStore())
        let name = "sample\(Int.random(in: 10_000...99_999))"
        try await RoamSession(gateway: everything.base).signUp(
            .init(displayName: "Sample", email: "\(name)@example.com", password: "correct horse battery", username: name))
        let signIn = await MainActor.run { SignInModel(session: session) }
        await MainActor.run {
            signIn.identifier = name
            signIn.password = "wrong horse battery"
        }
        await signIn.signIn()
        #expect(await MainActor.run { signIn.refusal } == "That username or password is not right.")
        await MainActor.run { signIn.password = "correct horse battery" }
        await signIn.signIn()
        #expect(await MainActor.run { signIn.refusal } == nil)
        #expect(try await session.isSignedIn)

        let trips = await MainActor.run { TripsModel(session: session) }
        await trips.create(title: "Porto", destination: "Porto", from: "2031-05-02", to: "2031-05-05", timeZone: "Europe/Lisbon", currency: "EUR")
        await trips.load()
        #expect(await MainActor.run { trips.trips.map(\.title) } == ["Porto"])
        await everything.stopGateway()
        await trips.create(title: "Braga", destination: "Braga", from: "2031-06-02", to: "2031-06-05", timeZone: "Europe/Lisbon", currency: "EUR")
        #expect(await MainActor.run { trips.problem } == "Saved on this phone: it is sent when you are back online.")
        try await everything.restartGateway()
    }
}
