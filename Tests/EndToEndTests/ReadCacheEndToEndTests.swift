import Foundation
import RoamClient
import RoamTesting
import Testing

/// Reads an app shows offline, against every service: a trip list and a journal read online are
/// answered from the read cache, with the same types, while the gateway is down; a read never made
/// online is not; the gateway's next answers replace what was kept; signing out forgets it all.
extension ClientEndToEndTests {
    static func readsMadeOnlineAreAnsweredFromTheCacheWhileTheGatewayIsDown(_ everything: EveryService) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-read-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = FileReadCache(directory: directory)
        let phone = RoamSession(
            gateway: everything.base, retryPolicy: RetryPolicy(attempts: 2, firstDelay: .milliseconds(50)), readCache: cache)
        let name = "cached\(Int.random(in: 10_000...99_999))"
        try await phone.signUp(.init(displayName: "Cached", email: "\(name)@example.com", password: "correct horse battery", username: name))
        let trip = try await phone.client.createTrip(body: .json(lisbon)).created.body.json.id
        _ = try await phone.client.createJournalEntry(path: .init(id: trip), body: entry("Tiles")).created
        let trips = try await phone.client.listMyTrips().ok.body.json
        let journal = try await phone.client.listJournalEntries(path: .init(id: trip)).ok.body.json

        await everything.stopGateway()
        #expect(try await phone.client.listMyTrips().ok.body.json == trips, "answered from the cache, as it was read")
        #expect(try await phone.client.listJournalEntries(path: .init(id: trip)).ok.body.json == journal)
        await #expect(throws: (any Error).self, "a read never made online has nothing to answer with") {
            _ = try await phone.client.getTrip(path: .init(id: trip))
        }

        try await everything.restartGateway()
        _ = try await phone.client.createTrip(body: .json(lisbon)).created
        #expect(try await phone.client.listMyTrips().ok.body.json.trips.count == 2, "the gateway's answer again, and kept")
        try await phone.logOut()
        #expect(!FileManager.default.fileExists(atPath: directory.path), "the account's answers go with it")
    }
}
