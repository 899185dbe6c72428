import Foundation

/// A saved place committed to a day of the trip, maybe at a time, with a reminder.
public struct ItineraryItem: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let tripID: UUID
    public let ownerID: UUID
    public let placeID: UUID
    public var plan: ItineraryPlan
    /// When the reminder is due: `plan.remindMinutesBefore` before the time, or 09:00 local that day.
    public var remindAt: Date
    public let createdAt: Date

    /// By day, then time (untimed first), then when it was added, then id.
    public static func precedes(_ a: ItineraryItem, _ b: ItineraryItem) -> Bool {
        (a.plan.date, a.plan.minuteOfDay ?? -1, a.createdAt, a.id.uuidString) < (b.plan.date, b.plan.minuteOfDay ?? -1, b.createdAt, b.id.uuidString)
    }

    public init(id: UUID, tripID: UUID, ownerID: UUID, placeID: UUID, plan: ItineraryPlan, remindAt: Date, createdAt: Date) {
        self.id = id
        self.tripID = tripID
        self.ownerID = ownerID
        self.placeID = placeID
        self.plan = plan
        self.remindAt = remindAt
        self.createdAt = createdAt
    }
}
