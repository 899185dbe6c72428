/// Where a pin came from. Pins are the traveller's own for now; imports and tracks may add more.
public enum PinSource: String, Sendable, Hashable, CaseIterable {
    case user
}
