import Foundation

/// A small deterministic generator (SplitMix64), so a trip's prompts come in an order of its own that
/// stays the same from one call to the next.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UUID) {
        state = withUnsafeBytes(of: seed.uuid) { $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self) }
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
