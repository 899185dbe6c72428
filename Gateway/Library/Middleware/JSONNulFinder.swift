import Foundation
import Hummingbird
import RoamRuntime

/// Finds the fields of a JSON document whose names or string values hold a NUL character (`\u0000`).
enum JSONNulFinder {
    private static let escape = Data(#"\u0000"#.utf8)

    /// The fields of `body` (read from `bytes`), named as `RoamError(decoding:)` names them
    /// (`place.name`, `tags[2]`); only a body whose bytes hold the escape is walked.
    static func fields(in body: RequestJSONBody, read bytes: Data) -> [String] {
        guard bytes.range(of: escape) != nil else { return [] }
        var found: [String] = []
        visit(body.object, path: "", into: &found)
        return found
    }

    private static func visit(_ value: Any, path: String, into found: inout [String]) {
        switch value {
        case let text as String where text.unicodeScalars.contains("\u{0}"):
            found.append(path.isEmpty ? "body" : path)
        case let object as [String: Any]:
            for key in object.keys.sorted() {
                let field = path.isEmpty ? key : "\(path).\(key)"
                if key.unicodeScalars.contains("\u{0}") {
                    found.append(field.replacingOccurrences(of: "\u{0}", with: #"\u0000"#))
                } else {
                    visit(object[key]!, path: field, into: &found)
                }
            }
        case let array as [Any]:
            for (index, element) in array.enumerated() {
                visit(element, path: "\(path)[\(index)]", into: &found)
            }
        default:
            break
        }
    }
}
