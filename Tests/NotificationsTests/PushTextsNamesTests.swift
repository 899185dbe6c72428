import Foundation
import RoamCore
import Testing

@testable import Notifications

/// Pushes that name people: the names read when the push goes, "Someone" for whom none is known, and
/// gathered likes summed up in the reader's language.
@Suite struct PushTextsNamesTests {
    static func notification(_ kind: String, _ data: [String: String]) -> InboxNotification {
        InboxNotification(id: UUID(), userID: UUID(), kind: kind, data: data, threadID: "", createdAt: Date())
    }

    @Test func aFollowerAndACommenterAreNamed() {
        let (ada, bo) = (UUID(), UUID())
        let names = [ada: "Ada"]
        let followed = PushTexts().message(
            for: Self.notification("new_follower", ["actorId": ada.lowercasedString]), language: "en", badge: 1, names: names)
        #expect(followed.title == "New follower" && followed.body == "Ada follows you")
        let commented = PushTexts().message(
            for: Self.notification("comment", ["actorId": bo.lowercasedString, "text": "Lovely!"]), language: "sv-SE", badge: 1, names: names)
        #expect(commented.title == "Någon kommenterade" && commented.body == "Lovely!")
    }

    @Test func likesAreSummedUpWithTheNewestLikerNamed() {
        let (ada, bo, cy) = (UUID(), UUID(), UUID())
        let names = [ada: "Ada", bo: "Bo", cy: "Cy"]
        func summary(_ actors: [UUID], count: Int, _ kind: String, _ language: String) -> String {
            PushTexts().message(
                for: Self.notification(
                    "likes", ["actorIds": actors.map(\.lowercasedString).joined(separator: ","), "count": "\(count)", "subjectKind": kind]),
                language: language, badge: 1, names: names
            ).body
        }
        #expect(summary([ada], count: 1, "story", "en") == "Ada liked your story")
        #expect(summary([ada, bo], count: 2, "story", "en") == "Ada and 1 other liked your story")
        #expect(summary([cy, ada, bo], count: 4, "post", "en") == "Cy and 3 others liked your post")
        #expect(summary([ada, bo], count: 2, "activity", "sv") == "Ada och 1 till gillar din aktivitet")
        #expect(PushTexts.actors(in: Self.notification("likes", ["actorIds": "\(ada.lowercasedString),not-an-id"])) == [ada])
    }
}
