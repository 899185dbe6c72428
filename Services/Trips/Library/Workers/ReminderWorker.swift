import Foundation
import Logging
import RoamRuntime
import ServiceLifecycle

/// Sends reminders when they come due. Due times are stored, so a restart loses none; each is claimed
/// once however many replicas run this. With PostgreSQL the claim itself announces them to every
/// replica's listener; the in-memory store has no channel, so `announce` hands them to the streams.
public struct ReminderWorker: Service {
    static let batchSize = 200

    let reminders: any ReminderRepository
    let interval: Duration
    let announce: (@Sendable ([Reminder]) -> Void)?
    let now: @Sendable () -> Date
    let logger: Logger

    public init(
        reminders: any ReminderRepository, interval: Duration, announce: (@Sendable ([Reminder]) -> Void)?,
        now: @escaping @Sendable () -> Date = Date.init, logger: Logger
    ) {
        self.reminders = reminders
        self.interval = interval
        self.announce = announce
        self.now = now
        self.logger = logger
    }

    public func run() async throws {
        await BackgroundLoop.every(interval, logger: logger, failure: "sending reminders failed") { _ = try await sendDue() }
    }

    /// Claims and sends everything due; says how many went.
    @discardableResult
    public func sendDue() async throws -> Int {
        var sent = 0, batch: [Reminder]
        repeat {
            batch = try await reminders.claimDueReminders(at: now(), limit: Self.batchSize)
            announce?(batch)
            sent += batch.count
        } while batch.count >= Self.batchSize && !Task.isCancelled
        if sent > 0 { logger.info("reminders sent", metadata: ["count": "\(sent)"]) }
        return sent
    }
}
