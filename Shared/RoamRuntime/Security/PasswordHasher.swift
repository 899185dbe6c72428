import Crypto
import Foundation
import NIOPosix

/// Hashes passwords with Argon2id (libargon2) into PHC strings (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), so the
/// parameters travel with each hash and can be raised later without breaking old ones.
public struct PasswordHasher: PasswordHashing {
    /// OWASP's minimum for Argon2id: 19 MiB, 2 iterations, 1 lane.
    public static let recommended = Argon2id(memoryKiB: 19 * 1024, iterations: 2, parallelism: 1)

    public var parameters: Argon2id

    public init(parameters: Argon2id = Self.recommended) {
        self.parameters = parameters
    }

    public init(environment: Environment) throws(ConfigurationError) {
        let memory = try environment.int("PASSWORD_HASH_MEMORY_KIB", default: Self.recommended.memoryKiB, in: 8...4_194_304)
        let iterations = try environment.int("PASSWORD_HASH_ITERATIONS", default: Self.recommended.iterations, in: 1...64)
        self.init(parameters: Argon2id(memoryKiB: memory, iterations: iterations, parallelism: 1))
    }

    /// Hashes on NIO's blocking thread pool: Argon2 is deliberately slow and must not stall the
    /// threads that serve other requests.
    public func hash(_ password: String) async throws -> String {
        let parameters = parameters
        return try await NIOThreadPool.singleton.runIfActive {
            try Self.encode(
                password: password, salt: Array(SymmetricKey(size: .bits128).withUnsafeBytes { Array($0) }),
                parameters: parameters)
        }
    }

    public func verify(_ password: String, against encoded: String) async throws -> Bool {
        try await NIOThreadPool.singleton.runIfActive {
            Self.verifySynchronously(password, against: encoded)
        }
    }

    /// True when `encoded` was made with other parameters than the current ones.
    public func needsRehash(_ encoded: String) -> Bool {
        Self.decode(encoded)?.parameters != parameters
    }

    static func encode(password: String, salt: [UInt8], parameters: Argon2id) throws -> String {
        let hash = try parameters.hash(password: Array(password.utf8), salt: salt)
        return "$argon2id$v=19$m=\(parameters.memoryKiB),t=\(parameters.iterations),p=\(parameters.parallelism)$"
            + Data(salt).base64EncodedString().replacingOccurrences(of: "=", with: "") + "$"
            + Data(hash).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    static func verifySynchronously(_ password: String, against encoded: String) -> Bool {
        guard let decoded = decode(encoded),
            let candidate = try? decoded.parameters.hash(password: Array(password.utf8), salt: decoded.salt)
        else { return false }
        return constantTimeEquals(candidate, decoded.hash)
    }

    private static func decode(_ encoded: String) -> (parameters: Argon2id, salt: [UInt8], hash: [UInt8])? {
        let parts = encoded.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 6, parts[1] == "argon2id", parts[2] == "v=19" else { return nil }
        var values: [String: Int] = [:]
        for pair in parts[3].split(separator: ",") {
            let keyValue = pair.split(separator: "=")
            guard keyValue.count == 2, let value = Int(keyValue[1]) else { return nil }
            values[String(keyValue[0])] = value
        }
        guard let m = values["m"], let t = values["t"], let p = values["p"], p >= 1, t >= 1, m >= 8 * p,
            let salt = Data(base64Encoded: padded(parts[4])), let hash = Data(base64Encoded: padded(parts[5])),
            hash.count >= 4
        else { return nil }
        return (Argon2id(memoryKiB: m, iterations: t, parallelism: p, tagLength: hash.count), Array(salt), Array(hash))
    }

    private static func padded(_ text: Substring) -> String {
        String(text) + String(repeating: "=", count: (4 - text.count % 4) % 4)
    }
}

/// Compares secrets without an early exit, so timing does not reveal how much matched.
public func constantTimeEquals(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var difference: UInt8 = 0
    for index in lhs.indices { difference |= lhs[index] ^ rhs[index] }
    return difference == 0
}
