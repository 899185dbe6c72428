import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Uploads and downloads that go on while the app is suspended, and after the system ended it: on Apple
/// platforms a background `URLSession` carries them, and relaunches the app when they need it
/// (`handleEventsForBackgroundURLSession`).
///
/// An upload is sent by the tus protocol, one piece per request, each from a file (all a background
/// session sends): the file is copied into `directory` first, so the app may delete its own. A broken
/// piece costs only itself: the gateway keeps what arrived, and the next piece starts where it
/// stands. The stored item's SHA-256 is held against the file's before the upload counts as done. A
/// download resumes from where it broke when the server allows it.
///
/// Each transfer is kept in `directory` as it goes (`transfers()`): a new instance on the same
/// directory, in the next launch, takes up those whose request the system no longer has. Transfers
/// belong to the account that asked for them; once another is signed in (or none), they fail.
public actor BackgroundTransfers {
    /// The background session's identifier (nil for a session of another kind).
    public nonisolated let identifier: String?
    nonisolated let urlSession: URLSession
    let session: RoamSession
    let journal: BackgroundTransferJournal
    let pieceSize: Int
    private var bodies: [Int: Data] = [:]
    private var arrivals: [String: URL] = [:]
    var listeners: [UUID: AsyncStream<BackgroundTransferEvent>.Continuation] = [:]
    private var systemCompletion: (@Sendable () -> Void)?
    private var stopped = false
    /// The requests this instance made: `resume()` leaves their transfers alone.
    var madeHere: Set<String> = []
    /// Transfers as saved, by id.
    var known: [BackgroundTransfer.ID: BackgroundTransfer] = [:]
    var removed: Set<BackgroundTransfer.ID> = []

    #if canImport(Darwin)
    /// Transfers on a background session, which the system carries on while the app is suspended or
    /// ended. One instance per identifier, made early in each launch (in
    /// `application(_:didFinishLaunchingWithOptions:)`), so that the system can tell it what happened.
    /// - Parameters:
    ///   - session: whose token the uploads carry.
    ///   - identifier: the background session's identifier, the same in every launch.
    ///   - directory: where transfers and the files they send are kept (Application Support).
    ///   - pieceSize: bytes per upload request: what a break may cost.
    public init(session: RoamSession, identifier: String, directory: URL, pieceSize: Int = 8 << 20) throws {
        let configuration = URLSessionConfiguration.background(withIdentifier: identifier)
        configuration.sessionSendsLaunchEvents = true
        configuration.isDiscretionary = false
        try self.init(session: session, directory: directory, configuration: configuration, pieceSize: pieceSize)
    }
    #endif

    /// Transfers on a session of the given configuration: a background one, or (on Linux, and in
    /// tests) one that ends with the process, whose transfers the next instance takes up.
    /// - Parameters:
    ///   - session: whose token the uploads carry.
    ///   - directory: where transfers and the files they send are kept.
    ///   - configuration: the `URLSession`'s.
    ///   - pieceSize: bytes per upload request: what a break may cost (at least 64 KiB).
    public init(session: RoamSession, directory: URL, configuration: URLSessionConfiguration, pieceSize: Int = 8 << 20) throws {
        let journal = try BackgroundTransferJournal(directory: directory)
        let (happenings, continuation) = AsyncStream.makeStream(of: URLSessionHappening.self)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        urlSession = URLSession(
            configuration: configuration, delegate: BackgroundTransferDelegate(happenings: continuation, journal: journal), delegateQueue: queue)
        identifier = configuration.identifier
        self.session = session
        self.journal = journal
        self.pieceSize = max(pieceSize, 64 << 10)
        Task { await self.follow(happenings) }
    }

    /// Sends a photo or video to the library (or as an attachment only), in the background. The file
    /// is copied first; the upload's key comes from its bytes, so the same file asked for twice finds
    /// the same upload.
    /// - Parameters:
    ///   - file: the photo or video.
    ///   - attachmentOnly: for a picture meant only for one post, banner or avatar, kept out of the library.
    public func upload(contentsOf file: URL, attachmentOnly: Bool = false) async throws -> BackgroundTransfer {
        guard let userID = try await session.signedInUserID() else { throw RoamClientError.signedOut(reason: SessionState.loggedOut) }
        let (sha256, length) = (try ResumableUploader.sha256(of: file), try ResumableUploader.size(of: file))
        var transfer = BackgroundTransfer(
            id: UUID().uuidString.lowercased(), kind: .upload(attachmentOnly: attachmentOnly), createdAt: Date(),
            state: .sending(completedBytes: 0, totalBytes: length), userID: userID, length: length, sha256: sha256,
            key: ResumableUploader.key(sha256: sha256, attachmentOnly: attachmentOnly))
        try FileManager.default.copyItem(at: file, to: journal.file(transfer.id))
        try await schedule(&transfer)
        return self.transfer(transfer.id) ?? transfer
    }

    /// Saves what a signed link (a `MediaLinks` variant) points at to `destination`, in the background;
    /// the file appears whole or not at all.
    /// - Parameters:
    ///   - link: the signed link: a URL, or a path on the gateway.
    ///   - destination: where the file goes (replacing one there).
    public func download(_ link: String, to destination: URL) async throws -> BackgroundTransfer {
        guard let url = URL(string: link, relativeTo: session.gateway)?.absoluteURL, url.host != nil else {
            throw RoamClientError.invalidLink(link)
        }
        var transfer = BackgroundTransfer(
            id: UUID().uuidString.lowercased(), kind: .download(link: url, destination: destination), createdAt: Date(),
            state: .sending(completedBytes: 0, totalBytes: nil), userID: try await session.signedInUserID(), length: 0, sha256: nil,
            key: "")
        try await schedule(&transfer)
        return self.transfer(transfer.id) ?? transfer
    }

    /// Every transfer kept: those under way, and those finished until removed.
    public func transfers() -> [BackgroundTransfer] {
        journal.all()
    }

    /// Forgets a transfer: one under way is cancelled (an upload's bytes on the gateway then expire).
    /// - Parameter id: the transfer's.
    public func remove(_ id: BackgroundTransfer.ID) async {
        for task in await tasks() where task.description.hasPrefix("\(id) ") { task.cancel() }
        journal.remove(id)
        known[id] = nil
        removed.insert(id)
    }

    /// What happens to the transfers from now on, until the instance stops.
    public func events() -> AsyncStream<BackgroundTransferEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: BackgroundTransferEvent.self)
        let id = UUID()
        listeners[id] = continuation
        continuation.onTermination = { _ in Task { await self.stopListening(id) } }
        return stream
    }

    /// Hands over the completion handler of `application(_:handleEventsForBackgroundURLSession:completionHandler:)`:
    /// it is called once the system has told everything and the next requests are on their way.
    /// Answers false, and keeps nothing, when the identifier is another session's.
    /// - Parameters:
    ///   - identifier: the session the system names.
    ///   - completionHandler: the system's, called on the main queue.
    public func handleEventsForBackgroundURLSession(_ identifier: String, completionHandler: @escaping @Sendable () -> Void) -> Bool {
        guard identifier == self.identifier else { return false }
        systemCompletion = completionHandler
        return true
    }

    /// Takes up the transfers that have no request under way (the system lost it, or it was made by a
    /// session that ended with its process). A new instance does this by itself; call it again when the
    /// app comes back to the foreground.
    public func resume() async {
        let running = Set(await tasks().map(\.description))
        for var transfer in journal.all() where !transfer.isFinished {
            if let step = transfer.step, running.contains(Self.name(transfer.id, step)) || madeHere.contains(Self.name(transfer.id, step)) {
                continue
            }
            // The request under way when the last one ended may have left bytes: ask how many first.
            if transfer.mediaID == nil, let id = transfer.uploadID, let standing = try? await uploader(for: transfer).status(of: id) {
                transfer.offset = standing.offset
                transfer.mediaID = standing.mediaID
            }
            if let mediaID = transfer.mediaID {
                await check(&transfer, mediaID: mediaID)
            } else {
                try? await schedule(&transfer)
            }
        }
    }

    /// Ends this instance, cancelling its requests; the transfers stay kept for the next instance.
    public func stop() async {
        stopped = true
        urlSession.invalidateAndCancel()
        for listener in listeners.values { listener.finish() }
        listeners = [:]
    }

    // MARK: - Following the session

    private func follow(_ happenings: AsyncStream<URLSessionHappening>) async {
        await resume()
        for await happening in happenings where !stopped {
            switch happening {
            case .sent(let name, let bytes):
                guard let transfer = current(name) else { continue }
                publish(.progress(transfer.id, TransferProgress(completedBytes: transfer.offset + bytes, totalBytes: transfer.length)))
            case .wrote(let name, let bytes, let total):
                guard let transfer = current(name) else { continue }
                publish(.progress(transfer.id, TransferProgress(completedBytes: bytes, totalBytes: total)))
            case .received(let taskIdentifier, let data):
                // A problem document, or an item: never large.
                if bodies[taskIdentifier, default: Data()].count < 64 << 10 { bodies[taskIdentifier, default: Data()].append(data) }
            case .downloaded(let name, let file):
                arrivals[name] = file
            case .completed(let completion):
                await complete(completion)
            case .finishedEvents:
                // Everything told has been acted on: the system may suspend the app again.
                if let handler = systemCompletion {
                    systemCompletion = nil
                    DispatchQueue.main.async { handler() }
                }
            }
        }
    }

    func complete(_ completion: URLSessionHappening.Completion) async {
        let body = bodies.removeValue(forKey: completion.taskIdentifier) ?? Data()
        let arrival = arrivals.removeValue(forKey: completion.task)
        madeHere.remove(completion.task)
        guard var transfer = current(completion.task) else {
            if let arrival { try? FileManager.default.removeItem(at: arrival) }
            return
        }
        switch transfer.kind {
        case .upload: await uploaded(&transfer, completion, body: body)
        case .download(_, let destination): await downloaded(&transfer, completion, arrival: arrival, destination: destination)
        }
    }

    /// The transfer a task named, if the task is its current step.
    func current(_ name: String) -> BackgroundTransfer? {
        let parts = name.split(separator: " ")
        guard parts.count == 2, let transfer = transfer(String(parts[0])), transfer.step?.uuidString == String(parts[1]) else { return nil }
        return transfer
    }

    /// The transfer as last saved, read from the journal once (progress asks for it often).
    func transfer(_ id: BackgroundTransfer.ID) -> BackgroundTransfer? {
        if let transfer = known[id] { return transfer }
        let transfer = journal.transfer(id)
        known[id] = transfer
        return transfer
    }

    /// Keeps the transfer, answering it as the journal reads it back.
    @discardableResult
    func save(_ transfer: BackgroundTransfer) throws -> BackgroundTransfer {
        // A step that was under way when the app removed it must not bring it back.
        guard !removed.contains(transfer.id) else { throw CancellationError() }
        let saved = try journal.save(transfer)
        known[transfer.id] = saved
        return saved
    }

    static func name(_ id: BackgroundTransfer.ID, _ step: UUID) -> String { "\(id) \(step.uuidString)" }

    func publish(_ event: BackgroundTransferEvent) {
        for listener in listeners.values { listener.yield(event) }
    }

    func stopListening(_ id: UUID) {
        listeners[id] = nil
    }

    /// The session's tasks, by description.
    func tasks() async -> [(description: String, cancel: @Sendable () -> Void)] {
        await withCheckedContinuation { continuation in
            urlSession.getAllTasks { tasks in
                continuation.resume(
                    returning: tasks.compactMap { task in
                        let pending = UncheckedTask(task: task)
                        return task.taskDescription.map { ($0, { pending.task.cancel() }) }
                    })
            }
        }
    }
}
