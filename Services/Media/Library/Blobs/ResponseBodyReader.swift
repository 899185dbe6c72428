import AsyncHTTPClient
import Foundation

/// Reads an HTTP response body one chunk per call, for a pull-based stream.
final class ResponseBodyReader: @unchecked Sendable {
    // One caller at a time: an AsyncThrowingStream asks for the next chunk only after the last.
    private var iterator: HTTPClientResponse.Body.AsyncIterator

    init(_ body: HTTPClientResponse.Body) {
        iterator = body.makeAsyncIterator()
    }

    func next() async throws -> Data? {
        try await iterator.next().map { Data($0.readableBytesView) }
    }
}
