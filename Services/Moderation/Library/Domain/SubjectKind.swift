/// What can be reported, taken down and audited; each kind is owned by one service.
public enum SubjectKind: String, Sendable, Codable, CaseIterable {
    case user, post, comment, activity, list, item, walk, event, photo

    /// `"user", "post", …` for messages that list them.
    public static var listed: String { allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") }
}
