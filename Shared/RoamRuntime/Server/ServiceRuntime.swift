import GRPCNIOTransportHTTP2
import Logging
import PostgresNIO
import ServiceLifecycle
import Synchronization

/// What the host hands a service while it builds its parts: settings, a logger, the database (nil on
/// the in-memory stores), a service credential, and clients of other services that run with the process.
public final class ServiceRuntime: Sendable {
    public let settings: ServiceSettings
    public let logger: Logger
    /// The database with the service's operation timeout, or nil with `ROAM_IN_MEMORY=true`.
    public let database: Database?
    public let credential: ServiceCredential
    private let upstreams = Mutex<[String: Upstream<HTTP2ClientTransport.Posix>]>([:])

    init(settings: ServiceSettings, logger: Logger) async {
        self.settings = settings
        self.logger = logger
        if settings.inMemory {
            logger.warning("ROAM_IN_MEMORY=true: \(settings.name) keeps everything in memory and forgets it on exit")
            database = nil
        } else {
            database = Database(
                supervisor: DatabaseSupervisor(settings: settings.database, logger: logger),
                operationTimeout: settings.database.operationTimeout)
        }
        credential = await ServiceCredential(serviceName: settings.name, secret: settings.serviceSecret)
    }

    /// A long-lived client of another service (made once per name), with the process's upstream timeout.
    public func upstream(_ name: String, addresses: [HostAndPort]) throws -> Upstream<HTTP2ClientTransport.Posix> {
        if let existing = upstreams.withLock({ $0[name] }) { return existing }
        let made = try Upstream(name: name, addresses: addresses, timeout: settings.upstreamTimeout)
        return upstreams.withLock { upstreams in
            if let existing = upstreams[name] { return existing }
            upstreams[name] = made
            return made
        }
    }

    /// The accounts service, at `ACCOUNTS_ADDRESS`.
    public func accounts() throws -> Upstream<HTTP2ClientTransport.Posix> {
        try upstream("accounts", addresses: settings.accountsAddresses)
    }

    var allUpstreams: [Upstream<HTTP2ClientTransport.Posix>] {
        upstreams.withLock { $0.values.sorted { $0.name < $1.name } }
    }
}
