/// What adding or moving a pin came to.
public enum PinPlacement: Sendable, Hashable {
    case placed(Pin)
    /// Another pin of the trip is closer than the minimum distance.
    case tooClose(to: Pin, meters: Double)
}
