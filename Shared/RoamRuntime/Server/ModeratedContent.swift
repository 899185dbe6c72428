import Foundation
import RoamCore
import RoamProto

/// What one service moderates of what it owns, kind by kind (`ContentModerationGRPCService` serves
/// it): each kind described, taken down and restored, as moderators see it. The service checks who
/// asks; the calls come only for the kinds named in `kinds`, with a reason already required.
public protocol ModeratedContent: Sendable {
    /// The kinds this service owns, as moderation names them (`post`, `comment`).
    var kinds: [String] { get }
    /// The service, as messages name it ("the feed").
    var owner: String { get }
    /// The content for a moderator, or for someone reporting it (who sees only what they may read).
    func describe(_ kind: String, _ id: UUID, caller: Caller) async throws -> Roam_Moderation_V1_Content
    /// Takes it down; taking down what is down keeps the first takedown.
    func takeDown(_ kind: String, _ id: UUID, reason: String, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content
    /// Restores it; restoring what is up changes nothing.
    func restore(_ kind: String, _ id: UUID, by moderator: Moderator) async throws -> Roam_Moderation_V1_Content
}
