import Foundation
import RoamCore

/// The reports queue: one open case per subject, one report per person in it.
public protocol CaseRepository: Sendable {
    /// Files a report: joins the subject's open case, or opens one with `snapshot`. Returns the case's
    /// id, and false when this reporter had reported it already (nothing changes then).
    func file(_ report: CaseReport, about subject: Subject, snapshot: Content, newCaseID: UUID) async throws -> (caseID: UUID, created: Bool)
    /// When `reporter` filed each of their reports since `time` (for their rate limit).
    func reportTimes(by reporter: UUID, since time: Date) async throws -> [Date]
    /// Open cases first, then the oldest first.
    func cases(_ filter: CaseFilter, page: PageRequest) async throws -> Page<ModerationCase>
    /// A case and its reports, oldest first; nil when there is none.
    func moderationCase(id: UUID) async throws -> (ModerationCase, [CaseReport])?
    /// Closes an open case; nil when it is not open (or not there).
    func resolve(caseID: UUID, _ resolution: Resolution) async throws -> ModerationCase?
    /// Forgets a deleted account: its reports go (and the open cases left without one), open cases
    /// about what it made go, and resolved ones keep their record with the snapshot's words, pictures
    /// and place blanked.
    func forget(user: UUID) async throws -> ForgottenCases
}
