import Foundation
import HTTPTypes
import OpenAPIRuntime

/// The creates a session kept while the gateway could not be reached, sent in the order they were made
/// once it answers again, one at a time, each with the idempotency key it was first tried with, so the
/// gateway applies each exactly once however many tries it takes. An app shows their progress from
/// `events()` and `waiting`.
public actor PendingWrites {
    private let store: any PendingWriteStore
    private var writes: [PendingWrite] = []
    private var loaded = false
    private weak var session: RoamSession?
    private var sender: Task<Void, Never>?
    /// The sender's wait between tries, which `sendNow()` cuts short.
    private var pause: (id: UUID, continuation: CheckedContinuation<Void, Never>)?
    private var subscribers: [UUID: AsyncStream<PendingWriteEvent>.Continuation] = [:]

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

    /// Forgets every write (the user logged out: they were theirs).
    func discardAll() async throws {
        try await save([])
    }

    private func startSending(for session: RoamSession) {
        self.session = session
        guard sender == nil else { return }
        sender = Task { await self.sendWaiting() }
    }

    private func sendWaiting() async {
        var failures = 0
        while let write = writes.first, let session {
            // Made as another account (the app signed in as someone else since): never sent as this one.
            let signedIn = try? await session.signedInUserID()
            guard let owner = write.userID, owner == signedIn else {
                await finish(
                    write,
                    .refused(
                        write,
                        RoamProblem(
                            operationID: write.operationID, status: 401, reason: "SIGNED_OUT",
                            detail: "The write was made as another account; it is not sent as this one.")))
                continue
            }
            switch await Self.send(write, through: session) {
            case .applied(let status, let body):
                failures = 0
                await finish(write, .applied(write, status: status, body: body))
            case .refused(let problem) where !problem.isTransient:
                failures = 0
                await finish(write, .refused(write, problem))
            case .refused(let problem):
                failures += 1
                await wait(problem.retryAfter ?? RetryPolicy.reconnecting.delay(afterFailures: failures))
            case .unreachable:
                failures += 1
                await wait(RetryPolicy.reconnecting.delay(afterFailures: failures))
            case .signedOut(let problem):
                for write in writes { await finish(write, .refused(write, problem)) }
            }
        }
        sender = nil
    }

    private enum Delivery {
        case applied(status: Int, body: Data)
        case refused(RoamProblem)
        case unreachable
        case signedOut(RoamProblem)
    }

    private static func send(_ write: PendingWrite, through session: RoamSession) async -> Delivery {
        do {
            let (response, body) = try await session.send(write.request, body: write.body.map { HTTPBody($0) }, operationID: write.operationID)
            let document = try await body.collected(upTo: 16 << 20)
            guard response.status.kind == .successful else {
                return .refused(
                    RoamProblem(operationID: write.operationID, status: response.status.code, body: document, retryAfter: response.retryAfter))
            }
            return .applied(status: response.status.code, body: document)
        } catch RoamClientError.signedOut(let reason) {
            return .signedOut(
                RoamProblem(operationID: write.operationID, status: 401, reason: reason, detail: "The session ended before the write was sent."))
        } catch {
            return .unreachable
        }
    }

    private func finish(_ write: PendingWrite, _ event: PendingWriteEvent) async {
        // Gone from the queue here even if the store cannot be written (a full disk), so the sender
        // moves on; its key keeps a resend after the next launch harmless.
        writes.removeAll { $0.id == write.id }
        try? await store.save(writes)
        publish(event)
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
