import GRPCCore
import NIOCore

/// The framed messages of one stream waiting for nghttp2 to take them as DATA, with the wait of a
/// writer that is ahead of the peer's flow-control window.
struct OutboundBytes {
    /// Bytes waiting beyond which a writer waits, and the level that lets it go on.
    static let highWater = 1 << 20
    static let lowWater = 256 << 10

    private var bytes: [UInt8] = []
    private var start = 0
    /// nghttp2 found nothing to send and waits to be resumed.
    var isDeferred = false
    private var drained: EventLoopPromise<Void>?

    var count: Int { bytes.count - start }

    mutating func append(message: [UInt8]) {
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            start = 0
        }
        let length = message.count
        bytes.append(0)
        bytes.append(UInt8(truncatingIfNeeded: length >> 24))
        bytes.append(UInt8(truncatingIfNeeded: length >> 16))
        bytes.append(UInt8(truncatingIfNeeded: length >> 8))
        bytes.append(UInt8(truncatingIfNeeded: length))
        bytes.append(contentsOf: message)
    }

    /// Copies up to `capacity` bytes into nghttp2's buffer; returns how many.
    mutating func take(into buffer: UnsafeMutablePointer<UInt8>, capacity: Int) -> Int {
        let count = min(capacity, self.count)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { buffer.update(from: $0.baseAddress! + start, count: count) }
        start += count
        if self.count <= Self.lowWater, let drained {
            self.drained = nil
            drained.succeed()
        }
        return count
    }

    /// What a writer waits for when too much is waiting already; nil when it may go on.
    mutating func backpressure(on loop: any EventLoop) -> EventLoopFuture<Void>? {
        guard count > Self.highWater else { return nil }
        let drained = self.drained ?? loop.makePromise()
        self.drained = drained
        return drained.futureResult
    }

    mutating func fail(_ error: any Error) {
        drained?.fail(error)
        drained = nil
    }
}
