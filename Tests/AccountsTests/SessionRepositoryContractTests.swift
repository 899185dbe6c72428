import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Accounts

@Suite struct SessionRepositoryContractTests {
    @Test(arguments: StoreKind.allCases)
    func aCurrentRefreshTokenRotatesOnce(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            let session = Fixtures.session(for: user)
            let first = Fixtures.digest()
            let second = Fixtures.digest()
            try await repositories.sessions.create(session, refreshTokenDigest: first)
            let later = session.createdAt.addingTimeInterval(60)
            let outcome = try await repositories.sessions.rotate(
                refreshTokenDigest: first, to: second, at: later,
                newExpiry: later.addingTimeInterval(86400))
            guard case .rotated(let rotated) = outcome else { Issue.record("expected rotation, got \(outcome)"); return }
            #expect(rotated.id == session.id)
            #expect(rotated.lastUsedAt == later)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func reusingARotatedTokenRevokesTheSession(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            let session = Fixtures.session(for: user)
            let first = Fixtures.digest()
            let second = Fixtures.digest()
            try await repositories.sessions.create(session, refreshTokenDigest: first)
            let now = Date()
            _ = try await repositories.sessions.rotate(refreshTokenDigest: first, to: second, at: now, newExpiry: now.addingTimeInterval(600))
            let reuse = try await repositories.sessions.rotate(
                refreshTokenDigest: first, to: Fixtures.digest(), at: now,
                newExpiry: now.addingTimeInterval(600))
            #expect(reuse == .reused(sessionID: session.id))
            // The thief's use also killed the legitimate holder's current token.
            let afterwards = try await repositories.sessions.rotate(
                refreshTokenDigest: second, to: Fixtures.digest(), at: now,
                newExpiry: now.addingTimeInterval(600))
            #expect(afterwards == .invalid)
            #expect(try await repositories.sessions.sessions(userID: user.id, at: now).isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func concurrentRefreshesWithOneTokenLetExactlyOneThrough(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            let session = Fixtures.session(for: user)
            let token = Fixtures.digest()
            try await repositories.sessions.create(session, refreshTokenDigest: token)
            let now = Date()
            let outcomes = try await withThrowingTaskGroup(of: RefreshOutcome.self) { group in
                for _ in 0..<6 {
                    group.addTask {
                        try await repositories.sessions.rotate(
                            refreshTokenDigest: token, to: Fixtures.digest(), at: now,
                            newExpiry: now.addingTimeInterval(600))
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { if case .rotated = $0 { true } else { false } }.count == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func unknownAndExpiredTokensAreInvalid(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            let session = Fixtures.session(for: user)
            let token = Fixtures.digest()
            try await repositories.sessions.create(session, refreshTokenDigest: token)
            let now = Date()
            #expect(
                try await repositories.sessions.rotate(
                    refreshTokenDigest: Fixtures.digest(), to: Fixtures.digest(), at: now,
                    newExpiry: now) == .invalid)
            let afterExpiry = session.expiresAt.addingTimeInterval(1)
            #expect(
                try await repositories.sessions.rotate(
                    refreshTokenDigest: token, to: Fixtures.digest(), at: afterExpiry,
                    newExpiry: afterExpiry) == .invalid)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func sessionsAreListedAndRevokedOnlyByTheirOwner(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let owner = Fixtures.user("owner")
            let other = Fixtures.user("other")
            try await repositories.users.create(owner)
            try await repositories.users.create(other)
            let first = Fixtures.session(for: owner, at: Date().addingTimeInterval(-10))
            let second = Fixtures.session(for: owner)
            try await repositories.sessions.create(first, refreshTokenDigest: Fixtures.digest())
            try await repositories.sessions.create(second, refreshTokenDigest: Fixtures.digest())
            #expect(try await repositories.sessions.sessions(userID: owner.id, at: Date()).map(\.id) == [second.id, first.id])
            #expect(try await !repositories.sessions.revoke(sessionID: first.id, userID: other.id))
            #expect(try await repositories.sessions.revoke(sessionID: first.id, userID: owner.id))
            #expect(try await !repositories.sessions.revoke(sessionID: first.id, userID: owner.id))
            #expect(try await repositories.sessions.revokeAll(userID: owner.id, except: nil) == 1)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func loggingOutRevokesTheSessionOfTheRefreshToken(store: StoreKind) async throws {
        try await store.withRepositories { repositories in
            let user = Fixtures.user()
            try await repositories.users.create(user)
            let token = Fixtures.digest()
            try await repositories.sessions.create(Fixtures.session(for: user), refreshTokenDigest: token)
            #expect(try await repositories.sessions.revoke(refreshTokenDigest: token))
            #expect(try await !repositories.sessions.revoke(refreshTokenDigest: token))
            #expect(try await repositories.sessions.sessions(userID: user.id, at: Date()).isEmpty)
        }
    }
}
