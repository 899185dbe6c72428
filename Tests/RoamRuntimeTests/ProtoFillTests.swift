import Foundation
import RoamProto
import RoamTesting
import Testing

/// What the round trips stand on: a message filled from the descriptors has every field set (one member
/// of each `oneof`), another variant differs in each string, number and time (and enum with a second
/// value), a field given `left` stays unset, and an empty message reports every field, a `oneof` as one.
struct ProtoFillTests {
    @Test func aFilledMessageHasEveryFieldAndOneMemberOfEachOneof() throws {
        let post = try ProtoFill.every(Roam_Feed_V1_CreatePostRequest.self)
        #expect(ProtoFill.unsetFields(of: post).isEmpty)
        #expect(post.audience.eventID.count == 36 && post.audience.place == .init(), "the first member of the oneof, and only it")
        let story = try ProtoFill.every(Roam_Feed_V1_CreatePostRequest.self, values: ["place": ["name": "Rossio"]])
        #expect(story.audience.place.name == "Rossio" && story.audience.eventID.isEmpty, "the member `values` names")
        #expect(!story.audience.place.hasPosition, "a value given is taken as it is, not filled in")
        #expect(UUID(uuidString: post.mediaIds.first ?? "") != nil, "ids are UUIDs")
    }

    @Test func anotherVariantDiffersInEveryField() throws {
        let (one, two) = (try ProtoFill.every(Roam_Trips_V1_Pin.self), try ProtoFill.every(Roam_Trips_V1_Pin.self, variant: 2))
        #expect(one.title != two.title && one.visitedAt != two.visitedAt && one.point != two.point)
        #expect(
            ProtoFill.differences(sent: one, received: two).sorted() == [
                "cover_media_id", "created_at", "date", "description", "id", "place_id", "title", "trip_id", "visited_at",
            ])
        #expect(ProtoFill.differences(sent: one, received: one).isEmpty)
    }

    @Test func aFieldLeftIsUnsetAndAnEmptyMessageListsEveryField() throws {
        let expense = try ProtoFill.every(Roam_Budget_V1_ExpenseFields.self, values: ["note": ProtoFill.left, "currency": "EUR"])
        #expect(ProtoFill.unsetFields(of: expense) == ["note"] && expense.currency == "EUR")
        #expect(ProtoFill.unsetFields(of: Roam_Feed_V1_Audience()) == ["event_id|place|followers"])
        #expect(ProtoFill.unsetFields(of: Roam_Trips_V1_Destination.with { $0.name = "Lisbon" }) == ["point"])
        #expect(ProtoFill.unsetFields(of: Roam_Trips_V1_Destination.with { $0.point = .with { $0.latitude = 1 } }) == ["name", "point.longitude"])
    }
}
