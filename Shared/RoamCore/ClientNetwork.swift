import Foundation

/// The network a client's address stands for when limits count it: an IPv4 address as it is, an IPv6
/// address by its /64. Providers hand every subscriber at least a /64, so its 2^64 addresses are one
/// client; counted apart, each would be a fresh start for a guesser.
public enum ClientNetwork {
    /// `203.0.113.7` → `203.0.113.7`; `2001:db8:1:2:aa:bb:cc:dd` → `2001:db8:1:2::/64`; an
    /// IPv4-mapped IPv6 address → its IPv4 address. Anything else is returned as it came.
    public static func key(of address: String) -> String {
        // A scope (fe80::1%eth0) names an interface, not a network.
        let address = address.split(separator: "%", maxSplits: 1).first.map(String.init) ?? address
        guard address.contains(":"), let groups = groups(of: address) else { return address }
        if groups[0..<5].allSatisfy({ $0 == 0 }) && groups[5] == 0xffff {
            return "\(groups[6] >> 8).\(groups[6] & 0xff).\(groups[7] >> 8).\(groups[7] & 0xff)"
        }
        return groups[0..<4].map { String($0, radix: 16) }.joined(separator: ":") + "::/64"
    }

    /// The eight 16-bit groups of an IPv6 address in text (with `::` and a dotted IPv4 tail), or nil.
    static func groups(of text: String) -> [UInt16]? {
        var text = Substring(text)
        var tail: [UInt16] = []
        // A dotted IPv4 tail stands for the last two groups.
        if let lastColon = text.lastIndex(of: ":"), text[text.index(after: lastColon)...].contains(".") {
            let octets = text[text.index(after: lastColon)...].split(separator: ".", omittingEmptySubsequences: false).compactMap { UInt8($0) }
            guard octets.count == 4 else { return nil }
            tail = [UInt16(octets[0]) << 8 | UInt16(octets[1]), UInt16(octets[2]) << 8 | UInt16(octets[3])]
            text = text[...lastColon]
            if text.hasSuffix("::") == false { text = text.dropLast() }
        }
        func parse(_ part: Substring) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            let fields = part.split(separator: ":", omittingEmptySubsequences: false)
            let values = fields.compactMap { $0.count <= 4 ? UInt16($0, radix: 16) : nil }
            return values.count == fields.count ? values : nil
        }
        let halves = text.components(separatedBy: "::")
        switch halves.count {
        case 1:
            guard let all = parse(Substring(halves[0])), all.count + tail.count == 8 else { return nil }
            return all + tail
        case 2:
            guard let head = parse(Substring(halves[0])), let rest = parse(Substring(halves[1])) else { return nil }
            let missing = 8 - head.count - rest.count - tail.count
            guard missing >= 1 else { return nil }
            return head + Array(repeating: 0, count: missing) + rest + tail
        default:
            return nil
        }
    }
}
