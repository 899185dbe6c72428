import Foundation
import GRPCCore
import HTTPTypes
import Hummingbird
import RoamProto
import RoamRuntime

/// Resumable uploads by the tus protocol 1.0 (creation, termination, expiration, checksum) on
/// `/v1/uploads`, so any tus client (TUSKit, tus-js-client, tuspy) can send a large file that survives a
/// broken connection: `POST` with `Upload-Length` (and `Upload-Metadata`) answers the upload's
/// `Location`; `HEAD` there says how many bytes arrived (`Upload-Offset`); `PATCH` appends from there;
/// `DELETE` gives up. The last byte in stores the item, named by `Roam-Media-Id`. Errors are the usual
/// problems, with tus's statuses (409 for a wrong offset, 410 expired, 460 a checksum that does not match).
/// Plain routes: tus's headers must go out as written.
struct ResumableUploadRoutes<Transport: ClientTransport>: Sendable {
    let media: MediaCaller<Transport>
    let maxBytes: Int
    /// Where `Location` points: the public base URL when there is one, else a path on the gateway.
    let publicBaseURL: String

    func register(in table: RouteTable) {
        table.add(.options, "/v1/uploads") { _, _ in
            var headers = HTTPFields()
            headers[.tusResumable] = TusProtocol.version
            headers[.tusVersion] = TusProtocol.version
            headers[.tusExtension] = TusProtocol.extensions
            headers[.tusMaxSize] = String(maxBytes)
            headers[.tusChecksumAlgorithm] = "sha1,sha256"
            return Response(status: .noContent, headers: headers)
        }
        table.add(.post, "/v1/uploads") { request, context in
            await answer(request, context) { try await create(request, context) }
        }
        table.add(.head, "/v1/uploads/{id}") { request, context in
            await answer(request, context) { try await status(request, context) }
        }
        table.add(.patch, "/v1/uploads/{id}") { request, context in
            await answer(request, context) { try await append(request, context) }
        }
        table.add(.delete, "/v1/uploads/{id}") { request, context in
            await answer(request, context) {
                _ = try await call(context) { client, options in
                    try await client.cancelResumableUpload(.with { $0.uploadID = uploadID(context) }, options: options)
                }
                return Response(status: .noContent)
            }
        }
    }

    private func create(_ request: Request, _ context: GatewayRequestContext) async throws -> Response {
        guard request.headers[.uploadDeferLength] == nil else {
            throw RoamError.invalidField("Upload-Defer-Length", "is not supported: send Upload-Length")
        }
        guard let text = request.headers[.uploadLength] else {
            throw RoamError.invalidField("Upload-Length", "is required: the file's size in bytes")
        }
        guard let length = Int64(text), length >= 0 else { throw RoamError.invalidField("Upload-Length", "must be a whole number of bytes") }
        guard length <= maxBytes else { throw MediaUploadBody.tooLarge(maxBytes) }
        let metadata = try TusUploadMetadata(request.headers[.uploadMetadata])
        var details = metadata.start
        details.idempotencyKey = request.headers[.idempotencyKey] ?? ""
        let start = details
        let response = try await call(context) { client, options in
            try await client.createResumableUpload(
                .with {
                    $0.length = length
                    $0.start = start
                    $0.metadata = metadata.raw
                }, options: options)
        }
        var headers = Self.headers(response.upload)
        headers[.location] = "\(publicBaseURL)/v1/uploads/\(response.upload.uploadID)"
        return Response(status: .created, headers: headers)
    }

    private func status(_ request: Request, _ context: GatewayRequestContext) async throws -> Response {
        let response = try await call(context, idempotent: true) { client, options in
            try await client.getResumableUpload(.with { $0.uploadID = uploadID(context) }, options: options)
        }
        var headers = Self.headers(response.upload)
        headers[.uploadLength] = String(response.upload.length)
        if !response.upload.metadata.isEmpty { headers[.uploadMetadata] = response.upload.metadata }
        return Response(status: .ok, headers: headers)
    }

    private func append(_ request: Request, _ context: GatewayRequestContext) async throws -> Response {
        guard request.headers[.contentType]?.lowercased() == TusProtocol.offsetStream else {
            throw RoamError(
                .invalidArgument, reason: "UNSUPPORTED_MEDIA_TYPE", message: "a PATCH carries Content-Type: \(TusProtocol.offsetStream)",
                violations: [.init(field: "Content-Type", description: "must be \(TusProtocol.offsetStream)")])
        }
        guard let text = request.headers[.uploadOffset] else {
            throw RoamError.invalidField("Upload-Offset", "is required: the byte the body starts at")
        }
        guard let offset = Int64(text), offset >= 0 else { throw RoamError.invalidField("Upload-Offset", "must be a whole number of bytes") }
        var start = Roam_Media_V1_AppendStart.with {
            $0.uploadID = uploadID(context)
            $0.offset = offset
        }
        if let checksum = request.headers[.uploadChecksum] {
            let parts = checksum.split(separator: " ")
            guard parts.count == 2, let digest = Data(base64Encoded: String(parts[1])) else {
                throw RoamError.invalidField("Upload-Checksum", "must be an algorithm and a base64 digest")
            }
            start.checksumAlgorithm = String(parts[0])
            start.checksum = digest
        }
        let body = request.body, first = start
        let response = try await call(context, longLived: true) { client, options in
            try await client.appendToResumableUpload(
                options: options,
                requestProducer: { writer in
                    try await writer.write(.with { $0.start = first })
                    try await Self.send(body, to: writer)
                })
        }
        return Response(status: .noContent, headers: Self.headers(response.upload))
    }

    /// The body in chunks. A client that goes away mid-body ends it early: the chunks that arrived are
    /// sent all the same, so media keeps them and the next `HEAD` resumes after them.
    private static func send(_ body: RequestBody, to writer: RPCWriter<Roam_Media_V1_AppendToResumableUploadRequest>) async throws {
        var pending = Data()
        do {
            for try await buffer in body {
                pending.append(contentsOf: buffer.readableBytesView)
                while pending.count >= TusProtocol.chunkSize {
                    try await writer.write(.with { $0.chunk = pending.prefix(TusProtocol.chunkSize) })
                    pending = pending.dropFirst(TusProtocol.chunkSize)
                }
            }
        } catch is RPCError {
            throw RoamError(.unavailable, reason: "UNAVAILABLE", message: "the media service stopped taking the bytes")
        } catch {
            // The connection broke: what arrived still counts.
        }
        if !pending.isEmpty { try await writer.write(.with { $0.chunk = pending }) }
    }

    private func call<Result: Sendable>(
        _ context: GatewayRequestContext, idempotent: Bool = false, longLived: Bool = false,
        _ body: @escaping @Sendable (Roam_Media_V1_MediaService.Client<Transport>, CallOptions) async throws -> Result
    ) async throws -> Result {
        _ = try context.requireUser()
        return try await CallContext.$current.withValue(context.callContext) {
            try await renamingFields(as: ResumableUploadHeaders.self) {
                try await media.call(idempotent: idempotent, longLived: longLived, body)
            }
        }
    }

    private func uploadID(_ context: GatewayRequestContext) -> String {
        context.parameters.get("id") ?? ""
    }

    /// Every answer carries `Tus-Resumable`; a request for another version of the protocol is refused
    /// (412) naming the one spoken. A failure is its problem, with tus's status where tus has one.
    private func answer(
        _ request: Request, _ context: GatewayRequestContext, _ handler: () async throws -> Response
    ) async -> Response {
        var response: Response
        if let version = request.headers[.tusResumable], version == TusProtocol.version {
            do {
                response = try await handler()
            } catch {
                response = Self.problem(for: error, request: request, context: context)
            }
        } else {
            var problem = Problem(
                status: .preconditionFailed, reason: "TUS_VERSION_UNSUPPORTED", detail: "send Tus-Resumable: \(TusProtocol.version)",
                errors: [.init(field: "Tus-Resumable", description: "must be \(TusProtocol.version)")])
            problem.requestId = context.requestID
            response = problem.response(requestID: context.requestID)
            response.headers[.tusVersion] = TusProtocol.version
        }
        response.headers[.tusResumable] = TusProtocol.version
        response.headers[.cacheControl] = "no-store"
        return response
    }

    private static func problem(for error: any Error, request: Request, context: GatewayRequestContext) -> Response {
        var problem = ProblemMiddleware.problem(for: error, logger: context.logger)
        let status: HTTPResponse.Status? =
            switch problem.reason {
            case "CHECKSUM_MISMATCH": HTTPResponse.Status(code: 460, reasonPhrase: "Checksum Mismatch")
            case "UPLOAD_EXPIRED": .gone
            case "UPLOAD_LENGTH_EXCEEDED": .contentTooLarge
            case "UPLOAD_OFFSET_MISMATCH": .conflict
            default: nil
            }
        if let status {
            problem.status = status.code
            problem.title = status.reasonPhrase
        }
        var response = problem.response(requestID: context.requestID)
        // A HEAD is answered without a body.
        if request.method == .head { response.body = .init() }
        return response
    }

    private static func headers(_ upload: Roam_Media_V1_ResumableUpload) -> HTTPFields {
        var headers = HTTPFields()
        headers[.uploadOffset] = String(upload.offset)
        if upload.hasMedia {
            headers[.roamMediaID] = upload.media.mediaID
        } else {
            headers[.uploadExpires] = TusProtocol.httpDate(upload.expiresAt.date)
        }
        return headers
    }
}
