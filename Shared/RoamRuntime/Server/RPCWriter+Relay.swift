import GRPCCore

extension RPCWriter {
    /// Writes each element of `stream` as a message (none when `message` gives nil) until the stream
    /// ends or the RPC is cancelled.
    /// gRPC reports a client going away or the server stopping through the cancellation handler, not by
    /// cancelling the handler's task; ending the relay then lets the server stop.
    public func relay<Source: Sendable>(_ stream: AsyncStream<Source>, as message: @escaping @Sendable (Source) -> Element?) async throws {
        let relay = Task {
            for await element in stream {
                if let message = message(element) { try await write(message) }
            }
        }
        try await withRPCCancellationHandler {
            try await relay.value
        } onCancelRPC: {
            relay.cancel()
        }
    }

    /// As `relay(_:as:)`, with a message that takes a call to make (a row read for an announced id).
    public func relay<Source: Sendable>(
        _ stream: AsyncStream<Source>, reading message: @escaping @Sendable (Source) async throws -> Element?
    ) async throws {
        let relay = Task {
            for await element in stream {
                if let message = try await message(element) { try await write(message) }
            }
        }
        try await withRPCCancellationHandler {
            try await relay.value
        } onCancelRPC: {
            relay.cancel()
        }
    }
}
