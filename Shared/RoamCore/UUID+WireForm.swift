import Foundation

extension UUID {
    /// The form Roam puts on the wire.
    public var lowercasedString: String { uuidString.lowercased() }

    /// Parses an id from a request field, or INVALID_ARGUMENT naming the field.
    public init(field: String, _ text: String) throws(RoamError) {
        guard let id = UUID(uuidString: text) else { throw RoamError.invalidField(field, text.isEmpty ? "is required" : "must be a UUID") }
        self = id
    }
}
