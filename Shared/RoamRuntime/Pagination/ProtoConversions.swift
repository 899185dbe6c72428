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
