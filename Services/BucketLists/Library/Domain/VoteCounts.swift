/// How many voted an activity up and down.
public struct VoteCounts: Sendable, Hashable {
    public var up: Int
    public var down: Int

    public init(up: Int = 0, down: Int = 0) {
        self.up = up
        self.down = down
    }

    public var score: Int { up - down }
    public var total: Int { up + down }
}
