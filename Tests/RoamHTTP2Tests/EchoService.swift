import GRPCCore
import Synchronization

/// The transport tests' service, one method of each kind:
/// - `Get` (unary) answers its request; `fail:<code>:<message>` fails with that status, `sleep:<ms>`
///   answers after that long, `keys` answers the request's metadata keys (sorted, comma-separated),
///   and `x-echo`/`x-echo-bin` come back as leading and trailing metadata;
/// - `Collect` (client streaming) answers the concatenation of what it received;
/// - `Expand` (server streaming) answers `count` messages of `size` bytes (two big-endian UInt32s),
///   counting in `written` how many it has handed to the transport;
/// - `Update` (bidirectional) echoes each message.
/// `outcomes` records how `Update` and a sleeping `Get` ended: "finished", or "cancelled" when the
/// call was cancelled or the handler told to stop (a sleeping `Get` then answers "interrupted").
final class EchoService: RegistrableRPCService, Sendable {
    static let get = MethodDescriptor(fullyQualifiedService: "roam.test.Echo", method: "Get", type: .unary)
    static let collect = MethodDescriptor(fullyQualifiedService: "roam.test.Echo", method: "Collect", type: .clientStreaming)
    static let expand = MethodDescriptor(fullyQualifiedService: "roam.test.Echo", method: "Expand", type: .serverStreaming)
    static let update = MethodDescriptor(fullyQualifiedService: "roam.test.Echo", method: "Update", type: .bidirectionalStreaming)

    let written = Atomic<Int>(0)
    let started = Atomic<Int>(0)
    let outcomes = Mutex<[String]>([])

    func registerMethods<Transport: ServerTransport>(with router: inout RPCRouter<Transport>) {
        router.registerHandler(forMethod: Self.get, deserializer: BytesCoder(), serializer: BytesCoder()) { request, context in
            let message = try await request.messages.first { _ in true } ?? []
            let text = String(decoding: message, as: UTF8.self)
            if text.hasPrefix("fail:") {
                let parts = text.split(separator: ":", maxSplits: 2).map(String.init)
                throw RPCError(code: RPCError.Code(Status.Code(rawValue: Int(parts[1])!)!)!, message: parts[2])
            }
            if text == "keys" {
                let keys = Set(request.metadata.map(\.key)).sorted().joined(separator: ",")
                return StreamingServerResponse(single: ServerResponse(message: Array(keys.utf8)))
            }
            if text.hasPrefix("sleep:") {
                self.started.add(1, ordering: .relaxed)
                let end = ContinuousClock.now + .milliseconds(Int(text.dropFirst(6))!)
                while ContinuousClock.now < end {
                    if Task.isCancelled {
                        self.outcomes.withLock { $0.append("cancelled") }
                        throw RPCError(code: .cancelled, message: "cancelled")
                    }
                    // Told to stop (the client went, or the server is shutting down): answer at once.
                    if context.cancellation.isCancelled {
                        self.outcomes.withLock { $0.append("cancelled") }
                        return StreamingServerResponse(single: ServerResponse(message: Array("interrupted".utf8)))
                    }
                    try? await Task.sleep(for: .milliseconds(5))
                }
            }
            var echoed = Metadata()
            for value in request.metadata[stringValues: "x-echo"] { echoed.addString(value, forKey: "x-echo") }
            for value in request.metadata[binaryValues: "x-echo-bin"] { echoed.addBinary(value, forKey: "x-echo-bin") }
            return StreamingServerResponse(single: ServerResponse(message: message, metadata: echoed, trailingMetadata: echoed))
        }
        router.registerHandler(forMethod: Self.collect, deserializer: BytesCoder(), serializer: BytesCoder()) { request, _ in
            var all: [UInt8] = []
            for try await message in request.messages { all += message }
            return StreamingServerResponse(single: ServerResponse(message: all))
        }
        router.registerHandler(forMethod: Self.expand, deserializer: BytesCoder(), serializer: BytesCoder()) { request, _ in
            let message = try await request.messages.first { _ in true } ?? []
            let count = message.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            let size = message.dropFirst(4).prefix(4).reduce(0) { $0 << 8 | Int($1) }
            return StreamingServerResponse { writer in
                for index in 0..<count {
                    try await writer.write([UInt8](repeating: UInt8(truncatingIfNeeded: index), count: size))
                    self.written.add(1, ordering: .relaxed)
                }
                return [:]
            }
        }
        router.registerHandler(forMethod: Self.update, deserializer: BytesCoder(), serializer: BytesCoder()) { request, context in
            StreamingServerResponse { writer in
                self.started.add(1, ordering: .relaxed)
                do {
                    for try await message in request.messages {
                        guard !context.cancellation.isCancelled else { throw RPCError(code: .cancelled, message: "cancelled") }
                        try await writer.write(message)
                    }
                } catch {
                    self.outcomes.withLock { $0.append("cancelled") }
                    throw error
                }
                self.outcomes.withLock { $0.append(context.cancellation.isCancelled ? "cancelled" : "finished") }
                return [:]
            }
        }
    }
}
