import Foundation

/// The account mails queued so far. A mail enters with the change it tells of (`OneTimeTokenRepository`,
/// `UserRepository.changeEmail`); this counts and reads them.
public protocol OutgoingMailRepository: Sendable {
    /// Mails of `kind` to `address` queued since `time`, sent or not.
    func count(of kind: Mail.Kind, to address: String, since time: Date) async throws -> Int
    /// Queues a mail that tells of no change of its own (an address someone else asked for).
    func queue(_ mail: Mail) async throws
    /// The mails to `address`, newest first; a sent one no longer holds its fields.
    func mails(to address: String) async throws -> [Mail]
}
