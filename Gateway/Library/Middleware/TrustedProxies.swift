import Foundation
import RoamRuntime

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The proxies in front of the gateway (`TRUSTED_PROXIES`), which decide whose `X-Forwarded-For` entries
/// count. The client is the right-most address not added by one of them: everything to its left was
/// written by the client itself and proves nothing. Either a number of proxies (`1` behind one load
/// balancer) or their addresses and networks (`10.0.0.0/8, 192.168.1.5, fd00::/8`); empty trusts none,
/// and the connection's own address is the client's.
public enum TrustedProxies: Sendable, Equatable {
    case none
    /// This many proxies, each appending the address it heard from.
    case count(Int)
    case networks([Network])

    public struct Network: Sendable, Equatable {
        var bytes: [UInt8]
        var prefixLength: Int

        /// `10.0.0.0/8`, `192.168.1.5`, `fd00::/8` or `::1`.
        init?(_ text: some StringProtocol) {
            let parts = text.split(separator: "/", maxSplits: 1)
            guard let address = parts.first, let bytes = TrustedProxies.bytes(of: address) else { return nil }
            let length = parts.count == 2 ? Int(parts[1]) : bytes.count * 8
            guard let length, (0...bytes.count * 8).contains(length) else { return nil }
            self.bytes = bytes
            prefixLength = length
        }

        func contains(_ address: [UInt8]) -> Bool {
            guard address.count == bytes.count else { return false }
            var remaining = prefixLength
            for (mine, theirs) in zip(bytes, address) where remaining > 0 {
                let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
                if mine & mask != theirs & mask { return false }
                remaining -= 8
            }
            return true
        }
    }

    public init(environment: Environment) throws(ConfigurationError) {
        if environment.optionalString("TRUST_FORWARDED_FOR") != nil {
            throw ConfigurationError(
                variable: "TRUST_FORWARDED_FOR",
                problem: "is replaced by TRUSTED_PROXIES: set it to the number of "
                    + "proxies in front of the gateway (1 behind one load balancer) or their addresses")
        }
        let raw = environment.string("TRUSTED_PROXIES", default: "").trimmingCharacters(in: .whitespaces)
        if raw.isEmpty {
            self = .none
        } else if let count = Int(raw) {
            guard (0...10).contains(count) else {
                throw ConfigurationError(variable: "TRUSTED_PROXIES", problem: "expected 0 to 10 proxies, got \(count)")
            }
            self = count == 0 ? .none : .count(count)
        } else {
            var networks: [Network] = []
            for part in raw.split(separator: ",") {
                guard let network = Network(part.trimmingCharacters(in: .whitespaces)) else {
                    throw ConfigurationError(
                        variable: "TRUSTED_PROXIES", problem: "expected a number or addresses such as 10.0.0.0/8, got \"\(part)\"")
                }
                networks.append(network)
            }
            self = .networks(networks)
        }
    }

    /// The client's address, from the connection's `peer` and the `X-Forwarded-For` header (all of its
    /// lines, in order).
    public func client(peer: String, forwardedFor: [String]) -> String {
        let found = forwardedClient(peer: peer, forwardedFor: forwardedFor)
        // Only an address: never a text of the client's choosing as a rate-limit key or in a log.
        return found == peer || Self.bytes(of: found) != nil ? found : peer
    }

    private func forwardedClient(peer: String, forwardedFor: [String]) -> String {
        let forwarded = forwardedFor.flatMap { $0.split(separator: ",") }.map { String($0.trimmingCharacters(in: .whitespaces)) }
        switch self {
        case .none:
            return peer
        case .count(let proxies):
            // The peer is the last proxy; each proxy appended the address before it.
            let chain = forwarded + [peer]
            return chain[max(0, chain.count - 1 - proxies)]
        case .networks(let networks):
            let chain = forwarded + [peer]
            for address in chain.reversed() {
                guard let bytes = Self.bytes(of: address), networks.contains(where: { $0.contains(bytes) }) else { return address }
            }
            return chain[0]
        }
    }

    /// Whether a connection from `peer` comes through a trusted proxy (and so carries many clients).
    public func isProxy(_ peer: String) -> Bool {
        switch self {
        case .none: false
        case .count: true
        case .networks(let networks): Self.bytes(of: peer).map { bytes in networks.contains { $0.contains(bytes) } } ?? false
        }
    }

    /// An IPv4 or IPv6 address's bytes (IPv4-mapped IPv6 as IPv4), or nil for anything else.
    static func bytes(of text: some StringProtocol) -> [UInt8]? {
        let text = String(text)
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 {
            return withUnsafeBytes(of: &v4) { Array($0) }
        }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        let bytes = withUnsafeBytes(of: &v6) { Array($0) }
        if bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF { return Array(bytes[12...]) }
        return bytes
    }
}
