import Foundation

/// Ids a request names, each that is not a UUID named by its field.
public enum RequestIDs {
    /// Nil for an empty field.
    public static func optional(_ field: String, _ text: String) throws(RoamError) -> UUID? {
        text.isEmpty ? nil : try UUID(field: field, text)
    }

    public static func list(_ field: String, _ texts: [String]) throws(RoamError) -> [UUID] {
        var validation = Validation()
        var ids: [UUID] = []
        for (index, text) in texts.enumerated() {
            if let id = UUID(uuidString: text) { ids.append(id) } else { validation.fail("\(field)[\(index)]", "must be a UUID") }
        }
        try validation.check()
        return ids
    }
}
