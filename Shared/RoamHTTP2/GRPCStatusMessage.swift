/// `grpc-message`'s percent-encoding: bytes outside printable ASCII, and `%` itself, as `%XX`.
enum GRPCStatusMessage {
    static func encode(_ message: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(message.utf8.count)
        for byte in message.utf8 {
            if byte >= 0x20 && byte <= 0x7E && byte != UInt8(ascii: "%") {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    static func decode(_ value: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = value.utf8.makeIterator()
        while let byte = utf8.next() {
            if byte == UInt8(ascii: "%"), let high = utf8.next(), let low = utf8.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
