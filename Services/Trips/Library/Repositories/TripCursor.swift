import Foundation
import RoamCore

/// Where a page of trips (latest start first, then the latest id) ends.
struct TripCursor: Sendable {
    let start: LocalDate
    let id: UUID

    init(_ trip: Trip) {
        start = trip.details.dates.start
        id = trip.id
    }

    var token: String { PageCursor.encode([start.description, id.uuidString]) }

    static func decode(_ token: String?) throws(RoamError) -> TripCursor? {
        guard let token else { return nil }
        let parts = try PageCursor.decode(token, count: 2)
        guard let start = LocalDate(parts[0]), let id = UUID(uuidString: parts[1]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return TripCursor(start: start, id: id)
    }

    private init(start: LocalDate, id: UUID) {
        self.start = start
        self.id = id
    }

    /// Whether `trip` comes after this cursor in the list's order.
    func precedes(_ trip: Trip) -> Bool {
        let start = trip.details.dates.start
        return start < self.start || (start == self.start && trip.id.uuidString < id.uuidString)
    }
}
