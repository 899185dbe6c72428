import Foundation
import GRPCCore
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

/// Every field of an event's messages through events' adapter into the store and back: a create with
/// every field set (`ProtoFill`, from the descriptors) as a group walk, the stored event with no member
/// unset, answers with no field unset and each sent field as sent, an edit of every field changing each,
/// and an edit of none changing nothing.
@Suite struct EventsProtoRoundTripTests {
    @Test func anEventWithEveryFieldSetComesBackWhole() async throws {
        let tokens = await TestTokens()
        let clock = TestClock()
        let (service, store, hub) = EventService.forTests(clock: clock)
        let here = Places.somewhere()
        let center: [String: any Sendable] = ["latitude": here.latitude, "longitude": here.longitude]
        let host = UUID()
        try await InProcessService.run(
            [EventsGRPCService(events: service, notifications: hub)], verifier: try await tokens.verifier(), anonymousMethods: []
        ) { grpc, _ in
            let client = EventsClient(wrapping: grpc)
            let metadata: Metadata = ["authorization": "Bearer \(try await tokens.userToken(host))"]
            // A group walk is public: it has no password.
            let create = try ProtoFill.every(
                Roam_Events_V1_CreateEventRequest.self,
                values: [
                    "center": center, "radius_meters": 150.0, "capacity": 20, "starts_at": ISO8601DateFormatter().string(from: clock.now),
                    "duration_seconds": "3600", "visibility": "VISIBILITY_PUBLIC", "password": ProtoFill.left, "theme": "sunset",
                    "tags": ["picnic"],
                ])
            let created = try await client.createEvent(create, metadata: metadata).event
            #expect(
                ProtoFill.unsetFields(of: created) == ["locked", "takedown"],
                "locked is for strangers to a private event, takedown for a moderator's")
            #expect(ProtoFill.differences(sent: create, received: created).isEmpty)
            #expect(created.groupWalk == create.groupWalk && created.center == create.center)
            let id = try #require(UUID(uuidString: created.eventID))
            let stored = try #require(try await store.event(id: id, at: clock.now))
            #expect(unsetMembers(of: stored).filter { $0 != "takedown" && $0 != "passwordHash" }.isEmpty)

            // Going private needs a password, which the host's answer never shows.
            let update = try ProtoFill.every(
                Roam_Events_V1_UpdateEventRequest.self, variant: 2,
                values: [
                    "event_id": created.eventID, "capacity": 30, "theme": "#336699", "tags": ["walk"], "visibility": "VISIBILITY_PUBLIC",
                    "password": ProtoFill.left,
                ])
            let updated = try await client.updateEvent(update, metadata: metadata).event
            #expect(ProtoFill.unsetFields(of: updated) == ["locked", "takedown"])
            #expect(ProtoFill.differences(sent: update, received: updated, ignoring: ["event_id"]).isEmpty)
            #expect(updated.tags == ["walk"])
            let untouched = try await client.updateEvent(.with { $0.eventID = created.eventID }, metadata: metadata).event
            #expect(untouched == updated, "an edit that sends nothing changes nothing")
        }
    }
}
