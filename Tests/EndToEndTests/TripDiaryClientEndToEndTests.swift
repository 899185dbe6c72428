import Foundation
import MediaTesting
import RoamClient
import RoamTesting
import Synchronization
import Testing

/// A trip diary written with RoamClient against every service as a real process, as an iPhone app would:
/// sign up, a trip, a photo uploaded from a file and downloaded through its signed link, a pin with
/// it as the cover, a journal entry, a budget and expenses, the day's view; and the notification
/// stream kept across the gateway's restart, neither losing nor repeating a budget alert.
extension ClientEndToEndTests {
    /// What a stream delivered, as it came.
    final class NotificationsReceived: Sendable {
        private let items = Mutex<[LiveNotification]>([])
        private let ending = Mutex<String?>(nil)

        func read(_ stream: AsyncThrowingStream<LiveNotification, any Error>) async {
            do {
                for try await item in stream { items.withLock { $0.append(item) } }
                ending.withLock { $0 = "finished" }
            } catch {
                ending.withLock { $0 = "\(error)" }
            }
        }

        var connections: Int { items.withLock { $0.filter { if case .connected = $0 { true } else { false } }.count } }
        /// Each budget alert as its id, limit and percent, in the order they came.
        var alerts: [(id: String, limit: String, percent: Int)] {
            items.withLock { items in
                items.compactMap { item in
                    guard case .notification(.budgetAlert(let alert)) = item else { return nil }
                    return (alert.alertId, alert.limit.rawValue, alert.percent)
                }
            }
        }
        /// The limits and percents reached, as "total 50".
        var reached: Set<String> { Set(alerts.map { "\($0.limit) \($0.percent)" }) }
        var ended: String? { ending.withLock { $0 } }
    }

    static let day = "2024-05-01"

    static func aTripDiaryWrittenWithTheClientAndItsNotificationsAcrossTheGatewaysRestart(_ everything: EveryService) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("roam-diary-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        // A second gateway in front of the same services, for writes made while the first is down.
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let phone = RoamSession(gateway: everything.base)
        try await phone.signUp(.init(displayName: "Mia", email: "mia@example.com", password: "correct horse battery", username: "mia_travels"))
        let received = NotificationsReceived()
        let listening = Task { await received.read(phone.notifications()) }
        defer { listening.cancel() }
        #expect(await eventually { received.connections == 1 })

        let tripID = try await Self.writeTheDay(phone, in: directory)

        // Budget alerts, with an id each: 50 % now; 100 % while the phone's gateway is down, sent
        // through the other one; delivered once the stream is back, the first not again.
        _ = try await phone.client.setBudget(path: .init(id: tripID), body: .json(.init(total: "100.00", alertThresholds: [50, 100]))).ok
        try await Self.spend("60.00", on: tripID, phone)
        // 60 of 100, and of the day's allowance of 25 (100 over the trip's four days).
        let first: Set = ["total 50", "day 50", "day 100"]
        #expect(await eventually { received.reached == first }, "\(received.alerts)")
        await everything.stopGateway()
        let laptop = RoamSession(gateway: everything.http[1].base)
        try await laptop.logIn(.init(identifier: "mia_travels", password: "correct horse battery"))
        try await Self.spend("50.00", on: tripID, laptop)
        try await everything.restartGateway()
        #expect(
            await eventually(timeout: .seconds(90)) { received.connections == 2 && received.reached.contains("total 100") }, "\(received.alerts)")
        // Three keep-alives later (one a second here), still the same connection.
        try await Task.sleep(for: .seconds(3))
        #expect(received.connections == 2, "connected again only after the restart")
        #expect(received.reached == first.union(["total 100"]), "\(received.alerts)")
        #expect(Set(received.alerts.map(\.id)).count == received.alerts.count, "none twice: \(received.alerts)")
        #expect(received.ended == nil, "the stream went on")
    }

    /// A trip with a photo, a pin, a journal entry and the day's view showing them; the trip's id.
    static func writeTheDay(_ phone: RoamSession, in directory: URL) async throws -> String {
        let trip = try await phone.client.createTrip(
            body: .json(
                .init(
                    destination: .init(name: "Stockholm"), endDate: "2024-05-03", homeCurrency: "EUR", startDate: "2024-04-30",
                    timeZone: "Europe/Stockholm", title: "Stockholm"))
        ).created.body.json

        // The photo, uploaded from a file with its progress, and downloaded through its signed link.
        let photo = directory.appendingPathComponent("photo.jpg")
        try TestPhoto.write(to: photo.path, width: 1_200, height: 900, exif: TestPhoto.cameraFields)
        let bytes = try Data(contentsOf: photo)
        let uploads = Mutex<[TransferProgress]>([])
        let uploaded = try await phone.upload(contentsOf: photo) { progress in uploads.withLock { $0.append(progress) } }
        #expect(uploaded.sizeBytes == Int64(bytes.count))
        let lastUpload = uploads.withLock { $0.last }
        #expect(lastUpload?.completedBytes == Int64(bytes.count) && lastUpload?.fractionCompleted == 1)
        let downloaded = directory.appendingPathComponent("downloaded.jpg")
        let downloads = Mutex<[TransferProgress]>([])
        try await phone.download(uploaded.links.original, to: downloaded) { progress in downloads.withLock { $0.append(progress) } }
        // Anyone holding the link gets the picture upright and without its metadata, the owner included.
        let saved = try Data(contentsOf: downloaded)
        #expect(saved.starts(with: [0xFF, 0xD8]) && (try? TestPhoto.hasMetadata(saved)) == false)
        #expect(downloads.withLock { $0.last } == TransferProgress(completedBytes: Int64(saved.count), totalBytes: Int64(saved.count)))
        await #expect {
            try await phone.download(uploaded.links.original.replacingOccurrences(of: "signature=", with: "signature=0"), to: downloaded)
        } throws: { $0.roamProblem.map { (400..<500).contains($0.status) } == true }

        let pin = try await phone.client.createPin(
            path: .init(id: trip.id),
            body: .json(
                .init(
                    coverMediaId: uploaded.mediaId, description: "Coffee by the water", point: .init(latitude: 59.3329, longitude: 18.0667),
                    title: "Gamla stan", visitedAt: ISO8601DateFormatter().date(from: "2024-05-01T10:00:00Z")))
        ).created.body.json
        let entry = try await phone.client.createJournalEntry(
            path: .init(id: trip.id), body: .json(.init(body: "Sun on the water.", date: day, title: "First day"))
        ).created.body.json

        let view = try await phone.client.getTripDay(path: .init(id: trip.id, date: day)).ok.body.json
        #expect(view.photos?.map(\.mediaId) == [uploaded.mediaId])
        #expect(view.pins?.map(\.id) == [pin.id])
        #expect(view.journalEntries?.map(\.id) == [entry.id])
        return trip.id
    }

    static func spend(_ amount: String, on tripID: String, _ session: RoamSession) async throws {
        _ = try await session.client.createExpense(
            path: .init(id: tripID),
            body: .json(.init(amount: amount, currency: "EUR", spentAt: ISO8601DateFormatter().date(from: "2024-05-01T12:00:00Z")!, category: "food"))
        ).created
    }
}
