/// What a moderator or operator did, as the audit log names it.
public enum AuditAction: String, Sendable, Codable, CaseIterable {
    case takeDown = "take_down"
    case restore
    case suspend
    case liftSuspension = "lift_suspension"
    case grantRole = "grant_role"
    case revokeRole = "revoke_role"
    case resolveCase = "resolve_case"
}
