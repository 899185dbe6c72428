import Foundation
import GRPCCore
import OpenAPIRuntime
import RoamAPI
import RoamProto
import RoamRuntime
import Synchronization
import Testing

@testable import Gateway

/// What the gateway sends to media for an upload body: the start, then the bytes in chunks, and
/// nothing whole when the body ends short of its declared length (a client that went away).
@Suite struct MediaUploadBodyTests {
    final class RecordingWriter: RPCWriterProtocol, Sendable {
        let messages = Mutex<[Roam_Media_V1_UploadRequest]>([])
        func write(_ element: Roam_Media_V1_UploadRequest) async throws { messages.withLock { $0.append(element) } }
        func write(contentsOf elements: some Sequence<Roam_Media_V1_UploadRequest>) async throws {
            for element in elements { try await write(element) }
        }
    }

    func body(_ pieces: [ArraySlice<UInt8>], declaring length: Int64) -> Operations.UploadMedia.Input.Body {
        .jpeg(
            HTTPBody(
                AsyncStream { continuation in
                    for piece in pieces { continuation.yield(piece) }
                    continuation.finish()
                }, length: .known(length), iterationBehavior: .single))
    }

    @Test func theBytesGoInChunksAfterTheStart() async throws {
        let writer = RecordingWriter()
        let bytes = [UInt8](repeating: 7, count: 300_000)
        let upload = MediaUploadBody(
            body: body([bytes[0..<100_000], bytes[100_000...]], declaring: 300_000), attachmentOnly: true,
            idempotencyKey: "k", maxBytes: 1_000_000)
        try await upload.send(to: RPCWriter(wrapping: writer))
        let messages = writer.messages.withLock { $0 }
        #expect(messages.first?.start.attachmentOnly == true && messages.first?.start.idempotencyKey == "k")
        #expect(messages.dropFirst().map(\.chunk.count) == [MediaUploadBody.chunkSize, 300_000 - MediaUploadBody.chunkSize])
    }

    @Test func aBodyEndingBeforeItsDeclaredLengthIsRefused() async throws {
        let writer = RecordingWriter()
        let upload = MediaUploadBody(
            body: body([ArraySlice(repeating: 1, count: 5_000)], declaring: 40_000), attachmentOnly: false,
            idempotencyKey: nil, maxBytes: 1_000_000)
        let refused = await #expect(throws: RoamError.self) { try await upload.send(to: RPCWriter(wrapping: writer)) }
        #expect(refused?.reason == "INCOMPLETE_BODY" && refused?.violations.map(\.field) == ["file"])
    }
}
