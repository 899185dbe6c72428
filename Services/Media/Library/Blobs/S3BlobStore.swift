import AsyncHTTPClient
import Crypto
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// Blobs as objects in an S3-compatible bucket, for deployments that outgrow one disk. Uploads stream
/// from the spooled file (sent unhashed, `UNSIGNED-PAYLOAD`; S3 writes an object whole or not at all);
/// reads stream the response body, whole or a byte range.
public final class S3BlobStore: BlobStore {
    private let settings: S3Settings
    private let signer: S3RequestSigner
    private let client: HTTPClient
    private let timeout: TimeAmount

    public init(settings: S3Settings, client: HTTPClient = .shared, timeout: TimeAmount = .seconds(60)) {
        self.settings = settings
        signer = S3RequestSigner(accessKeyID: settings.accessKeyID, secretAccessKey: settings.secretAccessKey, region: settings.region)
        self.client = client
        self.timeout = timeout
    }

    /// Creates the bucket; one that is already there and ours is fine.
    public func createBucket() async throws(BlobError) {
        let response = try await send("PUT", key: nil)
        guard response.status == .ok || response.status == .conflict else { throw await Self.failure(response, doing: "creating the bucket") }
    }

    public func put(_ key: BlobKey, contentsOf source: URL) async throws(BlobError) {
        let size: Int
        do {
            size = try FileManager.default.attributesOfItem(atPath: source.path)[.size] as? Int ?? 0
        } catch {
            throw BlobError.unavailable("reading \(source.path): \(error)")
        }
        let response = try await send("PUT", key: key, payloadHash: S3RequestSigner.unsignedPayload) {
            // A new read of the file for each attempt.
            let reader = try await NIOThreadPool.singleton.runIfActive {
                ChunkReader(handle: try FileHandle(forReadingFrom: source), size: size, range: nil, start: 0, count: size)
            }
            let chunks = AsyncThrowingStream<ByteBuffer, any Error> {
                try await NIOThreadPool.singleton.runIfActive { try reader.next() }.map { ByteBuffer(bytes: $0) }
            }
            return .stream(chunks, length: .known(Int64(size)))
        }
        guard response.status == .ok else { throw await Self.failure(response, doing: "writing \(key)") }
    }

    public func put(_ key: BlobKey, bytes: Data) async throws(BlobError) {
        let response = try await send("PUT", key: key, payloadHash: S3RequestSigner.hex(SHA256.hash(data: bytes))) {
            .bytes(ByteBuffer(bytes: bytes))
        }
        guard response.status == .ok else { throw await Self.failure(response, doing: "writing \(key)") }
    }

    public func read(_ key: BlobKey, range: ClosedRange<Int>?) async throws(BlobError) -> BlobContent {
        var headers: [String: String] = [:]
        if let range {
            guard range.lowerBound >= 0 else { throw BlobError.rangeNotSatisfiable(size: 0) }
            headers["range"] = "bytes=\(range.lowerBound)-\(range.upperBound)"
        }
        let response = try await send("GET", key: key, headers: headers)
        switch response.status {
        case .ok:
            let size = response.headers.first(name: "content-length").flatMap(Int.init) ?? 0
            return BlobContent(size: size, range: nil, chunks: Self.chunks(of: response))
        case .partialContent:
            // `Content-Range: bytes 0-9/12345`.
            guard let (served, size) = Self.contentRange(response.headers.first(name: "content-range")) else {
                throw BlobError.unavailable("reading \(key): a partial answer without a usable Content-Range")
            }
            return BlobContent(size: size, range: served, chunks: Self.chunks(of: response))
        case .notFound:
            throw BlobError.notFound(key)
        case .rangeNotSatisfiable:
            // `Content-Range: bytes */12345`, or ask for the size when the server leaves it out.
            if let size = response.headers.first(name: "content-range").flatMap({ Int($0.split(separator: "/").last ?? "") }) {
                throw BlobError.rangeNotSatisfiable(size: size)
            }
            let head = try await send("HEAD", key: key)
            throw BlobError.rangeNotSatisfiable(size: head.headers.first(name: "content-length").flatMap(Int.init) ?? 0)
        default:
            throw await Self.failure(response, doing: "reading \(key)")
        }
    }

    public func delete(_ key: BlobKey) async throws(BlobError) {
        let response = try await send("DELETE", key: key)
        guard [.noContent, .ok, .notFound].contains(response.status) else { throw await Self.failure(response, doing: "deleting \(key)") }
    }

    public func list(prefix: String) async throws(BlobError) -> [BlobListing] {
        var found: [BlobListing] = []
        var continuation: String?
        repeat {
            var query = [("list-type", "2"), ("prefix", prefix)]
            if let continuation { query.append(("continuation-token", continuation)) }
            let response = try await send("GET", key: nil, query: query)
            guard response.status == .ok else { throw await Self.failure(response, doing: "listing \(prefix)") }
            let page = S3ListingPage(xml: try await Self.body(of: response))
            found += page.objects.compactMap { object in
                BlobKey(object.key).map { BlobListing(key: $0, size: object.size, writtenAt: object.lastModified) }
            }
            continuation = page.nextContinuationToken
        } while continuation != nil
        return found.sorted { $0.key.value < $1.key.value }
    }

    /// Signs and sends one request, again after a 500, a 503 or a lost connection (as S3's own clients
    /// do: every call here is idempotent), with a fresh body from `body` each time.
    private func send(
        _ method: String, key: BlobKey?, query: [(String, String)] = [], headers: [String: String] = [:],
        payloadHash: String = S3RequestSigner.emptyPayloadHash,
        body: (@Sendable () async throws -> HTTPClientRequest.Body)? = nil
    ) async throws(BlobError) -> HTTPClientResponse {
        let attempts = 4
        for attempt in 1...attempts {
            do {
                let response = try await client.execute(
                    try await request(
                        method, key: key, query: query, headers: headers,
                        payloadHash: payloadHash, body: body),
                    timeout: timeout)
                guard [.internalServerError, .serviceUnavailable].contains(response.status), attempt < attempts else { return response }
            } catch {
                if attempt == attempts { throw BlobError.unavailable("\(method) \(key?.value ?? settings.bucket): \(error)") }
            }
            try? await Task.sleep(for: .milliseconds(50 << attempt))
        }
        throw BlobError.unavailable("\(method) \(key?.value ?? settings.bucket): no answer")
    }

    private func request(
        _ method: String, key: BlobKey?, query: [(String, String)], headers: [String: String], payloadHash: String,
        body: (@Sendable () async throws -> HTTPClientRequest.Body)?
    ) async throws -> HTTPClientRequest {
        let endpoint = settings.endpoint
        var host = endpoint.host ?? "localhost"
        if let port = endpoint.port { host += ":\(port)" }
        var path = endpoint.path.hasSuffix("/") ? String(endpoint.path.dropLast()) : endpoint.path
        if settings.pathStyle {
            path += "/\(settings.bucket)"
        } else {
            host = "\(settings.bucket).\(host)"
        }
        path += key.map { "/\($0.value)" } ?? (settings.pathStyle ? "" : "/")
        var signedHeaders = headers
        signedHeaders["host"] = host
        let signature = signer.sign(method: method, path: path, query: query, headers: signedHeaders, payloadHash: payloadHash, at: Date())
        let queryText = query.map { "\(S3RequestSigner.encode($0.0))=\(S3RequestSigner.encode($0.1))" }.joined(separator: "&")
        var request = HTTPClientRequest(
            url: "\(endpoint.scheme ?? "https")://\(host)\(S3RequestSigner.encodePath(path))"
                + (queryText.isEmpty ? "" : "?\(queryText)"))
        request.method = HTTPMethod(rawValue: method)
        for (name, value) in signedHeaders.merging(signature, uniquingKeysWith: { _, new in new }) where name != "host" {
            request.headers.add(name: name, value: value)
        }
        if let body { request.body = try await body() }
        return request
    }

    private static func chunks(of response: HTTPClientResponse) -> AsyncThrowingStream<Data, any Error> {
        let reader = ResponseBodyReader(response.body)
        return AsyncThrowingStream { try await reader.next() }
    }

    private static func body(of response: HTTPClientResponse) async throws(BlobError) -> Data {
        do {
            return Data(try await response.body.collect(upTo: 16 << 20).readableBytesView)
        } catch {
            throw BlobError.unavailable("reading an answer: \(error)")
        }
    }

    private static func failure(_ response: HTTPClientResponse, doing what: String) async -> BlobError {
        let body = (try? await body(of: response)).map { String(decoding: $0.prefix(300), as: UTF8.self) } ?? ""
        return BlobError.unavailable("\(what): HTTP \(response.status.code) \(body)")
    }

    static func contentRange(_ text: String?) -> (ClosedRange<Int>, Int)? {
        guard let text, text.hasPrefix("bytes ") else { return nil }
        let parts = text.dropFirst(6).split(separator: "/")
        guard parts.count == 2, let size = Int(parts[1]) else { return nil }
        let bounds = parts[0].split(separator: "-")
        guard bounds.count == 2, let lower = Int(bounds[0]), let upper = Int(bounds[1]), lower <= upper else { return nil }
        return (lower...upper, size)
    }
}
