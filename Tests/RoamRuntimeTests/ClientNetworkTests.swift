import RoamCore
import Testing

/// Limits count an IPv6 client by its /64, so hopping between its addresses is no fresh start.
@Suite struct ClientNetworkTests {
    @Test(arguments: [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aa:bb:cc:dd", "2001:db8:1:2::/64"),
        ("2001:db8:1:2::1", "2001:db8:1:2::/64"),
        ("2001:DB8:0001:0002:ffff::9", "2001:db8:1:2::/64"),
        ("2001:db8::", "2001:db8:0:0::/64"),
        ("::1", "0:0:0:0::/64"),
        ("fe80::1%eth0", "fe80:0:0:0::/64"),
        ("::ffff:198.51.100.4", "198.51.100.4"),
        ("64:ff9b::198.51.100.4", "64:ff9b:0:0::/64"),
        ("unknown", "unknown"),
        ("2001:db8::1::2", "2001:db8::1::2"),
        ("2001:db8:1:2:3:4:5:6:7", "2001:db8:1:2:3:4:5:6:7"),
        ("2001:db8:12345::1", "2001:db8:12345::1"),
    ])
    func addressesAreCountedByTheirNetwork(_ address: String, _ key: String) {
        #expect(ClientNetwork.key(of: address) == key)
    }

    @Test func everyAddressOfOneSlash64IsOneClientAndTheNextNetworkIsAnother() {
        let keys = Set((0..<50).map { ClientNetwork.key(of: "2001:db8:aa:bb:\(String($0, radix: 16)):\(String($0 * 7, radix: 16))::1") })
        #expect(keys == ["2001:db8:aa:bb::/64"])
        #expect(ClientNetwork.key(of: "2001:db8:aa:bc::1") != ClientNetwork.key(of: "2001:db8:aa:bb::1"))
    }
}
