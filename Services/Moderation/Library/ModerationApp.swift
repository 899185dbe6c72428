import Foundation
import RoamRuntime

/// The moderation process: the reports queue and the audit log in its store (PostgreSQL, or in
/// memory), clients of every service that owns content and of accounts, and the worker that forgets
/// old audit entries. `ServiceHost` does the rest.
public enum ModerationApp {
    public static let defaultGRPCPort = 50059
    public static let defaultMetricsPort = 9109

    public static func run(environment: Environment) async throws {
        let configuration = try Configuration(environment: environment)
        try await ServiceHost.run(settings: configuration.settings) { runtime in
            try parts(runtime: runtime, configuration: configuration)
        }
    }

    static func parts(runtime: ServiceRuntime, configuration: Configuration) throws -> ServiceParts {
        let memory = runtime.database == nil ? InMemoryModerationStore() : nil
        let cases: any CaseRepository = runtime.database.map(PostgresCaseStore.init(database:)) ?? memory!
        let audit: any AuditRepository = runtime.database.map(PostgresAuditStore.init(database:)) ?? memory!
        let feed = try runtime.upstream("feed", addresses: configuration.feedAddresses)
        let bucketLists = try runtime.upstream("bucketlists", addresses: configuration.bucketListsAddresses)
        let owners: [SubjectKind: Upstream] = [
            .user: try runtime.accounts(), .post: feed, .comment: feed,
            .activity: bucketLists, .list: bucketLists, .item: bucketLists,
            .walk: try runtime.upstream("trips", addresses: configuration.tripsAddresses),
            .event: try runtime.upstream("events", addresses: configuration.eventsAddresses),
            .photo: try runtime.upstream("media", addresses: configuration.mediaAddresses),
        ]
        let moderation = ModerationService(
            cases: cases, audit: audit, owners: GRPCContentOwners(owners: owners), accounts: GRPCAccountActions(upstream: try runtime.accounts()),
            reportLimit: configuration.reportLimit)
        var parts = ServiceParts(
            services: [
                ModerationGRPCService(moderation: moderation),
                PurgeGRPCService(moderation, purgedUsers: PurgedUsers(database: runtime.database, schema: ModerationMigrations.schema)),
            ], migrator: ModerationMigrations.migrator)
        parts.workers = [AuditTidier(audit: audit, keep: configuration.auditRetention, logger: runtime.logger)]
        return parts
    }
}
