import Foundation
import RoamCore

/// Asks the service that keeps each kind of subject: bucket lists for activities and items, trips for
/// walks. A kind nobody keeps is seen by nobody.
public struct ExternalSubjectRouter: ExternalSubjects {
    let keepers: [Subject.Kind: any ExternalSubjects]

    public init(_ keepers: [Subject.Kind: any ExternalSubjects]) {
        self.keepers = keepers
    }

    public func owner(of subject: Subject, reader: UUID) async throws -> UUID? {
        try await keepers[subject.kind]?.owner(of: subject, reader: reader)
    }
}
