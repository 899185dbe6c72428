import Crypto
import Foundation
import RoamCore

/// A digest the client sent with an append (tus `Upload-Checksum`): the bytes are kept only if theirs matches.
public struct UploadChecksum: Sendable {
    public enum Algorithm: String, Sendable, CaseIterable {
        case sha1, sha256
    }

    public let algorithm: Algorithm
    public let digest: Data

    /// Nil for no checksum (an empty algorithm); an algorithm this service does not know is refused.
    public init?(algorithm: String, digest: Data) throws(RoamError) {
        guard !algorithm.isEmpty else { return nil }
        guard let known = Algorithm(rawValue: algorithm.lowercased()) else {
            throw RoamError(
                .invalidArgument, reason: "CHECKSUM_ALGORITHM_UNSUPPORTED",
                message: "checksums are \(Algorithm.allCases.map(\.rawValue).joined(separator: " or "))",
                violations: [.init(field: "checksum_algorithm", description: "must be sha1 or sha256")])
        }
        self.algorithm = known
        self.digest = digest
    }

    /// Whether the file's bytes have this digest, read in pieces.
    func matches(fileAt url: URL) throws -> Bool {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        var sha1 = Insecure.SHA1()
        var sha256 = SHA256()
        while let piece = try handle.read(upToCount: 1 << 16), !piece.isEmpty {
            switch algorithm {
            case .sha1: sha1.update(data: piece)
            case .sha256: sha256.update(data: piece)
            }
        }
        let computed =
            switch algorithm {
            case .sha1: Data(sha1.finalize())
            case .sha256: Data(sha256.finalize())
            }
        return computed == digest
    }
}
