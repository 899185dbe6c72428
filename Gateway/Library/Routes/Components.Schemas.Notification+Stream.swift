import Foundation
import RoamAPI
import RoamProto

/// What the notification stream needs of any kind: its name (the SSE `event:`), when it happened, and
/// for those a reconnecting client is sent again (reminders, budget alerts, the inbox's) the key that
/// orders several sent at one instant.
extension Components.Schemas.Notification {
    init(_ event: Components.Schemas.EventNotification) {
        switch event.kind {
        case .removed: self = .removed(event)
        case .banned: self = .banned(event)
        case .eventChanged: self = .eventChanged(event)
        case .eventEnded: self = .eventEnded(event)
        case .admitted: self = .admitted(event)
        case .memberJoined: self = .memberJoined(event)
        case .memberLeft: self = .memberLeft(event)
        case .invited: self = .invited(event)
        case .positionShared: self = .positionShared(event)
        }
    }

    init(_ reminder: Components.Schemas.TripReminder) {
        switch reminder.kind {
        case .tripStarting: self = .tripStarting(reminder)
        case .itineraryReminder: self = .itineraryReminder(reminder)
        case .dailyReminder: self = .dailyReminder(reminder)
        }
    }

    init?(_ proto: Roam_Events_V1_Notification) {
        guard let event = Components.Schemas.EventNotification(proto) else { return nil }
        self.init(event)
    }

    init?(_ proto: Roam_Trips_V1_TripNotification) {
        guard let reminder = Components.Schemas.TripReminder(proto) else { return nil }
        self.init(reminder)
    }

    init?(_ proto: Roam_Budget_V1_BudgetNotification) {
        guard let alert = Components.Schemas.BudgetAlert(proto) else { return nil }
        self = .budgetAlert(alert)
    }

    static func connected(at instant: Date) -> Self {
        .connected(.init(at: instant, kind: .connected))
    }

    /// The SSE `event:` name: the kind.
    var kind: String {
        switch self {
        case .connected(let value): value.kind.rawValue
        case .removed(let value), .banned(let value), .eventChanged(let value), .eventEnded(let value), .admitted(let value),
            .memberJoined(let value), .memberLeft(let value), .invited(let value), .positionShared(let value):
            value.kind.rawValue
        case .tripStarting(let value), .itineraryReminder(let value), .dailyReminder(let value): value.kind.rawValue
        case .budgetAlert(let value): value.kind.rawValue
        case .newFollower(let value): value.kind.rawValue
        case .comment(let value), .reply(let value): value.kind.rawValue
        case .likes(let value): value.kind.rawValue
        }
    }

    var at: Date {
        switch self {
        case .connected(let value): value.at
        case .removed(let value), .banned(let value), .eventChanged(let value), .eventEnded(let value), .admitted(let value),
            .memberJoined(let value), .memberLeft(let value), .invited(let value), .positionShared(let value):
            value.at
        case .tripStarting(let value), .itineraryReminder(let value), .dailyReminder(let value): value.at
        case .budgetAlert(let value): value.at
        case .newFollower(let value): value.at
        case .comment(let value), .reply(let value): value.at
        case .likes(let value): value.at
        }
    }

    /// Sent with an SSE `id` and replayed after `Last-Event-ID`: reminders, budget alerts and what comes
    /// from the inbox. Nil for the rest (events' notifications are live only).
    var replayKey: String? {
        switch self {
        case .tripStarting(let value), .itineraryReminder(let value), .dailyReminder(let value): value.itemId ?? value.tripId
        case .budgetAlert(let value): value.alertId
        case .newFollower(let value): value.notificationId
        case .comment(let value), .reply(let value): value.notificationId
        case .likes(let value): value.notificationId
        case .connected, .removed, .banned, .eventChanged, .eventEnded, .admitted, .memberJoined, .memberLeft, .invited, .positionShared: nil
        }
    }
}
