#if canImport(Security)
import Foundation
import Security
import RoamAPI

/// Tokens kept in the Keychain as one generic-password item, readable after the device's first unlock
/// and never leaving it (not in backups, not synced): where an iPhone or Mac app keeps them.
public struct KeychainTokenStore: TokenStore {
    /// The item's service and account; `accessGroup` shares it with the app's extensions.
    public let service: String
    public let account: String
    public let accessGroup: String?

    public init(service: String = "roam", account: String = "tokens", accessGroup: String? = nil) {
        self.service = service
        self.account = account
        self.accessGroup = accessGroup
    }

    public func load() throws -> Components.Schemas.Tokens? {
        guard let data = try Self.read(item) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(Components.Schemas.Tokens.self, from: data)
    }

    public func save(_ tokens: Components.Schemas.Tokens?) throws {
        guard let tokens else {
            let status = SecItemDelete(item as CFDictionary)
            guard status == errSecSuccess || status == errSecItemNotFound else { throw Self.failure(status) }
            return
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        try Self.write(try encoder.encode(tokens), to: item)
    }

    public func loadDeviceToken() throws -> String? {
        try Self.read(deviceItem).map { String(decoding: $0, as: UTF8.self) }
    }

    public func saveDeviceToken(_ token: String) throws {
        try Self.write(Data(token.utf8), to: deviceItem)
    }

    /// The item's data, or nil when there is no such item.
    private static func read(_ item: [String: Any]) throws -> Data? {
        var query = item
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var found: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &found)
        if status == errSecItemNotFound { return nil }
        guard status == errSecSuccess, let data = found as? Data else { throw failure(status) }
        return data
    }

    /// Replaces the item's data, adding the item (this device only, after first unlock) when it is missing.
    private static func write(_ data: Data, to item: [String: Any]) throws {
        var status = SecItemUpdate(item as CFDictionary, [kSecValueData as String: data] as CFDictionary)
        if status == errSecItemNotFound {
            var added = item
            added[kSecValueData as String] = data
            added[kSecAttrAccessible as String] = kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
            status = SecItemAdd(added as CFDictionary, nil)
        }
        guard status == errSecSuccess else { throw failure(status) }
    }

    /// The device token's item: the tokens' account with `.device`, so signing out leaves it.
    private var deviceItem: [String: Any] {
        var item = item
        item[kSecAttrAccount as String] = "\(account).device"
        return item
    }

    /// What names the item.
    private var item: [String: Any] {
        var item: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword, kSecAttrService as String: service, kSecAttrAccount as String: account,
        ]
        if let accessGroup { item[kSecAttrAccessGroup as String] = accessGroup }
        return item
    }

    private static func failure(_ status: OSStatus) -> NSError {
        NSError(domain: NSOSStatusErrorDomain, code: Int(status))
    }
}
#endif
