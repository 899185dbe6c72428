import Foundation
import RoamProto
import RoamRuntime
import SwiftProtobuf

/// Conversions between the domain and `roam.accounts.v1` messages.
typealias ProtoProfile = Roam_Accounts_V1_Profile
typealias ProtoAccount = Roam_Accounts_V1_Account

extension ProfileView {
    var proto: ProtoProfile {
        .with {
            $0.userID = user.id.lowercasedString
            $0.username = user.username
            $0.displayName = user.profile.displayName
            $0.bio = user.profile.bio
            $0.givenName = user.profile.givenName
            $0.familyName = user.profile.familyName
            if isOwner { $0.phone = user.profile.phone }
            $0.avatarMediaID = user.profile.avatarMediaID?.lowercasedString ?? ""
            $0.followerCount = Int64(user.followerCount)
            $0.followingCount = Int64(user.followingCount)
            $0.followedByMe = followedByViewer
            $0.followsMe = followsViewer
        }
    }

    var accountProto: ProtoAccount {
        .with {
            $0.userID = user.id.lowercasedString
            // An address given at sign-up that another account had reads as an unverified one.
            $0.email = user.email.isEmpty ? user.pendingEmail ?? "" : user.email
            $0.emailVerified = user.emailVerified
            $0.profile = proto
            $0.createdAt = Google_Protobuf_Timestamp(date: user.createdAt)
            $0.hasPassword_p = user.passwordHash != nil
            if let terms = user.acceptedTerms {
                $0.termsVersion = terms.version
                $0.termsAcceptedAt = Google_Protobuf_Timestamp(date: terms.acceptedAt)
            }
            if let changed = user.usernameChangedAt { $0.usernameChangedAt = Google_Protobuf_Timestamp(date: changed) }
            $0.language = user.profile.language
        }
    }
}

extension LinkedIdentity {
    var proto: Roam_Accounts_V1_LinkedProvider {
        .with {
            $0.provider = provider
            $0.email = email
            $0.linkedAt = Google_Protobuf_Timestamp(date: linkedAt)
        }
    }
}

extension IssuedTokens {
    var proto: Roam_Accounts_V1_TokenPair {
        .with {
            $0.accessToken = accessToken
            $0.accessTokenExpiresAt = Google_Protobuf_Timestamp(date: accessTokenExpiresAt)
            $0.refreshToken = refreshToken
            $0.refreshTokenExpiresAt = Google_Protobuf_Timestamp(date: refreshTokenExpiresAt)
            $0.sessionID = sessionID.lowercasedString
        }
    }
}

extension Session {
    func proto(current: UUID?) -> Roam_Accounts_V1_Session {
        .with {
            $0.sessionID = id.lowercasedString
            $0.device = .with {
                $0.userAgent = device.userAgent
                $0.deviceName = device.deviceName
            }
            $0.clientAddress = clientAddress
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            $0.lastUsedAt = Google_Protobuf_Timestamp(date: lastUsedAt)
            $0.current = id == current
        }
    }
}

extension Roam_Accounts_V1_DeviceInfo {
    func domain(fallbackUserAgent: String?) -> DeviceInfo {
        DeviceInfo(userAgent: userAgent.isEmpty ? fallbackUserAgent ?? "" : userAgent, deviceName: deviceName)
    }
}

extension User {
    /// The account as operators see it; `suspension` only while it holds at `time`.
    func record(at time: Date) -> Roam_Accounts_V1_AccountRecord {
        .with {
            $0.userID = id.lowercasedString
            $0.username = username
            $0.email = email
            $0.emailVerified = emailVerified
            $0.pendingEmail = pendingEmail ?? ""
            $0.displayName = profile.displayName
            $0.createdAt = Google_Protobuf_Timestamp(date: createdAt)
            $0.roles = roles.sorted().map(\.rawValue)
            if let suspension = suspension(at: time) {
                $0.suspension = .with {
                    $0.suspendedAt = Google_Protobuf_Timestamp(date: suspension.suspendedAt)
                    if let until = suspension.until { $0.until = Google_Protobuf_Timestamp(date: until) }
                    $0.reason = suspension.reason
                    $0.suspendedBy = suspension.suspendedBy
                }
            }
            $0.followerCount = Int32(clamping: followerCount)
            $0.followingCount = Int32(clamping: followingCount)
        }
    }
}

extension AccountChange {
    func proto(actor: Moderator, at time: Date) -> Roam_Accounts_V1_AccountChangeResponse {
        .with {
            $0.before = before.record(at: time)
            $0.after = after.record(at: time)
            $0.sessionsEnded = Int32(clamping: sessionsEnded)
            $0.actor = actor.name
        }
    }
}
