import Foundation
import Synchronization

extension UUID {
    /// A time-ordered UUID (RFC 9562 version 7): ids created later sort later, which keeps B-tree
    /// inserts local and makes ids usable as cursors. Within one process, ids made for the same or a
    /// later time than the previous one also sort after it, even inside one millisecond: the 12 bits
    /// after the version count up (RFC 9562 §6.2, method 1), so comments posted in one millisecond
    /// keep their order.
    public static func v7(at date: Date = Date()) -> UUID {
        var generator = SystemRandomNumberGenerator()
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        // Only ids made for the present take part in the count: a backfilled or test time must not
        // hold up (or jump ahead of) the ids made for now.
        let isNow = abs(date.timeIntervalSinceNow) <= 0.05
        let (time, sequence) =
            isNow
            ? V7Clock.next(milliseconds, using: &generator)
            : (milliseconds, UInt16.random(in: 0...V7Clock.maxSequence, using: &generator))
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<6 { bytes[i] = UInt8(truncatingIfNeeded: time >> (8 * UInt64(5 - i))) }
        for i in 8..<16 { bytes[i] = generator.next() }
        bytes[6] = 0x70 | UInt8(sequence >> 8)
        bytes[7] = UInt8(truncatingIfNeeded: sequence)
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
