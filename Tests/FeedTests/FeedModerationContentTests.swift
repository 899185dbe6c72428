import Foundation
import RoamProto
import Testing

@testable import Feed

/// What moderators are shown of a post: the post as its subject, and the event it was posted in as its parent.
struct FeedModerationContentTests {
    @Test func aPostNamesItselfAndItsEvent() {
        let event = UUID()
        let post = Fixtures.post(in: event)
        let content = post.moderationContent
        let (postID, eventID, authorID) = (post.id.uuidString.lowercased(), event.uuidString.lowercased(), post.authorID.uuidString.lowercased())
        #expect(content.subject.kind == "post" && content.subject.id == postID)
        #expect(content.parent.kind == "event" && content.parent.id == eventID)
        #expect(content.authorID == authorID && content.text == post.text)
    }
}
