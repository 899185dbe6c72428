import Crypto
import Foundation
import Hummingbird
import JWTKit
import Logging
import NIOCore
import Synchronization
import _CryptoExtras

/// An OpenID Connect issuer on loopback for tests, so no sign-in test reaches a real provider: it serves
/// a discovery document and its key set over HTTP, and issues ID tokens signed with its keys (RS256,
/// as Google and Apple sign). Keys can be rotated, and a key that was never published can sign a
/// forgery.
public final class LocalIssuer: Sendable {
    public struct SigningKey: Sendable {
        let kid: String
        let key: JWTKit.Insecure.RSA.PrivateKey

        /// Made off the concurrency threads: a 2048-bit RSA key takes a second or more in a debug build.
        static func make() async throws -> SigningKey {
            try await offThePool {
                SigningKey(
                    kid: "key-\(UUID().uuidString.prefix(8))",
                    key: try JWTKit.Insecure.RSA.PrivateKey(backing: _RSA.Signing.PrivateKey(keySize: .bits2048)))
            }
        }

        var jwk: [String: String] {
            get throws {
                let (modulus, exponent) = try key.publicKey.getKeyPrimitives()
                return [
                    "kty": "RSA", "alg": "RS256", "use": "sig", "kid": kid,
                    "n": modulus.base64URLEncoded, "e": exponent.base64URLEncoded,
                ]
            }
        }
    }

    struct Claims: JWTPayload {
        var iss: String
        var sub: String
        var aud: [String]
        var exp: Int
        var iat: Int
        var nonce: String?
        var email: String?
        var email_verified: Bool?
        var name: String?

        func verify(using _: some JWTAlgorithm) throws {}
    }

    private struct State {
        var published: [SigningKey]
        var keySetFetches = 0
        /// Where the discovery document says the keys are, when not at `/keys`.
        var discoveredKeys: String?
    }

    public let url: String
    private let state: Mutex<State>

    private init(url: String, key: SigningKey) {
        self.url = url
        state = Mutex(State(published: [key]))
    }

    /// Runs `body` with an issuer serving on a free loopback port, and stops it afterwards.
    public static func with<T: Sendable>(_ body: @Sendable (LocalIssuer) async throws -> T) async throws -> T {
        let firstKey = try await SigningKey.make()
        let (ports, port) = AsyncStream.makeStream(of: Int.self)
        let issuerBox = Mutex<LocalIssuer?>(nil)
        let router = Router()
        router.get(".well-known/openid-configuration") { _, _ -> Response in
            guard let issuer = issuerBox.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
            let keys = issuer.state.withLock { $0.discoveredKeys } ?? "\(issuer.url)/keys"
            return try Self.json(["issuer": issuer.url, "jwks_uri": keys])
        }
        // A key set that has moved, as a hijacked or misconfigured address would answer.
        router.get("moved-keys") { _, _ -> Response in
            guard let issuer = issuerBox.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
            return Response(status: .found, headers: [.location: "\(issuer.url)/keys"])
        }
        router.get("keys") { _, _ -> Response in
            guard let issuer = issuerBox.withLock({ $0 }) else { return Response(status: .serviceUnavailable) }
            let keys = issuer.state.withLock { state in
                state.keySetFetches += 1
                return state.published
            }
            return try Self.json(["keys": try keys.map { try $0.jwk }])
        }
        var logger = Logger(label: "local-issuer")
        logger.logLevel = .warning
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in port.yield(channel.localAddress?.port ?? 0) }, logger: logger)
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await app.runService(gracefulShutdownSignals: []) }
            defer { group.cancelAll() }
            var bound = 0
            for await value in ports { bound = value; break }
            let issuer = LocalIssuer(url: "http://127.0.0.1:\(bound)", key: firstKey)
            issuerBox.withLock { $0 = issuer }
            return try await body(issuer)
        }
    }

    private static func json(_ value: some Encodable) throws -> Response {
        Response(
            status: .ok, headers: [.contentType: "application/json", .cacheControl: "public, max-age=3600"],
            body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value))))
    }

    /// Makes the discovery document point the key set at `url`.
    public func publishKeys(at url: String) {
        state.withLock { $0.discoveredKeys = url }
    }

    /// How many times the key set was fetched.
    public var keySetFetches: Int { state.withLock { $0.keySetFetches } }

    /// Starts signing with a new key and publishes only it (the old one is withdrawn).
    public func rotateKeys() async throws {
        let key = try await SigningKey.make()
        state.withLock { $0.published = [key] }
    }

    /// An ID token as the provider would issue it. `forged` signs it with a key that was never published,
    /// under the published key's id; `issuedIn` moves its `iat` from now.
    public func idToken(
        subject: String, audience: String, nonce: String?, email: String? = nil, emailVerified: Bool? = nil,
        name: String? = nil, expiresIn: TimeInterval = 600, issuedIn: TimeInterval = 0, issuer: String? = nil,
        forged: Bool = false
    ) async throws -> String {
        let published = state.withLock { $0.published[0] }
        var key = published
        if forged { key = SigningKey(kid: published.kid, key: try await SigningKey.make().key) }
        let keys = JWTKeyCollection()
        await keys.add(rsa: key.key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: key.kid))
        let now = Int(Date().timeIntervalSince1970)
        let claims = Claims(
            iss: issuer ?? url, sub: subject, aud: [audience], exp: now + Int(expiresIn), iat: now + Int(issuedIn), nonce: nonce,
            email: email, email_verified: emailVerified, name: name)
        return try await keys.sign(claims, kid: JWKIdentifier(string: key.kid))
    }
}

extension Data {
    fileprivate var base64URLEncoded: String {
        base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
