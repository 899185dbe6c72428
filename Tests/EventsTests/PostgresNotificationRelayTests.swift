import Foundation
import Logging
import RoamCore
import RoamRuntime
import RoamTesting
import Synchronization
import Testing

@testable import Events

/// Two replicas of the events service on one database: a notification published on one reaches a
/// stream open on the other.
@Suite struct PostgresNotificationRelayTests {
    @Test func aNotificationReachesStreamsOnOtherReplicas() async throws {
        try await TestDatabase.withClient { client in
            let logger = Logger(label: "test")
            let (hubA, hubB) = (NotificationHub(), NotificationHub())
            let replicaA = PostgresNotificationRelay(database: Database(client: client), hub: hubA, logger: logger)
            let replicaB = PostgresNotificationRelay(database: Database(client: client), hub: hubB, logger: logger)
            let user = UUID()
            let heardOnB = Mutex<[EventNotification]>([])
            let stream = hubB.subscribe(user)
            let tasks = [
                Task { try await replicaA.run() },
                Task { try await replicaB.run() },
                Task { for await notification in stream { heardOnB.withLock { $0.append(notification) } } },
            ]
            defer { for task in tasks { task.cancel() } }

            let sent = EventNotification(kind: .removed, eventID: UUID(), reason: .leftFence, at: Date(timeIntervalSince1970: 1_800_000_000))
            // LISTEN starts in the background: send until the other replica has heard it, for up to 30 s
            // (the suite's first minute starts some 80 processes on two cores).
            let deadline = ContinuousClock.now + .seconds(30)
            while heardOnB.withLock({ $0.isEmpty }) && ContinuousClock.now < deadline {
                await replicaA.publish(sent, to: user)
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(heardOnB.withLock { $0.first } == sent)
        }
    }

    /// A position shared with a group walk's 200 sharers travels in two NOTIFYs, and every one of them
    /// hears it, position and all, on the other replica.
    @Test func oneNotificationForManyReachesEachOfThemWithItsPosition() async throws {
        try await TestDatabase.withClient { client in
            let logger = Logger(label: "test")
            let (hubA, hubB) = (NotificationHub(), NotificationHub())
            let replicaA = PostgresNotificationRelay(database: Database(client: client), hub: hubA, logger: logger)
            let replicaB = PostgresNotificationRelay(database: Database(client: client), hub: hubB, logger: logger)
            let users = (0..<200).map { _ in UUID() }
            let streams = users.map { ($0, hubB.subscribe($0)) }
            let heard = Mutex<[UUID: EventNotification]>([:])
            let tasks = [
                Task { try await replicaA.run() },
                Task { try await replicaB.run() },
                Task {
                    await withTaskGroup(of: (UUID, EventNotification?).self) { group in
                        for (user, stream) in streams { group.addTask { (user, await stream.first { _ in true }) } }
                        for await (user, notification) in group { if let notification { heard.withLock { $0[user] = notification } } }
                    }
                },
            ]
            defer { for task in tasks { task.cancel() } }
            let sent = EventNotification(
                kind: .positionShared, eventID: UUID(), userID: UUID(),
                position: ReportedPosition(point: GeoPoint(latitude: 38.71, longitude: -9.13), accuracyMeters: 7),
                at: Date(timeIntervalSince1970: 1_800_000_000))
            // As above: up to 30 s for LISTEN to start on a loaded machine.
            let deadline = ContinuousClock.now + .seconds(30)
            while heard.withLock({ $0.count }) < users.count && ContinuousClock.now < deadline {
                await replicaA.publish(sent, to: users)
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(heard.withLock { $0.count } == users.count)
            #expect(heard.withLock { $0.values.allSatisfy { $0 == sent } })
        }
    }
}
