import Foundation

/// The names people go by, for a push that says who did something ("Ada follows you"). Names are read
/// when the push goes, so a renamed user is named as they are now; whom it cannot name goes unnamed.
public protocol ActorNames: Sendable {
    func names(of ids: [UUID]) async -> [UUID: String]
}
