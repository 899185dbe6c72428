import Foundation
import HTTPTypes
import OpenAPIRuntime
import RoamAPI

extension RoamSession {
    /// Files larger than this go by `uploadResumably`: a break costs a piece, not the file.
    public static let resumableThreshold: Int64 = 8 << 20

    /// Uploads a photo or video from a file, streamed (never held whole), reporting progress as the
    /// bytes go. The bytes decide the type. The same bytes again answer the item already there, with
    /// `duplicate` true. A file over `resumableThreshold` goes by `uploadResumably`.
    ///
    /// With pending writes, a file the gateway cannot be reached for (or that comes while writes wait)
    /// is copied into their store and sent when it answers again, even after a relaunch: this throws
    /// `RoamClientError.queued`, whose id is the write's, and whose `placeholder` later writes may name
    /// in place of the media id (a journal entry with the photo, made offline too).
    /// - Parameters:
    ///   - file: the photo or video.
    ///   - attachmentOnly: for a picture meant only for one post, banner or avatar, kept out of the library.
    ///   - progress: called as bytes go, with how many went of how many.
    public func upload(
        contentsOf file: URL, attachmentOnly: Bool? = nil, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> Components.Schemas.Media {
        guard let writes = pendingWrites else { return try await uploadNow(contentsOf: file, attachmentOnly: attachmentOnly, progress: progress) }
        if try await writes.hasWaiting() { throw try await keepUpload(of: file, attachmentOnly: attachmentOnly ?? false, in: writes) }
        do {
            let media = try await uploadNow(contentsOf: file, attachmentOnly: attachmentOnly, progress: progress)
            try? await writes.gatewayAnswered(for: self)
            return media
        } catch  where error.isNetworkFailure {
            throw try await keepUpload(of: file, attachmentOnly: attachmentOnly ?? false, in: writes)
        }
    }

    private func keepUpload(of file: URL, attachmentOnly: Bool, in writes: PendingWrites) async throws -> RoamClientError {
        .queued(try await writes.keepUpload(of: file, attachmentOnly: attachmentOnly, userID: signedInUserID(), for: self).id)
    }

    private func uploadNow(
        contentsOf file: URL, attachmentOnly: Bool?, progress: (@Sendable (TransferProgress) -> Void)?
    ) async throws -> Components.Schemas.Media {
        let size = try ResumableUploader.size(of: file)
        if size > Self.resumableThreshold {
            return try await uploadResumably(contentsOf: file, attachmentOnly: attachmentOnly ?? false, progress: progress)
        }
        let body = HTTPBody(FileChunks(url: file, size: size, progress: progress), length: .known(size), iterationBehavior: .multiple)
        let output = try await client.uploadMedia(query: .init(attachmentOnly: attachmentOnly), body: .binary(body))
        if case .ok(let existing) = output { return try existing.body.json }
        return try output.created.body.json
    }

    /// Uploads a file in pieces by the tus protocol, each acknowledged before the next, so a connection
    /// that breaks costs only the piece under way: the session asks where the upload stands and goes on
    /// from there (up to `retryPolicy.attempts` breaks in a row). The same file uploaded again later,
    /// after the app was relaunched, resumes where the last try stopped (the upload is found by the
    /// file's bytes), until it expires on the gateway a day after its last piece.
    /// - Parameters:
    ///   - file: the photo or video.
    ///   - attachmentOnly: for a picture meant only for one post, banner or avatar, kept out of the library.
    ///   - pieceSize: bytes per request (at least 64 KiB).
    ///   - progress: called after each piece, with how many bytes the gateway has of how many.
    public func uploadResumably(
        contentsOf file: URL, attachmentOnly: Bool = false, pieceSize: Int = 4 << 20, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> Components.Schemas.Media {
        let uploader = ResumableUploader(
            session: self, file: file, attachmentOnly: attachmentOnly, pieceSize: max(pieceSize, 64 << 10), retryPolicy: retryPolicy,
            progress: progress)
        let sha256 = try ResumableUploader.sha256(of: file)
        let mediaID = try await uploader.send(key: ResumableUploader.key(sha256: sha256, attachmentOnly: attachmentOnly))
        let media = try await client.getMedia(path: .init(id: mediaID)).ok.body.json
        // What arrived in pieces is the file, or it is not kept.
        guard media.sha256 == sha256 else {
            _ = try? await client.deleteMedia(path: .init(id: mediaID))
            throw RoamClientError.uploadDamaged(mediaID: mediaID)
        }
        return media
    }

    /// Saves what a signed link (a `MediaLinks` variant: a URL, or a path on the gateway) points at to `destination`, streamed, reporting
    /// progress; the file appears whole or not at all. An expired or altered link throws its `RoamProblem`.
    public nonisolated func download(_ link: String, to destination: URL, progress: (@Sendable (TransferProgress) -> Void)? = nil) async throws {
        // A gateway without a public base URL signs paths, which are its own.
        guard let url = URL(string: link, relativeTo: gateway)?.absoluteURL, let scheme = url.scheme, let host = url.host,
            let baseURL = URL(string: "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")")
        else { throw RoamClientError.invalidLink(link) }
        let path = url.path + (url.query.map { "?\($0)" } ?? "")
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: path)
        let (response, body) = try await send(signed: request, to: baseURL, operationID: "downloadMedia")
        let total = response.headerFields[.contentLength].flatMap { Int64($0) }
        let partial = destination.appendingPathExtension("partial")
        guard FileManager.default.createFile(atPath: partial.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: partial.path])
        }
        let handle = try FileHandle(forWritingTo: partial)
        do {
            var received: Int64 = 0
            for try await chunk in body ?? HTTPBody() {
                try handle.write(contentsOf: chunk)
                received += Int64(chunk.count)
                progress?(TransferProgress(completedBytes: received, totalBytes: total))
            }
            try handle.close()
            if FileManager.default.fileExists(atPath: destination.path) { try FileManager.default.removeItem(at: destination) }
            try FileManager.default.moveItem(at: partial, to: destination)
        } catch {
            try? handle.close()
            try? FileManager.default.removeItem(at: partial)
            throw error
        }
    }
}
