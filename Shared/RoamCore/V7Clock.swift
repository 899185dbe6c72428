import Foundation
import Synchronization

/// The last (millisecond, sequence) handed out, so the next id for the same millisecond sorts after it.
enum V7Clock {
    private static let last = Mutex<(milliseconds: UInt64, sequence: UInt16)>((0, 0))
    static let maxSequence: UInt16 = 0xFFF

    static func next(_ milliseconds: UInt64, using generator: inout SystemRandomNumberGenerator) -> (UInt64, UInt16) {
        // A fresh millisecond starts low in the sequence space, leaving room to count up.
        let fresh = UInt16.random(in: 0...(maxSequence / 2), using: &generator)
        return last.withLock { last in
            if milliseconds > last.milliseconds {
                last = (milliseconds, fresh)
            } else if last.sequence < maxSequence {
                // Same millisecond (or the clock stepped back a little): count on from the last id.
                last.sequence += 1
            } else {
                // The sequence is spent: borrow the next millisecond.
                last = (last.milliseconds + 1, 0)
            }
            return (last.milliseconds, last.sequence)
        }
    }
}
