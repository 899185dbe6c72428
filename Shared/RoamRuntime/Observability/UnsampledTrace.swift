/// The W3C `traceparent` of a call no user asked for (a key refresh, an outbox delivery): its
/// sampled flag is off, so the callee, which follows its caller's decision, records nothing either.
enum UnsampledTrace {
    static func traceparent() -> String {
        "00-\(hex(bytes: 16))-\(hex(bytes: 8))-00"
    }

    private static func hex(bytes: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        var digits = ""
        while digits.count < bytes * 2 {
            digits += String(generator.next() | (1 << 63), radix: 16).suffix(16)
        }
        return String(digits.prefix(bytes * 2))
    }
}
