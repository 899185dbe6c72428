import Foundation
import RoamCore

/// A new like's news for its subject's owner, gathered with the subject's other likes ("Ada and 3
/// others liked your story"). The store makes the publication once it knows the count the like brought.
public struct LikeNotice: Sendable {
    public var owner: UUID
    public var subject: Subject
    /// What the app calls the subject (`story`, `post`, `comment`, `activity`, …).
    public var subjectKind: String
    public var liker: UUID
    public var at: Date

    public func publication(count: Int) -> Publication {
        let data = [
            "subjectKind": subjectKind, "subjectId": subject.id.lowercasedString, "actorId": liker.lowercasedString, "count": String(count),
        ]
        return Publication(
            userID: owner, kind: "likes", key: "like:\(subject):\(liker.lowercasedString)", data: data,
            threadID: "\(subject.kind.rawValue):\(subject.id.lowercasedString)", at: at, group: "likes:\(subject)")
    }
}
