import Foundation
import GRPCCore
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime

/// The body of `POST /v1/media` as the messages of media's `Upload`: first what the client says about
/// the file, then its bytes in chunks as they arrive, so the gateway never holds the file. The bytes
/// come as the whole body, or as the `file` part of a form whose other fields come before it.
struct MediaUploadBody: Sendable {
    let body: Operations.UploadMedia.Input.Body
    let attachmentOnly: Bool
    let idempotencyKey: String?
    /// More bytes than this are refused with `MEDIA_TOO_LARGE`, before sending them on.
    let maxBytes: Int
    static let chunkSize = 256 * 1024

    /// Refuses a body whose declared length is already over the limit, before anything is sent.
    func checkDeclaredLength() throws {
        let file: HTTPBody? =
            switch body {
            case .jpeg(let file), .png(let file), .imageWebp(let file), .imageHeic(let file), .imageHeif(let file),
                .videoMp4(let file), .videoQuicktime(let file), .binary(let file):
                file
            case .multipartForm: nil
            }
        if case .known(let length)? = file?.length, length > maxBytes { throw Self.tooLarge(maxBytes) }
    }

    func send(to writer: RPCWriter<Roam_Media_V1_UploadRequest>) async throws {
        var start = Roam_Media_V1_UploadStart.with {
            $0.attachmentOnly = attachmentOnly
            $0.idempotencyKey = idempotencyKey ?? ""
        }
        switch body {
        case .jpeg(let file), .png(let file), .imageWebp(let file), .imageHeic(let file), .imageHeif(let file),
            .videoMp4(let file), .videoQuicktime(let file), .binary(let file):
            try await writer.write(.with { $0.start = start })
            try await sendChunks(of: file, to: writer)
        case .multipartForm(let parts):
            var fields = MediaUploadFormFields()
            var sentFile = false
            for try await part in parts {
                if case .file(let file) = part {
                    guard !sentFile else { throw RoamError.invalidField("file", "must be sent once") }
                    start = try fields.apply(to: start)
                    try await writer.write(.with { $0.start = start })
                    try await sendChunks(of: file.payload.body, to: writer)
                    sentFile = true
                } else {
                    // A field after the file could not count: refuse the whole upload rather than ignore it.
                    try await fields.read(part, afterFile: sentFile)
                }
            }
            guard sentFile else { throw RoamError.invalidField("file", "is required") }
        }
    }

    /// The bytes in chunks of `chunkSize`, the last one shorter (the body arrives in whatever pieces the
    /// network made).
    private func sendChunks(of file: HTTPBody, to writer: RPCWriter<Roam_Media_V1_UploadRequest>) async throws {
        var pending = Data()
        var total = 0
        for try await piece in file {
            total += piece.count
            guard total <= maxBytes else { throw Self.tooLarge(maxBytes) }
            pending.append(contentsOf: piece)
            while pending.count >= Self.chunkSize {
                let chunk = pending.prefix(Self.chunkSize)
                try await writer.write(.with { $0.chunk = chunk })
                pending = pending.dropFirst(Self.chunkSize)
            }
        }
        // A client that goes away mid-upload can end the body early without an error: a file shorter
        // than it said it was is refused, so the upload is cancelled and nothing is stored.
        if case .known(let length) = file.length, total != length {
            throw RoamError(
                .invalidArgument, reason: "INCOMPLETE_BODY", message: "the body ended after \(total) of its \(length) bytes",
                violations: [.init(field: "file", description: "ended after \(total) of \(length) bytes")])
        }
        if !pending.isEmpty { try await writer.write(.with { $0.chunk = pending }) }
    }

    static func tooLarge(_ limit: Int) -> RoamError {
        RoamError(
            .invalidArgument, reason: "MEDIA_TOO_LARGE", message: "the file is larger than \(limit) bytes",
            violations: [.init(field: "file", description: "must be at most \(limit) bytes")])
    }
}
