import Foundation
import RoamRuntime

extension RoamError {
    /// A body or query the generated code could not decode, as a 400 that names the field as the client
    /// sent it (`place.name`, `tags[2]`), never a Swift type.
    init(decoding error: DecodingError) {
        switch error {
        case .keyNotFound(let key, let context):
            self = .invalidField(Self.fieldName(context.codingPath + [key]), "is required")
        case .typeMismatch(let type, let context):
            self = .invalidField(Self.fieldName(context.codingPath), "must be \(Self.describe(type))")
        case .valueNotFound(let type, let context):
            self = .invalidField(Self.fieldName(context.codingPath), "must be \(Self.describe(type)), not null")
        case .dataCorrupted(let context) where context.debugDescription.contains("from invalid String value"):
            // A generated enum refused the value; its message would name a Swift type.
            self = .invalidField(Self.fieldName(context.codingPath), "is not one of the values the API document lists")
        case .dataCorrupted(let context) where !context.codingPath.isEmpty:
            self = .invalidField(Self.fieldName(context.codingPath), context.debugDescription)
        default:
            self = RoamError(.invalidArgument, reason: "MALFORMED_JSON", message: "the body is not valid JSON")
        }
    }

    /// `place.name`, `tags[2]`; `body` for the body as a whole.
    static func fieldName(_ codingPath: [any CodingKey]) -> String {
        let name = codingPath.reduce(into: "") { path, key in
            if let index = key.intValue { path += "[\(index)]" } else { path += path.isEmpty ? key.stringValue : ".\(key.stringValue)" }
        }
        return name.isEmpty ? "body" : name
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Int32.Type, is Int64.Type: "a whole number"
        case is Double.Type: "a number"
        case is [Any].Type: "an array"
        case is [String: Any].Type: "a JSON object"
        default: "\(type)"
        }
    }
}
