import NIOCore
import NIOHPACK
import NIOPosix

/// A client that speaks HTTP/2 frame by frame, as an attacker would: it writes whatever bytes a test
/// builds (`HTTP2Frame`) and reads the server's frames back, with no protocol checks of its own.
final class RawHTTP2Peer: Sendable {
    static let preface = Array("PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n".utf8)

    private let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

    private init(channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>) {
        self.channel = channel
    }

    /// Connects to the server and runs `body` with a peer; the connection is closed after.
    static func connect<Result: Sendable>(
        port: Int, group: any EventLoopGroup, _ body: (RawHTTP2Peer, inout Inbound) async throws -> Result
    ) async throws -> Result {
        let channel = try await ClientBootstrap(group: group).connect(host: "127.0.0.1", port: port) { channel in
            channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
        }
        return try await channel.executeThenClose { inbound, _ in
            var reader = Inbound(iterator: inbound.makeAsyncIterator())
            return try await body(RawHTTP2Peer(channel: channel), &reader)
        }
    }

    /// Sends bytes as they are; false once the server has closed the connection.
    @discardableResult
    func send(_ bytes: [UInt8]) async -> Bool {
        do {
            try await channel.channel.writeAndFlush(channel.channel.allocator.buffer(bytes: bytes))
            return true
        } catch {
            return false
        }
    }

    /// The client's preface and an empty SETTINGS frame, the start of every well-behaved connection.
    func start() async {
        await send(Self.preface + HTTP2Frame.settings().bytes)
    }

    /// The server's frames, in order, as they arrive.
    struct Inbound {
        var iterator: NIOAsyncChannelInboundStream<ByteBuffer>.AsyncIterator
        var pending: [UInt8] = []
        var isClosed = false
        var headerTable = HPACKDecoder(allocator: ByteBufferAllocator())

        /// The next frame, or nil when the server closed the connection.
        mutating func next() async throws -> HTTP2Frame? {
            while true {
                if var frame = HTTP2Frame.cut(from: &pending) {
                    // Every header block goes through the table, in order, or later ones read wrong.
                    if frame.type == .headers {
                        var block = ByteBuffer(bytes: frame.payload)
                        frame.fields = try headerTable.decodeHeaders(from: &block).map { ($0.name, $0.value) }
                    }
                    return frame
                }
                // A server that closes with a flood still unread resets the connection: closed all the same.
                guard !isClosed, let buffer = try? await iterator.next() else {
                    isClosed = true
                    return nil
                }
                pending += buffer.readableBytesView
            }
        }

        /// Frames until one matches, skipping the others; nil when the connection closed first.
        mutating func first(where matches: (HTTP2Frame) -> Bool) async throws -> HTTP2Frame? {
            while let frame = try await next() {
                if matches(frame) { return frame }
            }
            return nil
        }

        /// Reads until the server closes the connection; the GOAWAY it sent on the way, if any.
        mutating func untilClosed() async throws -> HTTP2Frame? {
            var goAway: HTTP2Frame?
            while let frame = try await next() {
                if frame.type == .goAway { goAway = frame }
            }
            return goAway
        }
    }
}
