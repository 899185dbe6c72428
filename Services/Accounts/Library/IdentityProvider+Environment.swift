import Foundation
import RoamRuntime

// Configuration is read by the app, never by the domain.
extension IdentityProvider {
    /// The providers the environment names: Google, Apple and Facebook Limited Login by their client ids
    /// alone, and any other issuer through `OIDC_PROVIDERS` (`name=issuer|client,client[|keys URL];…`).
    public static func all(environment: Environment) throws(ConfigurationError) -> [IdentityProvider] {
        var providers: [IdentityProvider] = []
        let presets: [(variable: String, provider: IdentityProvider)] = [
            (
                "OIDC_GOOGLE_CLIENT_IDS",
                IdentityProvider(
                    name: "google", issuers: ["https://accounts.google.com", "accounts.google.com"],
                    clientIDs: [], keysURL: "https://www.googleapis.com/oauth2/v3/certs", linksByEmail: true)
            ),
            (
                "OIDC_APPLE_CLIENT_IDS",
                IdentityProvider(
                    name: "apple", issuers: ["https://appleid.apple.com"], clientIDs: [],
                    keysURL: "https://appleid.apple.com/auth/keys", linksByEmail: true)
            ),
            (
                "OIDC_FACEBOOK_APP_IDS",
                IdentityProvider(
                    name: "facebook", issuers: ["https://www.facebook.com"], clientIDs: [],
                    keysURL: "https://limited.facebook.com/.well-known/oauth/openid/jwks/")
            ),
        ]
        for (variable, preset) in presets {
            let ids = clientIDs(environment.string(variable, default: ""))
            guard !ids.isEmpty else { continue }
            var provider = preset
            provider.clientIDs = ids
            providers.append(provider)
        }
        let kind = try DeploymentKind(environment: environment)
        for entry in environment.string("OIDC_PROVIDERS", default: "").split(separator: ";") {
            let provider = try custom(String(entry).trimmingCharacters(in: .whitespaces), loopbackAllowed: kind == .development)
            guard !providers.contains(where: { $0.name == provider.name }) else {
                throw ConfigurationError(variable: "OIDC_PROVIDERS", problem: "the provider \(provider.name) is named twice")
            }
            providers.append(provider)
        }
        // Operators name the issuers of their own they trust to verify emails (Google and Apple are trusted).
        let linking = Set(clientIDs(environment.string("OIDC_LINK_BY_EMAIL", default: "")).map { $0.lowercased() })
        if let unknown = linking.first(where: { name in !providers.contains { $0.name == name } }) {
            throw ConfigurationError(variable: "OIDC_LINK_BY_EMAIL", problem: "names \(unknown), which is not a configured provider")
        }
        for index in providers.indices where linking.contains(providers[index].name) { providers[index].linksByEmail = true }
        return providers
    }

    /// One `OIDC_PROVIDERS` entry. Its issuer and keys are fetched over https only (keys read over plain
    /// HTTP could be swapped on the way, and tokens forged with them); a development run may name an
    /// issuer on this machine over http.
    private static func custom(_ entry: String, loopbackAllowed: Bool) throws(ConfigurationError) -> IdentityProvider {
        let problem = "expected name=https://issuer|client-id,client-id[|https://keys-url], got \"\(entry)\""
        guard let equals = entry.firstIndex(of: "=") else { throw ConfigurationError(variable: "OIDC_PROVIDERS", problem: problem) }
        let name = entry[..<equals].lowercased()
        let parts = entry[entry.index(after: equals)...].split(separator: "|", omittingEmptySubsequences: false).map(String.init)
        let validName = !name.isEmpty && name.allSatisfy { $0.isLetter && $0.isASCII || $0.isNumber || $0 == "_" || $0 == "-" }
        guard validName, (2...3).contains(parts.count), isURL(parts[0]), !clientIDs(parts[1]).isEmpty,
            parts.count == 2 || isURL(parts[2])
        else {
            throw ConfigurationError(variable: "OIDC_PROVIDERS", problem: problem)
        }
        for url in [parts[0]] + parts.dropFirst(2) where !isSecure(url, loopbackAllowed: loopbackAllowed) {
            throw ConfigurationError(
                variable: "OIDC_PROVIDERS",
                problem: "\(url) of \(name) must be https (plain http only to this machine, in development)")
        }
        return IdentityProvider(name: name, issuers: [parts[0]], clientIDs: clientIDs(parts[1]), keysURL: parts.count == 3 ? parts[2] : nil)
    }

    private static func clientIDs(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func isSecure(_ text: String, loopbackAllowed: Bool) -> Bool {
        guard let url = URL(string: text) else { return false }
        return url.scheme == "https" || loopbackAllowed && ProviderKeyCache.isLoopback(url.host ?? "")
    }

    private static func isURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme else { return false }
        return (scheme == "https" || scheme == "http") && url.host != nil
    }
}
