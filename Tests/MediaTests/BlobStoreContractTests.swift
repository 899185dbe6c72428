import Foundation
import RoamTesting
import Testing

@testable import Media

/// What every blob store does, run against each kind.
@Suite struct BlobStoreContractTests {
    static func key(_ text: String) -> BlobKey { BlobKey(text)! }

    /// 1 MiB and a bit, so reads take several chunks.
    static let large = Data((0..<(1_048_576 + 12_345)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })

    @Test(arguments: BlobStoreKind.allCases)
    func aBlobReadsBackWhateverWayItWasWritten(_ kind: BlobStoreKind) async throws {
        let (store, cleanUp) = try await kind.makeStore()
        defer { cleanUp() }
        let source = FileManager.default.temporaryDirectory.appendingPathComponent("source-\(UUID().uuidString)")
        try Self.large.write(to: source)
        defer { try? FileManager.default.removeItem(at: source) }
        try await store.put(Self.key("originals/a/one"), contentsOf: source)
        #expect(try await store.bytes(Self.key("originals/a/one")) == Self.large)
        let content = try await store.read(Self.key("originals/a/one"))
        #expect(content.size == Self.large.count && content.length == Self.large.count && content.range == nil)
        try await store.put(Self.key("thumbnails/a/one"), bytes: Data("small".utf8))
        #expect(try await store.bytes(Self.key("thumbnails/a/one")) == Data("small".utf8))
    }

    @Test(arguments: BlobStoreKind.allCases)
    func rangesAreServedAndClampedAndOutOfRangeIsRefused(_ kind: BlobStoreKind) async throws {
        let (store, cleanUp) = try await kind.makeStore()
        defer { cleanUp() }
        let key = Self.key("originals/b/two")
        try await store.put(key, bytes: Self.large)
        func read(_ range: ClosedRange<Int>) async throws -> (BlobContent, Data) {
            let content = try await store.read(key, range: range)
            var bytes = Data()
            for try await chunk in content.chunks { bytes.append(chunk) }
            return (content, bytes)
        }
        let (head, headBytes) = try await read(0...9)
        #expect(head.size == Self.large.count && head.range == 0...9 && headBytes == Self.large.prefix(10))
        let (middle, middleBytes) = try await read(300_000...900_000)
        #expect(middle.length == 600_001 && middleBytes == Self.large[300_000...900_000])
        let (tail, tailBytes) = try await read(Self.large.count - 5...Self.large.count + 1_000)
        #expect(tail.range == (Self.large.count - 5)...(Self.large.count - 1) && tailBytes == Self.large.suffix(5))
        await #expect(throws: BlobError.rangeNotSatisfiable(size: Self.large.count)) {
            _ = try await store.read(key, range: Self.large.count...(Self.large.count + 10))
        }
    }

    @Test(arguments: BlobStoreKind.allCases)
    func writingAgainReplacesAndDeletingTwiceIsHarmless(_ kind: BlobStoreKind) async throws {
        let (store, cleanUp) = try await kind.makeStore()
        defer { cleanUp() }
        let key = Self.key("previews/c/three")
        try await store.put(key, bytes: Data("first".utf8))
        try await store.put(key, bytes: Data("second, longer".utf8))
        #expect(try await store.bytes(key) == Data("second, longer".utf8))
        try await store.delete(key)
        try await store.delete(key)
        await #expect(throws: BlobError.notFound(key)) { _ = try await store.read(key) }
        await #expect(throws: BlobError.notFound(Self.key("never/written"))) { _ = try await store.read(Self.key("never/written")) }
    }

    @Test(arguments: BlobStoreKind.allCases)
    func listingByPrefixShowsWhatIsStored(_ kind: BlobStoreKind) async throws {
        let (store, cleanUp) = try await kind.makeStore()
        defer { cleanUp() }
        let before = Date().addingTimeInterval(-60)
        for name in ["originals/u1/a", "originals/u1/b", "originals/u2/c", "thumbnails/u1/a"] {
            try await store.put(Self.key(name), bytes: Data(name.utf8))
        }
        let listed = try await store.list(prefix: "originals/u1/")
        #expect(listed.map(\.key.value) == ["originals/u1/a", "originals/u1/b"])
        #expect(listed.allSatisfy { $0.size == 14 && $0.writtenAt > before })
        #expect(try await store.list(prefix: "").count == 4)
    }

    @Test(arguments: BlobStoreKind.allCases)
    func aFailedWriteLeavesTheOldBlobAndNothingElse(_ kind: BlobStoreKind) async throws {
        let (store, cleanUp) = try await kind.makeStore()
        defer { cleanUp() }
        let key = Self.key("originals/d/four")
        try await store.put(key, bytes: Data("kept".utf8))
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("missing-\(UUID().uuidString)")
        await #expect(throws: BlobError.self) { try await store.put(key, contentsOf: missing) }
        #expect(try await store.bytes(key) == Data("kept".utf8))
        #expect(try await store.list(prefix: "").map(\.key.value) == ["originals/d/four"])
    }

    @Test(arguments: BlobStoreKind.allCases)
    func concurrentWritersLeaveOneWholeBlob(_ kind: BlobStoreKind) async throws {
        let (store, cleanUp) = try await kind.makeStore()
        defer { cleanUp() }
        let key = Self.key("originals/e/five")
        let versions = (0..<20).map { Data(repeating: UInt8($0), count: 200_000 + $0) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for version in versions { group.addTask { try await store.put(key, bytes: version) } }
            try await group.waitForAll()
        }
        #expect(versions.contains(try await store.bytes(key)))
        #expect(try await store.list(prefix: "").count == 1)
    }

    @Test func keysCannotClimbOutOfTheStore() {
        for bad in ["", "/abs", "a/../b", "a//b", "a/./b", "A/b", "a b", "a/b/", "ä", String(repeating: "a", count: 513)] {
            #expect(BlobKey(bad) == nil, "\(bad)")
        }
        #expect(BlobKey("originals/0190abcd-0000/x.webp")?.value == "originals/0190abcd-0000/x.webp")
    }
}
