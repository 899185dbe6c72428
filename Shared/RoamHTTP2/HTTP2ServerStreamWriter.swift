import GRPCCore

/// A call's response side: each part is handed to the connection on its event loop (at once when the
/// handler already runs there).
struct HTTP2ServerStreamWriter: ClosableRPCWriterProtocol {
    typealias Element = RPCResponsePart<[UInt8]>

    let connection: HTTP2ServerConnectionHandle
    let streamID: Int32

    func write(_ element: Element) async throws {
        if let drained = try await connection.perform({ [streamID] in try $0.send(element, on: streamID) }) {
            try await drained.get()
        }
    }

    func write(contentsOf elements: some Sequence<Element>) async throws {
        for element in elements { try await write(element) }
    }

    func finish() async {
        try? await connection.perform { [streamID] in $0.endResponse(on: streamID, failed: false) }
    }

    func finish(throwing error: any Error) async {
        try? await connection.perform { [streamID] in $0.endResponse(on: streamID, failed: true) }
    }
}
