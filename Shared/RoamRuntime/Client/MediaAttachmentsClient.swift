import Foundation
import GRPCCore
import RoamCore
import RoamProto

/// `MediaAttachments` over the media service's gRPC API, acting for the caller whose token came with
/// the current request (the outbound interceptor forwards it), so media checks ownership itself.
public struct MediaAttachmentsClient<Transport: ClientTransport>: MediaAttachments {
    let upstream: Upstream<Transport>

    public init(upstream: Upstream<Transport>) {
        self.upstream = upstream
    }

    public func attach(_ ids: [UUID], to subject: String, for owner: UUID, field: String) async throws {
        try requireCaller(owner)
        do {
            _ = try await upstream.call { client, options in
                try await Roam_Media_V1_MediaService.Client(wrapping: client).attach(
                    .with {
                        $0.mediaIds = ids.map(\.lowercasedString)
                        $0.subject = subject
                    }, options: options)
            }
        } catch let error as RPCError {
            var refusal = RoamError(error)
            // Media names its own field; the caller's client sent the ids under `field`.
            refusal.violations = refusal.violations.map { .init(field: field, description: $0.description) }
            throw refusal
        }
    }

    public func detach(_ ids: [UUID], from subject: String, for owner: UUID) async throws {
        try requireCaller(owner)
        do {
            _ = try await upstream.call(idempotent: true) { client, options in
                try await Roam_Media_V1_MediaService.Client(wrapping: client).detach(
                    .with {
                        $0.mediaIds = ids.map(\.lowercasedString)
                        $0.subject = subject
                    }, options: options)
            }
        } catch let error as RPCError {
            throw RoamError(error)
        }
    }

    /// Media acts for the token's user: it must be the owner the domain means.
    private func requireCaller(_ owner: UUID) throws {
        guard case .user(let user)? = CallContext.current.caller, user.id == owner else {
            throw RoamError(.internal, reason: "INTERNAL", message: "media attachments are made for the signed-in owner only")
        }
    }
}
