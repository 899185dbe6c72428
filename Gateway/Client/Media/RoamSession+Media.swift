import Foundation
import HTTPTypes
import OpenAPIRuntime
import RoamAPI

extension RoamSession {
    /// Uploads a photo or video from a file, streamed (never held whole), reporting progress as the
    /// bytes go. The bytes decide the type. The same bytes again answer the item already there, with
    /// `duplicate` true.
    /// - Parameter attachmentOnly: for a picture meant only for one post, banner or avatar, kept out of
    ///   the library.
    public func upload(
        contentsOf file: URL, attachmentOnly: Bool? = nil, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async throws -> Components.Schemas.Media {
        let size = try (FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
        let body = HTTPBody(FileChunks(url: file, size: size, progress: progress), length: .known(size), iterationBehavior: .multiple)
        let output = try await client.uploadMedia(query: .init(attachmentOnly: attachmentOnly), body: .binary(body))
        if case .ok(let existing) = output { return try existing.body.json }
        return try output.created.body.json
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
