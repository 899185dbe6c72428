import Foundation
import RoamCore

/// The accounts use cases: sign-up, log-in, sessions and passwords. Profiles, email tokens and the
/// social graph are in the extensions beside this file. Knows nothing of gRPC or SQL.
public struct AccountService: Sendable {
    let users: any UserRepository
    let sessions: any SessionRepository
    let graph: any SocialGraphRepository
    let attempts: any LoginAttemptRepository
    let oneTimeTokens: any OneTimeTokenRepository
    let identities: any IdentityRepository
    let nonces: any NonceRepository
    /// Devices each account signed in from with its password, which guessing elsewhere never holds back.
    let devices: any KnownDeviceRepository
    /// The OpenID Connect providers accepted for sign-in, and what checks their ID tokens.
    let providers: [IdentityProvider]
    let idTokens: (any IDTokenVerifier)?
    let hasher: any PasswordHashing
    let tokens: any SecretTokens
    let signer: any AccessTokenSigner
    /// The account mails queued so far, for the hourly limit.
    let outgoingMail: any OutgoingMailRepository
    let policy: AccountPolicy
    /// Where avatars are attached (the media service); nil only in tests that show no media.
    let media: (any MediaAttachments)?
    let now: @Sendable () -> Date
    /// A hash to check against when no account matches, so a wrong username costs as much time as a
    /// wrong password and timing does not reveal which accounts exist.
    let decoyHash: String

    public init(
        users: any UserRepository, sessions: any SessionRepository, graph: any SocialGraphRepository,
        attempts: any LoginAttemptRepository, oneTimeTokens: any OneTimeTokenRepository,
        identities: any IdentityRepository, nonces: any NonceRepository, devices: any KnownDeviceRepository,
        hasher: any PasswordHashing, tokens: any SecretTokens, signer: any AccessTokenSigner, outgoingMail: any OutgoingMailRepository,
        policy: AccountPolicy, media: (any MediaAttachments)? = nil,
        providers: [IdentityProvider] = [], idTokens: (any IDTokenVerifier)? = nil,
        now: @escaping @Sendable () -> Date = Date.init
    ) async throws {
        self.media = media
        self.identities = identities
        self.nonces = nonces
        self.devices = devices
        self.providers = providers
        self.idTokens = idTokens
        self.users = users
        self.sessions = sessions
        self.graph = graph
        self.attempts = attempts
        self.oneTimeTokens = oneTimeTokens
        self.hasher = hasher
        self.tokens = tokens
        self.signer = signer
        self.outgoingMail = outgoingMail
        self.policy = policy
        self.now = now
        decoyHash = try await hasher.hash(tokens.generate())
    }

    public func signUp(_ form: SignUpForm, device: DeviceInfo, clientAddress: String) async throws -> (ProfileView, IssuedTokens) {
        try form.validate()
        let time = now()
        let terms = try termsAcceptedAtSignUp(form.termsVersion, at: time)
        if try await users.user(username: form.username) != nil { throw AccountsError.usernameTaken }
        let fresh = User(
            id: .v7(at: time), email: form.email, username: form.username,
            passwordHash: try await hasher.hash(form.password),
            profile: ProfileDetails(displayName: form.displayName, language: form.language), createdAt: time, acceptedTerms: terms)
        // An address another account has answers the same (nobody learns whose address is registered):
        // the account is made with it pending, and the address's owner is told instead.
        var user = fresh
        if try await users.user(email: form.email) != nil {
            user = try await createAwaiting(fresh)
        } else {
            do {
                try await users.create(fresh)
                try await sendVerificationEmail(to: fresh)
            } catch let error as RoamError where error == AccountsError.emailTaken {
                // Taken meanwhile by a sign-up at the same moment.
                user = try await createAwaiting(fresh)
            }
        }
        var tokens = try await startSession(for: user, device: device, clientAddress: clientAddress)
        tokens.deviceToken = try await knownDeviceToken(for: user, presented: "")
        return (ProfileView(user: user, isOwner: true), tokens)
    }

    /// `user` made with its address pending, the address's owner mailed (within the hourly limit).
    private func createAwaiting(_ user: User) async throws -> User {
        var awaiting = user
        awaiting.pendingEmail = user.email
        awaiting.email = ""
        try await users.create(awaiting)
        if try await mayMail(.changeEmail, .emailInUse, to: user.email) {
            try await tellOwner(of: user.email, thatItWasAskedForBy: awaiting)
        }
        return awaiting
    }

    /// `acceptingTerms` is the version of the terms the person accepts now, when a new one asks them to;
    /// `deviceToken` the token an earlier sign-in gave this device (see `LoginThrottle`).
    public func logIn(
        identifier: String, password: String, acceptingTerms: String = "", device: DeviceInfo,
        deviceToken: String = "", clientAddress: String
    ) async throws -> (ProfileView, IssuedTokens) {
        let identifier = identifier.contains("@") ? identifier.trimmingWhitespace().lowercased() : AccountRules.folded(username: identifier)
        var validation = Validation()
        validation.require(!identifier.isEmpty, "identifier", "is required")
        validation.require(!password.isEmpty, "password", "is required")
        try validation.check()

        var found = identifier.contains("@") ? try await users.user(email: identifier) : try await users.user(username: identifier)
        let time = now()
        // An account counts as one whether it is named by its address or its username.
        let accountKey = "account:\(found?.id.lowercasedString ?? identifier)"
        let networkKey = "network:\(ClientNetwork.key(of: clientAddress))"
        let deviceDigest = deviceToken.isEmpty ? nil : tokens.digest(deviceToken)
        let knownDevice: Bool =
            if let found, let deviceDigest { try await devices.isKnownDevice(digest: deviceDigest, userID: found.id, at: time) } else { false }
        // A known device's failures count on it alone; any other on the account from its network.
        let pairKey =
            if knownDevice, let deviceDigest { "device:\(deviceDigest.prefix(16).map { String(format: "%02x", $0) }.joined())" } else {
                "pair:\(accountKey) \(ClientNetwork.key(of: clientAddress))"
            }
        try await checkThrottle(pair: pairKey, account: accountKey, network: networkKey, knownDevice: knownDevice, at: time)

        var valid = try await hasher.verify(password, against: found?.passwordHash ?? decoyHash)
        if !valid, identifier.contains("@") {
            // An account that signed up with this address while another had it logs in by it too, as
            // any account with an unverified address does (a few at most: each costs a hash).
            for awaiting in try await users.users(awaitingEmail: identifier, limit: 3) where !valid {
                if try await hasher.verify(password, against: awaiting.passwordHash ?? decoyHash) { (found, valid) = (awaiting, true) }
            }
        }
        guard var user = found, valid else {
            try await attempts.recordFailure(keys: [networkKey, accountKey, pairKey], at: now())
            throw AccountsError.invalidCredentials
        }
        // The owner is in: what was guessed from here is forgotten. The account's count from elsewhere
        // stays, so a guesser elsewhere keeps waiting.
        try await attempts.clear(key: pairKey)
        try refuseIfSuspended(user)
        user = try await checkTerms(of: user, accepting: acceptingTerms)
        var issued = try await startSession(for: user, device: device, clientAddress: clientAddress)
        issued.deviceToken = try await knownDeviceToken(for: user, presented: knownDevice ? deviceToken : "")
        return (ProfileView(user: user, isOwner: true), issued)
    }

    /// The token that marks this device as the user's: the one it presented when that is known, else a new one.
    func knownDeviceToken(for user: User, presented: String) async throws -> String {
        guard presented.isEmpty else { return presented }
        let token = tokens.generate()
        try await devices.rememberDevice(digest: tokens.digest(token), userID: user.id, at: now(), limit: Self.knownDevicesPerUser)
        return token
    }

    /// Devices remembered per account; the least recently used goes first.
    static let knownDevicesPerUser = 50

    public func refresh(refreshToken: String) async throws -> IssuedTokens {
        guard !refreshToken.isEmpty else { throw RoamError.invalidField("refresh_token", "is required") }
        let time = now()
        let newToken = tokens.generate()
        let expiry = time.adding(policy.refreshTokenLifetime)
        switch try await sessions.rotate(
            refreshTokenDigest: tokens.digest(refreshToken), to: tokens.digest(newToken),
            at: time, newExpiry: expiry)
        {
        case .invalid:
            // A suspension ended the session: its owner is told why, and until when.
            if let owner = try await sessions.owner(ofRefreshTokenDigest: tokens.digest(refreshToken)),
                let user = try await users.user(id: owner)
            {
                try refuseIfSuspended(user)
            }
            throw AccountsError.invalidRefreshToken
        case .reused:
            throw AccountsError.refreshTokenReused
        case .rotated(let session):
            guard let user = try await users.user(id: session.userID) else { throw AccountsError.invalidRefreshToken }
            try refuseIfSuspended(user)
            return try await tokens(for: user, sessionID: session.id, refreshToken: newToken, refreshExpiry: expiry, at: time)
        }
    }

    public func logOut(refreshToken: String) async throws {
        guard !refreshToken.isEmpty else { throw RoamError.invalidField("refresh_token", "is required") }
        _ = try await sessions.revoke(refreshTokenDigest: tokens.digest(refreshToken))
    }

    public func sessions(of user: AuthenticatedUser) async throws -> [Session] {
        try await sessions.sessions(userID: user.id, at: now())
    }

    public func revokeSession(_ sessionID: UUID, of user: AuthenticatedUser) async throws {
        guard try await sessions.revoke(sessionID: sessionID, userID: user.id) else { throw AccountsError.sessionNotFound }
    }

    public func revokeAllSessions(of user: AuthenticatedUser, keepingCurrent: Bool) async throws -> Int {
        try await sessions.revokeAll(userID: user.id, except: keepingCurrent ? user.sessionID : nil)
    }

    public func changePassword(of caller: AuthenticatedUser, current: String, new: String) async throws {
        var validation = Validation()
        AccountRules.checkPassword(new, field: "new_password", into: &validation)
        try validation.check()
        guard let user = try await users.user(id: caller.id) else { throw AccountsError.userNotFound }
        // An account that signs in only through providers sets its first password without one.
        if let hash = user.passwordHash, !(try await hasher.verify(current, against: hash)) {
            throw RoamError(
                .permissionDenied, reason: "INVALID_CREDENTIALS", message: "the current password is wrong",
                violations: [.init(field: "current_password", description: "is wrong")])
        }
        try await users.setPasswordHash(userID: user.id, try await hasher.hash(new), keepingSession: caller.sessionID)
    }

    public func deleteAccount(of caller: AuthenticatedUser, password: String) async throws {
        guard let user = try await users.user(id: caller.id) else { throw AccountsError.userNotFound }
        try await confirmIdentity(of: user, caller: caller, password: password)
        // The other services purge once every process has heard of the deletion from the revocation feed
        // and any call it let in before has met its deadline, so no write that raced it lands after the purge.
        let time = now()
        try await users.delete(userID: user.id, at: time, purgeFrom: time.adding(policy.userPurgeDelay))
    }

    /// What a grave change asks of the caller: the password, or for an account that has none, a session
    /// begun in the last few minutes (a fresh sign-in through the provider).
    func confirmIdentity(of user: User, caller: AuthenticatedUser, password: String) async throws {
        if let hash = user.passwordHash {
            guard try await hasher.verify(password, against: hash) else { throw AccountsError.wrongPassword }
            return
        }
        guard let sessionID = caller.sessionID, let session = try await sessions.session(id: sessionID),
            session.createdAt.adding(policy.recentSignIn) >= now()
        else { throw AccountsError.recentSignInRequired }
    }

    private func checkThrottle(pair: String, account: String, network: String, knownDevice: Bool, at time: Date) async throws {
        let since = time.adding(.zero - policy.failedLoginWindow)
        let failures = try await attempts.failures(keys: knownDevice ? [pair] : [pair, account, network], since: since)
        let none: LoginThrottle.Failures = (0, nil)
        let wait = LoginThrottle(policy: policy).wait(
            pair: failures[pair] ?? none, account: failures[account] ?? none, network: failures[network] ?? none, knownDevice: knownDevice,
            now: time)
        if let wait { throw RoamError.tooManyAttempts(retryAfter: wait) }
    }

    /// Refuses a suspended account's owner, saying why and until when.
    func refuseIfSuspended(_ user: User) throws(RoamError) {
        if let suspension = user.suspension(at: now()) { throw AccountsError.accountSuspended(suspension) }
    }

    func startSession(for user: User, device: DeviceInfo, clientAddress: String) async throws -> IssuedTokens {
        try refuseIfSuspended(user)
        let time = now()
        let refreshToken = tokens.generate()
        let expiry = time.adding(policy.refreshTokenLifetime)
        let session = Session(
            id: .v7(at: time), userID: user.id, device: device, clientAddress: clientAddress,
            createdAt: time, lastUsedAt: time, expiresAt: expiry)
        try await sessions.create(session, refreshTokenDigest: tokens.digest(refreshToken))
        return try await tokens(for: user, sessionID: session.id, refreshToken: refreshToken, refreshExpiry: expiry, at: time)
    }

    private func tokens(for user: User, sessionID: UUID, refreshToken: String, refreshExpiry: Date, at time: Date) async throws -> IssuedTokens {
        let accessExpiry = time.adding(policy.accessTokenLifetime)
        let accessToken = try await signer.accessToken(for: user, sessionID: sessionID, issuedAt: time, expiresAt: accessExpiry)
        return IssuedTokens(
            accessToken: accessToken, accessTokenExpiresAt: accessExpiry, refreshToken: refreshToken,
            refreshTokenExpiresAt: refreshExpiry, sessionID: sessionID)
    }
}
