import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The writes a session kept while the gateway could not be reached, sent in the order they were made
/// once it answers again, one at a time: creates with the idempotency key they were first tried with,
/// so the gateway applies each exactly once however many tries it takes; `PUT`, `PATCH` and `DELETE`
/// as they were (a `DELETE` answered 404 was applied by an earlier try); uploads from their file's copy,
/// resumed by tus. A later write naming a create's `placeholder` is sent with the id the create got, or
/// refused with it. An app shows their progress from `events()` and `waiting`.
public actor PendingWrites {
    private let store: any PendingWriteStore
    private var writes: [PendingWrite] = []
    private var loaded = false
    private weak var session: RoamSession?
    private var sender: Task<Void, Never>?
    /// The sender's wait between tries, which `sendNow()` cuts short.
    private var pause: (id: UUID, continuation: CheckedContinuation<Void, Never>)?
    private var subscribers: [UUID: AsyncStream<PendingWriteEvent>.Continuation] = [:]
    /// The id each applied create got, by its placeholder, for writes made after it.
    private var createdIDs: [String: String] = [:]
    /// The placeholders of creates refused: writes naming them are refused too.
    private var refusedPlaceholders: Set<String> = []

    init(store: any PendingWriteStore) {
        self.store = store
    }

    /// The writes not sent yet, oldest first.
    public var waiting: [PendingWrite] {
        get async throws { try await load() }
    }

    /// What happens to each write from now on; ends when the caller stops listening.
    public func events() -> AsyncStream<PendingWriteEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: PendingWriteEvent.self)
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.unsubscribe(id) } }
        return stream
    }

    /// Tries the waiting writes now rather than after the current wait (call it when the network comes
    /// back). A session also tries them as soon as any of its calls gets an answer.
    public func sendNow() {
        endPause(nil)
    }

    /// Whether writes are waiting: a new create then waits behind them, to keep their order.
    func hasWaiting() async throws -> Bool {
        try await !load().isEmpty
    }

    /// `write` with the ids creates already applied got in place of their placeholders.
    func resolved(_ write: PendingWrite) -> PendingWrite {
        write.resolving(createdIDs)
    }

    /// Keeps an upload of `file`, copied into the store's folder, to send once the gateway answers.
    func keepUpload(of file: URL, attachmentOnly: Bool, userID: String?, for session: RoamSession) async throws -> PendingWrite {
        let folder = store.filesDirectory
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "\(UUID().uuidString.lowercased())-\(file.lastPathComponent)"
        try FileManager.default.copyItem(at: file, to: folder.appendingPathComponent(name))
        let request = HTTPRequest(
            method: .post, scheme: nil, authority: nil, path: "/v1/media\(attachmentOnly ? "?attachmentOnly=true" : "")")
        let write = PendingWrite(operationID: "uploadMedia", request: request, body: nil, idempotencyKey: nil, userID: userID, fileName: name)
        try await keep(write, for: session)
        return write
    }

    /// Keeps `write` to send once the gateway answers; `session` will send it.
    func keep(_ write: PendingWrite, for session: RoamSession) async throws {
        try await save(load() + [write])
        publish(.queued(write))
        startSending(for: session)
    }

    /// A call through `session` got an answer: the gateway is back, so send what waits.
    func gatewayAnswered(for session: RoamSession) async throws {
        guard try await !load().isEmpty else { return }
        startSending(for: session)
        endPause(nil)
    }

    /// Forgets every write (the user logged out: they were theirs), and the copies of their files.
    func discardAll() async throws {
        for write in try await load() { removeFile(of: write) }
        try await save([])
        createdIDs = [:]
        refusedPlaceholders = []
    }

    private func startSending(for session: RoamSession) {
        self.session = session
        guard sender == nil else { return }
        sender = Task { await self.sendWaiting() }
    }

    private func sendWaiting() async {
        var failures = 0
        while let waiting = writes.first {
            // The session is held only for the try: a session the app let go (a relaunch in the same
            // process) is not kept alive by a wait, and ends this loop.
            guard let outcome = await attempt(waiting) else { break }
            switch outcome {
            case .done:
                failures = 0
            case .later(let retryAfter):
                failures += 1
                await wait(retryAfter ?? RetryPolicy.reconnecting.delay(afterFailures: failures))
            }
        }
        sender = nil
    }

    /// What a try of the first write came to.
    private enum Attempt {
        /// It left the queue (applied or refused).
        case done
        /// It stays first: try again after a wait.
        case later(retryAfter: Duration?)
    }

    /// One try of the first write; nil when the session is gone.
    private func attempt(_ waiting: PendingWrite) async -> Attempt? {
        guard let session else { return nil }
        let write = waiting.resolving(createdIDs)
        // Made as another account (the app signed in as someone else since): never sent as this one.
        let signedIn = try? await session.signedInUserID()
        guard let owner = write.userID, owner == signedIn else {
            await refuse(write, status: 401, reason: "SIGNED_OUT", detail: "The write was made as another account; it is not sent as this one.")
            return .done
        }
        if let refused = refusedPlaceholders.first(where: write.names) {
            await refuse(
                write, status: 424, reason: "DEPENDENCY_REFUSED", detail: "It names \(refused), a write made before it that the gateway refused.")
            return .done
        }
        switch await send(write, through: session) {
        case .applied(let status, let body):
            if write.creates, let id = Self.createdID(in: body) { createdIDs[write.placeholder] = id }
            await finish(write, .applied(write, status: status, body: body))
            return .done
        case .refused(let problem) where !problem.isTransient:
            if write.creates { refusedPlaceholders.insert(write.placeholder) }
            await finish(write, .refused(write, problem))
            return .done
        case .refused(let problem):
            return .later(retryAfter: problem.retryAfter)
        case .unreachable:
            return .later(retryAfter: nil)
        case .signedOut(let problem):
            for write in writes { await finish(write, .refused(write, problem)) }
            return .done
        }
    }

    /// The id the gateway gave what a create made: its answer's `id`, or the one its kind names.
    static func createdID(in body: Data) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any] else { return nil }
        for key in ["id", "mediaId", "postId", "eventId", "commentId"] {
            if let id = object[key] as? String { return id }
        }
        return nil
    }

    private enum Delivery {
        case applied(status: Int, body: Data)
        case refused(RoamProblem)
        case unreachable
        case signedOut(RoamProblem)
    }

    private func send(_ write: PendingWrite, through session: RoamSession) async -> Delivery {
        if let name = write.fileName { return await upload(write, from: store.filesDirectory.appendingPathComponent(name), through: session) }
        do {
            let (response, body) = try await session.send(write.request, body: write.body.map { HTTPBody($0) }, operationID: write.operationID)
            let document = try await body.collected(upTo: 16 << 20)
            // An earlier try deleted it, and its answer was lost.
            if write.method == "DELETE", response.status == .notFound { return .applied(status: 404, body: document) }
            guard response.status.kind == .successful else {
                return .refused(
                    RoamProblem(operationID: write.operationID, status: response.status.code, body: document, retryAfter: response.retryAfter))
            }
            return .applied(status: response.status.code, body: document)
        } catch RoamClientError.signedOut(let reason) {
            return .signedOut(Self.signedOut(write, reason))
        } catch {
            return .unreachable
        }
    }

    private func upload(_ write: PendingWrite, from file: URL, through session: RoamSession) async -> Delivery {
        guard FileManager.default.fileExists(atPath: file.path) else {
            return .refused(
                RoamProblem(
                    operationID: write.operationID, status: 410, reason: "FILE_MISSING",
                    detail: "The copy of the file kept for this upload is gone (removed outside the app, or sent by another session)."))
        }
        do {
            let media = try await session.uploadResumably(contentsOf: file, attachmentOnly: write.path.contains("attachmentOnly=true"))
            return .applied(status: 201, body: try RoamJSON.encode(media))
        } catch RoamClientError.signedOut(let reason) {
            return .signedOut(Self.signedOut(write, reason))
        } catch let error where error.roamProblem != nil {
            return .refused(error.roamProblem!)
        } catch {
            return .unreachable
        }
    }

    private static func signedOut(_ write: PendingWrite, _ reason: String) -> RoamProblem {
        RoamProblem(operationID: write.operationID, status: 401, reason: reason, detail: "The session ended before the write was sent.")
    }

    /// Refuses `write` without sending it, for a reason of the client's own.
    private func refuse(_ write: PendingWrite, status: Int, reason: String, detail: String) async {
        await finish(write, .refused(write, RoamProblem(operationID: write.operationID, status: status, reason: reason, detail: detail)))
    }

    private func finish(_ write: PendingWrite, _ event: PendingWriteEvent) async {
        // Gone from the queue here even if the store cannot be written (a full disk), so the sender
        // moves on; its key keeps a resend after the next launch harmless.
        writes.removeAll { $0.id == write.id }
        try? await store.save(writes)
        removeFile(of: write)
        publish(event)
    }

    private func removeFile(of write: PendingWrite) {
        guard let name = write.fileName else { return }
        try? FileManager.default.removeItem(at: store.filesDirectory.appendingPathComponent(name))
    }

    private func wait(_ duration: Duration) async {
        let id = UUID()
        await withCheckedContinuation { continuation in
            pause = (id, continuation)
            Task {
                try? await Task.sleep(for: duration)
                await self.endPause(id)
            }
        }
    }

    /// Ends the pause `id` (any pause, when nil).
    private func endPause(_ id: UUID?) {
        guard let pause, id == nil || pause.id == id else { return }
        self.pause = nil
        pause.continuation.resume()
    }

    private func load() async throws -> [PendingWrite] {
        if !loaded {
            writes = try await store.load()
            loaded = true
        }
        return writes
    }

    private func save(_ writes: [PendingWrite]) async throws {
        try await store.save(writes)
        self.writes = writes
    }

    private func publish(_ event: PendingWriteEvent) {
        for subscriber in subscribers.values { subscriber.yield(event) }
    }

    private func unsubscribe(_ id: UUID) {
        subscribers[id] = nil
    }
}
