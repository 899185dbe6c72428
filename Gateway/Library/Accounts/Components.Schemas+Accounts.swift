import RoamAPI
import RoamProto

// The accounts service's protobuf messages as the document's schemas.

extension Components.Schemas.Tokens {
    init(_ tokens: Roam_Accounts_V1_TokenPair) {
        self.init(
            accessToken: tokens.accessToken, accessTokenExpiresAt: tokens.accessTokenExpiresAt.date,
            refreshToken: tokens.refreshToken, refreshTokenExpiresAt: tokens.refreshTokenExpiresAt.date,
            sessionId: tokens.sessionID, tokenType: "Bearer")
    }
}

extension Components.Schemas.Profile {
    init(_ profile: Roam_Accounts_V1_Profile, links: MediaLinkMaker) {
        self.init(
            avatar: profile.avatarMediaID.isEmpty ? nil : links.links(for: profile.avatarMediaID),
            avatarMediaId: profile.avatarMediaID.isEmpty ? nil : profile.avatarMediaID, bio: profile.bio,
            displayName: profile.displayName, followedByMe: profile.followedByMe, followerCount: profile.followerCount,
            followingCount: profile.followingCount, followsMe: profile.followsMe,
            givenName: profile.givenName.isEmpty ? nil : profile.givenName,
            familyName: profile.familyName.isEmpty ? nil : profile.familyName,
            phone: profile.phone.isEmpty ? nil : profile.phone, userId: profile.userID, username: profile.username)
    }
}

extension Components.Schemas.Account {
    init(_ account: Roam_Accounts_V1_Account, links: MediaLinkMaker) {
        self.init(
            hasPassword: account.hasPassword_p, termsVersion: account.termsVersion.isEmpty ? nil : account.termsVersion,
            termsAcceptedAt: account.hasTermsAcceptedAt ? account.termsAcceptedAt.date : nil,
            usernameChangedAt: account.hasUsernameChangedAt ? account.usernameChangedAt.date : nil,
            language: account.language.isEmpty ? nil : account.language,
            createdAt: account.createdAt.date, email: account.email, emailVerified: account.emailVerified,
            profile: .init(account.profile, links: links), userId: account.userID)
    }
}

extension Components.Schemas.SignedIn {
    init(account: Roam_Accounts_V1_Account, tokens: Roam_Accounts_V1_TokenPair, deviceToken: String = "", links: MediaLinkMaker) {
        self.init(account: .init(account, links: links), deviceToken: deviceToken.isEmpty ? nil : deviceToken, tokens: .init(tokens))
    }
}

extension Components.Schemas.Session {
    init(_ session: Roam_Accounts_V1_Session) {
        self.init(
            clientAddress: session.clientAddress, createdAt: session.createdAt.date, current: session.current,
            deviceName: session.device.deviceName, lastUsedAt: session.lastUsedAt.date, sessionId: session.sessionID,
            userAgent: session.device.userAgent)
    }
}

extension Components.Schemas.ProfilePage {
    init(_ profiles: [Roam_Accounts_V1_Profile], totalCount: Int64? = nil, page: Roam_Common_V1_PageResponse, links: MediaLinkMaker) {
        self.init(
            nextPageToken: page.nextPageToken.isEmpty ? nil : page.nextPageToken, profiles: profiles.map { .init($0, links: links) },
            totalCount: totalCount)
    }
}

extension Components.Schemas.PartStatus {
    init(_ part: PartStatus) {
        self.init(reason: part.reason, status: StatusPayload(rawValue: part.status) ?? .unavailable)
    }
}

extension Components.Schemas.LinkedProvider {
    init(_ linked: Roam_Accounts_V1_LinkedProvider) {
        self.init(provider: linked.provider, email: linked.email, linkedAt: linked.linkedAt.date)
    }
}
