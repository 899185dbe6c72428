import GRPCCore
import RoamProto

/// Fetches the accounts service's public keys over gRPC (`AccountsService.GetPublicKeys`), so every
/// other process verifies user tokens locally.
public struct AccountsPublicKeySource<Transport: ClientTransport>: PublicKeySource {
    private let accounts: Upstream<Transport>

    public init(accounts: Upstream<Transport>) {
        self.accounts = accounts
    }

    public func publicKeys() async throws -> [JSONWebKey] {
        let response = try await accounts.call(idempotent: true) { client, options in
            try await Roam_Accounts_V1_AccountsService.Client(wrapping: client)
                .getPublicKeys(Roam_Accounts_V1_GetPublicKeysRequest(), options: options)
        }
        return response.keys.map { JSONWebKey(x: $0.x, kid: $0.kid) }
    }
}
