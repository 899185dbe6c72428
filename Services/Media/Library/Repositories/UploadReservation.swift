/// What `ResumableUploadRepository.reserve` did.
public enum UploadReservation: Sendable, Equatable {
    case created(ResumableUpload)
    /// The owner made one with the same idempotency key: this is it.
    case existing(ResumableUpload)
    /// It does not fit: the owner keeps `stored` bytes and has `reserved` more under way.
    case overQuota(stored: Int, reserved: Int)
    /// The owner has `open` unfinished uploads already.
    case tooManyOpen(open: Int)
}
