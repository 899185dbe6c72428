import Foundation

/// When the calling user last changed their follows or blocks, as the gateway that passed the change on
/// saw it, carried with each of their later calls (metadata `x-roam-relations-changed-at`): a relations
/// cache must not answer for them from before it, so a follow or block takes effect on their very next
/// request in every service.
public enum RelationsChange {
    @TaskLocal public static var at: Date?

    /// A cached answer fetched this long after the change may still predate it on a host whose clock
    /// runs ahead: within it, the cache asks again.
    public static let clockMargin: TimeInterval = 1
}
