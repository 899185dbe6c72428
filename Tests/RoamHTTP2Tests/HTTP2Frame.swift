/// One HTTP/2 frame (RFC 9113 §4.1), built by a test byte for byte or cut from what a server sent.
struct HTTP2Frame {
    struct Kind: RawRepresentable, Equatable {
        let rawValue: UInt8
        static let data = Kind(rawValue: 0), headers = Kind(rawValue: 1), rstStream = Kind(rawValue: 3)
        static let settings = Kind(rawValue: 4), ping = Kind(rawValue: 6), goAway = Kind(rawValue: 7)
        static let windowUpdate = Kind(rawValue: 8), continuation = Kind(rawValue: 9)
    }

    /// RFC 9113 §7.
    enum ErrorCode: UInt32 {
        case noError = 0
        case protocolError, internalError, flowControlError, settingsTimeout, streamClosed, frameSizeError
        case refusedStream, cancel, compressionError, connectError, enhanceYourCalm, inadequateSecurity, http11Required
    }

    static let endStream: UInt8 = 0x1, endHeaders: UInt8 = 0x4, ack: UInt8 = 0x1

    var type: Kind
    var flags: UInt8 = 0
    var stream: UInt32 = 0
    var payload: [UInt8] = []
    /// A server's HEADERS, decoded (`RawHTTP2Peer.Inbound` keeps the HPACK table).
    var fields: [(name: String, value: String)] = []

    func field(_ name: String) -> String? {
        fields.first { $0.name == name }?.value
    }

    var bytes: [UInt8] {
        Self.uint(payload.count, bytes: 3) + [type.rawValue, flags] + Self.uint(Int(stream), bytes: 4) + payload
    }

    /// A RST_STREAM's or GOAWAY's error code.
    var errorCode: ErrorCode? {
        let offset = type == .goAway ? 4 : 0
        guard type == .goAway || type == .rstStream, payload.count >= offset + 4 else { return nil }
        return ErrorCode(rawValue: UInt32(Self.value(of: payload[offset..<(offset + 4)])))
    }

    /// A SETTINGS frame's value for `id`.
    func setting(_ id: UInt16) -> UInt32? {
        guard type == .settings else { return nil }
        return stride(from: 0, to: payload.count - 5, by: 6)
            .first { Self.value(of: payload[$0..<($0 + 2)]) == Int(id) }
            .map { UInt32(Self.value(of: payload[($0 + 2)..<($0 + 6)])) }
    }

    /// A GOAWAY's last stream: the highest the server took.
    var lastStreamID: UInt32? {
        guard type == .goAway, payload.count >= 4 else { return nil }
        return UInt32(Self.value(of: payload[0..<4]) & 0x7FFF_FFFF)
    }

    static func settings(_ values: [(id: UInt16, value: UInt32)] = []) -> HTTP2Frame {
        HTTP2Frame(type: .settings, payload: values.flatMap { uint(Int($0.id), bytes: 2) + uint(Int($0.value), bytes: 4) })
    }

    /// A request's HEADERS, its fields as HPACK literals that touch no table (RFC 7541 §6.2.2).
    static func headers(_ fields: [(String, String)], stream: UInt32, endStream: Bool = false, endHeaders: Bool = true) -> HTTP2Frame {
        HTTP2Frame(
            type: .headers, flags: (endStream ? Self.endStream : 0) | (endHeaders ? Self.endHeaders : 0), stream: stream,
            payload: hpack(fields))
    }

    static func continuation(_ fields: [(String, String)], stream: UInt32, endHeaders: Bool = false) -> HTTP2Frame {
        HTTP2Frame(type: .continuation, flags: endHeaders ? Self.endHeaders : 0, stream: stream, payload: hpack(fields))
    }

    /// The headers of a gRPC call to `path`.
    static func call(_ path: String, stream: UInt32, endStream: Bool = false) -> HTTP2Frame {
        headers(callFields(path), stream: stream, endStream: endStream)
    }

    static func callFields(_ path: String) -> [(String, String)] {
        [
            (":method", "POST"), (":scheme", "http"), (":path", path), (":authority", "localhost"), ("content-type", "application/grpc"),
            ("te", "trailers"),
        ]
    }

    /// A header block of any size: HEADERS, then CONTINUATION frames, none over the default
    /// SETTINGS_MAX_FRAME_SIZE (16 KiB).
    static func headerBlock(_ fields: [(String, String)], stream: UInt32, endStream: Bool = false) -> [HTTP2Frame] {
        let block = hpack(fields)
        let pieces = stride(from: 0, to: block.count, by: 16_384).map { Array(block[$0..<min($0 + 16_384, block.count)]) }
        return pieces.enumerated().map { index, piece in
            HTTP2Frame(
                type: index == 0 ? .headers : .continuation,
                flags: (index == 0 && endStream ? Self.endStream : 0) | (index == pieces.count - 1 ? Self.endHeaders : 0),
                stream: stream, payload: piece)
        }
    }

    /// A gRPC message (RFC-less: gRPC's length prefix) in one DATA frame.
    static func message(_ bytes: [UInt8], declaring length: Int? = nil, stream: UInt32, endStream: Bool = false) -> HTTP2Frame {
        HTTP2Frame(type: .data, flags: endStream ? Self.endStream : 0, stream: stream, payload: [0] + uint(length ?? bytes.count, bytes: 4) + bytes)
    }

    static func rstStream(_ stream: UInt32, _ code: ErrorCode) -> HTTP2Frame {
        HTTP2Frame(type: .rstStream, stream: stream, payload: uint(Int(code.rawValue), bytes: 4))
    }

    static func windowUpdate(_ stream: UInt32, increment: UInt32) -> HTTP2Frame {
        HTTP2Frame(type: .windowUpdate, stream: stream, payload: uint(Int(increment), bytes: 4))
    }

    /// The first whole frame in `bytes`, removed from them; nil when they hold none yet.
    static func cut(from bytes: inout [UInt8]) -> HTTP2Frame? {
        guard bytes.count >= 9 else { return nil }
        let length = value(of: bytes[0..<3])
        guard bytes.count >= 9 + length else { return nil }
        let frame = HTTP2Frame(
            type: Kind(rawValue: bytes[3]), flags: bytes[4], stream: UInt32(value(of: bytes[5..<9]) & 0x7FFF_FFFF),
            payload: Array(bytes[9..<(9 + length)]))
        bytes.removeFirst(9 + length)
        return frame
    }

    /// Fields as literals with a new name, without indexing or Huffman coding (RFC 7541 §6.2.2), so a
    /// frame's bytes are all a test needs to know.
    private static func hpack(_ fields: [(String, String)]) -> [UInt8] {
        var block: [UInt8] = []
        for (name, value) in fields {
            block.append(0)
            block += hpackInteger(name.utf8.count)
            block += Array(name.utf8)
            block += hpackInteger(value.utf8.count)
            block += Array(value.utf8)
        }
        return block
    }

    /// RFC 7541 §5.1 with a 7-bit prefix and the Huffman bit clear.
    private static func hpackInteger(_ value: Int) -> [UInt8] {
        guard value >= 127 else { return [UInt8(value)] }
        var rest = value - 127, bytes: [UInt8] = [127]
        while rest >= 128 {
            bytes.append(UInt8(rest % 128 + 128))
            rest /= 128
        }
        return bytes + [UInt8(rest)]
    }

    private static func uint(_ value: Int, bytes count: Int) -> [UInt8] {
        (0..<count).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    private static func value(of bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }
}
