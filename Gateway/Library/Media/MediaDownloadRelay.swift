import AsyncAlgorithms
import GRPCCore
import RoamProto
import RoamRuntime

/// Relays one download from the media service's stream to an HTTP body that is written after the
/// handler returns: a task holds the call open and hands each chunk over only when the client takes
/// it (so a slow client never makes the gateway buffer a file), and ends the call when nothing holds
/// the body any more.
struct MediaDownloadRelay: Sendable {
    let head: Roam_Media_V1_DownloadHead
    /// The bytes, read once.
    let chunks: RelayedChunks
    private let task: RelayTask

    /// Starts the call and waits for its head (the sizes and type), or its error.
    static func open<Transport: GRPCCore.ClientTransport>(
        _ request: Roam_Media_V1_DownloadRequest,
        media: MediaCaller<Transport>
    ) async throws -> MediaDownloadRelay {
        let chunks = AsyncThrowingChannel<ArraySlice<UInt8>, any Error>()
        let (heads, headOutput) = AsyncThrowingStream.makeStream(of: Roam_Media_V1_DownloadHead.self)
        let context = CallContext.current
        let task = Task {
            await CallContext.$current.withValue(context) {
                do {
                    try await media.call(idempotent: true, longLived: true) { client, options in
                        try await client.download(request, options: options) { response in
                            for try await message in response.messages {
                                switch message.part {
                                case .head(let head): headOutput.yield(head)
                                case .chunk(let bytes): await chunks.send(ArraySlice(bytes))
                                case nil: break
                                }
                                try Task.checkCancellation()
                            }
                        }
                    }
                    headOutput.finish()
                    chunks.finish()
                } catch {
                    headOutput.finish(throwing: error)
                    chunks.fail(error)
                }
            }
        }
        do {
            var waiting = heads.makeAsyncIterator()
            guard let head = try await waiting.next() else { throw RoamError.unavailable }
            let held = RelayTask(task)
            return MediaDownloadRelay(head: head, chunks: RelayedChunks(chunks: chunks, task: held), task: held)
        } catch {
            task.cancel()
            throw error
        }
    }

    /// Ends the call without sending the body (the client's copy is current).
    func cancel() {
        task.task.cancel()
    }
}
