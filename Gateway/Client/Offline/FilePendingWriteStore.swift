import Foundation

/// Pending writes kept as JSON in a file only its owner may read, replaced whole on each save (a crash
/// never leaves half a file); a missing file holds none.
public actor FilePendingWriteStore: PendingWriteStore {
    public let url: URL
    private let file: OwnerOnlyFile

    public init(url: URL) {
        self.url = url
        self.file = OwnerOnlyFile(url: url)
    }

    public func load() throws -> [PendingWrite] {
        try file.read([PendingWrite].self) ?? []
    }

    public func save(_ writes: [PendingWrite]) throws {
        try file.write(writes)
    }
}
