/// How much of an upload or download has gone: what a progress bar shows.
public struct TransferProgress: Hashable, Sendable {
    public let completedBytes: Int64
    /// Nil when the other side did not say (a download without `Content-Length`).
    public let totalBytes: Int64?

    public init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// From 0 to 1; nil when the total is unknown.
    public var fractionCompleted: Double? {
        guard let totalBytes, totalBytes > 0 else { return nil }
        return Double(completedBytes) / Double(totalBytes)
    }
}
