import Foundation
import GRPCCore
import GRPCInProcessTransport
import RoamProto
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

typealias EventsClient = Roam_Events_V1_EventsService.Client<InProcessTransport.Client>

/// The events gRPC service behind the real interceptors, through the generated client.
@Suite struct EventsGRPCTests {
    let here = Places.somewhere()

    func run(_ body: @Sendable (EventsClient, TestTokens) async throws -> Void) async throws {
        let tokens = await TestTokens()
        let (service, _, hub) = EventService.forTests()
        try await InProcessService.run(
            [EventsGRPCService(events: service, notifications: hub)], verifier: try await tokens.verifier(),
            anonymousMethods: []
        ) { client, _ in
            try await body(EventsClient(wrapping: client), tokens)
        }
    }

    func options(_ token: String) -> Metadata { ["authorization": "Bearer \(token)"] }

    func createRequest(_ change: (inout Roam_Events_V1_CreateEventRequest) -> Void = { _ in }) -> Roam_Events_V1_CreateEventRequest {
        var request = Roam_Events_V1_CreateEventRequest.with {
            $0.name = "Picnic"
            $0.center = .with {
                $0.latitude = here.latitude; $0.longitude = here.longitude
            }
            $0.radiusMeters = 100
            $0.capacity = 10
            $0.durationSeconds = 3600
        }
        change(&request)
        return request
    }

    func position(_ point: GeoPoint) -> Roam_Common_V1_ReportedPosition {
        .with {
            $0.position = .with {
                $0.latitude = point.latitude; $0.longitude = point.longitude
            }
            $0.accuracyMeters = 5
        }
    }

    @Test func everyCallNeedsAUserToken() async throws {
        try await run { client, _ in
            let error = await #expect(throws: RPCError.self) { _ = try await client.createEvent(createRequest()) }
            #expect(error?.code == .unauthenticated)
        }
    }

    @Test func badFieldsComeBackAsInvalidArgumentNamingEachField() async throws {
        try await run { client, tokens in
            let token = try await tokens.userToken(UUID())
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.createEvent(
                    createRequest {
                        $0.radiusMeters = 5; $0.capacity = 1
                    }, metadata: options(token))
            }
            #expect(error?.code == .invalidArgument)
            let fields = (try? error?.unpackGoogleRPCStatus())?.details.compactMap(\.badRequest).flatMap { $0.violations.map(\.field) }
            #expect(fields == ["radius_meters", "capacity"])
        }
    }

    /// Moderators read every live event with its counts, and any event's reports and bans; a plain
    /// user who does not host it is refused both.
    @Test func moderatorsListLiveEventsAndReadAnyEventsReportsAndBans() async throws {
        try await run { client, tokens in
            let host = try await tokens.userToken(UUID())
            let event = try await client.createEvent(createRequest(), metadata: options(host)).event
            let moderator = try await tokens.userToken(UUID(), roles: [.moderator])
            let live = try await client.listLiveEvents(.init(), metadata: options(moderator))
            #expect(live.events.map(\.event.eventID).contains(event.eventID))
            #expect(live.events.first { $0.event.eventID == event.eventID }.map { ($0.reportCount, $0.banCount) } ?? (9, 9) == (0, 0))
            #expect(try await client.listReports(.with { $0.eventID = event.eventID }, metadata: options(moderator)).reports.isEmpty)
            #expect(try await client.listBans(.with { $0.eventID = event.eventID }, metadata: options(moderator)).bans.isEmpty)

            let stranger = try await tokens.userToken(UUID())
            let listing = await #expect(throws: RPCError.self) { _ = try await client.listLiveEvents(.init(), metadata: options(stranger)) }
            #expect(listing?.code == .permissionDenied)
            let reports = await #expect(throws: RPCError.self) {
                _ = try await client.listReports(.with { $0.eventID = event.eventID }, metadata: options(stranger))
            }
            #expect(reports?.code == .permissionDenied)
        }
    }

    @Test func joinOutsideIsAFailedPreconditionWithItsReason() async throws {
        try await run { client, tokens in
            let host = try await tokens.userToken(UUID())
            let event = try await client.createEvent(createRequest(), metadata: options(host)).event
            let guest = try await tokens.userToken(UUID())
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.joinEvent(
                    .with {
                        $0.eventID = event.eventID
                        $0.position = position(here.moved(meters: 500, bearing: 0))
                    }, metadata: options(guest))
            }
            #expect(error?.code == .failedPrecondition)
            #expect((try? error?.unpackGoogleRPCStatus())?.details.compactMap(\.errorInfo).first?.reason == "OUTSIDE_FENCE")
        }
    }

    @Test func notificationsStreamToTheRightUser() async throws {
        try await run { client, tokens in
            let hostID = UUID()
            let host = try await tokens.userToken(hostID)
            let event = try await client.createEvent(createRequest(), metadata: options(host)).event
            let guestID = UUID()
            let guest = try await tokens.userToken(guestID)
            let received = try await client.streamNotifications(.init(), metadata: options(host)) { response in
                var kinds: [Roam_Events_V1_Notification] = []
                for try await notification in response.messages {
                    kinds.append(notification)
                    if notification.kind == .connected {
                        _ = try await client.joinEvent(
                            .with {
                                $0.eventID = event.eventID
                                $0.position = position(here)
                            }, metadata: options(guest))
                    }
                    if kinds.count == 2 { break }
                }
                return kinds
            }
            #expect(received.map(\.kind) == [.connected, .memberJoined])
            #expect(received.last?.userID == guestID.lowercasedString)
            #expect(received.last?.eventID == event.eventID)
        }
    }

    @Test func servicesCheckMembershipButUsersOnlyTheirOwn() async throws {
        try await run { client, tokens in
            let hostID = UUID()
            let event = try await client.createEvent(createRequest(), metadata: options(try await tokens.userToken(hostID))).event
            let check = Roam_Events_V1_CheckMembershipRequest.with {
                $0.eventID = event.eventID
                $0.userID = hostID.lowercasedString
            }
            let answer = try await client.checkMembership(check, metadata: options(try await tokens.serviceToken("feed")))
            #expect(answer.active && answer.role == .host)
            let own = try await client.checkMembership(check, metadata: options(try await tokens.userToken(hostID)))
            #expect(own.active)
            let error = await #expect(throws: RPCError.self) {
                _ = try await client.checkMembership(check, metadata: options(try await tokens.userToken(UUID())))
            }
            #expect(error?.code == .permissionDenied)
        }
    }

    @Test func aPrivateEventShowsOutsidersOnlyItsNameSizeAndLock() async throws {
        try await run { client, tokens in
            let host = try await tokens.userToken(UUID())
            let created = try await client.createEvent(
                createRequest {
                    $0.visibility = .private
                    $0.password = "hush"
                    $0.description_p = "secret plans"
                    $0.tags = ["secret"]
                }, metadata: options(host)
            ).event
            #expect(created.description_p == "secret plans")
            let seen = try await client.getEvent(
                .with { $0.eventID = created.eventID },
                metadata: options(try await tokens.userToken(UUID()))
            ).event
            #expect(seen.locked && seen.name == "Picnic" && seen.capacity == 10 && seen.memberCount == 1)
            #expect(seen.description_p.isEmpty && seen.tags.isEmpty && seen.hostID.isEmpty)
        }
    }
}
