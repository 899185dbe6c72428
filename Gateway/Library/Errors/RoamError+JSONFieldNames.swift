import Foundation
import RoamRuntime

extension RoamError {
    /// Services name fields as in their protobuf messages (`display_name`); the JSON API names them in
    /// lowerCamelCase (`displayName`), the same mapping protobuf's JSON form uses.
    func withJSONFieldNames() -> RoamError {
        var error = self
        for index in error.violations.indices {
            let protoName = error.violations[index].field
            let jsonName = Self.lowerCamelCase(protoName)
            guard jsonName != protoName else { continue }
            error.violations[index].field = jsonName
            error.message = error.message.replacingOccurrences(of: protoName, with: jsonName)
        }
        return error
    }

    static func lowerCamelCase(_ name: String) -> String {
        var result = ""
        var upperNext = false
        for character in name {
            if character == "_" {
                upperNext = true
            } else {
                result.append(upperNext ? Character(character.uppercased()) : character)
                upperNext = false
            }
        }
        return result
    }
}
