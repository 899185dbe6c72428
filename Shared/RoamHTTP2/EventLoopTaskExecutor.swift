import NIOCore

/// Runs tasks on one NIO event loop, so a handler and the connection it answers share a thread: the
/// bytes read on the loop resume the task waiting for them without waking another thread.
public final class EventLoopTaskExecutor: TaskExecutor, Sendable {
    private let loop: any EventLoop

    public init(_ loop: any EventLoop) {
        self.loop = loop
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
