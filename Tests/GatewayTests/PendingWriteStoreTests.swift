import Foundation
import RoamTesting
import Testing

@testable import RoamClient

/// The file of pending writes: kept whole across saves, and a damaged one moved aside rather than
/// stopping the app's calls.
@Suite(.timeLimit(.minutes(1))) struct PendingWriteStoreTests {
    static func file() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("roam-pending-\(UUID().uuidString).json")
    }

    @Test func writesAreKeptInOrderOwnerOnly() async throws {
        let url = Self.file()
        defer { try? FileManager.default.removeItem(at: url) }
        let request = HTTPRequestFixture.post("/v1/trips")
        let writes = (1...3).map {
            PendingWrite(operationID: "createTrip", request: request, body: Data("{\"n\":\($0)}".utf8), idempotencyKey: "k\($0)")
        }
        try await FilePendingWriteStore(url: url).save(writes)
        #expect(try await FilePendingWriteStore(url: url).load() == writes)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
    }

    @Test func aDamagedFileIsMovedAsideAndCallsGoOn() async throws {
        let url = Self.file()
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("garbage".utf8).write(to: url)
        try await GatewayHarness.withAccounts { http in
            let session = RoamSession(gateway: http.base, pendingWrites: FilePendingWriteStore(url: url))
            try await session.signUp(RoamSessionTests.ada)
            #expect(try await session.client.getMe().ok.body.json.profile.username == "ada")
        }
        let aside = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
            .filter { $0.hasPrefix(url.lastPathComponent + ".unreadable-") }
        #expect(aside.count == 1, "kept for whoever looks into it")
        for name in aside {
            let moved = url.deletingLastPathComponent().appendingPathComponent(name)
            #expect(try Data(contentsOf: moved) == Data("garbage".utf8))
            try FileManager.default.removeItem(at: moved)
        }
    }
}
