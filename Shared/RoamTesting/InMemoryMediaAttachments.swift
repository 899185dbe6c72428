import Foundation
import RoamCore
import Synchronization

/// Media attachments as the media service keeps them, in memory, for services' tests: ids belong to
/// the owners given, and attaching someone else's (or an unknown id) is refused as media refuses it.
public final class InMemoryMediaAttachments: MediaAttachments {
    private let state: Mutex<(owners: [UUID: UUID], subjects: [UUID: Set<String>])>

    public init(owners: [UUID: UUID] = [:]) {
        state = Mutex((owners, [:]))
    }

    /// Gives `owner` a media id, as an upload would.
    public func upload(for owner: UUID) -> UUID {
        let id = UUID()
        state.withLock { $0.owners[id] = owner }
        return id
    }

    public func attach(_ ids: [UUID], to subject: String, for owner: UUID, field: String) async throws {
        try state.withLock { state in
            let refused = ids.filter { state.owners[$0] != owner }
            guard refused.isEmpty else {
                throw RoamError(
                    .permissionDenied, reason: "MEDIA_NOT_YOURS", message: "only your own media can be attached",
                    violations: [.init(field: field, description: "must all be yours")])
            }
            for id in ids { state.subjects[id, default: []].insert(subject) }
        }
    }

    public func detach(_ ids: [UUID], from subject: String, for owner: UUID) async throws {
        state.withLock { state in
            for id in ids where state.owners[id] == owner { state.subjects[id]?.remove(subject) }
        }
    }

    /// The subjects `id` is attached to.
    public func subjects(of id: UUID) -> Set<String> {
        state.withLock { $0.subjects[id] ?? [] }
    }
}
