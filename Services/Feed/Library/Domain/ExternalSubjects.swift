import Foundation
import RoamCore

/// Subjects other services keep (activities and bucket items, in bucket lists): whether a reader may
/// see one, and whose it is.
public protocol ExternalSubjects: Sendable {
    /// The subject's owner when it exists and `reader` may see it; nil otherwise.
    func owner(of subject: Subject, reader: UUID) async throws -> UUID?
}
