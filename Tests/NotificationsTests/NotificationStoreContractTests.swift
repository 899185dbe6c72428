import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Notifications

/// What every `NotificationStore` does, in memory and in PostgreSQL alike.
@Suite struct NotificationStoreContractTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func device(_ token: String, _ user: UUID, at offset: TimeInterval = 0) -> Device {
        Device(
            DeviceRegistration(token: token, platform: .apns, apnsEnvironment: .sandbox, topic: "com.example.diary", language: "sv"), userID: user,
            at: start.addingTimeInterval(offset))
    }

    static func publication(_ user: UUID, _ key: String, at offset: TimeInterval = 0, kind: String = "budget_alert") -> Publication {
        Publication(
            userID: user, kind: kind, key: key, data: ["tripId": "t-\(key)", "percent": "80"], threadID: "trip", at: start.addingTimeInterval(offset))
    }

    /// A like on Ada's story from `liker`, with the count the feed gave.
    static func like(for ada: UUID, by liker: UUID, count: Int, at offset: TimeInterval) -> Publication {
        Publication(
            userID: ada, kind: "likes", key: "like:post/p:\(liker.lowercasedString)",
            data: ["subjectKind": "story", "actorId": liker.lowercasedString, "count": "\(count)"], threadID: "post:p",
            at: start.addingTimeInterval(offset), group: "likes:post/p")
    }

    @Test(arguments: StoreKind.allCases)
    func likesGatherInOneUnreadNotificationPushedOnceUntilItIsRead(kind: StoreKind) async throws {
        try await kind.withStore(ownDatabase: true) { store in
            let (ada, bo, cy, dan) = (UUID(), UUID(), UUID(), UUID())
            _ = try await store.put(Self.device("apns-\(UUID().uuidString.prefix(8))", ada), limit: 10)
            func like(_ liker: UUID, _ count: Int, at offset: TimeInterval) async throws -> InboxNotification? {
                let at = Self.start.addingTimeInterval(offset)
                return try await store.file([Self.like(for: ada, by: liker, count: count, at: offset)], ids: [.v7(at: at)], pushAt: [at], at: at)
                    .first ?? nil
            }
            let first = try #require(try await like(bo, 1, at: 0))
            #expect(first.data["actorIds"] == bo.lowercasedString && first.data["count"] == "1" && first.data["actorId"] == nil)
            let second = try #require(try await like(cy, 2, at: 10))
            #expect(
                second.id == first.id && second.data["actorIds"] == "\(cy.lowercasedString),\(bo.lowercasedString)" && second.data["count"] == "2")
            #expect(second.createdAt == Self.start.addingTimeInterval(10), "moved to the top")
            // Sent again, a like is not gathered twice.
            let again = try #require(try await like(cy, 2, at: 10))
            #expect(again.id == first.id && again.data == second.data)
            #expect(try await store.inbox(of: ada, unreadOnly: false, page: PageRequest(size: 10)).page.items.map(\.id) == [first.id])
            let pushes = try await store.claimPushes(dueAt: Self.start.addingTimeInterval(60), limit: 100, lease: .seconds(60))
            #expect(pushes.map(\.notification.id) == [first.id], "one push, the latest replacing the earlier")
            #expect(pushes.first?.notification.data["actorIds"] == second.data["actorIds"])

            // Read, the next like starts a notification of its own.
            _ = try await store.markRead(.all, userID: ada, at: Self.start.addingTimeInterval(20))
            let third = try #require(try await like(dan, 3, at: 30))
            #expect(third.id != first.id && third.data["actorIds"] == dan.lowercasedString && third.data["count"] == "3")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aDeviceIsRegisteredRefreshedAndMovesToItsNewOwner(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let (ada, bo) = (UUID(), UUID())
            let token = "apns-\(UUID().uuidString.prefix(8))"
            let first = try await store.put(Self.device(token, ada), limit: 10)
            #expect(first.created)
            #expect(first.device.language == "sv" && first.device.apnsEnvironment == .sandbox && first.device.topic == "com.example.diary")
            var refreshed = Self.device(token, ada, at: 60)
            refreshed.language = "en"
            let again = try await store.put(refreshed, limit: 10)
            #expect(!again.created)
            #expect(again.device.createdAt == Self.start && again.device.updatedAt == Self.start.addingTimeInterval(60))
            #expect(try await store.devices(of: ada).map(\.language) == ["en"])

            // The phone changed hands: Bo signed in on it.
            let moved = try await store.put(Self.device(token, bo, at: 120), limit: 10)
            #expect(moved.created)
            #expect(try await store.devices(of: ada).isEmpty)
            #expect(try await store.devices(of: bo).map(\.token) == [token])
            #expect(try await store.delete(token: token, userID: ada) == false)
            #expect(try await store.delete(token: token, userID: bo))
            #expect(try await store.delete(token: token, userID: bo) == false)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func beyondTheLimitTheLeastRecentlyRefreshedDeviceGoes(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let user = UUID()
            let tag = UUID().uuidString.prefix(8)
            for index in 0..<4 { _ = try await store.put(Self.device("\(tag)-\(index)", user, at: Double(index)), limit: 3) }
            #expect(try await store.devices(of: user).map(\.token) == ["\(tag)-3", "\(tag)-2", "\(tag)-1"])
            try await store.forget(token: "\(tag)-2")
            #expect(try await store.devices(of: user).map(\.token) == ["\(tag)-3", "\(tag)-1"])
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentRegistrationsKeepTheLimitExactly(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let user = UUID()
            let tag = UUID().uuidString.prefix(8)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<12 { group.addTask { _ = try await store.put(Self.device("\(tag)-\(index)", user, at: Double(index)), limit: 5) } }
                try await group.waitForAll()
            }
            #expect(try await store.devices(of: user).count == 5)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func aPublicationSentAgainIsFiledOnce(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let user = UUID()
            let first = try await store.file([Self.publication(user, "a"), Self.publication(user, "b")], ids: [.v7(), .v7()], at: Self.start)
            let again = try await store.file([Self.publication(user, "a")], ids: [.v7()], at: Self.start)
            #expect(again.map { $0?.id } == [first[0]?.id])
            #expect(first[0]?.data == ["tripId": "t-a", "percent": "80"])
            #expect(first[0]?.threadID == "trip" && first[0]?.readAt == nil)
            let inbox = try await store.inbox(of: user, unreadOnly: false, page: PageRequest(size: 10))
            #expect(inbox.page.items.count == 2 && inbox.unread == 2)
            // The same key from another user is theirs.
            let other = try await store.file([Self.publication(UUID(), "a")], ids: [.v7()], at: Self.start)
            #expect(other[0]?.id != first[0]?.id)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentPublicationsOfOneKeyFileOneNotification(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let user = UUID()
            let ids = try await withThrowingTaskGroup(of: UUID?.self) { group in
                for _ in 0..<8 { group.addTask { try await store.file([Self.publication(user, "same")], ids: [.v7()], at: Self.start)[0]?.id } }
                return try await group.reduce(into: Set<UUID?>()) { $0.insert($1) }
            }
            #expect(ids.count == 1)
            #expect(try await store.inbox(of: user, unreadOnly: false, page: PageRequest(size: 10)).page.items.count == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theInboxListsNewestFirstInPagesAndCountsWhatIsUnread(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let user = UUID()
            let publications = (0..<5).map { Self.publication(user, "n\($0)", at: Double($0)) }
            _ = try await store.file(publications, ids: publications.map { _ in .v7() }, at: Self.start)
            let first = try await store.inbox(of: user, unreadOnly: false, page: PageRequest(size: 2))
            #expect(first.page.items.map(\.data["tripId"]) == ["t-n4", "t-n3"])
            let second = try await store.inbox(of: user, unreadOnly: false, page: PageRequest(size: 2, cursor: first.page.nextCursor))
            #expect(second.page.items.map(\.data["tripId"]) == ["t-n2", "t-n1"])
            let last = try await store.inbox(of: user, unreadOnly: false, page: PageRequest(size: 2, cursor: second.page.nextCursor))
            #expect(last.page.items.map(\.data["tripId"]) == ["t-n0"] && last.page.nextCursor == nil)

            let read = try await store.markRead(
                .ids([first.page.items[0].id, first.page.items[0].id, UUID()]), userID: user, at: Self.start.addingTimeInterval(10))
            #expect(read == ReadOutcome(marked: 1, unread: 4))
            #expect(try await store.markRead(.ids([first.page.items[0].id]), userID: user, at: Self.start) == ReadOutcome(marked: 0, unread: 4))
            let unread = try await store.inbox(of: user, unreadOnly: true, page: PageRequest(size: 10))
            #expect(unread.page.items.map(\.data["tripId"]) == ["t-n3", "t-n2", "t-n1", "t-n0"])
            let listed = try await store.inbox(of: user, unreadOnly: false, page: PageRequest(size: 1))
            #expect(listed.page.items.first?.readAt == Self.start.addingTimeInterval(10))

            // Someone else cannot mark Ada's read.
            #expect(try await store.markRead(.ids([unread.page.items[0].id]), userID: UUID(), at: Self.start) == ReadOutcome(marked: 0, unread: 0))
            #expect(try await store.markRead(.all, userID: user, at: Self.start.addingTimeInterval(20)) == ReadOutcome(marked: 4, unread: 0))
        }
    }

    @Test(arguments: StoreKind.allCases)
    func settingsStartAsDefaultsAndChangeOnlyWhatIsSent(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let user = UUID()
            #expect(try await store.settings(of: user) == .defaults)
            let quiet = QuietHours(start: ClockTime(minuteOfDay: 22 * 60), end: ClockTime(minuteOfDay: 7 * 60))
            let changed = try await store.update(
                SettingsChanges.fixture(mutedKinds: ["member_joined"], quietHours: .some(quiet), timeZone: "Asia/Kolkata"), of: user)
            #expect(changed == NotificationSettings(mutedKinds: ["member_joined"], quietHours: quiet, timeZone: "Asia/Kolkata"))
            let paused = try await store.update(SettingsChanges.fixture(pushPaused: true), of: user)
            #expect(paused.quietHours == quiet && paused.mutedKinds == ["member_joined"] && paused.pushPaused)
            let cleared = try await store.update(SettingsChanges.fixture(quietHours: .some(nil)), of: user)
            #expect(cleared.quietHours == nil && cleared.timeZone == "Asia/Kolkata")
            #expect(try await store.settings(of: user) == cleared)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func forgettingAUserForgetsEverythingAndDropsWhatComesLater(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let (ada, bo) = (UUID(), UUID())
            let tag = UUID().uuidString.prefix(8)
            _ = try await store.put(Self.device("\(tag)-ada", ada), limit: 10)
            _ = try await store.put(Self.device("\(tag)-bo", bo), limit: 10)
            _ = try await store.file([Self.publication(ada, "a"), Self.publication(bo, "b")], ids: [.v7(), .v7()], at: Self.start)
            _ = try await store.update(SettingsChanges.fixture(pushPaused: true), of: ada)
            // As PurgeGRPCService does: marked first (PostgreSQL's purged_users), then forgotten.
            try await PurgedUsersMark.mark(ada, in: store)
            #expect(try await store.forget(user: ada) == ["devices": 1, "notifications": 1, "settings": 1])
            #expect(try await store.devices(of: ada).isEmpty)
            #expect(try await store.settings(of: ada) == .defaults)
            #expect(try await store.inbox(of: ada, unreadOnly: false, page: PageRequest(size: 10)).page.items.isEmpty)
            #expect(try await store.file([Self.publication(ada, "late")], ids: [.v7()], at: Self.start) == [nil])
            #expect(try await store.devices(of: bo).count == 1)
            #expect(try await store.inbox(of: bo, unreadOnly: false, page: PageRequest(size: 10)).unread == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func tidyingForgetsOnlyWhatIsOlderThanTheCutoff(kind: StoreKind) async throws {
        try await kind.withStore { store in
            let user = UUID()
            let old = Publication(userID: user, kind: "budget_alert", key: "old", at: Date(timeIntervalSince1970: 1_000))
            _ = try await store.file([old, Self.publication(user, "new")], ids: [.v7(), .v7()], at: Self.start)
            #expect(try await store.tidy(before: Date(timeIntervalSince1970: 2_000)) >= 1)
            #expect(try await store.inbox(of: user, unreadOnly: false, page: PageRequest(size: 10)).page.items.map(\.kind) == ["budget_alert"])
        }
    }
}
