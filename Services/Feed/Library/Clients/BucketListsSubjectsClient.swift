import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime

/// Asks the bucket lists service's `CheckSubject` with the feed's own service credential, with the
/// caller's deadline and request id.
public struct BucketListsSubjectsClient<Transport: ClientTransport>: ExternalSubjects {
    let upstream: Upstream<Transport>
    let credential: ServiceCredential

    public func owner(of subject: Subject, reader: UUID) async throws -> UUID? {
        let kind: Roam_Bucketlists_V1_SubjectKind
        switch subject.kind {
        case .activity: kind = .activity
        case .bucketItem: kind = .bucketItem
        case .post, .comment, .walk: return nil
        }
        return try await credential.acting {
            let answer = try await upstream.call(idempotent: true) { client, options in
                try await Roam_Bucketlists_V1_ActivitiesService.Client(wrapping: client).checkSubject(
                    .with {
                        $0.kind = kind
                        $0.subjectID = subject.id.lowercasedString
                        $0.readerID = reader.lowercasedString
                    }, options: options)
            }
            return answer.visible ? UUID(uuidString: answer.ownerID) : nil
        }
    }
}
