import Foundation

/// A query string read the way browsers and HTML forms write it (`application/x-www-form-urlencoded`):
/// `+` is a space and `%XX` a byte, in names and values alike. The first of repeated names wins.
struct FormQuery: Sendable {
    /// Name and value of every parameter, in order, as sent.
    private(set) var items: [(name: String, value: String)] = []
    /// Names whose percent-encoding is not valid UTF-8 (`%zz`, `%C3` alone).
    private(set) var undecodable: [String] = []

    init(_ query: String?) {
        guard let query, !query.isEmpty else { return }
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawName = String(parts[0])
            let rawValue = parts.count > 1 ? String(parts[1]) : ""
            guard let name = Self.decode(rawName) else {
                undecodable.append(rawName)
                continue
            }
            guard let value = Self.decode(rawValue) else {
                undecodable.append(name)
                continue
            }
            items.append((name, value))
        }
    }

    subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    private static func decode(_ text: String) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
