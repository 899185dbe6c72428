/// The media service's limits; each is a setting (`MediaPolicy+Environment`).
public struct MediaPolicy: Sendable {
    /// The largest upload, in bytes (50 MB unless set).
    public var maxBytes: Int
    /// The largest image decoded, width × height (100 megapixels unless set), against decompression bombs.
    public var maxPixels: Int
    /// The most bytes of originals one user may keep (10 GB unless set); nil for no limit.
    public var quotaBytes: Int?

    public init(maxBytes: Int = 50_000_000, maxPixels: Int = 100_000_000, quotaBytes: Int? = 10_000_000_000) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
        self.quotaBytes = quotaBytes
    }
}
