import Foundation

/// Tokens kept as JSON in a file only its owner may read, replaced whole on each save (a crash never
/// leaves half a file); a missing file is signed out.
public actor FileTokenStore: TokenStore {
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    public func load() throws -> Components.Schemas.Tokens? {
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Self.decoder.decode(Components.Schemas.Tokens.self, from: Data(contentsOf: url))
    }

    public func save(_ tokens: Components.Schemas.Tokens?) throws {
        guard let tokens else {
            if FileManager.default.fileExists(atPath: url.path) { try FileManager.default.removeItem(at: url) }
            return
        }
        let partial = url.appendingPathExtension("partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: try Self.encoder.encode(tokens), attributes: [.posixPermissions: 0o600]),
            rename(partial.path, url.path) == 0
        else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path]) }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }()
}
