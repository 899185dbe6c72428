import Foundation
import RoamCore

/// Which of an owner's media to list, and in which order.
public struct MediaQuery: Sendable {
    public enum Order: Sendable, Hashable { case newestFirst, oldestFirst }

    public var order: Order
    /// Taken at or after `from` and before `to` (by capture time, or arrival when unknown).
    public var from: Date?
    public var to: Date?
    public var near: GeoCircle?
    /// Attached to this subject (`post/…`, `trip/…`); without one, only the library's items.
    public var subject: String?
    /// Only media with no known position.
    public var withoutLocation: Bool
    /// Only media taken on this local day (`MediaItem.localDate(in:)`).
    public var takenOn: (date: LocalDate, zone: TripZone)?

    public init(
        order: Order = .newestFirst, from: Date? = nil, to: Date? = nil, near: GeoCircle? = nil, subject: String? = nil,
        withoutLocation: Bool = false, takenOn: (date: LocalDate, zone: TripZone)? = nil
    ) {
        self.order = order
        self.from = from
        self.to = to
        self.near = near
        self.subject = subject
        self.withoutLocation = withoutLocation
        self.takenOn = takenOn
    }

    /// Whether `item`, attached to `subjects`, belongs in the answer (the in-memory store's filter;
    /// PostgreSQL says the same in SQL).
    public func matches(_ item: MediaItem, subjects: Set<String>) -> Bool {
        if let from, item.sortTime < from { return false }
        if let to, item.sortTime >= to { return false }
        if withoutLocation, item.position != nil { return false }
        if let takenOn, item.localDate(in: takenOn.zone) != takenOn.date { return false }
        if let near, !(item.position.map(near.contains) ?? false) { return false }
        if let subject { return subjects.contains(subject) }
        return item.inLibrary
    }
}
