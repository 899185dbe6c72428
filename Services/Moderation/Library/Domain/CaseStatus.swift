/// Whether a case waits for a moderator.
public enum CaseStatus: String, Sendable, Codable, CaseIterable {
    case open, resolved
}
