import Foundation

/// A day's plan: a saved place committed to a day of the trip, or something of the traveller's own (a
/// flight, a check-in) with a title and maybe a location; maybe at a time, with a reminder.
public struct ItineraryItem: Sendable, Hashable, Identifiable {
    public let id: UUID
    public let tripID: UUID
    public let ownerID: UUID
    /// The saved place, for an item made from one; nil for one of the traveller's own.
    public let placeID: UUID?
    /// What the traveller called their own item; empty for a place's (the place names it).
    public let title: String
    /// Where the traveller's own item happens, when they said.
    public let location: Destination?
    public var plan: ItineraryPlan
    /// When the reminder is due: `plan.remindMinutesBefore` before the time, or 09:00 local that day.
    public var remindAt: Date
    public let createdAt: Date

    /// At most this many characters in an item's own title.
    public static let maxTitleLength = 200

    /// By day, then time (untimed first), then when it was added, then id.
    public static func precedes(_ a: ItineraryItem, _ b: ItineraryItem) -> Bool {
        (a.plan.date, a.plan.minuteOfDay ?? -1, a.createdAt, a.id.uuidString) < (b.plan.date, b.plan.minuteOfDay ?? -1, b.createdAt, b.id.uuidString)
    }

    public init(
        id: UUID, tripID: UUID, ownerID: UUID, placeID: UUID?, title: String = "", location: Destination? = nil, plan: ItineraryPlan,
        remindAt: Date, createdAt: Date
    ) {
        self.id = id
        self.tripID = tripID
        self.ownerID = ownerID
        self.placeID = placeID
        self.title = title
        self.location = location
        self.plan = plan
        self.remindAt = remindAt
        self.createdAt = createdAt
    }

    /// What the item is called: its place's name (from `placeNames`), or its own title.
    public func name(placeNames: [UUID: String]) -> String {
        placeID.map { placeNames[$0] ?? "A place" } ?? title
    }
}
