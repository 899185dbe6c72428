import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamProto
import RoamRuntime

/// `ContentOwners` over each owning service's `ContentModerationService`, acting for the current
/// caller (the outbound interceptor forwards their token, so the owner checks them again).
public struct GRPCContentOwners: ContentOwners {
    /// The service owning each kind.
    let owners: [SubjectKind: Upstream<HTTP2ClientTransport.Posix>]

    public init(owners: [SubjectKind: Upstream<HTTP2ClientTransport.Posix>]) {
        self.owners = owners
    }

    public func describe(_ subject: Subject) async throws -> Content {
        try await call(subject, idempotent: true) { client, options in
            try await client.describeContent(.with { $0.subject = subject.proto }, options: options).content
        }
    }

    public func takeDown(_ subject: Subject, reason: String, actor: String) async throws -> Content {
        try await call(subject, idempotent: true) { client, options in
            try await client.takeDownContent(
                .with {
                    $0.subject = subject.proto
                    $0.reason = reason
                    $0.actor = actor
                }, options: options
            ).content
        }
    }

    public func restore(_ subject: Subject, actor: String) async throws -> Content {
        try await call(subject, idempotent: true) { client, options in
            try await client.restoreContent(
                .with {
                    $0.subject = subject.proto; $0.actor = actor
                }, options: options
            ).content
        }
    }

    private func call(
        _ subject: Subject, idempotent: Bool,
        _ body: (Roam_Moderation_V1_ContentModerationService.Client<HTTP2ClientTransport.Posix>, CallOptions) async throws ->
            Roam_Moderation_V1_Content
    ) async throws -> Content {
        guard let upstream = owners[subject.kind] else { throw Self.notModerated(subject.kind) }
        do {
            let content = try await upstream.call(idempotent: idempotent) { client, options in
                try await body(Roam_Moderation_V1_ContentModerationService.Client(wrapping: client), options)
            }
            return try content.domain()
        } catch let error as RPCError where error.code == .unimplemented {
            throw Self.notModerated(subject.kind)
        } catch let error as RPCError {
            throw RoamError(error)
        }
    }

    static func notModerated(_ kind: SubjectKind) -> RoamError {
        RoamError(
            .failedPrecondition, reason: "KIND_NOT_MODERATED", message: "\(kind.rawValue) cannot be reported or taken down on this server yet",
            violations: [.init(field: "subject.kind", description: "is not moderated yet")])
    }
}
