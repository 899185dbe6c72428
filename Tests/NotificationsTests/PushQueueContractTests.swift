import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Notifications

/// The pushes filed with notifications, in memory and in PostgreSQL alike.
@Suite struct PushQueueContractTests {
    static let start = NotificationStoreContractTests.start

    @Test(arguments: StoreKind.allCases)
    func aNotificationFilesOnePushPerDeviceClaimedOnceAtATime(kind: StoreKind) async throws {
        try await kind.withStore(ownDatabase: true) { store in
            let user = UUID()
            let tag = UUID().uuidString.prefix(8)
            _ = try await store.put(NotificationStoreContractTests.device("\(tag)-phone", user), limit: 10)
            _ = try await store.put(NotificationStoreContractTests.device("\(tag)-pad", user, at: 1), limit: 10)
            let publication = NotificationStoreContractTests.publication(user, "a")
            let id = UUID.v7()
            _ = try await store.file([publication], ids: [id], pushAt: [Self.start.addingTimeInterval(60)], at: Self.start)
            // Sent again: filed once, so pushed once.
            _ = try await store.file([publication], ids: [.v7()], pushAt: [Self.start], at: Self.start)

            #expect(try await store.claimPushes(dueAt: Self.start, limit: 10, lease: .seconds(120)).filter { $0.notification.id == id }.isEmpty)
            let claimed = try await store.claimPushes(dueAt: Self.start.addingTimeInterval(60), limit: 100, lease: .seconds(120))
                .filter { $0.notification.userID == user }
            #expect(Set(claimed.map(\.token)) == ["\(tag)-phone", "\(tag)-pad"])
            #expect(claimed.allSatisfy { $0.attempts == 1 && $0.unread == 1 && $0.device?.language == "sv" && $0.notification.id == id })
            // Leased: no one else takes them until the lease runs out.
            #expect(
                try await store.claimPushes(dueAt: Self.start.addingTimeInterval(61), limit: 100, lease: .seconds(120)).filter {
                    $0.notification.userID == user
                }.isEmpty)
            let again = try await store.claimPushes(dueAt: Self.start.addingTimeInterval(181), limit: 100, lease: .seconds(120))
                .filter { $0.notification.userID == user }
            #expect(again.count == 2 && again.allSatisfy { $0.attempts == 2 })

            let phone = try #require(again.first { $0.token == "\(tag)-phone" })
            try await store.finish(phone)
            let pad = try #require(again.first { $0.token == "\(tag)-pad" })
            try await store.postpone(pad, until: Self.start.addingTimeInterval(1_000), reason: "APNs 503")
            #expect(
                try await store.claimPushes(dueAt: Self.start.addingTimeInterval(999), limit: 100, lease: .seconds(120)).filter {
                    $0.notification.userID == user
                }.isEmpty)
            let later = try await store.claimPushes(dueAt: Self.start.addingTimeInterval(1_000), limit: 100, lease: .seconds(120))
                .filter { $0.notification.userID == user }
            #expect(later.map(\.token) == ["\(tag)-pad"] && later.first?.attempts == 3)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aForgottenTokenTakesItsPushesAndARemovedDeviceLeavesItsPushEmpty(kind: StoreKind) async throws {
        try await kind.withStore(ownDatabase: true) { store in
            let user = UUID()
            let tag = UUID().uuidString.prefix(8)
            _ = try await store.put(NotificationStoreContractTests.device("\(tag)-dead", user), limit: 10)
            _ = try await store.put(NotificationStoreContractTests.device("\(tag)-gone", user), limit: 10)
            _ = try await store.file([NotificationStoreContractTests.publication(user, "a")], ids: [.v7()], pushAt: [Self.start], at: Self.start)
            try await store.forget(token: "\(tag)-dead")
            #expect(try await store.delete(token: "\(tag)-gone", userID: user))
            let claimed = try await store.claimPushes(dueAt: Self.start, limit: 100, lease: .seconds(120)).filter { $0.notification.userID == user }
            #expect(claimed.map(\.token) == ["\(tag)-gone"] && claimed.first?.device == nil)
        }
    }
}
