import Logging
import PostgresNIO
import RoamRuntime
import ServiceLifecycle

/// Wakes this replica's mail worker whenever any replica queues a mail: a trigger on the mail outbox
/// announces each insert on `<schema>_mail` as its transaction commits.
public struct PostgresMailWakeUps: Service {
    let database: Database
    let channel: String
    let wakeUp: WakeUp
    let logger: Logger

    public init(database: Database, schema: String, wakeUp: WakeUp, logger: Logger) {
        self.database = database
        self.channel = Self.channel(schema: schema)
        self.wakeUp = wakeUp
        self.logger = logger
    }

    static func channel(schema: String) -> String { "\(schema)_mail" }

    /// The statements of a migration that announces every mail queued in `schema`'s outbox.
    public static func creationStatements(schema: String) -> [String] {
        [
            """
            CREATE FUNCTION \(schema).announce_mail() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                PERFORM pg_notify('\(channel(schema: schema))', '');
                RETURN NULL;
            END
            $$
            """,
            """
            CREATE TRIGGER mail_queued AFTER INSERT ON \(schema).mail_outbox
            FOR EACH STATEMENT EXECUTE FUNCTION \(schema).announce_mail()
            """,
        ]
    }

    public func run() async throws {
        await BackgroundLoop.restarting(logger: logger, lost: "lost the \(channel) channel; listening again") {
            try await database.withConnection { connection in
                try await connection.listen(on: channel) { announcements in
                    // Whatever was queued while nobody listened is found by the worker's next look.
                    wakeUp.signal()
                    for try await _ in announcements { wakeUp.signal() }
                }
            }
        }
    }
}
