import RoamAPI

/// What the notification stream delivers, as `RoamSession.notifications()` reads it.
public enum LiveNotification: Sendable {
    /// Every part of the stream is listening: after the first connection and after each reconnection.
    /// What was missed meanwhile (reminders, budget alerts) may come just before it.
    case connected
    /// A notification; a reminder or budget alert comes exactly once, across reconnections too.
    case notification(Components.Schemas.Notification)
    /// One part of the stream (events, trips or budget) cannot be reached for now; the others go on,
    /// and the gateway follows it again by itself.
    case partUnavailable(RoamProblem)
}
