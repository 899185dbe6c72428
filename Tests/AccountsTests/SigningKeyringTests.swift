import Foundation
import RoamRuntime
import Testing

@testable import Accounts

/// The key file `roam keys` rotates: what each step publishes and signs with, and mistakes refused.
@Suite struct SigningKeyringTests {
    @Test func aRotationPublishesTheNewKeyFirstThenSignsWithItThenDropsTheOld() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("roam-keyring-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let first = try SigningKey.load(from: .file(path: file))
        #expect(first.published.count == 1)
        #expect(try SigningKey.load(from: .file(path: file)).signing.keyID == first.signing.keyID, "made once, then read")

        let prepared = try first.preparing()
        try SigningKey.save(prepared, to: file)
        let read = try SigningKey.load(from: .file(path: file))
        #expect(read.signing.keyID == first.signing.keyID && read.prepared?.keyID == prepared.prepared?.keyID && read.published.count == 2)
        #expect(throws: ConfigurationError.self) { try read.preparing() }

        let promoted = try read.promotingPrepared()
        try SigningKey.save(promoted, to: file)
        let afterPromote = try SigningKey.load(from: .file(path: file))
        #expect(afterPromote.signing.keyID == prepared.prepared?.keyID && afterPromote.retiring.map(\.keyID) == [first.signing.keyID])
        // A second promote would sign with the old key again: refused.
        #expect(throws: ConfigurationError.self) { try afterPromote.promotingPrepared() }

        let retired = afterPromote.retiringOthers()
        #expect(retired.published.map(\.keyID) == [afterPromote.signing.keyID])
    }

    @Test func aFileWithoutASigningKeyOrWithTwoPreparedIsRefused() {
        let seed = SigningKey(privateKey: .init()).seed
        for contents in ["prepared \(seed)\n", "\(seed)\nprepared \(seed)\nprepared \(seed)\n", "\n"] {
            #expect(throws: ConfigurationError.self, "\(contents)") {
                try SigningKey.load(from: .inline(contents.replacingOccurrences(of: "\n", with: ",")))
            }
        }
    }
}
