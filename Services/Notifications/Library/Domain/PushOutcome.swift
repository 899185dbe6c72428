/// What a push service said about one push.
public enum PushOutcome: Sendable, Equatable {
    case delivered
    /// The token is no longer valid (the app was removed, or the token belongs elsewhere): forget it.
    case unregistered(reason: String)
    /// Try again later: after `after` when the service said so (`Retry-After`), else with backoff.
    case retry(after: Duration?, reason: String)
    /// Refused for good (a payload too large, a malformed request): sending again would not help.
    case refused(reason: String)
}
