/// A blob's name: lower-case letters, digits, `-`, `_`, `.` and `/` between non-empty parts
/// (`originals/0190…/0190…`). Never a path that could climb out of the store.
public struct BlobKey: Sendable, Hashable, CustomStringConvertible {
    public let value: String

    public init?(_ value: String) {
        let parts = value.split(separator: "/", omittingEmptySubsequences: false)
        guard !value.isEmpty, value.utf8.count <= 512,
            parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }),
            value.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || "-_./".unicodeScalars.contains($0) })
        else { return nil }
        self.value = value
    }

    public var description: String { value }
}
