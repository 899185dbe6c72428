/// What a moderator did about a case.
public enum ResolutionAction: String, Sendable, Codable, CaseIterable {
    case dismiss
    case takeDown = "take_down"
    case suspend
    case takeDownAndSuspend = "take_down_and_suspend"

    var takesDown: Bool { self == .takeDown || self == .takeDownAndSuspend }
    var suspends: Bool { self == .suspend || self == .takeDownAndSuspend }
}
