import Foundation
import Hummingbird
import RoamRuntime

/// Finds the fields of a JSON document whose names or string values hold a NUL character (`\u0000`).
enum JSONNulFinder {
    private static let escape = Array(#"\u0000"#.utf8)

    /// The fields, named as `RoamError(decoding:)` names them (`place.name`, `tags[2]`); empty for a body without
    /// the escape or one that is not JSON at all (the decoder reports that).
    static func fields(in bytes: some Collection<UInt8>) -> [String] {
        let data = Data(bytes)
        guard data.range(of: Data(escape)) != nil,
            let document = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        else { return [] }
        var found: [String] = []
        visit(document, path: "", into: &found)
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
