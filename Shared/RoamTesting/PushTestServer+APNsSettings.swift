import Crypto

extension PushTestServer {
    /// What a notifications process needs to push to this server as APNs: a fresh `.p8`-style key, ids
    /// of the right shape, the topic, and this server's authority to trust.
    public func apnsEnvironment(topic: String = "com.example.diary") -> [String: String] {
        [
            "APNS_KEY": P256.Signing.PrivateKey().pemRepresentation, "APNS_KEY_ID": "KEY1234567", "APNS_TEAM_ID": "TEAM123456",
            "APNS_TOPIC": topic, "APNS_ENDPOINT": url, "PUSH_CA_PATH": certificateAuthority,
        ]
    }
}
