import GRPCCore
import ServiceLifecycle

/// What one service process is made of, beyond what every service has. `ServiceHost` builds the rest
/// (configuration, logging, storage, migrations, keys, health, outbox delivery, shutdown) the same way
/// for every service.
public struct ServiceParts: Sendable {
    /// The RPC services it serves; health reports each by the name in its generated descriptor.
    public var services: [any RegistrableRPCService]
    /// Methods callable without a token.
    public var anonymousMethods: Set<MethodDescriptor> = []
    /// The schema's migrations, applied before the process reports SERVING (on PostgreSQL only).
    public var migrator: Migrator
    /// Where tokens' public keys come from; by default the accounts service.
    public var publicKeys: (any PublicKeySource)?
    /// Where the verifier hears of ended sessions and deleted accounts; by default the accounts service.
    public var revocations: (any RevocationSource)?
    /// Entries to hand to other services' purge RPCs, and the services (`name=host:port,…`).
    public var outbox: (any OutboxRepository)?
    public var purgeTargets: [(name: String, addresses: [HostAndPort])] = []
    /// Run from the start beside the server: listeners and watchers that need no tables.
    public var background: [any Service] = []
    /// Run once migrations are done, so a fresh start logs no errors about missing tables.
    public var workers: [any Service] = []
    /// Ends the service's long-lived streams when shutdown begins.
    public var endStreams: @Sendable () async -> Void = {}

    public init(services: [any RegistrableRPCService], migrator: Migrator) {
        self.services = services
        self.migrator = migrator
    }
}
