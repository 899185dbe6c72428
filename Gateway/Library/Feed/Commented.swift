import RoamAPI

/// An answer that carries how many comments its subject has in the feed.
protocol Commented: Sendable {
    /// `kind/id`, as the feed names the subject.
    var commentSubject: String { get }
    var commentCount: Int64? { get set }
}

extension Components.Schemas.Activity: Commented {
    var commentSubject: String { "activity/\(id)" }
}

extension Components.Schemas.BucketItem: Commented {
    var commentSubject: String { "bucket_item/\(id)" }
}
