import Foundation
import HTTPTypes
import OpenAPIRuntime
import RoamClient
import RoamTesting
import Synchronization
import Testing

/// RoamClient against every service as a real process: writes made while the gateway is down kept
/// across the app's relaunch and applied once each when it is back, and a create whose answer was lost
/// sent again with its key and stored once.
extension ClientEndToEndTests {
    /// Loses the answer to the first call of `operation` after the gateway has handled it, as a
    /// connection dropped on the way back would.
    final class LosesFirstAnswer: ClientMiddleware, Sendable {
        let operation: String
        private let lost = Mutex(false)

        init(_ operation: String) {
            self.operation = operation
        }

        func intercept(
            _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
            next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
        ) async throws -> (HTTPResponse, HTTPBody?) {
            let (response, responseBody) = try await next(request, body, baseURL)
            guard operationID == operation,
                lost.withLock({ lost in
                    defer { lost = true }; return !lost
                })
            else { return (response, responseBody) }
            if let responseBody { _ = try await Data(collecting: responseBody, upTo: 1 << 20) }
            throw URLError(.networkConnectionLost)
        }
    }

    static let lisbon = Components.Schemas.CreateTripRequest(
        destination: .init(name: "Lisbon"), endDate: "2031-06-17", homeCurrency: "EUR", startDate: "2031-06-10", timeZone: "Europe/Lisbon",
        title: "Lisbon")

    static func entry(_ title: String) -> Operations.CreateJournalEntry.Input.Body {
        .json(.init(body: "Written offline", date: "2031-06-11", title: title))
    }

    static func writesMadeWhileTheGatewayIsDownLandOnceEachWhenItIsBackAfterTheAppRelaunched(_ everything: EveryService) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-client-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tokens = FileTokenStore(url: directory.appendingPathComponent("tokens.json"))
        let pending = FilePendingWriteStore(url: directory.appendingPathComponent("pending-writes.json"))

        let tripID = try await Self.writeWhileTheGatewayGoesDown(everything, tokens: tokens, pending: pending)

        // The app starts again on the same files; the gateway comes back, and the app's first call reaches it.
        let relaunched = RoamSession(gateway: everything.base, store: tokens, pendingWrites: pending)
        let writes = try #require(relaunched.pendingWrites)
        #expect(try await writes.waiting.map(\.operationID) == Array(repeating: "createJournalEntry", count: 3))
        let outcomes = await writes.events()
        try await everything.restartGateway()
        #expect(try await relaunched.client.getMe().ok.body.json.profile.username == "offline_ada")
        var applied: [String] = []
        for await outcome in outcomes {
            guard case .applied(_, let status, let body) = outcome else {
                Issue.record("a kept write was not applied: \(outcome)")
                break
            }
            #expect(status == 201)
            let entry = try RoamJSON.decode(Components.Schemas.JournalEntry.self, from: body)
            applied.append(entry.title)
            if applied.count == 3 { break }
        }
        #expect(applied == ["Day 1", "Day 2", "Day 3"], "in the order they were made")
        #expect(try await writes.waiting.isEmpty)
        let stored = try await relaunched.client.listJournalEntries(path: .init(id: tripID)).ok.body.json.entries.map(\.title)
        #expect(stored.sorted() == ["Answer lost", "Day 1", "Day 2", "Day 3"], "each once")
        // The same list a page of one at a time.
        var paged: [String] = []
        for try await entry in Pages({ token in
            try await relaunched.client.listJournalEntries(path: .init(id: tripID), query: .init(pageSize: 1, pageToken: token)).ok.body.json
        }) { paged.append(entry.title) }
        #expect(paged == stored)

        // The example tool, as the same user: logs in, lists the trip, and a refused note says why.
        let home = ["HOME": directory.path, "ROAM_GATEWAY": everything.base.absoluteString]
        let login = try await run("roam-diary", ["login", "offline_ada", "correct horse battery"], environment: home)
        #expect(login.status == 0 && login.output.contains("logged in as @offline_ada"), "\(login.output)")
        let listed = try await run("roam-diary", ["trips"], environment: home)
        #expect(listed.status == 0 && listed.output.contains("\(tripID)  2031-06-10 to 2031-06-17  Lisbon"), "\(listed.output)")
        let refused = try await run("roam-diary", ["note", tripID, "2040-01-01", "Later", "Not a day of the trip"], environment: home)
        #expect(refused.status == 1 && refused.output.contains("refused: INVALID_FIELD"), "\(refused.output)")
        // A day still ahead is shown as its plan, and says so rather than "0 photos, 0 pins".
        let ahead = try await run("roam-diary", ["day", tripID, "2031-06-11"], environment: home)
        #expect(ahead.status == 0 && ahead.output.contains("2031-06-11, still ahead: 0 planned items, 0 saved places"), "\(ahead.output)")
    }
    /// Signs up and makes a trip; a journal entry whose answer is lost is sent again and stored once;
    /// then, with the gateway stopped, three entries are kept for later. The trip's id.
    static func writeWhileTheGatewayGoesDown(
        _ everything: EveryService, tokens: FileTokenStore, pending: FilePendingWriteStore
    ) async throws -> String {
        let phone = RoamSession(
            gateway: everything.base, store: tokens, pendingWrites: pending, middlewares: [LosesFirstAnswer("createJournalEntry")])
        try await phone.signUp(
            .init(displayName: "Ada", email: "offline_ada@example.com", password: "correct horse battery", username: "offline_ada"))
        let tripID = try await phone.client.createTrip(body: .json(lisbon)).created.body.json.id
        let first = try await phone.client.createJournalEntry(path: .init(id: tripID), body: entry("Answer lost")).created.body.json
        #expect(first.title == "Answer lost")

        await everything.stopGateway()
        for day in 1...3 {
            await #expect {
                try await phone.client.createJournalEntry(path: .init(id: tripID), body: entry("Day \(day)"))
            } throws: { error in
                guard case .queued = error.roamClientError else { return false }
                return true
            }
        }
        let waiting = try #require(try await phone.pendingWrites?.waiting)
        #expect(waiting.count == 3 && Set(waiting.map(\.idempotencyKey)).count == 3)
        #expect(waiting.allSatisfy { write in !write.headers.contains { $0.first?.lowercased() == "authorization" } }, "no token is kept")
        return tripID
    }
}
