/// JSON Schemas of the accounts routes' bodies.
enum AccountsSchemas {
    typealias S = JSONSchema

    static let all: [String: OpenAPIValue] = [
        "SignUpRequest": S.object([
            "email": S.string("An email address", format: "email"),
            "username": S.string("3 to 30 of a-z, 0-9, _ and .; unique regardless of case", minLength: 3, maxLength: 30),
            "password": S.string("At least 8 characters, not a common password", minLength: 8),
            "displayName": S.string("The name shown to others", minLength: 1, maxLength: 60),
            "deviceName": S.string("Shown in the session list", maxLength: 100),
        ], required: ["email", "username", "password", "displayName"]),
        "LogInRequest": S.object([
            "identifier": S.string("An email address or a username"),
            "password": S.string("The password"),
            "deviceName": S.string("Shown in the session list", maxLength: 100),
        ], required: ["identifier", "password"]),
        "RefreshTokenRequest": S.object(["refreshToken": S.string("A refresh token from sign-up, log-in or refresh")],
                                        required: ["refreshToken"]),
        "TokenRequest": S.object(["token": S.string("The token from the email")], required: ["token"]),
        "EmailRequest": S.object(["email": S.string("An email address", format: "email")], required: ["email"]),
        "ResetPasswordRequest": S.object([
            "token": S.string("The token from the email"),
            "newPassword": S.string("At least 8 characters, not a common password", minLength: 8),
        ], required: ["token", "newPassword"]),
        "ChangePasswordRequest": S.object([
            "currentPassword": S.string("The password now"),
            "newPassword": S.string("At least 8 characters, not a common password", minLength: 8),
        ], required: ["currentPassword", "newPassword"]),
        "PasswordRequest": S.object(["password": S.string("The password now")], required: ["password"]),
        "ProfileChanges": S.object([
            "displayName": S.string("The name shown to others", minLength: 1, maxLength: 60),
            "bio": S.string("Up to 500 characters", maxLength: 500),
            "phone": S.string("E.164 phone number, or empty to remove"),
            "avatarMediaId": S.string("A media id, or empty to remove"),
        ], required: []),
        "Tokens": S.object([
            "tokenType": S.string("Always Bearer"),
            "accessToken": S.string("A JWT to send as `Authorization: Bearer …`; short-lived"),
            "accessTokenExpiresAt": S.dateTime,
            "refreshToken": S.string("Opaque; trade it at /v1/auth/refresh for new tokens (it is rotated)"),
            "refreshTokenExpiresAt": S.dateTime,
            "sessionId": S.uuid,
        ], required: ["tokenType", "accessToken", "accessTokenExpiresAt", "refreshToken", "refreshTokenExpiresAt", "sessionId"]),
        "Profile": S.object([
            "userId": S.uuid, "username": S.string, "displayName": S.string, "bio": S.string,
            "phone": S.string("Only on your own profile"), "avatarMediaId": S.string,
            "followerCount": S.int64, "followingCount": S.int64, "followedByMe": S.bool, "followsMe": S.bool,
        ], required: ["userId", "username", "displayName", "bio", "followerCount", "followingCount", "followedByMe", "followsMe"]),
        "Account": S.object([
            "userId": S.uuid, "email": S.string, "emailVerified": S.bool, "profile": S.ref("Profile"), "createdAt": S.dateTime,
        ], required: ["userId", "email", "emailVerified", "profile", "createdAt"]),
        "SignedIn": S.object(["account": S.ref("Account"), "tokens": S.ref("Tokens")], required: ["account", "tokens"]),
        "Session": S.object([
            "sessionId": S.uuid, "userAgent": S.string, "deviceName": S.string, "clientAddress": S.string,
            "createdAt": S.dateTime, "lastUsedAt": S.dateTime, "current": S.bool,
        ], required: ["sessionId", "userAgent", "deviceName", "clientAddress", "createdAt", "lastUsedAt", "current"]),
        "Sessions": S.object(["sessions": S.array(of: S.ref("Session"))], required: ["sessions"]),
        "RevokedSessions": S.object(["revokedCount": S.int32], required: ["revokedCount"]),
        "ProfilePage": S.object([
            "profiles": S.array(of: S.ref("Profile")),
            "totalCount": S.int64,
            "nextPageToken": S.string("Absent on the last page"),
        ], required: ["profiles"]),
        "UserOverview": S.object([
            "profile": S.ref("Profile"),
            "counts": S.map(of: S.int64),
            "parts": S.map(of: S.ref("PartStatus")),
        ], required: ["profile", "counts", "parts"]),
        "PartStatus": S.object([
            "status": ["type": "string", "enum": ["ok", "timeout", "unavailable"]],
            "reason": S.string("Why the part is missing"),
        ], required: ["status"]),
    ]
}
