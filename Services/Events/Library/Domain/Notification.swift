import Foundation
import Synchronization

/// Something that happened to a user's standing with an event, pushed to their open streams.
public struct EventNotification: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case connected
        case removed
        case banned
        case eventChanged = "event_changed"
        case eventEnded = "event_ended"
        case admitted
        case memberJoined = "member_joined"
        case memberLeft = "member_left"
    }

    public var kind: Kind
    public var eventID: UUID?
    /// The member concerned, in a host's notifications.
    public var userID: UUID?
    public var reason: DepartureReason?
    public var at: Date

    public init(kind: Kind, eventID: UUID? = nil, userID: UUID? = nil, reason: DepartureReason? = nil, at: Date) {
        self.kind = kind
        self.eventID = eventID
        self.userID = userID
        self.reason = reason
        self.at = at
    }
}

/// Sends a user a notification, wherever their streams are open.
public protocol Notifier: Sendable {
    func publish(_ notification: EventNotification, to userID: UUID) async
}

/// Delivers notifications to the streams users have open on this process. A user with no open
/// stream misses them: the state they describe is always readable through the normal calls.
public final class NotificationHub: Notifier {
    private typealias Continuation = AsyncStream<EventNotification>.Continuation

    /// Open streams by user, then by stream.
    private let streams = Mutex<[UUID: [UUID: Continuation]]>([:])
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

    /// Hands the notification to the user's streams on this process.
    public func deliver(_ notification: EventNotification, to userID: UUID) {
        let continuations = streams.withLock { $0[userID].map { Array($0.values) } ?? [] }
        for continuation in continuations { continuation.yield(notification) }
    }

    /// How many streams are open.
    public var openStreams: Int {
        streams.withLock { $0.values.reduce(0) { $0 + $1.count } }
    }
}
