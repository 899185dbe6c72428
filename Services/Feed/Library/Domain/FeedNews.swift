import Foundation

/// News of an event's feed as it travels between replicas: only what names it (each replica reads the
/// rest from the store, so the news fits in a notification and a late one shows the latest state).
public enum FeedNews: Sendable, Equatable {
    case post(UUID)
    case comment(UUID)
    case likes(Subject)

    /// `post/<id>`, `comment/<id>` or `likes/<kind>/<id>`.
    public var text: String {
        switch self {
        case .post(let id): "post/\(id.uuidString.lowercased())"
        case .comment(let id): "comment/\(id.uuidString.lowercased())"
        case .likes(let subject): "likes/\(subject.kind.rawValue)/\(subject.id.uuidString.lowercased())"
        }
    }

    public init?(text: String) {
        let parts = text.split(separator: "/").map(String.init)
        switch (parts.first, parts.count) {
        case ("post", 2): guard let id = UUID(uuidString: parts[1]) else { return nil }; self = .post(id)
        case ("comment", 2): guard let id = UUID(uuidString: parts[1]) else { return nil }; self = .comment(id)
        case ("likes", 3):
            guard let kind = Subject.Kind(rawValue: parts[1]), let id = UUID(uuidString: parts[2]) else { return nil }
            self = .likes(Subject(kind, id))
        default: return nil
        }
    }
}
