import Foundation
import PostgresNIO
import RoamRuntime

public struct PostgresIdentityStore: IdentityRepository {
    let database: Database

    static let columns = "user_id, provider, issuer, subject, email, linked_at"

    static func decode(_ row: PostgresRow) throws -> LinkedIdentity {
        let c = try row.decode((UUID, String, String, String, String, Date).self)
        return LinkedIdentity(userID: c.0, provider: c.1, issuer: c.2, subject: c.3, email: c.4, linkedAt: c.5)
    }

    public func identity(issuer: String, subject: String) async throws -> LinkedIdentity? {
        try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM accounts.identities WHERE issuer = \(issuer) AND subject = \(subject)
            """
        ).first.map(Self.decode)
    }

    public func identities(of userID: UUID) async throws -> [LinkedIdentity] {
        try await database.query(
            """
            SELECT \(unescaped: Self.columns) FROM accounts.identities WHERE user_id = \(userID) ORDER BY linked_at, provider
            """
        ).map(Self.decode)
    }

    public func createAccount(_ user: User, with identity: LinkedIdentity) async throws {
        do {
            try await database.transaction { connection in
                try await connection.query(PostgresUserStore.insert(user), logger: CallContext.current.logger)
                try await connection.query(Self.insert(identity), logger: CallContext.current.logger)
            }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw error.serverInfo?[.tableName] == "identities" ? AccountsError.identityTaken : PostgresUserStore.conflict(error)
        }
    }

    public func link(_ identity: LinkedIdentity) async throws {
        do {
            let inserted = try await database.query(Self.insert(identity, ifNew: true)).first != nil
            guard !inserted else { return }
            let owner = try await self.identity(issuer: identity.issuer, subject: identity.subject)?.userID
            if owner != identity.userID { throw AccountsError.identityTaken }
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23505" {
            throw AccountsError.providerAlreadyLinked
        } catch let error as PSQLError where error.serverInfo?[.sqlState] == "23503" {
            throw AccountsError.userNotFound
        }
    }

    /// `ifNew` leaves an identity that is already linked alone (and returns no row).
    static func insert(_ identity: LinkedIdentity, ifNew: Bool = false) -> PostgresQuery {
        """
        INSERT INTO accounts.identities (user_id, provider, issuer, subject, email, linked_at)
        VALUES (\(identity.userID), \(identity.provider), \(identity.issuer), \(identity.subject), \(identity.email), \(identity.linkedAt))
        \(unescaped: ifNew ? "ON CONFLICT (issuer, subject) DO NOTHING RETURNING user_id" : "")
        """
    }

    public func unlink(provider: String, from userID: UUID) async throws -> UnlinkOutcome {
        try await database.transaction { connection in
            let logger = CallContext.current.logger
            // The user's row is locked first, in a statement of its own: the next statement then reads
            // with a snapshot taken after any other unlink committed, so two at once cannot each leave
            // the other as the last way (one query with FOR UPDATE would read the identities as they
            // were before it waited).
            let locked = try await connection.query(
                """
                SELECT password_hash IS NOT NULL FROM accounts.users WHERE id = \(userID) FOR UPDATE
                """, logger: logger
            ).collect()
            guard let hasPassword = try locked.first?.decode(Bool.self) else { return .notLinked }
            let rows = try await connection.query(
                """
                SELECT provider FROM accounts.identities WHERE user_id = \(userID)
                """, logger: logger
            ).collect()
            let linked = try rows.map { try $0.decode(String.self) }
            guard linked.contains(provider) else { return .notLinked }
            guard hasPassword || linked.count > 1 else { return .lastWayToSignIn }
            try await connection.query("DELETE FROM accounts.identities WHERE user_id = \(userID) AND provider = \(provider)", logger: logger)
            return .unlinked
        }
    }
}
