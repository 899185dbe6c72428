import GRPCCore

/// Cuts gRPC's length-prefixed messages out of the bytes of DATA frames, however the frames split them.
struct GRPCMessageReader {
    let maxPayloadSize: Int
    private var buffer: [UInt8] = []
    private var start = 0

    init(maxPayloadSize: Int) {
        self.maxPayloadSize = maxPayloadSize
    }

    var isEmpty: Bool { start == buffer.count }

    mutating func append(_ bytes: UnsafeRawBufferPointer) {
        if start == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message, nil when more bytes are needed.
    mutating func next() throws(RPCError) -> [UInt8]? {
        let available = buffer.count - start
        guard available >= 5 else { return nil }
        guard buffer[start] == 0 else {
            throw RPCError(code: .unimplemented, message: "Compressed messages are not accepted; send them uncompressed.")
        }
        let length =
            Int(buffer[start + 1]) << 24 | Int(buffer[start + 2]) << 16 | Int(buffer[start + 3]) << 8 | Int(buffer[start + 4])
        guard length <= maxPayloadSize else {
            throw RPCError(code: .resourceExhausted, message: "Message of \(length) bytes exceeds the limit of \(maxPayloadSize) bytes.")
        }
        guard available >= 5 + length else { return nil }
        let message = Array(buffer[(start + 5)..<(start + 5 + length)])
        start += 5 + length
        return message
    }
}
