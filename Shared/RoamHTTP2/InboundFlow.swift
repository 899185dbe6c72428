/// HTTP/2 flow control for what one stream receives: bytes are credited back to the peer (which
/// lets it send more) as they arrive while few are queued for the reader, and only as the reader
/// takes messages once it falls behind. A message larger than the window still arrives, since the
/// bytes of a message not yet whole are never held back.
struct InboundFlow {
    static let highWater = 1 << 20

    /// Bytes of whole messages handed to the reader and not yet taken.
    private(set) var queued = 0
    /// Bytes received and not yet credited back.
    private(set) var owed = 0

    /// Bytes arrived; returns how many to credit now.
    mutating func received(_ count: Int) -> Int {
        if queued < Self.highWater { return count }
        owed += count
        return 0
    }

    mutating func queued(message count: Int) {
        queued += count
    }

    /// Nobody will read what is queued (the call ended): everything owed is credited now.
    mutating func release() -> Int {
        queued = 0
        defer { owed = 0 }
        return owed
    }

    /// The reader took a message; returns how many bytes to credit now.
    mutating func taken(_ count: Int) -> Int {
        queued -= count
        guard queued < Self.highWater, owed > 0 else { return 0 }
        defer { owed = 0 }
        return owed
    }
}
