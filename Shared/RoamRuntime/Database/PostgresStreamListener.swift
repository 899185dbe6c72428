import Foundation
import Logging
import PostgresNIO
import RoamCore
import ServiceLifecycle

/// Hears what any replica announces on a PostgreSQL channel as its write commits (a budget alert, a
/// trip reminder) and hands each to the streams open on this replica, for the user it names. Listens
/// until graceful shutdown, reconnecting when the connection is lost.
public struct PostgresStreamListener<Note: Sendable>: Service {
    let database: Database
    let channel: String
    let streams: UserStreams<Note>
    let logger: Logger
    /// The note an announcement's payload holds and the user it is for; nil for one that cannot be read.
    let read: @Sendable (String) -> (note: Note, user: UUID)?

    public init(
        database: Database, channel: String, streams: UserStreams<Note>, logger: Logger,
        read: @escaping @Sendable (String) -> (note: Note, user: UUID)?
    ) {
        self.database = database
        self.channel = channel
        self.streams = streams
        self.logger = logger
        self.read = read
    }

    public func run() async throws {
        await BackgroundLoop.restarting(logger: logger, lost: "lost the \(channel) channel; listening again") {
            try await database.withConnection { connection in
                try await connection.listen(on: channel) { announcements in
                    for try await announced in announcements {
                        guard let heard = read(announced.payload) else {
                            logger.warning("unreadable announcement", metadata: ["channel": "\(channel)", "payload": "\(announced.payload)"])
                            continue
                        }
                        streams.deliver(heard.note, to: heard.user)
                    }
                }
            }
        }
    }
}
