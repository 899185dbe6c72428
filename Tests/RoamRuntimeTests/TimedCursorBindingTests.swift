import Foundation
import NIOCore
import PostgresNIO
import RoamCore
import Testing

/// A cursor's time reaches PostgreSQL as exactly its microsecond: PostgresNIO cuts a `Date` down to
/// whole microseconds, and a `Date` rebuilt from a token's microseconds is often a fraction below.
struct TimedCursorBindingTests {
    /// The microseconds since 2000-01-01 PostgresNIO writes for `date`.
    static func written(_ date: Date) -> Int64 {
        var buffer = ByteBuffer()
        date.encode(into: &buffer, context: .default)
        return buffer.readInteger(as: Int64.self) ?? 0
    }

    static let microsecondsTo2000: Int64 = 946_684_800_000_000

    /// 20,000 random times (a fifth of them were cut down before the fix), yielding now and then so
    /// the suite's other tests keep their timers.
    @Test func everyCursorTimeIsBoundAsExactlyItsMicrosecond() async throws {
        var generator = SystemRandomNumberGenerator()
        var cutDown = 0
        for index in 0..<20_000 {
            if index % 500 == 0 { await Task.yield() }
            // Times from 2020 to 2040, to the microsecond.
            let micros = Int64.random(in: 1_577_836_800_000_000...2_208_988_800_000_000, using: &generator)
            let cursor = try TimedCursor(token: TimedCursor(time: Date(timeIntervalSince1970: Double(micros) / 1_000_000), id: UUID()).token)
            #expect(cursor.microseconds == micros)
            #expect(Self.written(cursor.bound) == micros - Self.microsecondsTo2000, "\(micros)")
            if Self.written(cursor.time) != micros - Self.microsecondsTo2000 { cutDown += 1 }
        }
        // What the fix is for: bound as `time`, a good share came out a microsecond early.
        #expect(cutDown > 1_000, "\(cutDown) of 20,000 cut down")
    }
}
