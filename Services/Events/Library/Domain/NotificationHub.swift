import Foundation
import Synchronization

/// Delivers notifications to the streams users have open on this process. A user with no open
/// stream misses them: the state they describe is always readable through the normal calls.
public final class NotificationHub: Notifier {
    private typealias Continuation = AsyncStream<EventNotification>.Continuation

    /// Open streams by user, then by stream.
    private let streams = Mutex<[UUID: [UUID: Continuation]]>([:])
    /// Other services' watches of departures.
    private let watchers = Mutex<[UUID: AsyncStream<MemberDeparture>.Continuation]>([:])
    /// Notifications queued per slow stream before the oldest are dropped.
    private let bufferSize: Int

    public init(bufferSize: Int = 64) {
        self.bufferSize = bufferSize
    }

    /// A stream of the user's notifications; it ends when the consumer stops iterating.
    public func subscribe(_ userID: UUID) -> AsyncStream<EventNotification> {
        let (stream, continuation) = AsyncStream.makeStream(of: EventNotification.self, bufferingPolicy: .bufferingNewest(bufferSize))
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

    public func publish(_ notification: EventNotification, to userID: UUID) async {
        deliver(notification, to: userID)
    }

    /// Hands the notification to the user's streams on this process, and departures to the watchers.
    public func deliver(_ notification: EventNotification, to userID: UUID) {
        let continuations = streams.withLock { $0[userID].map { Array($0.values) } ?? [] }
        for continuation in continuations { continuation.yield(notification) }
        if let departure = MemberDeparture(notification) {
            for watcher in watchers.withLock({ Array($0.values) }) { watcher.yield(departure) }
        }
    }

    /// Every departure and every event's end heard on this process (every replica hears all of them
    /// through the relay), for services that must stop serving a departed member at once.
    public func watchDepartures() -> AsyncStream<MemberDeparture> {
        let (stream, continuation) = AsyncStream.makeStream(of: MemberDeparture.self, bufferingPolicy: .bufferingNewest(4096))
        let id = UUID()
        watchers.withLock { $0[id] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.watchers.withLock { $0[id] = nil }
        }
        return stream
    }

    /// Ends every stream and departure watch on this process: it is stopping. Clients connect again
    /// (to another replica) and read the current state.
    public func finishAll() {
        let continuations = streams.withLock { $0.values.flatMap(\.values) }
        for continuation in continuations { continuation.finish() }
        for watcher in watchers.withLock({ Array($0.values) }) { watcher.finish() }
    }

    /// How many departure watches are open.
    public var departureWatchers: Int {
        watchers.withLock { $0.count }
    }

    /// How many streams are open.
    public var openStreams: Int {
        streams.withLock { $0.values.reduce(0) { $0 + $1.count } }
    }
}
