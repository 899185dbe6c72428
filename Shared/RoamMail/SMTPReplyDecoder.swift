import NIOCore

/// Cuts the server's bytes into replies: lines `250-…` continue one, `250 …` (or `250`) ends it.
struct SMTPReplyDecoder: NIOSingleStepByteToMessageDecoder {
    typealias InboundOut = SMTPReply

    /// A server that sends more than this without ending a reply is not one to talk to.
    static let longestReply = 64 * 1024

    mutating func decode(buffer: inout ByteBuffer) throws -> SMTPReply? {
        let bytes = Array(buffer.readableBytesView)
        var lines: [String] = []
        var code = 0
        var start = 0
        while let newline = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            var line = bytes[start..<newline]
            if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
            start = newline + 1
            guard line.count >= 3, let lineCode = Int(String(decoding: line.prefix(3), as: UTF8.self)), (200..<600).contains(lineCode)
            else { throw SMTPError.malformedReply(String(decoding: line.prefix(80), as: UTF8.self)) }
            if code == 0 { code = lineCode }
            lines.append(String(decoding: line.dropFirst(4), as: UTF8.self))
            if line.count == 3 || line[line.startIndex + 3] != UInt8(ascii: "-") {
                buffer.moveReaderIndex(forwardBy: start)
                return SMTPReply(code: code, lines: lines)
            }
        }
        if bytes.count > Self.longestReply { throw SMTPError.malformedReply("a reply longer than 64 KiB") }
        return nil
    }

    mutating func decodeLast(buffer: inout ByteBuffer, seenEOF: Bool) throws -> SMTPReply? {
        try decode(buffer: &buffer)
    }
}
