import Foundation
import RoamRuntime

/// What the feed queues for the notifications service (comments, replies, likes), written with the
/// change it tells of.
public protocol NoticeRepository: Sendable {
    var publications: any PublicationQueue { get }
    /// Forgets what waits to be told to `user` (their account is deleted).
    func forgetNotices(to user: UUID) async throws
}
