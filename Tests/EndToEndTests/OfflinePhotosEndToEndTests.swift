import Foundation
import MediaTesting
import RoamClient
import RoamTesting
import Testing

/// Photos and edits made on a train with no signal, against every service: three photos uploaded and
/// two edits made with the gateway stopped (one of an entry made offline too, naming a photo not sent
/// yet) are kept across the app's relaunch and applied once each, in order, when the gateway is back.
extension ClientEndToEndTests {
    static func photosAndEditsMadeWithTheGatewayStoppedLandOnceEachInOrderAfterARelaunch(_ everything: EveryService) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-offline-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let tokens = FileTokenStore(url: directory.appendingPathComponent("tokens.json"))
        let pending = FilePendingWriteStore(url: directory.appendingPathComponent("pending-writes.json"))
        let order = ["uploadMedia", "uploadMedia", "uploadMedia", "createJournalEntry", "updatePin", "replaceJournalEntry"]
        let (trip, pin) = try await photosAndEditsMadeOffline(everything, in: directory, tokens: tokens, pending: pending, order: order)
        // The killed app's session is gone; a try it had under way ends while the gateway is still down
        // (its retries take under 2 s), and it tries nothing more.
        try await Task.sleep(for: .seconds(3))

        // The app starts again on the same files; the gateway comes back, and its first call reaches it.
        let relaunched = RoamSession(gateway: everything.base, store: tokens, pendingWrites: pending)
        let writes = try #require(relaunched.pendingWrites)
        let outcomes = await writes.events()
        try await everything.restartGateway()
        _ = try await relaunched.client.getMe().ok
        var applied: [(operation: String, body: Data)] = []
        for await outcome in outcomes {
            guard case .applied(let write, _, let body) = outcome else {
                Issue.record("a kept write was not applied: \(outcome)")
                break
            }
            applied.append((write.operationID, body))
            if applied.count == order.count { break }
        }
        #expect(applied.map(\.operation) == order, "in the order they were made")
        #expect(try await writes.waiting.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: pending.filesDirectory.path).isEmpty, "the copies go once sent")

        // Each once, and the placeholders became the ids the gateway gave.
        let firstPhoto = try RoamJSON.decode(Components.Schemas.Media.self, from: applied[0].body).mediaId
        let library = try await relaunched.client.listMyMedia().ok.body.json.media
        #expect(library.count == 3)
        let entries = try await relaunched.client.listJournalEntries(path: .init(id: trip)).ok.body.json.entries
        #expect(entries.map(\.title) == ["Harbour at dusk"] && entries.first?.mediaIds == [firstPhoto], "\(entries)")
        #expect(try await relaunched.client.getPin(path: .init(id: trip, pinId: pin)).ok.body.json.title == "Miradouro da Graça")
    }

    /// Signs up, makes a trip and a pin, stops the gateway and makes three photos and two edits, as the
    /// app that is then killed (its session goes with this function). The trip's and the pin's ids.
    static func photosAndEditsMadeOffline(
        _ everything: EveryService, in directory: URL, tokens: FileTokenStore, pending: FilePendingWriteStore, order: [String]
    ) async throws -> (trip: String, pin: String) {
        let phone = RoamSession(gateway: everything.base, store: tokens, pendingWrites: pending)
        let name = "train\(Int.random(in: 10_000...99_999))"
        try await phone.signUp(.init(displayName: "Train", email: "\(name)@example.com", password: "correct horse battery", username: name))
        let trip = try await phone.client.createTrip(body: .json(lisbon)).created.body.json.id
        let pin = try await phone.client.createPin(
            path: .init(id: trip),
            body: .json(
                .init(
                    description: "The view", point: .init(latitude: 38.7139, longitude: -9.1334), title: "Miradouro",
                    visitedAt: ISO8601DateFormatter().date(from: "2031-06-11T10:00:00Z")))
        ).created.body.json
        let photos = try (1...3).map { index in
            let file = directory.appendingPathComponent("IMG_000\(index).jpg")
            try TestPhoto.bytes(width: 200 + index * 10, height: 150).write(to: file)
            return file
        }

        await everything.stopGateway()
        func queued(_ write: () async throws -> Void) async -> String? {
            do {
                try await write()
            } catch {
                if case .queued(let id) = error.roamClientError { return id.uuidString.lowercased() }
                Issue.record("not kept: \(error)")
            }
            return nil
        }
        var placeholders: [String] = []
        for photo in photos {
            if let placeholder = await queued({ _ = try await phone.upload(contentsOf: photo) }) { placeholders.append(placeholder) }
        }
        // An entry with the first photo, then two edits: the pin's title, and the entry made offline.
        let entry = await queued {
            _ = try await phone.client.createJournalEntry(
                path: .init(id: trip), body: .json(.init(body: "Boats", date: "2031-06-11", mediaIds: [placeholders.first ?? ""], title: "Harbour")))
        }
        let entryID = try #require(entry)
        _ = await queued {
            _ = try await phone.client.updatePin(path: .init(id: trip, pinId: pin.id), body: .json(.init(title: "Miradouro da Graça")))
        }
        _ = await queued {
            _ = try await phone.client.replaceJournalEntry(
                path: .init(id: trip, entryId: entryID),
                body: .json(.init(body: "Boats at dusk", date: "2031-06-11", mediaIds: [placeholders.first ?? ""], title: "Harbour at dusk")))
        }
        let kept = try await #require(phone.pendingWrites).waiting
        #expect(kept.map(\.operationID) == order)
        #expect(try FileManager.default.contentsOfDirectory(atPath: pending.filesDirectory.path).count == 3, "each photo copied")

        return (trip, pin.id)
    }
}
