import Crypto
import Foundation

/// Answers kept as files only their owner may read, one per request, in `directory`; the least
/// recently stored go first once they take more than `capacityBytes`.
public actor FileReadCache: ReadCache {
    public let directory: URL
    public let capacityBytes: Int

    public init(directory: URL, capacityBytes: Int = 20 << 20) {
        self.directory = directory
        self.capacityBytes = capacityBytes
    }

    public func answer(for key: String) -> CachedAnswer? {
        try? file(for: key).read(CachedAnswer.self)
    }

    public func store(_ answer: CachedAnswer, for key: String) {
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try? file(for: key).write(answer)
        trim()
    }

    public func removeAll() {
        try? FileManager.default.removeItem(at: directory)
    }

    private func file(for key: String) -> OwnerOnlyFile {
        let name = SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
        return OwnerOnlyFile(url: directory.appendingPathComponent(name + ".json"))
    }

    /// Removes the oldest answers until the rest fit.
    private func trim() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        let sized = files.compactMap { url -> (url: URL, size: Int, date: Date)? in
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { return nil }
            return (url, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast)
        }
        var total = sized.reduce(0) { $0 + $1.size }
        for file in sized.sorted(by: { $0.date < $1.date }) where total > capacityBytes {
            try? FileManager.default.removeItem(at: file.url)
            total -= file.size
        }
    }
}
