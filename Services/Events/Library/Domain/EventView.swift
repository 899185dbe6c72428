import Foundation

/// An event as one viewer may see it: a private event the viewer is not in, or any event the viewer is
/// banned from, is locked and shows only its name, place, size and times.
public struct EventView: Sendable, Equatable {
    public var event: Event
    public var viewerRole: Role

    public var isLocked: Bool {
        viewerRole == .banned || (event.visibility == .private && viewerRole != .member && viewerRole != .host)
    }
}
