import Foundation

/// Where `BackgroundTransfers` keeps each transfer (a JSON file), the copy of a file to upload, the piece
/// under way and downloads just finished, so that a relaunched app goes on with them.
struct BackgroundTransferJournal: Sendable {
    let directory: URL

    init(directory: URL) throws {
        self.directory = directory
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // A download moved here by an instance that ended before acting on it: its transfer is taken
        // up again from the start.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names where name.hasSuffix(".arrived") { try? FileManager.default.removeItem(at: directory.appendingPathComponent(name)) }
    }

    func all() -> [BackgroundTransfer] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }
            .compactMap { try? RoamJSON.decode(BackgroundTransfer.self, from: Data(contentsOf: directory.appendingPathComponent($0))) }
            .sorted { $0.createdAt < $1.createdAt }
    }

    func transfer(_ id: BackgroundTransfer.ID) -> BackgroundTransfer? {
        guard let data = try? Data(contentsOf: entry(id)) else { return nil }
        return try? RoamJSON.decode(BackgroundTransfer.self, from: data)
    }

    /// Keeps the transfer, and answers it as it reads back (its times to the millisecond), so that
    /// what `BackgroundTransfers` reports equals what a later launch lists.
    @discardableResult
    func save(_ transfer: BackgroundTransfer) throws -> BackgroundTransfer {
        let data = try RoamJSON.encode(transfer)
        try data.write(to: entry(transfer.id), options: .atomic)
        return try RoamJSON.decode(BackgroundTransfer.self, from: data)
    }

    /// The transfer and every file it had here.
    func remove(_ id: BackgroundTransfer.ID) {
        for url in [entry(id), file(id), piece(id)] { try? FileManager.default.removeItem(at: url) }
    }

    /// The bytes an upload sends, copied here when it was asked for.
    func file(_ id: BackgroundTransfer.ID) -> URL { directory.appendingPathComponent("\(id).file") }

    /// The piece an upload's current request sends (a background session sends only files).
    func piece(_ id: BackgroundTransfer.ID) -> URL { directory.appendingPathComponent("\(id).piece") }

    /// The body of a creation.
    func emptyBody() throws -> URL {
        let url = directory.appendingPathComponent("empty")
        if !FileManager.default.fileExists(atPath: url.path) { try Data().write(to: url) }
        return url
    }

    /// Where a download is moved as soon as it finishes (the system removes its own copy then).
    func arrival() -> URL { directory.appendingPathComponent("\(UUID().uuidString.lowercased()).arrived") }

    /// Writes the bytes from `offset`, at most `count`, of the upload's file to its piece.
    func writePiece(of id: BackgroundTransfer.ID, from offset: Int64, count: Int) throws -> URL {
        let handle = try FileHandle(forReadingFrom: file(id))
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(offset))
        let url = piece(id)
        try (try handle.read(upToCount: count) ?? Data()).write(to: url, options: .atomic)
        return url
    }

    private func entry(_ id: BackgroundTransfer.ID) -> URL { directory.appendingPathComponent("\(id).json") }
}
