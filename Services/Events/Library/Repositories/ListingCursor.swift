import Foundation
import RoamRuntime

/// The page tokens of the events listings: the sort key of the last item returned.
enum ListingCursor {
    /// Discovery: nearest first, ties by id.
    static func distance(_ token: String?) throws(RoamError) -> (meters: Double, id: UUID)? {
        guard let token else { return nil }
        let parts = try PageCursor.decode(token, count: 2)
        guard let meters = Double(parts[0]), let id = UUID(uuidString: parts[1]) else { throw invalid }
        return (meters, id)
    }

    static func distance(after hit: EventHit) -> String {
        PageCursor.encode([String(hit.distanceMeters), hit.event.id.uuidString])
    }

    /// Time-ordered listings (members, bans): a time in microseconds and a user id.
    static func time(_ token: String?) throws(RoamError) -> (microseconds: Int64, id: UUID)? {
        guard let token else { return nil }
        let parts = try PageCursor.decode(token, count: 2)
        guard let microseconds = Int64(parts[0]), let id = UUID(uuidString: parts[1]) else { throw invalid }
        return (microseconds, id)
    }

    static func time(after date: Date, _ id: UUID) -> String {
        PageCursor.encode([String(microseconds(date)), id.uuidString])
    }

    /// Listings ordered by a time-ordered id (reports).
    static func id(_ token: String?) throws(RoamError) -> UUID? {
        guard let token else { return nil }
        guard let id = UUID(uuidString: try PageCursor.decode(token, count: 1)[0]) else { throw invalid }
        return id
    }

    static func id(after id: UUID) -> String {
        PageCursor.encode([id.uuidString])
    }

    static func microseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    }

    private static let invalid = RoamError.invalidField("page.page_token", "is not a token this listing returned")
}
