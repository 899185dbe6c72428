/// Where an invitation to a group walk stands.
public enum InvitationState: String, Sendable, Hashable {
    case pending
    case accepted
    case declined
}
