import Foundation
import GRPCCore
import RoamCore
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Resumable uploads over gRPC; the gateway speaks tus on them.
extension MediaGRPCService {
    public func createResumableUpload(
        request: Roam_Media_V1_CreateResumableUploadRequest, context: ServerContext
    ) async throws -> Roam_Media_V1_ResumableUploadResponse {
        let upload = try await media.createUpload(
            length: Int(request.length), details: try UploadDetails(request.start), metadata: request.metadata, owner: caller())
        // Created again with its key after the last byte: the item, as a HEAD would name it.
        let item = upload.mediaID == nil ? nil : try await media.upload(upload.id, for: caller()).item
        return .with { $0.upload = upload.proto(item: item) }
    }

    public func getResumableUpload(
        request: Roam_Media_V1_GetResumableUploadRequest, context: ServerContext
    ) async throws -> Roam_Media_V1_ResumableUploadResponse {
        let (upload, item) = try await media.upload(UUID(field: "upload_id", request.uploadID), for: caller())
        return .with { $0.upload = upload.proto(item: item) }
    }

    public func appendToResumableUpload(
        request: RPCAsyncSequence<Roam_Media_V1_AppendToResumableUploadRequest, any Error>, context: ServerContext
    ) async throws -> Roam_Media_V1_ResumableUploadResponse {
        let owner = try caller()
        var messages = request.makeAsyncIterator()
        guard case .start(let start)? = try await messages.next()?.part else {
            throw RoamError.invalidField("start", "must be the first message")
        }
        let checksum = try UploadChecksum(algorithm: start.checksumAlgorithm, digest: start.checksum)
        let (upload, item) = try await media.append(
            AppendChunks(messages: messages), to: UUID(field: "upload_id", start.uploadID), from: Int(start.offset), checksum: checksum, spool: spool,
            owner: owner)
        return .with { $0.upload = upload.proto(item: item) }
    }

    public func cancelResumableUpload(
        request: Roam_Media_V1_GetResumableUploadRequest, context: ServerContext
    ) async throws -> Roam_Media_V1_CancelResumableUploadResponse {
        try await media.cancelUpload(UUID(field: "upload_id", request.uploadID), owner: caller())
        return .init()
    }
}

extension ResumableUpload {
    func proto(item: MediaItem?) -> Roam_Media_V1_ResumableUpload {
        .with {
            $0.uploadID = id.lowercasedString
            $0.length = Int64(length)
            $0.offset = Int64(offset)
            $0.expiresAt = Google_Protobuf_Timestamp(date: expiresAt)
            $0.metadata = metadata
            if let item { $0.media = item.proto }
            $0.duplicate = duplicate
        }
    }
}
