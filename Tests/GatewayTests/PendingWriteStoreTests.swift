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
            PendingWrite(operationID: "createTrip", request: request, body: Data("{\"n\":\($0)}".utf8), idempotencyKey: "k\($0)", userID: "u")
        }
        try await FilePendingWriteStore(url: url).save(writes)
        #expect(try await FilePendingWriteStore(url: url).load() == writes)
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
    }

    /// A crash may leave a `.partial` file readable by anyone: the next write never reuses it.
    @Test func aFileIsCreatedOwnerOnlyEvenOverAPartialOneLeftReadable() async throws {
        let url = Self.file()
        let partial = url.appendingPathExtension("partial")
        defer { for file in [url, partial] { try? FileManager.default.removeItem(at: file) } }
        #expect(FileManager.default.createFile(atPath: partial.path, contents: Data("left over".utf8), attributes: [.posixPermissions: 0o644]))
        try await FilePendingWriteStore(url: url).save([])
        let permissions = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber
        #expect(permissions?.intValue == 0o600)
        #expect(!FileManager.default.fileExists(atPath: partial.path))
        #expect(try await FilePendingWriteStore(url: url).load() == [])
    }

    /// A write made as one account is never sent as another that signs in on the device later.
    @Test func aWriteMadeAsOneAccountIsNeverSentAsAnother() async throws {
        let trip = Data(
            #"{"title":"Not yours","destination":{"name":"Oslo"},"startDate":"2031-06-10","endDate":"2031-06-12","timeZone":"Europe/Oslo","homeCurrency":"NOK"}"#
                .utf8)
        let ada = PendingWrite(
            operationID: "createTrip", request: HTTPRequestFixture.post("/v1/trips"), body: trip, idempotencyKey: UUID().uuidString,
            userID: UUID().uuidString.lowercased())
        try await GatewayHarness.withAccounts { http in
            let session = RoamSession(gateway: http.base, pendingWrites: InMemoryPendingWriteStore([ada]))
            let writes = try #require(session.pendingWrites)
            let outcomes = await writes.events()
            try await session.signUp(RoamSessionTests.ada)
            // An answer to the app's next call says the gateway is there: what waits is sent then.
            #expect(try await session.client.getMe().ok.body.json.profile.username == "ada")
            var refused: RoamProblem?
            for await outcome in outcomes {
                if case .refused(let write, let problem) = outcome, write.id == ada.id { refused = problem }
                break
            }
            #expect(refused?.reason == "SIGNED_OUT", "\(String(describing: refused))")
            #expect(try await writes.waiting.isEmpty)
        }
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
