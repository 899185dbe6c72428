import Foundation
@testable import RoamRuntime
import Testing

@Suite struct Argon2idTests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func blake2bMatchesTheRFC7693Vector() {
        #expect(hex(Blake2b.hash(Array("abc".utf8))) ==
            "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923")
    }

    @Test func blake2bHandlesMultiBlockInputAndShortDigests() {
        // Reference: Python's hashlib.blake2b(b"x" * 300, digest_size=32).
        #expect(hex(Blake2b.hash(Array(repeating: UInt8(ascii: "x"), count: 300), digestLength: 32)) ==
            "5aa7fbbf37986bb2a5d547c0d3c4d4326a24d786e7d57bf93fc784176e38b33d")
    }

    @Test func argon2idMatchesTheRFC9106Vector() {
        let tag = Argon2id(memoryKiB: 32, iterations: 3, parallelism: 4, tagLength: 32).hash(
            password: Array(repeating: 1, count: 32), salt: Array(repeating: 2, count: 16),
            secret: Array(repeating: 3, count: 8), associatedData: Array(repeating: 4, count: 12))
        #expect(hex(tag) == "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")
    }

    /// Vectors from the reference implementation (argon2-cffi's `hash_secret_raw`, type ID).
    @Test(arguments: [
        ("password", "somesalt12345678", 2, 64, 1, 32, "d1dd9f4bfa15a408c1ae553f4c84aa83d73afcdb94a3b5b597e8eb201489b96b"),
        ("correct horse", "0123456789abcdef", 3, 96, 3, 40,
         "4eff1c789f6afa704dc314d194bbe33048ec812c4a1d83fc2e6b46be5f5c5dd29a00d444814c3f1c"),
        ("password", "somesalt12345678", 1, 256, 1, 32, "29cd44c3290116f122b8f90511a1c3a1e6b88396160a4c296afdcce06cb224c1"),
    ])
    func argon2idMatchesTheReferenceImplementation(password: String, salt: String, iterations: Int, memory: Int,
                                                   lanes: Int, length: Int, expected: String) {
        let tag = Argon2id(memoryKiB: memory, iterations: iterations, parallelism: lanes, tagLength: length)
            .hash(password: Array(password.utf8), salt: Array(salt.utf8))
        #expect(hex(tag) == expected)
    }

    @Test func passwordHasherVerifiesTheRightPasswordOnly() async throws {
        let hasher = PasswordHasher(parameters: Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1))
        let encoded = try await hasher.hash("correct horse battery")
        #expect(encoded.hasPrefix("$argon2id$v=19$m=64,t=1,p=1$"))
        #expect(try await hasher.verify("correct horse battery", against: encoded))
        #expect(try await !hasher.verify("correct horse batterz", against: encoded))
        #expect(try await !hasher.verify("correct horse battery", against: "$argon2id$garbage"))
    }

    @Test func sameSaltlessPasswordHashesDifferently() async throws {
        let hasher = PasswordHasher(parameters: Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1))
        let first = try await hasher.hash("same password")
        let second = try await hasher.hash("same password")
        #expect(first != second)
    }

    @Test func hashesMadeWithOtherParametersNeedRehashing() async throws {
        let weak = PasswordHasher(parameters: Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1))
        let strong = PasswordHasher(parameters: Argon2id(memoryKiB: 128, iterations: 2, parallelism: 1))
        let encoded = try await weak.hash("some password")
        #expect(strong.needsRehash(encoded))
        #expect(!weak.needsRehash(encoded))
        #expect(try await strong.verify("some password", against: encoded))
    }
}
