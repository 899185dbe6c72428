import Foundation

/// What a live chat reader receives: the event's messages in order, and news of its feed between them.
public enum ChatItem: Sendable {
    case message(ChatMessage)
    case update(FeedUpdate)
    /// The member may no longer read (only relays, which serve many members, receive it).
    case removed(UUID)
    /// Membership may have changed unseen: the relay's readers must be checked again (relays only).
    case recheck
}
