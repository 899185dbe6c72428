/// What `BackgroundTransfers.events()` reports.
public enum BackgroundTransferEvent: Hashable, Sendable {
    /// Bytes went (or arrived): what a progress bar shows.
    case progress(BackgroundTransfer.ID, TransferProgress)
    /// Uploaded, downloaded or failed: its `state` says which.
    case finished(BackgroundTransfer)
}
