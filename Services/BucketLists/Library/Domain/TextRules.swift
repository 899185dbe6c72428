import Foundation
import RoamCore

/// The rules every text a person writes here follows.
enum TextRules {
    /// At most `limit` media ids, no repeats.
    static func media(_ ids: [UUID], _ field: String, limit: Int, into validation: inout Validation) {
        validation.require(ids.count <= limit, field, "at most \(limit) photos")
        validation.require(Set(ids).count == ids.count, field, "must not repeat a photo")
    }

    static func trimmed(_ text: String) -> String {
        text.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
