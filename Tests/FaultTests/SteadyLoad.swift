import Foundation
import MediaTesting
import RoamTesting
import Synchronization

/// A steady mix of reads and writes through the gateway, as apps send them, that records every
/// answer. A write is retried with the same `Idempotency-Key` until it is acknowledged, as a client
/// should; what was acknowledged is kept so the suite can read it back afterwards.
final class SteadyLoad: Sendable {
    enum Kind: String, CaseIterable, Sendable {
        case readProfile, readTrip, nearbyEvents, listMedia, readInbox, writeStory, writeTrip, writeExpense, writePhoto, writeActivity, report

        /// The service whose death or whose database's death this kind of request feels.
        var service: String {
            switch self {
            case .readProfile: "accounts"
            case .readTrip, .writeTrip: "trips"
            case .nearbyEvents: "events"
            case .listMedia, .writePhoto: "media"
            case .writeStory: "feed"
            case .writeExpense: "budget"
            case .writeActivity: "bucketlists"
            case .readInbox: "notifications"
            case .report: "moderation"
            }
        }
    }

    struct Answer: Sendable {
        let kind: Kind
        let at: ContinuousClock.Instant
        /// The HTTP status; nil when no answer came (connection refused or reset).
        let status: Int?
        let detail: String
    }

    let http: HTTPTestClient
    let token: String
    let tripID: String
    /// Another user's story, reported again and again (the first report files it, the rest change nothing).
    let reportedStory: String
    private let answers = Mutex<[Answer]>([])
    private let acknowledged = Mutex<[Kind: [String]]>([:])
    private let stopping = Atomic<Bool>(false)

    init(http: HTTPTestClient, token: String, tripID: String, reportedStory: String) {
        self.reportedStory = reportedStory
        self.http = http
        self.token = token
        self.tripID = tripID
    }

    /// Runs `workers` clients until `stop()`; each finishes the write it is retrying first.
    func run(workers: Int) async {
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<workers {
                group.addTask {
                    var turn = worker
                    while !self.stopping.load(ordering: .relaxed) {
                        let kind = Kind.allCases[turn % Kind.allCases.count]
                        turn += 1
                        await self.perform(kind)
                        try? await Task.sleep(for: .milliseconds(60))
                    }
                }
            }
        }
    }

    func stop() {
        stopping.store(true, ordering: .relaxed)
    }

    func answers(from start: ContinuousClock.Instant, to end: ContinuousClock.Instant = .now) -> [Answer] {
        answers.withLock { $0.filter { $0.at >= start && $0.at < end } }
    }

    func acknowledgedIDs(_ kind: Kind) -> [String] {
        acknowledged.withLock { $0[kind] ?? [] }
    }

    private func perform(_ kind: Kind) async {
        switch kind {
        case .readProfile: _ = await send(kind, "GET", "/v1/me")
        case .readTrip: _ = await send(kind, "GET", "/v1/trips/\(tripID)")
        case .nearbyEvents: _ = await send(kind, "GET", "/v1/events/nearby?lat=57.7&lng=11.97")
        case .listMedia: _ = await send(kind, "GET", "/v1/me/media")
        case .readInbox: _ = await send(kind, "GET", "/v1/me/notifications")
        case .report:
            _ = await send(kind, "POST", "/v1/reports", json: ["subject": ["kind": "post", "id": reportedStory], "reason": "spam"])
        case .writeStory:
            await write(
                kind, "/v1/stories", idKey: "postId",
                json: [
                    "text": "Steady load \(UUID().uuidString.prefix(8))", "place": ["latitude": 57.7, "longitude": 11.97, "name": "Haga"],
                ])
        case .writeTrip:
            await write(
                kind, "/v1/trips", idKey: "id",
                json: [
                    "title": "Weekend", "destination": ["name": "Gothenburg"], "startDate": "2031-06-10", "endDate": "2031-06-12",
                    "timeZone": "Europe/Stockholm", "homeCurrency": "SEK",
                ])
        case .writeExpense:
            await write(
                kind, "/v1/trips/\(tripID)/expenses", idKey: "id",
                json: [
                    "amount": "12.50", "currency": "SEK", "spentAt": "2031-06-11T12:00:00Z", "category": "food",
                ])
        case .writeActivity:
            await write(
                kind, "/v1/activities", idKey: "id",
                json: [
                    "name": "Steady activity", "place": ["point": ["latitude": 57.7, "longitude": 11.97], "name": "Haga"],
                ])
        case .writePhoto:
            // A description of its own makes each picture new bytes (media keeps one copy of the same bytes).
            guard let photo = try? TestPhoto.bytes(width: 64, height: 48, exif: ["exif-ifd0-ImageDescription": UUID().uuidString]) else { return }
            await write(kind, "/v1/media", idKey: "mediaId", body: photo, headers: ["Content-Type": "image/jpeg"])
        }
    }

    /// Sends one write until it is acknowledged (for at most a minute), always with the same key.
    private func write(
        _ kind: Kind, _ path: String, idKey: String, json: [String: Any]? = nil, body: Data? = nil,
        headers: [String: String] = [:]
    ) async {
        let key = UUID().uuidString
        let deadline = ContinuousClock.now + .seconds(60)
        while ContinuousClock.now < deadline {
            if let reply = await send(
                kind, "POST", path, json: json, body: body, headers: headers.merging(["Idempotency-Key": key]) { _, new in new }),
                (200..<300).contains(reply.status)
            {
                if let id = try? reply.json()[idKey] as? String {
                    acknowledged.withLock { $0[kind, default: []].append(id) }
                }
                return
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
    }

    private func send(
        _ kind: Kind, _ method: String, _ path: String, json: [String: Any]? = nil, body: Data? = nil,
        headers: [String: String] = [:]
    ) async -> HTTPTestClient.Reply? {
        do {
            let reply = try await http.send(method, path, json: json, body: body, token: token, headers: headers)
            let detail =
                reply.status < 300
                ? "" : "\(reply.status) \((try? reply.json()["reason"] as? String) ?? String(decoding: reply.body.prefix(200), as: UTF8.self))"
            answers.withLock { $0.append(Answer(kind: kind, at: .now, status: reply.status, detail: detail)) }
            return reply
        } catch {
            answers.withLock { $0.append(Answer(kind: kind, at: .now, status: nil, detail: "\(error)")) }
            return nil
        }
    }
}
