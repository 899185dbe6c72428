/// The media service's limits; each is a setting (`MediaPolicy+Environment`).
public struct MediaPolicy: Sendable {
    /// The largest upload, in bytes (50 MB unless set).
    public var maxBytes: Int
    /// The largest image decoded, width × height (100 megapixels unless set), against decompression bombs.
    public var maxPixels: Int
    /// The most bytes of originals one user may keep (10 GB unless set); nil for no limit.
    public var quotaBytes: Int?
    /// How long a resumable upload waits for its next bytes before it and its bytes are removed (a day
    /// unless set).
    public var uploadExpiry: Duration
    /// The most unfinished resumable uploads one user may hold (20 unless set).
    public var maxOpenUploads: Int

    public init(
        maxBytes: Int = 50_000_000, maxPixels: Int = 100_000_000, quotaBytes: Int? = 10_000_000_000, uploadExpiry: Duration = .seconds(86_400),
        maxOpenUploads: Int = 20
    ) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
        self.quotaBytes = quotaBytes
        self.uploadExpiry = uploadExpiry
        self.maxOpenUploads = maxOpenUploads
    }
}
