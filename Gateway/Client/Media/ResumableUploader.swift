import Crypto
import Foundation
import HTTPTypes
import OpenAPIRuntime

/// Sends a file by the tus protocol (`/v1/uploads`) in pieces, each acknowledged by the offset the
/// gateway answers, so a broken connection costs only the piece under way: after a network failure it
/// asks where the upload stands and goes on from there.
///
/// The upload's `Idempotency-Key` comes from the file's bytes, so the same file uploaded again (after
/// the app was killed and relaunched, say) finds the same upload and resumes it, or its item if it was
/// stored, without anything kept on the device. Pieces carry no checksum, so a piece cut off keeps
/// the bytes that arrived; the stored item's SHA-256 is held against the file's at the end instead.
struct ResumableUploader: Sendable {
    let session: RoamSession
    let file: URL
    let attachmentOnly: Bool
    /// Bytes per `PATCH`: what a break may cost.
    let pieceSize: Int
    let retryPolicy: RetryPolicy
    let progress: (@Sendable (TransferProgress) -> Void)?

    /// Where the upload stands, as the gateway said last.
    struct Standing {
        var id: String
        var offset: Int64
        var mediaID: String?
    }

    /// The stored item's id.
    func send(key first: String) async throws -> String {
        let size = try Self.size(of: file)
        var key = first
        var standing: Standing?
        var failures = 0
        while true {
            do {
                guard let current = standing else {
                    standing = try await create(length: size, key: key)
                    continue
                }
                if let mediaID = current.mediaID { return mediaID }
                progress?(TransferProgress(completedBytes: current.offset, totalBytes: size))
                standing = try await append(to: current, size: size)
                failures = 0
            } catch let refusal as Refusal {
                switch refusal {
                case .gone:
                    // Expired before it was finished: a new upload, under a key of its own.
                    key = "\(key.prefix(150))-\(UUID().uuidString.lowercased())"
                    standing = nil
                case .movedOn:
                    if let current = standing { standing = try await status(of: current.id) }
                case .wait(let problem):
                    failures += 1
                    guard failures < retryPolicy.attempts else { throw problem }
                    try await Task.sleep(for: problem.retryAfter ?? retryPolicy.delay(afterFailures: failures))
                case .final(let problem):
                    throw problem
                }
            } catch  where error.isNetworkFailure {
                failures += 1
                guard failures < retryPolicy.attempts else { throw error }
                try await Task.sleep(for: retryPolicy.delay(afterFailures: failures))
                // The offset the gateway kept, the bytes that arrived before the break included. Breaks
                // that each leave bytes behind are not failures in a row: a long trip on a bad line ends.
                if let current = standing, let now = try? await status(of: current.id) {
                    if now.offset > current.offset { failures = 0 }
                    standing = now
                }
            }
        }
    }

    /// What a refusal means for the upload.
    enum Refusal: Error {
        /// Expired or removed: start a new one.
        case gone
        /// Not where this client thought: ask where it stands.
        case movedOn
        /// Try again later.
        case wait(RoamProblem)
        case final(RoamProblem)
    }

    private func create(length: Int64, key: String) async throws -> Standing {
        var fields = Self.tusFields
        fields[.init("Upload-Length")!] = String(length)
        fields[.init("Idempotency-Key")!] = key
        if attachmentOnly { fields[.init("Upload-Metadata")!] = "attachmentOnly \(Data("true".utf8).base64EncodedString())" }
        let (response, _) = try await call(.post, "/v1/uploads", fields: fields, operationID: "createResumableUpload")
        guard let location = response.headerFields[.location], let id = location.split(separator: "/").last.map(String.init) else {
            throw Refusal.final(RoamProblem(operationID: "createResumableUpload", status: response.status.code, body: Data(), retryAfter: nil))
        }
        return Standing(
            id: id, offset: response.headerFields[.init("Upload-Offset")!].flatMap { Int64($0) } ?? 0,
            mediaID: response.headerFields[.init("Roam-Media-Id")!])
    }

    func status(of id: String) async throws -> Standing {
        let (response, _) = try await call(.head, "/v1/uploads/\(id)", fields: Self.tusFields, operationID: "getResumableUpload")
        return Standing(
            id: id, offset: response.headerFields[.init("Upload-Offset")!].flatMap { Int64($0) } ?? 0,
            mediaID: response.headerFields[.init("Roam-Media-Id")!])
    }

    private func append(to standing: Standing, size: Int64) async throws -> Standing {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        try handle.seek(toOffset: UInt64(standing.offset))
        let piece = try handle.read(upToCount: pieceSize) ?? Data()
        var fields = Self.tusFields
        fields[.contentType] = "application/offset+octet-stream"
        fields[.init("Upload-Offset")!] = String(standing.offset)
        let (response, _) = try await call(
            .patch, "/v1/uploads/\(standing.id)", fields: fields, body: HTTPBody(piece), operationID: "appendToResumableUpload")
        let offset = response.headerFields[.init("Upload-Offset")!].flatMap { Int64($0) } ?? standing.offset
        progress?(TransferProgress(completedBytes: offset, totalBytes: size))
        return Standing(id: standing.id, offset: offset, mediaID: response.headerFields[.init("Roam-Media-Id")!])
    }

    /// The call, its refusals sorted by what they mean here.
    private func call(
        _ method: HTTPRequest.Method, _ path: String, fields: HTTPFields, body: HTTPBody? = nil, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let request = HTTPRequest(method: method, scheme: nil, authority: nil, path: path, headerFields: fields)
        let (response, answer) = try await session.send(request, body: body, operationID: operationID)
        guard response.status.kind != .successful else { return (response, answer) }
        let document = (try? await answer.collected(upTo: 64 << 10)) ?? Data()
        let problem = RoamProblem(operationID: operationID, status: response.status.code, body: document, retryAfter: response.retryAfter)
        switch response.status.code {
        case 404, 410: throw Refusal.gone
        case 409: throw Refusal.movedOn
        default: throw problem.isTransient ? Refusal.wait(problem) : Refusal.final(problem)
        }
    }

    static let tusFields: HTTPFields = [.init("Tus-Resumable")!: "1.0.0"]

    static func size(of file: URL) throws -> Int64 {
        (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber)?.int64Value ?? 0
    }

    /// The SHA-256 of the file's bytes, read in pieces, in lower-case hex.
    static func sha256(of file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        var hasher = SHA256()
        while let piece = try handle.read(upToCount: 1 << 20), !piece.isEmpty { hasher.update(data: piece) }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }

    /// The upload's key: the file's bytes, and whether it is an attachment.
    static func key(sha256: String, attachmentOnly: Bool) -> String {
        "tus-\(sha256)\(attachmentOnly ? "-attachment" : "")"
    }
}
