/// A `Range: bytes=<first>-<last>` or `bytes=<first>-` header (RFC 9110 §14.1.2). Other forms (suffix
/// ranges, several ranges, other units) are ignored and the whole variant is sent, as the RFC allows.
struct ByteRange: Equatable {
    let first: Int64
    let last: Int64?

    init?(header: String) {
        let value = header.trimmingPrefix(while: { $0 == " " })
        guard value.hasPrefix("bytes="), !value.contains(",") else { return nil }
        let bounds = value.dropFirst("bytes=".count).split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = Int64(bounds[0].trimmingPrefix(while: { $0 == " " })), first >= 0 else { return nil }
        let lastText = bounds[1].filter { $0 != " " }
        if lastText.isEmpty {
            last = nil
        } else {
            guard let last = Int64(lastText), last >= first else { return nil }
            self.last = last
        }
        self.first = first
    }
}
