import Foundation

/// JSON written straight into bytes, for the one page whose size makes `JSONEncoder` its slowest step
/// (`TripDayRoute`). Members go out in the order they are written; a comma goes before every member
/// of an object or array but the first.
struct JSONText {
    private(set) var bytes: [UInt8] = []
    /// For each open object or array, whether nothing has been written in it yet.
    private var empty: [Bool] = []
    private var afterKey = false

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    mutating func object(_ members: (inout JSONText) throws -> Void) rethrows {
        beforeValue()
        bytes.append(UInt8(ascii: "{"))
        empty.append(true)
        try members(&self)
        empty.removeLast()
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func array<Items: Sequence>(_ items: Items, _ element: (inout JSONText, Items.Element) throws -> Void) rethrows {
        beforeValue()
        bytes.append(UInt8(ascii: "["))
        empty.append(true)
        for item in items { try element(&self, item) }
        empty.removeLast()
        bytes.append(UInt8(ascii: "]"))
    }

    mutating func key(_ name: String) {
        separate()
        quote(name)
        bytes.append(UInt8(ascii: ":"))
        afterKey = true
    }

    mutating func string(_ value: String) {
        beforeValue()
        quote(value)
    }

    mutating func number(_ value: Double) throws {
        guard value.isFinite else { throw EncodingError.invalidValue(value, .init(codingPath: [], debugDescription: "JSON has no \(value)")) }
        beforeValue()
        bytes.append(contentsOf: value.description.utf8)
    }

    mutating func integer(_ value: Int) {
        beforeValue()
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func bool(_ value: Bool) {
        beforeValue()
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// JSON an encoder wrote, as the next value.
    mutating func raw(_ json: Data) {
        beforeValue()
        bytes.append(contentsOf: json)
    }

    mutating func field(_ name: String, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    mutating func field(_ name: String, _ value: Int?) {
        guard let value else { return }
        key(name)
        integer(value)
    }

    private mutating func beforeValue() {
        if afterKey { afterKey = false } else { separate() }
    }

    private mutating func separate() {
        guard let isEmpty = empty.last else { return }
        if isEmpty { empty[empty.count - 1] = false } else { bytes.append(UInt8(ascii: ",")) }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// A string in quotes, with quotes, backslashes and control characters escaped. Most text has none
    /// of those, and goes in whole.
    private mutating func quote(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            if !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
                bytes.append(contentsOf: utf8)
            } else {
                escape(utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case UInt8(ascii: "\n"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case UInt8(ascii: "\r"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case UInt8(ascii: "\t"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                bytes.append(contentsOf: [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)],
                ])
            default: bytes.append(byte)
            }
        }
    }
}
