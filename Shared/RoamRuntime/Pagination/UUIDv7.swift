import Foundation

extension UUID {
    /// A time-ordered UUID (RFC 9562 version 7): ids created later sort later, which keeps B-tree
    /// inserts local and makes ids usable as cursors.
    public static func v7(at date: Date = Date()) -> UUID {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<6 { bytes[i] = UInt8(truncatingIfNeeded: milliseconds >> (8 * UInt64(5 - i))) }
        var generator = SystemRandomNumberGenerator()
        for i in 6..<16 { bytes[i] = generator.next() }
        bytes[6] = (bytes[6] & 0x0F) | 0x70
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
