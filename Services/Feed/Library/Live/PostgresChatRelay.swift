import Foundation
import Logging
import PostgresNIO
import RoamRuntime
import ServiceLifecycle

/// Carries news of chat messages and of events' feeds between feed replicas with PostgreSQL
/// LISTEN/NOTIFY, sent after the transaction committed (a chat payload is the event id; feed news is
/// `<event id> <news>`). Every replica, the sender included, wakes its own hub,
/// which reads the new messages from the store, so a lost notification delays but never loses or
/// reorders anything; a periodic look at every open room covers even that. News of a like count goes
/// at most once per `likesWindow` for each subject (`NewsThrottle`).
public struct PostgresChatRelay: ChatAnnouncer, Service {
    static let channel = "feed_chat"

    let database: Database
    let hub: ChatHub
    let backstop: Duration
    let likesNews: NewsThrottle
    let logger: Logger

    public init(database: Database, hub: ChatHub, backstop: Duration = .seconds(2), likesWindow: Duration = .milliseconds(100), logger: Logger) {
        self.database = database
        self.hub = hub
        self.backstop = backstop
        likesNews = NewsThrottle(window: likesWindow)
        self.logger = logger
    }

    public func announce(event: UUID) async {
        do {
            // Read the (empty) row: a failure arrives with it, and then this replica at least hears it.
            try await database.query("SELECT pg_notify(\(Self.channel), \(event.lowercasedString))", logger: logger)
        } catch {
            logger.warning("could not announce a chat message", metadata: ["error": .describing(error)])
            await hub.announce(event: event)
        }
    }

    public func publish(_ news: FeedNews, in event: UUID) async {
        guard case .likes = news else { return await notify(news, in: event) }
        await likesNews.submit(event.lowercasedString + " " + news.text) { await notify(news, in: event) }
    }

    private func notify(_ news: FeedNews, in event: UUID) async {
        do {
            try await database.query("SELECT pg_notify(\(Self.channel), \(event.lowercasedString + " " + news.text))", logger: logger)
        } catch {
            logger.warning("could not announce feed news", metadata: ["error": .describing(error)])
            await hub.publish(news, in: event)
        }
    }

    /// Listens until graceful shutdown, reconnecting when the connection is lost.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await listen() }
                group.addTask {
                    while (try? await Task.sleep(for: backstop)) != nil { await hub.announceAll() }
                }
                await group.waitForAll()
            }
        }
    }

    private func listen() async {
        await BackgroundLoop.restarting(logger: logger, lost: "lost the chat channel; listening again") {
            try await database.withConnection { connection in
                try await connection.listen(on: Self.channel) { notifications in
                    // Anything sent while not listening is picked up here.
                    await hub.announceAll()
                    for try await received in notifications {
                        let parts = received.payload.split(separator: " ", maxSplits: 1).map(String.init)
                        guard let event = parts.first.flatMap(UUID.init(uuidString:)) else { continue }
                        if parts.count == 2 {
                            if let news = FeedNews(text: parts[1]) { await hub.publish(news, in: event) }
                        } else {
                            await hub.announce(event: event)
                        }
                    }
                }
            }
        }
    }
}
