import CNGHTTP2

/// Header fields laid out as nghttp2 takes them: one byte buffer, and name/value pointers into it.
/// nghttp2 copies them when a frame is submitted, so they need to live only for that call.
struct HeaderList {
    private(set) var fields: [(name: String, value: String)] = []

    init(_ fields: [(name: String, value: String)] = []) {
        self.fields = fields
    }

    mutating func add(_ name: String, _ value: String) {
        fields.append((name, value))
    }

    func withNameValues<Result>(_ body: (UnsafePointer<nghttp2_nv>, Int) -> Result) -> Result {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(fields.reduce(0) { $0 + $1.name.utf8.count + $1.value.utf8.count })
        var ranges: [(name: Range<Int>, value: Range<Int>)] = []
        ranges.reserveCapacity(fields.count)
        for field in fields {
            let nameStart = bytes.count
            bytes.append(contentsOf: field.name.utf8)
            let valueStart = bytes.count
            bytes.append(contentsOf: field.value.utf8)
            ranges.append((nameStart..<valueStart, valueStart..<bytes.count))
        }
        return bytes.withUnsafeMutableBufferPointer { buffer in
            let base = buffer.baseAddress ?? UnsafeMutablePointer<UInt8>.allocate(capacity: 0)
            let values = ranges.map { range in
                nghttp2_nv(
                    name: base + range.name.lowerBound, value: base + range.value.lowerBound,
                    namelen: range.name.count, valuelen: range.value.count, flags: UInt8(NGHTTP2_NV_FLAG_NONE.rawValue))
            }
            return values.withUnsafeBufferPointer { body($0.baseAddress!, $0.count) }
        }
    }
}
