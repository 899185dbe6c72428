import Crypto
import Foundation
import RoamLocal
import RoamRuntime
import RoamTesting

/// What checking a bearer token costs here, one thread: Ed25519's signature check alone (swift-crypto,
/// BoringSSL on Linux), a token's first check (parse, signature, claims) and a repeat (the verified
/// tokens' cache). Public figures for one Ed25519 check range from 35 to 450 µs.
enum TokenBench {
    static func run(tokens count: Int = 2_000) async throws {
        let tokens = try await TestTokens()
        let verifier = try await tokens.verifier()
        var minted: [String] = []
        for _ in 0..<count { minted.append(try await tokens.userToken(UUID())) }

        let message = Data(minted[0].utf8)
        let signature = try tokens.signingKey.signature(for: message)
        let publicKey = tokens.signingKey.publicKey
        let signatureCheck = try perCall(count) { _ in
            guard publicKey.isValidSignature(signature, for: message) else { throw LocalError("a valid signature was refused") }
        }
        let firstCheck = try await perCall(count) { index in _ = try await verifier.verify(minted[index]) }
        let repeatCheck = try await perCall(count) { index in _ = try await verifier.verify(minted[index]) }
        say(
            "token check, one thread: Ed25519 signature \(microseconds(signatureCheck)), a token's first check "
                + "\(microseconds(firstCheck)), a repeat (cached) \(microseconds(repeatCheck))")
    }

    private static func perCall(_ count: Int, _ call: (Int) throws -> Void) rethrows -> Duration {
        let start = ContinuousClock.now
        for index in 0..<count { try call(index) }
        return (ContinuousClock.now - start) / count
    }

    private static func perCall(_ count: Int, _ call: (Int) async throws -> Void) async rethrows -> Duration {
        let start = ContinuousClock.now
        for index in 0..<count { try await call(index) }
        return (ContinuousClock.now - start) / count
    }

    private static func microseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        return String(format: "%.1f µs", Double(seconds) * 1e6 + Double(attoseconds) / 1e12)
    }
}
