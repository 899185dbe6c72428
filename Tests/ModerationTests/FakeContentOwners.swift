import Foundation
import RoamCore
import Synchronization

@testable import Moderation

/// Content owners in memory: each piece of content, who may see it, and what was done to it.
final class FakeContentOwners: ContentOwners {
    private let contents = Mutex<[Subject: Content]>([:])
    /// Users who may not see a subject (a blocked reporter, a private list).
    private let hiddenFrom = Mutex<[Subject: Set<UUID>]>([:])

    func add(_ content: Content, hiddenFrom users: Set<UUID> = []) {
        contents.withLock { $0[content.subject] = content }
        hiddenFrom.withLock { $0[content.subject] = users }
    }

    func edit(_ subject: Subject, text: String) { contents.withLock { $0[subject]?.text = text } }
    func delete(_ subject: Subject) { _ = contents.withLock { $0.removeValue(forKey: subject) } }
    func current(_ subject: Subject) -> Content? { contents.withLock { $0[subject] } }

    func describe(_ subject: Subject) async throws -> Content {
        let viewer = Viewer.id
        guard let content = contents.withLock({ $0[subject] }), !(viewer.map { hiddenFrom.withLock { $0[subject] ?? [] }.contains($0) } ?? false)
        else { throw RoamError.notFound(subject.kind.rawValue) }
        return content
    }

    func takeDown(_ subject: Subject, reason: String, actor: String) async throws -> Content {
        try contents.withLock { contents in
            guard var content = contents[subject] else { throw RoamError.notFound(subject.kind.rawValue) }
            if content.takedown == nil { content.takedown = Takedown(at: Date(), reason: reason, by: actor) }
            contents[subject] = content
            return content
        }
    }

    func restore(_ subject: Subject, actor: String) async throws -> Content {
        try contents.withLock { contents in
            guard var content = contents[subject] else { throw RoamError.notFound(subject.kind.rawValue) }
            content.takedown = nil
            contents[subject] = content
            return content
        }
    }
}

/// Who the fake owners act for: the user the test says is calling.
enum Viewer {
    @TaskLocal static var id: UUID?
}
