import Foundation
import RoamCore
import RoamProto

/// The bytes of an append: the messages after its first, read on from the iterator that read it.
struct AppendChunks<Messages: AsyncIteratorProtocol>: AsyncSequence, AsyncIteratorProtocol
where Messages.Element == Roam_Media_V1_AppendToResumableUploadRequest {
    var messages: Messages

    mutating func next() async throws -> Data? {
        switch try await messages.next()?.part {
        case .chunk(let chunk)?: chunk
        case .start?: throw RoamError.invalidField("start", "must be sent once, first")
        case nil: nil
        }
    }

    func makeAsyncIterator() -> Self { self }
}
