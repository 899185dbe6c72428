import Foundation
import Synchronization

/// The streams users have open on this process, each fed what is delivered to its user. A user with
/// no open stream misses what is delivered: services keep what it describes readable through their
/// normal calls.
public final class UserStreams<Message: Sendable>: Sendable {
    private typealias Continuation = AsyncStream<Message>.Continuation

    /// Open streams by user, then by stream.
    private let streams = Mutex<[UUID: [UUID: Continuation]]>([:])
    /// Messages queued per slow stream before the oldest are dropped.
    private let bufferSize: Int

    public init(bufferSize: Int = 64) {
        self.bufferSize = bufferSize
    }

    /// A stream of what is delivered to the user; it ends when the consumer stops iterating.
    public func subscribe(_ userID: UUID) -> AsyncStream<Message> {
        let (stream, continuation) = AsyncStream.makeStream(of: Message.self, bufferingPolicy: .bufferingNewest(bufferSize))
        let streamID = UUID()
        streams.withLock { $0[userID, default: [:]][streamID] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.streams.withLock { streams in
                streams[userID]?[streamID] = nil
                if streams[userID]?.isEmpty == true { streams[userID] = nil }
            }
        }
        return stream
    }

    /// Hands the message to each of the user's streams open on this process.
    public func deliver(_ message: Message, to userID: UUID) {
        let continuations = streams.withLock { $0[userID].map { Array($0.values) } ?? [] }
        for continuation in continuations { continuation.yield(message) }
    }

    /// Ends every stream: the process is stopping, and clients connect again (to another replica).
    public func finishAll() {
        let continuations = streams.withLock { $0.values.flatMap(\.values) }
        for continuation in continuations { continuation.finish() }
    }

    /// How many streams are open.
    public var openStreams: Int {
        streams.withLock { $0.values.reduce(0) { $0 + $1.count } }
    }
}
