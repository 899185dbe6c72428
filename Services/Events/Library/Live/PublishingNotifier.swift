import Foundation
import RoamCore

/// Hands every notification to the live streams (`live`) and those a closed app should hear of to
/// `publications` (queued for the notifications service right after the change commits, not in its
/// transaction: a process killed between the two loses that push, never the change).
public struct PublishingNotifier: Notifier {
    let live: any Notifier
    let publications: any PublicationSink

    public init(live: any Notifier, publications: any PublicationSink) {
        self.live = live
        self.publications = publications
    }

    public func publish(_ notification: EventNotification, to userID: UUID) async {
        await publications.publish(notification.publication(for: userID).map { [$0] } ?? [])
        await live.publish(notification, to: userID)
    }

    public func publish(_ notification: EventNotification, to users: [UUID]) async {
        await publications.publish(users.compactMap { notification.publication(for: $0) })
        await live.publish(notification, to: users)
    }
}
