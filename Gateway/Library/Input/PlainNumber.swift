/// A decimal number written the plain way: an optional minus, digits, an optional fraction and
/// exponent (`-12.5`, `3e2`). `Double("…")` alone also takes hex (`0x1p3`), `nan` and `inf`, and
/// reads a string only up to a NUL character (`1\u{0}2` as 1), so the text is checked first.
enum PlainNumber {
    static func parse(_ text: String) -> Double? {
        guard isPlain(text), let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// An optional minus and digits only.
    static func parseWhole(_ text: String) -> Double? {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard digits(&bytes) > 0, bytes.isEmpty else { return nil }
        return Double(text)
    }

    static func isPlain(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard digits(&bytes) > 0 else { return false }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            guard digits(&bytes) > 0 else { return false }
        }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits(&bytes) > 0 else { return false }
        }
        return bytes.isEmpty
    }

    /// `100` rather than `100.0` in messages.
    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }

    private static func digits(_ bytes: inout ArraySlice<UInt8>) -> Int {
        let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
        bytes = bytes.dropFirst(count)
        return count
    }
}
