import Foundation
import RoamCore

/// The rules every text a person writes here follows.
enum TextRules {
    /// A one-line text: not blank, at most `maxLength` characters, no control characters.
    static func line(_ text: String, _ field: String, maxLength: Int, into validation: inout Validation) {
        validation.require(!text.isEmpty, field, "must not be blank")
        validation.require(text.count <= maxLength, field, "must be at most \(maxLength) characters")
        validation.require(!text.unicodeScalars.contains { $0.properties.generalCategory == .control }, field,
                           "must not contain control characters or line breaks")
    }

    /// A longer text, empty allowed: line breaks and tabs but no other control characters.
    static func body(_ text: String, _ field: String, maxLength: Int, into validation: inout Validation) {
        validation.require(text.count <= maxLength, field, "must be at most \(maxLength) characters")
        validation.require(!text.unicodeScalars.contains { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" },
                           field, "must not contain control characters other than line breaks and tabs")
    }

    /// At most `limit` media ids, no repeats.
    static func media(_ ids: [UUID], _ field: String, limit: Int, into validation: inout Validation) {
        validation.require(ids.count <= limit, field, "at most \(limit) photos")
        validation.require(Set(ids).count == ids.count, field, "must not repeat a photo")
    }

    static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
