import Foundation

extension InMemoryAccountsStore: KnownDeviceRepository {
    public func rememberDevice(digest: [UInt8], userID: UUID, at time: Date, limit: Int) {
        guard users[userID] != nil else { return }
        knownDevices[digest] = (userID, time)
        let mine = knownDevices.filter { $0.value.userID == userID }.sorted { $0.value.lastUsed > $1.value.lastUsed }
        for (stale, _) in mine.dropFirst(limit) { knownDevices[stale] = nil }
    }

    public func isKnownDevice(digest: [UInt8], userID: UUID, at time: Date) -> Bool {
        guard knownDevices[digest]?.userID == userID else { return false }
        knownDevices[digest]?.lastUsed = time
        return true
    }
}
