import Foundation
import RoamCore
import Synchronization

/// Delivers notifications to the streams users have open on this process. A user with no open
/// stream misses them: the state they describe is always readable through the normal calls.
public final class NotificationHub: Notifier {
    /// Open streams by user.
    private let streams: UserStreams<EventNotification>
    /// Other services' watches of departures.
    private let watchers = Mutex<[UUID: AsyncStream<MemberDeparture>.Continuation]>([:])

    /// `bufferSize`: notifications queued per slow stream before the oldest are dropped.
    public init(bufferSize: Int = 64) {
        streams = UserStreams(bufferSize: bufferSize)
    }

    /// A stream of the user's notifications; it ends when the consumer stops iterating.
    public func subscribe(_ userID: UUID) -> AsyncStream<EventNotification> {
        streams.subscribe(userID)
    }

    public func publish(_ notification: EventNotification, to userID: UUID) async {
        deliver(notification, to: userID)
    }

    /// Hands the notification to the user's streams on this process, and departures to the watchers.
    public func deliver(_ notification: EventNotification, to userID: UUID) {
        streams.deliver(notification, to: userID)
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
        streams.finishAll()
        for watcher in watchers.withLock({ Array($0.values) }) { watcher.finish() }
    }

    /// How many departure watches are open.
    public var departureWatchers: Int {
        watchers.withLock { $0.count }
    }

    /// How many streams are open.
    public var openStreams: Int {
        streams.openStreams
    }
}
