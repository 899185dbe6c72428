import Foundation
import NIOPosix

/// Runs image work on dedicated threads, one per core: a burst of uploads waits in line here instead of
/// decoding dozens of photos at once, and the concurrency pool never blocks on libvips.
public final class ImageWorkers: Sendable {
    private let pool: NIOThreadPool

    public init(threads: Int = ProcessInfo.processInfo.activeProcessorCount) {
        pool = NIOThreadPool(numberOfThreads: max(1, threads))
        pool.start()
    }

    public func run<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
        try await pool.runIfActive(work)
    }

    public func shutdown() async throws {
        try await pool.shutdownGracefully()
    }
}
