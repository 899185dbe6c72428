/// Pending writes kept only while the process runs.
public actor InMemoryPendingWriteStore: PendingWriteStore {
    private var writes: [PendingWrite]

    public init(_ writes: [PendingWrite] = []) {
        self.writes = writes
    }

    public func load() -> [PendingWrite] { writes }

    public func save(_ writes: [PendingWrite]) { self.writes = writes }
}
