import Foundation
import GRPCCore
import Logging
import RoamProto
import RoamRuntime
import ServiceLifecycle

/// Keeps a `WatchDepartures` stream open to the events service and closes the chat readers of
/// anyone who leaves an event (or of everyone, when it ends) at once. After every (re)connection it
/// checks the membership of every open reader again, since departures during the gap were not sent.
/// It also keeps `membership` (the feed's cache of who is a member) true: the cache keeps answers only
/// while this stream is open, and forgets each member who leaves.
public struct EventsDepartureWatcher<Transport: ClientTransport>: Service {
    let upstream: Upstream<Transport>
    let credential: ServiceCredential
    let feed: FeedService
    let membership: MembershipCache?
    let logger: Logger

    public init(
        upstream: Upstream<Transport>, credential: ServiceCredential, feed: FeedService, membership: MembershipCache? = nil,
        logger: Logger
    ) {
        self.upstream = upstream
        self.credential = credential
        self.feed = feed
        self.membership = membership
        self.logger = logger
    }

    public func run() async throws {
        await BackgroundLoop.restarting(logger: logger, lost: "lost the departures stream from events; watching again") { try await watch() }
    }

    private func watch() async throws {
        defer { membership?.stopWatching() }
        try await credential.acting(in: CallContext(requestID: "watch-departures", logger: logger)) {
            try await upstream.call(longLived: true) { client, options in
                try await Roam_Events_V1_EventsService.Client(wrapping: client).watchDepartures(.init(), options: options) { response in
                    membership?.startWatching()
                    await feed.recheckChatReaders()
                    for try await departure in response.messages {
                        guard let event = UUID(uuidString: departure.eventID) else { continue }
                        if let user = UUID(uuidString: departure.userID) {
                            membership?.departed(user, from: event)
                            await feed.chat.revoke(user, from: event)
                        } else {
                            membership?.ended(event)
                            await feed.chat.end(event)
                        }
                    }
                }
            }
        }
    }
}
