import Foundation

/// What the store found when asked to add a member; the service turns refusals into errors.
public enum AdmissionResult: Sendable, Equatable {
    case admitted(Event)
    case alreadyMember(Event)
    case full(Event)
    case banned
    case notFound
}
