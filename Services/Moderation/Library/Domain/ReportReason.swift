/// Why something is reported: a fixed list, so the queue can be sorted and counted by it.
public enum ReportReason: String, Sendable, Codable, CaseIterable {
    case spam, harassment, hate, violence, nudity, misinformation, privacy, impersonation, other
}
