import Foundation
import Testing

@testable import RoamRuntime

@Suite struct Argon2idTests {
    private func hex(_ bytes: [UInt8]) -> String { bytes.map { String(format: "%02x", $0) }.joined() }

    @Test func argon2idMatchesTheRFC9106Vector() throws {
        let tag = try Argon2id(memoryKiB: 32, iterations: 3, parallelism: 4, tagLength: 32).hash(
            password: Array(repeating: 1, count: 32), salt: Array(repeating: 2, count: 16),
            secret: Array(repeating: 3, count: 8), associatedData: Array(repeating: 4, count: 12))
        #expect(hex(tag) == "0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659")
    }

    /// Vectors from the reference implementation (argon2-cffi's `hash_secret_raw`, type ID).
    @Test(arguments: [
        ("password", "somesalt12345678", 2, 64, 1, 32, "d1dd9f4bfa15a408c1ae553f4c84aa83d73afcdb94a3b5b597e8eb201489b96b"),
        (
            "correct horse", "0123456789abcdef", 3, 96, 3, 40,
            "4eff1c789f6afa704dc314d194bbe33048ec812c4a1d83fc2e6b46be5f5c5dd29a00d444814c3f1c"
        ),
        ("password", "somesalt12345678", 1, 256, 1, 32, "29cd44c3290116f122b8f90511a1c3a1e6b88396160a4c296afdcce06cb224c1"),
    ])
    func argon2idMatchesTheReferenceImplementation(
        password: String, salt: String, iterations: Int, memory: Int,
        lanes: Int, length: Int, expected: String
    ) throws {
        let tag = try Argon2id(memoryKiB: memory, iterations: iterations, parallelism: lanes, tagLength: length)
            .hash(password: Array(password.utf8), salt: Array(salt.utf8))
        #expect(hex(tag) == expected)
    }

    /// A hash stored by Roam's earlier, hand-written Argon2id (the first reference vector above, as a PHC string).
    @Test func hashesStoredBeforeTheLibraryStillVerify() async throws {
        let stored = "$argon2id$v=19$m=64,t=2,p=1$c29tZXNhbHQxMjM0NTY3OA$0d2fS/oVpAjBrlU/TISqg9c6/NuUo7W1l+jrIBSJuWs"
        let hasher = PasswordHasher(parameters: Argon2id(memoryKiB: 64, iterations: 2, parallelism: 1))
        #expect(try await hasher.verify("password", against: stored))
        #expect(try await !hasher.verify("passwore", against: stored))
        #expect(!hasher.needsRehash(stored))
    }

    @Test func libargon2RefusesWhatItCannotHash() {
        #expect(throws: Argon2Error.self) {
            try Argon2id(memoryKiB: 64, iterations: 1, parallelism: 1).hash(password: Array("x".utf8), salt: Array("short".utf8))
        }
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
