import Foundation
import RoamProto

extension Roam_Common_V1_PageRequest {
    /// The page a request asks for, or INVALID_ARGUMENT for a bad size or token.
    public func domain() throws(RoamError) -> PageRequest {
        try PageCursor.pageRequest(size: Int(pageSize), token: pageToken)
    }
}

extension Roam_Common_V1_PageResponse {
    public init(cursor: String?) {
        self.init()
        nextPageToken = cursor ?? ""
    }
}

extension UUID {
    /// The form Roam puts on the wire.
    public var lowercasedString: String { uuidString.lowercased() }

    /// Parses an id from a request field, or INVALID_ARGUMENT naming the field.
    public init(field: String, _ text: String) throws(RoamError) {
        guard let id = UUID(uuidString: text) else { throw RoamError.invalidField(field, text.isEmpty ? "is required" : "must be a UUID") }
        self = id
    }
}
