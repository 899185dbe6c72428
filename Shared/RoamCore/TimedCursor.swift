import Foundation

/// Position in a listing ordered by a time, newest first, then by id: the last row's time and id.
public struct TimedCursor: Comparable, Sendable {
    public var time: Date
    public var id: UUID

    public init(time: Date, id: UUID) {
        // Microseconds, as PostgreSQL stores them, so both stores agree on order and cursors.
        self.time = Date(timeIntervalSince1970: (time.timeIntervalSince1970 * 1_000_000).rounded() / 1_000_000)
        self.id = id
    }

    public static func decode(_ token: String?) throws(RoamError) -> TimedCursor? {
        guard let token else { return nil }
        return try TimedCursor(token: token)
    }

    public init(token: String) throws(RoamError) {
        let parts = try PageCursor.decode(token, count: 2)
        guard let micros = Int64(parts[0]), let id = UUID(uuidString: parts[1]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        self.init(time: Date(timeIntervalSince1970: Double(micros) / 1_000_000), id: id)
    }

    public var microseconds: Int64 { Int64((time.timeIntervalSince1970 * 1_000_000).rounded()) }

    /// The time to bind in a query. PostgresNIO cuts a `Date` down to whole microseconds, and a `Date`
    /// made from microseconds is often a fraction below them (one in five): bound as is, the
    /// cursor's row came back on the next page, or a row sharing its microsecond was skipped. Half a
    /// microsecond more is cut down to exactly the cursor's.
    public var bound: Date {
        Date(timeIntervalSinceReferenceDate: (Double(microseconds - Self.referenceDateMicroseconds) + 0.5) / 1_000_000)
    }

    /// 2001-01-01, where `Date` counts from, in microseconds since 1970.
    private static let referenceDateMicroseconds: Int64 = 978_307_200_000_000

    public var token: String { PageCursor.encode([String(microseconds), id.uuidString]) }

    public static func < (lhs: TimedCursor, rhs: TimedCursor) -> Bool {
        (lhs.microseconds, lhs.id.uuidString) < (rhs.microseconds, rhs.id.uuidString)
    }
}
