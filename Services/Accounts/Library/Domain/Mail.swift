public struct Mail: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case verifyEmail
        case resetPassword
        case changeEmail
        case emailChanged
    }

    public var kind: Kind
    public var to: String
    public var subject: String
    public var body: String
    /// The secret the link carries, kept apart so tests can use it.
    public var token: String
}
