import Foundation
import RoamTesting
import Testing

@testable import Accounts

/// Known devices, both stores alike: a device is known to its user only, the least recently used go
/// past the limit, and they go with the account.
@Suite struct KnownDeviceRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func aDeviceIsKnownToItsUserOnlyAndTheLeastRecentlyUsedGoFirst(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let (ada, bo) = (Fixtures.user("ada"), Fixtures.user("bo"))
            try await repositories.users.create(ada)
            try await repositories.users.create(bo)
            let start = Fixtures.wholeSeconds(Date())
            let phones = (0..<4).map { index in (0..<32).map { _ in UInt8.random(in: 0...255) } + [UInt8(index)] }
            for (index, phone) in phones.prefix(3).enumerated() {
                try await repositories.devices.rememberDevice(digest: phone, userID: ada.id, at: start.addingTimeInterval(Double(index)), limit: 3)
            }
            #expect(try await repositories.devices.isKnownDevice(digest: phones[0], userID: ada.id, at: start.addingTimeInterval(10)))
            #expect(try await !repositories.devices.isKnownDevice(digest: phones[0], userID: bo.id, at: start), "another's device")
            // Phone 0 was just used: the fourth pushes out phone 1, the least recently used.
            try await repositories.devices.rememberDevice(digest: phones[3], userID: ada.id, at: start.addingTimeInterval(11), limit: 3)
            var known: [Bool] = []
            for phone in phones {
                known.append(try await repositories.devices.isKnownDevice(digest: phone, userID: ada.id, at: start.addingTimeInterval(12)))
            }
            #expect(known == [true, false, true, true])
            try await repositories.users.delete(userID: ada.id, at: start, purgeFrom: start)
            #expect(try await !repositories.devices.isKnownDevice(digest: phones[0], userID: ada.id, at: start.addingTimeInterval(13)))
        }
    }
}
