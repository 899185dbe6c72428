import RoamRuntime
import Testing

@testable import Accounts

/// The providers an operator turns on through the environment.
@Suite struct IdentityProviderConfigurationTests {
    @Test func presetsNeedOnlyClientIDsAndOtherIssuersAreNamedInFull() throws {
        let providers = try IdentityProvider.all(
            environment: Environment([
                "OIDC_GOOGLE_CLIENT_IDS": "ios.apps.googleusercontent.com, web.apps.googleusercontent.com",
                "OIDC_PROVIDERS": "Acme=https://id.acme.test|roam-app;corp=https://sso.corp.test/realms/x|a,b|https://sso.corp.test/keys",
            ]))
        #expect(providers.map(\.name) == ["google", "acme", "corp"])
        #expect(providers[0].clientIDs == ["ios.apps.googleusercontent.com", "web.apps.googleusercontent.com"])
        #expect(providers[0].issuers == ["https://accounts.google.com", "accounts.google.com"])
        #expect(providers[1] == IdentityProvider(name: "acme", issuers: ["https://id.acme.test"], clientIDs: ["roam-app"]))
        #expect(providers[2].keysURL == "https://sso.corp.test/keys" && providers[2].clientIDs == ["a", "b"])
        #expect(try IdentityProvider.all(environment: Environment([:])).isEmpty)
    }

    @Test(arguments: [
        "acme", "acme=not a url|x", "acme=https://id.acme.test|", "acme=https://id.acme.test|x|ftp://keys",
        "google=https://a.test|x;google=https://b.test|y", "bad name=https://a.test|x",
        "acme=http://id.acme.test|x", "acme=https://id.acme.test|x|http://id.acme.test/keys", "acme=http://127.0.0.1:9000|x",
    ])
    func malformedProvidersStopTheProcessAtStart(value: String) {
        #expect(throws: ConfigurationError.self) { try IdentityProvider.all(environment: Environment(["OIDC_PROVIDERS": value])) }
    }

    /// Keys fetched over plain HTTP could be swapped on the way: only a development run may name an
    /// issuer on this machine so.
    @Test func plainHTTPIsAcceptedOnlyForThisMachineInDevelopment() throws {
        func providers(_ value: String) throws -> [IdentityProvider] {
            try IdentityProvider.all(environment: Environment(["OIDC_PROVIDERS": value, "ROAM_ENVIRONMENT": "development"]))
        }
        #expect(try providers("local=http://127.0.0.1:9000|x|http://localhost:9000/keys").first?.issuer == "http://127.0.0.1:9000")
        #expect(throws: ConfigurationError.self) { try providers("acme=http://id.acme.test|x") }
        #expect(throws: ConfigurationError.self) { try providers("acme=https://id.acme.test|x|http://10.0.0.5/keys") }
    }
}
