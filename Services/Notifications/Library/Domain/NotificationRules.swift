import RoamCore

/// The shapes of what apps and services send: tokens, topics, kinds, languages.
enum NotificationRules {
    /// APNs tokens are 64 hexadecimal digits, FCM's registration tokens about 160 characters of
    /// base64url with a colon; anything longer or with other characters is no token.
    static func checkToken(_ token: String, into validation: inout Validation) {
        validation.require(
            (8...4096).contains(token.utf8.count)
                && token.unicodeScalars.allSatisfy { $0.isASCII && (isWordScalar($0) || ":-_.".unicodeScalars.contains($0)) },
            "device.token", "must be the token the push service gave the app")
    }

    /// A bundle id such as `com.example.tripdiary`.
    static func checkTopic(_ topic: String, into validation: inout Validation) {
        validation.require(
            (1...255).contains(topic.utf8.count)
                && topic.unicodeScalars.allSatisfy { $0.isASCII && (isWordScalar($0) || ".-".unicodeScalars.contains($0)) },
            "device.topic", "must be the app's bundle id such as com.example.app")
    }

    /// `budget_alert`: lower-case words joined by underscores.
    static func checkKind(_ kind: String, _ field: String, into validation: inout Validation) {
        validation.require(
            (1...64).contains(kind.utf8.count)
                && kind.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" },
            field, "must be a notification kind such as budget_alert")
    }

    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
