import GRPCCore
import NIOCore

/// A call's request side: the metadata opens the stream, messages follow, and finishing ends it.
struct HTTP2ClientStreamWriter: ClosableRPCWriterProtocol {
    typealias Element = RPCRequestPart<[UInt8]>

    let handle: HTTP2ClientStreamHandle

    func write(_ element: Element) async throws {
        let handle = handle
        let drained = try await handle.connection.perform { connection -> EventLoopFuture<Void>? in
            switch element {
            case .metadata(let metadata):
                try connection.open(handle.stream, metadata: metadata)
                return nil
            case .message(let message):
                return try connection.send(message: message, on: handle.stream)
            }
        }
        try await drained?.get()
    }

    func write(contentsOf elements: some Sequence<Element>) async throws {
        for element in elements { try await write(element) }
    }

    func finish() async {
        let handle = handle
        try? await handle.connection.perform { $0.finishRequest(of: handle.stream) }
    }

    func finish(throwing error: any Error) async {
        let handle = handle
        try? await handle.connection.perform { $0.release(handle.stream) }
    }
}
