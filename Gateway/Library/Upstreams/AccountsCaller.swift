import GRPCCore
import RoamProto
import RoamRuntime

/// Calls the accounts service through its upstream with the generated client.
struct AccountsCaller<Transport: ClientTransport>: Sendable {
    typealias Client = Roam_Accounts_V1_AccountsService.Client<Transport>

    let upstream: Upstream<Transport>

    /// - Parameter idempotent: reads that may safely be tried again on another replica.
    func call<Result: Sendable>(idempotent: Bool = false, _ body: (Client, CallOptions) async throws -> Result) async throws -> Result {
        try await upstream.call(idempotent: idempotent) { client, options in
            try await body(Client(wrapping: client), options)
        }
    }
}
