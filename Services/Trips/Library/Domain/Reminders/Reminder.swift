import Foundation
import RoamCore

/// A reminder that came due: a trip starting tomorrow, or a planned place coming up.
public struct Reminder: Sendable, Hashable {
    public enum Kind: String, Sendable {
        /// 24 hours before the trip's first day begins.
        case tripStarting = "trip_starting"
        /// Before a planned place: its minutes before the time, or 09:00 local on an untimed day.
        case itinerary = "itinerary_reminder"
        /// On each day of the trip at the time its owner chose: log the day's spending, write the journal.
        case daily = "daily_reminder"
    }

    public var kind: Kind
    public var ownerID: UUID
    public var tripID: UUID
    /// The itinerary item and its place, for an itinerary reminder.
    public var itemID: UUID?
    public var placeID: UUID?
    /// The trip's title, or the planned item's name.
    public var title: String
    /// The trip's first day, the planned day, or the day a daily reminder is for.
    public var date: LocalDate
    /// The planned local time, minutes after midnight, when one was set.
    public var minuteOfDay: Int?
    public var dueAt: Date
    /// When it was sent (claimed), once it has been.
    public var sentAt: Date?

    public init(
        kind: Kind, ownerID: UUID, tripID: UUID, itemID: UUID? = nil, placeID: UUID? = nil, title: String, date: LocalDate,
        minuteOfDay: Int? = nil, dueAt: Date, sentAt: Date? = nil
    ) {
        self.kind = kind
        self.ownerID = ownerID
        self.tripID = tripID
        self.itemID = itemID
        self.placeID = placeID
        self.title = title
        self.date = date
        self.minuteOfDay = minuteOfDay
        self.dueAt = dueAt
        self.sentAt = sentAt
    }

    /// What it reminds of: its itinerary item, or its trip's start.
    public var subjectID: UUID { itemID ?? tripID }
}
