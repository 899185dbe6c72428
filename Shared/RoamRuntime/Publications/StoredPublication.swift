import Foundation

/// A publication as the outbox keeps it (JSON).
struct StoredPublication: Codable {
    var userID: UUID
    var kind: String
    var key: String
    var data: [String: String]
    var threadID: String
    /// Microseconds since 1970, exact.
    var at: Int64
    var timeZone: String?
    var group: String?

    init(_ publication: Publication) {
        userID = publication.userID
        kind = publication.kind
        key = publication.key
        data = publication.data
        threadID = publication.threadID
        at = Int64((publication.at.timeIntervalSince1970 * 1_000_000).rounded())
        timeZone = publication.timeZone
        group = publication.group
    }

    var publication: Publication {
        Publication(
            userID: userID, kind: kind, key: key, data: data, threadID: threadID, at: Date(timeIntervalSince1970: Double(at) / 1_000_000),
            timeZone: timeZone, group: group)
    }

    var json: String {
        get throws { String(decoding: try JSONEncoder().encode(self), as: UTF8.self) }
    }
}
