import Foundation
import RoamAPI

/// Tokens kept as JSON in a file only its owner may read, replaced whole on each save (a crash never
/// leaves half a file); a missing file is signed out. The device token lives beside it
/// (`<name>.device`), and stays when the tokens go.
public actor FileTokenStore: TokenStore {
    public let url: URL
    private let file: OwnerOnlyFile
    private let deviceFile: OwnerOnlyFile

    public init(url: URL) {
        self.url = url
        self.file = OwnerOnlyFile(url: url)
        self.deviceFile = OwnerOnlyFile(url: url.appendingPathExtension("device"))
    }

    public func loadDeviceToken() throws -> String? {
        try deviceFile.read(String.self)
    }

    public func saveDeviceToken(_ token: String) throws {
        try deviceFile.write(token)
    }

    public func load() throws -> Components.Schemas.Tokens? {
        try file.read(Components.Schemas.Tokens.self)
    }

    public func save(_ tokens: Components.Schemas.Tokens?) throws {
        guard let tokens else { return try file.remove() }
        try file.write(tokens)
    }
}
