import Foundation
import RoamLocal
import Testing

/// Children start with nothing of the parent's but their standard streams: a pipe the parent has open
/// meanwhile must not stay open in a long-lived child (a reader of that pipe would wait forever).
@Suite struct SpawnTests {
    @Test func aChildHoldsNoDescriptorOfTheParentsButItsStandardOnes() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        let listing = FileManager.default.temporaryDirectory.appendingPathComponent("spawn-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: listing) }
        let output = open(listing.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        #expect(output >= 0)
        let child = try Spawn.start("/bin/sh", ["-c", "ls /proc/$$/fd"], output: output)
        close(output)
        #expect(Spawn.wait(child) == 0)
        let open = try String(contentsOf: listing, encoding: .utf8).split(separator: "\n").compactMap { Int32($0) }.sorted()
        #expect(open == [0, 1, 2], "the child has \(open); the parent's pipe was \(ends)")
    }
}
