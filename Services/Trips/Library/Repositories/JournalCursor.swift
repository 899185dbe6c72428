import Foundation
import RoamCore

/// Where a page of journal entries (by day, then by when they were written, then id) ends.
struct JournalCursor: Comparable, Sendable {
    let date: LocalDate
    let written: TimedCursor

    init(_ entry: JournalEntry) {
        date = entry.details.date
        written = TimedCursor(time: entry.createdAt, id: entry.id)
    }

    private init(date: LocalDate, written: TimedCursor) {
        self.date = date
        self.written = written
    }

    var token: String { PageCursor.encode([date.description, String(written.microseconds), written.id.uuidString]) }

    static func decode(_ token: String?) throws(RoamError) -> JournalCursor? {
        guard let token else { return nil }
        let parts = try PageCursor.decode(token, count: 3)
        guard let date = LocalDate(parts[0]), let micros = Int64(parts[1]), let id = UUID(uuidString: parts[2]) else {
            throw RoamError.invalidField("page.page_token", "is not a token this listing returned")
        }
        return JournalCursor(date: date, written: TimedCursor(time: Date(timeIntervalSince1970: Double(micros) / 1_000_000), id: id))
    }

    static func < (lhs: JournalCursor, rhs: JournalCursor) -> Bool {
        lhs.date != rhs.date ? lhs.date < rhs.date : lhs.written < rhs.written
    }
}
