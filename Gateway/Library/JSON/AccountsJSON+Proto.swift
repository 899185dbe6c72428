import Foundation
import RoamProto

extension TokensJSON {
    init(_ tokens: Roam_Accounts_V1_TokenPair) {
        accessToken = tokens.accessToken
        accessTokenExpiresAt = tokens.accessTokenExpiresAt.date
        refreshToken = tokens.refreshToken
        refreshTokenExpiresAt = tokens.refreshTokenExpiresAt.date
        sessionId = tokens.sessionID
    }
}

extension ProfileJSON {
    init(_ profile: Roam_Accounts_V1_Profile) {
        userId = profile.userID
        username = profile.username
        displayName = profile.displayName
        bio = profile.bio
        phone = profile.phone.isEmpty ? nil : profile.phone
        avatarMediaId = profile.avatarMediaID.isEmpty ? nil : profile.avatarMediaID
        followerCount = profile.followerCount
        followingCount = profile.followingCount
        followedByMe = profile.followedByMe
        followsMe = profile.followsMe
    }
}

extension AccountJSON {
    init(_ account: Roam_Accounts_V1_Account) {
        userId = account.userID
        email = account.email
        emailVerified = account.emailVerified
        profile = ProfileJSON(account.profile)
        createdAt = account.createdAt.date
    }
}

extension SessionJSON {
    init(_ session: Roam_Accounts_V1_Session) {
        sessionId = session.sessionID
        userAgent = session.device.userAgent
        deviceName = session.device.deviceName
        clientAddress = session.clientAddress
        createdAt = session.createdAt.date
        lastUsedAt = session.lastUsedAt.date
        current = session.current
    }
}

extension ProfilePageJSON {
    init(_ profiles: [Roam_Accounts_V1_Profile], totalCount: Int64? = nil, page: Roam_Common_V1_PageResponse) {
        self.profiles = profiles.map(ProfileJSON.init)
        self.totalCount = totalCount
        nextPageToken = page.nextPageToken.isEmpty ? nil : page.nextPageToken
    }
}
