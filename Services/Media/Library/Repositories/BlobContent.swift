import Foundation

/// A blob being read: its whole size, the range being sent, and those bytes in chunks.
public struct BlobContent: Sendable {
    /// The size of the whole blob.
    public var size: Int
    /// The bytes `chunks` yields, as offsets into the blob.
    public var range: ClosedRange<Int>?
    public var chunks: AsyncThrowingStream<Data, any Error>

    /// How many bytes `chunks` yields.
    public var length: Int { range.map { $0.count } ?? size }
}
