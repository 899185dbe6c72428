import NIOCore

/// A connection as code off its event loop holds it (the transport, a call's handler): every use hops
/// to the loop first, and `NIOLoopBound` checks that it did.
struct HTTP2ServerConnectionHandle: Sendable {
    let loop: any EventLoop
    /// The loop as a task executor: a call's handler runs there, beside its connection.
    let executor: EventLoopTaskExecutor
    let id: ObjectIdentifier
    private let connection: NIOLoopBound<HTTP2ServerConnection>

    /// Made on the connection's loop.
    init(_ connection: HTTP2ServerConnection) {
        loop = connection.loop
        executor = connection.executor
        id = ObjectIdentifier(connection)
        self.connection = NIOLoopBound(connection, eventLoop: connection.loop)
    }

    /// Runs `body` on the event loop and waits for it: at once when the caller is already there, which
    /// is where a handler runs (its connection's loop is its task executor).
    func perform<Result: Sendable>(_ body: @escaping @Sendable (HTTP2ServerConnection) throws -> Result) async throws -> Result {
        if loop.inEventLoop {
            try body(connection.value)
        } else {
            try await loop.submit { [connection] in try body(connection.value) }.get()
        }
    }

    /// Runs `body` on the event loop without waiting (at once when already there).
    func execute(_ body: @escaping @Sendable (HTTP2ServerConnection) -> Void) {
        if loop.inEventLoop {
            body(connection.value)
        } else {
            enqueue(body)
        }
    }

    /// Runs `body` on the event loop on a later turn, even when called there.
    func enqueue(_ body: @escaping @Sendable (HTTP2ServerConnection) -> Void) {
        loop.execute { [connection] in body(connection.value) }
    }
}
