import AsyncHTTPClient
import Foundation
import JWTKit
import Logging
import NIOCore
import RoamCore

/// The signing keys each provider publishes (its JWKS), fetched when first needed and again when they
/// grow old (the response's `Cache-Control: max-age`, one hour without it) or when a token names a key
/// the cache does not hold — providers rotate keys, and a new one appears in tokens before any cache
/// expires. A token with an unknown key fetches at most once per `refetchCooldown`, so made-up key ids
/// cannot turn sign-ins into a flood of requests to the provider. When a fetch fails, the keys held
/// before keep working. Redirects are never followed, and a key set found through discovery must be on
/// the issuer's own host and scheme: whoever could place a redirect or edit a discovery document would
/// otherwise choose the keys tokens are checked with.
actor ProviderKeyCache {
    /// A provider's keys and their ids (jwt-kit falls back to its default key for an id it does not
    /// hold, so whether a token's key is known is decided here).
    struct Keys: Sendable {
        var collection: JWTKeyCollection
        var ids: Set<String>
    }

    private struct Entry {
        var keys: Keys
        var fetchedAt: ContinuousClock.Instant
        var maxAge: Duration
    }

    private let http: HTTPClient
    private let refetchCooldown: Duration
    private let logger: Logger
    private var entries: [String: Entry] = [:]
    /// Fetches under way, so sign-ins arriving together (a cold start, a rotation) share one.
    private var fetching: [String: Task<Keys, any Error>] = [:]
    /// Key set addresses found through issuers' discovery documents.
    private var discovered: [String: String] = [:]

    /// A client of its own that answers a redirect with the redirect (then refused as not `200`).
    static let withoutRedirects = HTTPClient(
        eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: .init(redirectConfiguration: .disallow))

    init(http: HTTPClient = ProviderKeyCache.withoutRedirects, refetchCooldown: Duration = .seconds(30), logger: Logger) {
        self.http = http
        self.refetchCooldown = refetchCooldown
        self.logger = logger
    }

    /// The provider's keys, fetched if there are none yet or they are old.
    func keys(for provider: IdentityProvider) async throws -> Keys {
        if let entry = entries[provider.name], entry.fetchedAt + entry.maxAge > .now { return entry.keys }
        return try await refresh(provider)
    }

    /// The provider's keys fetched anew, unless they were fetched within the cooldown (then nil).
    func keysAfterUnknownKey(for provider: IdentityProvider) async throws -> Keys? {
        if let entry = entries[provider.name], entry.fetchedAt + refetchCooldown > .now { return nil }
        return try await refresh(provider)
    }

    private func refresh(_ provider: IdentityProvider) async throws -> Keys {
        if let running = fetching[provider.name] { return try await running.value }
        let task = Task { try await fetch(provider) }
        fetching[provider.name] = task
        defer { fetching[provider.name] = nil }
        return try await task.value
    }

    private func fetch(_ provider: IdentityProvider) async throws -> Keys {
        do {
            let url = try await keysURL(of: provider)
            let (body, maxAge) = try await fetch(url)
            let collection = JWTKeyCollection()
            var ids: Set<String> = []
            let jwks = try JSONDecoder().decode(JWKS.self, from: body)
            // Keys of kinds jwt-kit does not know (encryption keys, say) are skipped, not fatal.
            for jwk in jwks.keys {
                guard let id = jwk.keyIdentifier, (try? await collection.add(jwk: jwk)) != nil else { continue }
                ids.insert(id.string)
            }
            let keys = Keys(collection: collection, ids: ids)
            entries[provider.name] = Entry(keys: keys, fetchedAt: .now, maxAge: maxAge)
            logger.info("fetched a provider's signing keys", metadata: ["provider": "\(provider.name)", "keys": "\(jwks.keys.count)"])
            return keys
        } catch {
            logger.warning("could not fetch a provider's signing keys", metadata: ["provider": "\(provider.name)", "error": "\(error)"])
            if let stale = entries[provider.name]?.keys { return stale }
            throw RoamError(
                .unavailable, reason: "PROVIDER_UNAVAILABLE",
                message: "the signing keys of \(provider.name) could not be fetched; try again shortly")
        }
    }

    private func keysURL(of provider: IdentityProvider) async throws -> String {
        if let url = provider.keysURL ?? discovered[provider.issuer] { return url }
        let base = provider.issuer.hasSuffix("/") ? String(provider.issuer.dropLast()) : provider.issuer
        let (body, _) = try await fetch("\(base)/.well-known/openid-configuration")
        struct Discovery: Decodable { var jwks_uri: String }
        let url = try JSONDecoder().decode(Discovery.self, from: body).jwks_uri
        guard let issuer = URL(string: provider.issuer), let keys = URL(string: url), keys.scheme == issuer.scheme,
            keys.host?.lowercased() == issuer.host?.lowercased(), keys.port == issuer.port
        else {
            throw RoamError(
                .unavailable, reason: "PROVIDER_UNAVAILABLE",
                message: "the discovery document of \(provider.issuer) points its keys at \(url), off the issuer's host")
        }
        discovered[provider.issuer] = url
        return url
    }

    private func fetch(_ url: String) async throws -> (Data, maxAge: Duration) {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "Accept", value: "application/json")
        let response = try await http.execute(request, timeout: .seconds(5))
        guard response.status == .ok else {
            throw RoamError(.unavailable, reason: "PROVIDER_UNAVAILABLE", message: "\(url) answered \(response.status.code)")
        }
        let body = try await response.body.collect(upTo: 1 << 20)
        return (Data(buffer: body), Self.maxAge(response.headers["Cache-Control"].first))
    }

    static func isLoopback(_ host: String) -> Bool {
        ["localhost", "127.0.0.1", "::1", "[::1]"].contains(host.lowercased())
    }

    /// `max-age` from a Cache-Control header, kept between one minute and one day; one hour without it.
    static func maxAge(_ cacheControl: String?) -> Duration {
        let seconds =
            cacheControl?.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("max-age=") }
            .flatMap { Int($0.dropFirst("max-age=".count)) } ?? 3600
        return .seconds(min(max(seconds, 60), 86400))
    }
}
