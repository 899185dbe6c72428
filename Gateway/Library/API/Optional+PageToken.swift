import RoamProto

extension Optional where Wrapped == String {
    /// A page token as JSON: absent when there are no more pages.
    static func pageToken(_ page: Roam_Common_V1_PageResponse) -> String? {
        page.nextPageToken.isEmpty ? nil : page.nextPageToken
    }
}
