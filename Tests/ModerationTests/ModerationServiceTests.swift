import Foundation
import RoamCore
import RoamTesting
import Testing

@testable import Moderation

/// The queue, its resolutions and the audit log, on both stores, with the owning services and
/// accounts faked.
@Suite struct ModerationServiceTests {
    struct World {
        let moderation: ModerationService
        let owners: FakeContentOwners
        let accounts: FakeAccountActions
        let clock: TestClock
        let moderator = Moderator(userID: UUID(), roles: [.moderator], name: "user:mod")
        let admin = Moderator(userID: UUID(), roles: [.admin], name: "user:admin")
    }

    static func withWorld(
        _ store: StoreKind, reportLimit: ReportLimit = ReportLimit(), _ body: @Sendable (World) async throws -> Void
    ) async throws {
        try await store.withStores { stores in
            let clock = TestClock()
            let owners = FakeContentOwners()
            let accounts = FakeAccountActions()
            let moderation = ModerationService(
                cases: stores.cases, audit: stores.audit, owners: owners, accounts: accounts, reportLimit: reportLimit, now: { clock.now })
            try await body(World(moderation: moderation, owners: owners, accounts: accounts, clock: clock))
        }
    }

    static func story(by author: UUID, text: String = "Buy followers at spam.example") -> Content {
        Content(subject: Subject(kind: .post, id: UUID()), authorID: author, text: text, placeName: "Rossio", createdAt: Date())
    }

    static func report(
        _ world: World, _ subject: Subject, by user: UUID, _ reason: ReportReason = .spam
    ) async throws -> (caseID: UUID, created: Bool) {
        try await Viewer.$id.withValue(user) {
            try await world.moderation.report(
                subject, reason: reason, text: "seen at Rossio", by: AuthenticatedUser(id: user, sessionID: nil, emailVerified: true))
        }
    }

    static func object(_ json: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    /// One account files at most so many reports an hour; the next is refused with when to try again.
    @Test(arguments: StoreKind.allCases)
    func oneAccountCannotFloodTheQueue(store: StoreKind) async throws {
        try await Self.withWorld(store, reportLimit: ReportLimit(count: 3)) { world in
            let reporter = UUID()
            var stories: [Content] = []
            for index in 0..<4 {
                let story = Self.story(by: UUID(), text: "story \(index)")
                world.owners.add(story)
                stories.append(story)
            }
            for story in stories.prefix(3) {
                _ = try await Self.report(world, story.subject, by: reporter)
                world.clock.advance(by: 60)
            }
            let error = await #expect(throws: RoamError.self) { _ = try await Self.report(world, stories[3].subject, by: reporter) }
            #expect(error?.reason == "RATE_LIMITED")
            if case .resourceExhausted(let retryAfter) = error?.kind {
                let seconds = Double(retryAfter.components.seconds) + Double(retryAfter.components.attoseconds) / 1e18
                #expect(abs(seconds - (3600 - 180)) < 0.01, "until the oldest of the three is an hour old: \(seconds)")
            } else {
                Issue.record("expected RESOURCE_EXHAUSTED, got \(String(describing: error))")
            }
            _ = try await Self.report(world, stories[3].subject, by: UUID())
            world.clock.advance(by: 3600 - 180 + 0.01)
            #expect(try await Self.report(world, stories[3].subject, by: reporter).created)
        }
    }

    /// A deleted account leaves the queue: its reports go (an open case left without one goes too), open
    /// cases about what it made go, resolved ones keep their record with the words blanked, and the audit
    /// log keeps who did what without the account's content.
    @Test(arguments: StoreKind.allCases)
    func aPurgedAccountsReportsAndContentLeaveTheQueueAndTheAuditLogKeepsOnlyWhoDidWhat(store: StoreKind) async throws {
        try await Self.withWorld(store) { world in
            let (gone, other, reporter) = (UUID(), UUID(), UUID())
            let (shared, onlyTheirs) = (Self.story(by: other, text: "reported by two"), Self.story(by: other, text: "reported by one"))
            let (theirOpen, theirResolved) = (Self.story(by: gone, text: "open, by the gone"), Self.story(by: gone, text: "Spam by the gone"))
            for story in [shared, onlyTheirs, theirOpen, theirResolved] { world.owners.add(story) }
            let sharedCase = try await Self.report(world, shared.subject, by: reporter).caseID
            _ = try await Self.report(world, shared.subject, by: gone)
            let onlyTheirsCase = try await Self.report(world, onlyTheirs.subject, by: gone).caseID
            let theirOpenCase = try await Self.report(world, theirOpen.subject, by: reporter).caseID
            let resolvedCase = try await Self.report(world, theirResolved.subject, by: reporter).caseID
            _ = try await world.moderation.resolve(
                resolvedCase, action: .takeDownAndSuspend, note: "Spam links", suspendUntil: nil, by: world.moderator)

            let removed = try await world.moderation.purge(user: gone)
            #expect(removed == ["reports": 2, "cases": 2, "snapshots": 1, "audit_entries": 2], "\(removed)")
            let (kept, reports, _) = try await world.moderation.moderationCase(sharedCase, by: world.moderator)
            #expect(kept.reportCount == 1 && reports.map(\.reporterID) == [reporter])
            for id in [onlyTheirsCase, theirOpenCase] {
                await #expect(throws: RoamError.self) { _ = try await world.moderation.moderationCase(id, by: world.moderator) }
            }
            let (resolved, _, _) = try await world.moderation.moderationCase(resolvedCase, by: world.moderator)
            #expect(resolved.status == .resolved && resolved.resolution?.note == "Spam links")
            #expect(resolved.snapshot.text.isEmpty && resolved.snapshot.placeName.isEmpty && resolved.snapshot.authorID == gone)

            let log = try await world.moderation.auditLog(AuditFilter(), page: PageRequest(size: 100), by: world.admin).items
            let aboutThem = log.filter { $0.subject == theirResolved.subject || $0.subject == Subject(kind: .user, id: gone) }
            #expect(aboutThem.map(\.action) == [.resolveCase, .suspend, .takeDown], "\(aboutThem.map(\.action))")
            let takeDown = try #require(aboutThem.first { $0.action == .takeDown })
            #expect(takeDown.before == "{}" && takeDown.after == "{}" && takeDown.reason == "Spam links" && takeDown.actor == "user:mod")
            #expect(!log.contains { $0.before.contains("Spam by the gone") || $0.after.contains("Spam by the gone") })
            #expect(try await world.moderation.purge(user: gone).isEmpty, "a second purge finds nothing")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func reportsOfOneThingByManyMakeOneCaseWithACountAndAKeptSnapshot(store: StoreKind) async throws {
        try await Self.withWorld(store) { world in
            let author = UUID()
            let story = Self.story(by: author)
            world.owners.add(story)
            let firstReporter = UUID()
            let (first, created) = try await Self.report(world, story.subject, by: firstReporter)
            #expect(created)
            world.clock.advance(by: 5)
            let second = try await Self.report(world, story.subject, by: UUID(), .harassment)
            let third = try await Self.report(world, story.subject, by: UUID(), .harassment)
            #expect(second.caseID == first && third.caseID == first)
            let repeated = try await Self.report(world, story.subject, by: firstReporter, .other)
            #expect(repeated.caseID == first && !repeated.created, "the same person reporting again changes nothing")

            // The author edits, then deletes: the case keeps what was reported.
            world.owners.edit(story.subject, text: "nothing to see")
            let (found, reports, current) = try await world.moderation.moderationCase(first, by: world.moderator)
            #expect(found.reportCount == 3 && reports.count == 3)
            #expect(found.reasons == [.harassment, .spam])
            #expect(found.snapshot.text == "Buy followers at spam.example" && current?.text == "nothing to see")
            #expect(found.lastReportedAt > found.firstReportedAt)
            world.owners.delete(story.subject)
            let afterDeletion = try await world.moderation.moderationCase(first, by: world.moderator)
            #expect(afterDeletion.2 == nil && afterDeletion.0.snapshot.text == "Buy followers at spam.example")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func whatTheReporterCannotSeeOrMadeIsRefused(store: StoreKind) async throws {
        try await Self.withWorld(store) { world in
            let author = UUID()
            let blocked = UUID()
            let story = Self.story(by: author)
            world.owners.add(story, hiddenFrom: [blocked])
            await #expect { _ = try await Self.report(world, story.subject, by: blocked) } throws: { ($0 as? RoamError)?.kind == .notFound }
            await #expect { _ = try await Self.report(world, story.subject, by: author) } throws: { ($0 as? RoamError)?.reason == "OWN_CONTENT" }
            await #expect {
                _ = try await Self.report(world, Subject(kind: .comment, id: UUID()), by: UUID())
            } throws: { ($0 as? RoamError)?.kind == .notFound }
            let long = String(repeating: "x", count: 1001)
            await #expect {
                _ = try await world.moderation.report(
                    story.subject, reason: .other, text: long, by: AuthenticatedUser(id: UUID(), sessionID: nil, emailVerified: true))
            } throws: { ($0 as? RoamError)?.violations.map(\.field) == ["text"] }
            let listed = try await world.moderation.cases(CaseFilter(), page: PageRequest(size: 10), by: world.moderator)
            #expect(listed.items.isEmpty, "nothing was filed")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theQueueShowsOpenCasesOldestFirstThenResolvedAndFiltersByKindAndStatus(store: StoreKind) async throws {
        try await Self.withWorld(store) { world in
            var subjects: [Subject] = []
            for kind in [SubjectKind.post, .comment, .post, .walk] {
                var content = Self.story(by: UUID())
                content.subject = Subject(kind: kind, id: UUID())
                world.owners.add(content)
                _ = try await Self.report(world, content.subject, by: UUID())
                subjects.append(content.subject)
                world.clock.advance(by: 1)
            }
            let all = try await world.moderation.cases(CaseFilter(), page: PageRequest(size: 10), by: world.moderator).items
            #expect(all.map(\.subject) == subjects)
            _ = try await world.moderation.resolve(all[0].id, action: .dismiss, note: "", suspendUntil: nil, by: world.moderator)
            var pages: [[Subject]] = []
            var cursor: String?
            repeat {
                let page = try await world.moderation.cases(CaseFilter(), page: PageRequest(size: 2, cursor: cursor), by: world.moderator)
                pages.append(page.items.map(\.subject))
                cursor = page.nextCursor
            } while cursor != nil
            #expect(pages == [[subjects[1], subjects[2]], [subjects[3], subjects[0]]], "open first, oldest first, the resolved after")
            let posts = try await world.moderation.cases(CaseFilter(status: .open, kind: .post), page: PageRequest(size: 10), by: world.moderator)
            #expect(posts.items.map(\.subject) == [subjects[2]])
            let resolved = try await world.moderation.cases(CaseFilter(status: .resolved), page: PageRequest(size: 10), by: world.moderator)
            #expect(resolved.items.map(\.subject) == [subjects[0]] && resolved.items[0].resolution?.by == "user:mod")
        }
    }

    @Test(arguments: StoreKind.allCases)
    func resolvingTakesDownAndSuspendsOnceAndTheAuditLogSaysWhoDidWhat(store: StoreKind) async throws {
        try await Self.withWorld(store) { world in
            let author = UUID()
            let story = Self.story(by: author)
            world.owners.add(story)
            let (caseID, _) = try await Self.report(world, story.subject, by: UUID())
            await #expect {
                _ = try await world.moderation.resolve(caseID, action: .takeDownAndSuspend, note: " ", suspendUntil: nil, by: world.moderator)
            } throws: { ($0 as? RoamError)?.violations.map(\.field) == ["note"] }

            let resolved = try await world.moderation.resolve(
                caseID, action: .takeDownAndSuspend, note: "Spam links", suspendUntil: nil, by: world.moderator)
            #expect(resolved.status == .resolved && resolved.resolution?.action == .takeDownAndSuspend)
            #expect(world.owners.current(story.subject)?.takedown?.reason == "Spam links")
            #expect(world.owners.current(story.subject)?.takedown?.by == "user:mod")
            #expect(world.accounts.isSuspended(author))
            await #expect {
                _ = try await world.moderation.resolve(caseID, action: .dismiss, note: "", suspendUntil: nil, by: world.moderator)
            } throws: { ($0 as? RoamError)?.reason == "CASE_RESOLVED" }

            // A new report after the resolution opens a new case.
            let (again, _) = try await Self.report(world, story.subject, by: UUID())
            #expect(again != caseID)

            await #expect { _ = try await world.moderation.auditLog(AuditFilter(), page: PageRequest(size: 10), by: world.moderator) } throws: {
                ($0 as? RoamError)?.kind == .permissionDenied
            }
            let log = try await world.moderation.auditLog(AuditFilter(), page: PageRequest(size: 10), by: world.admin).items
            #expect(log.map(\.action) == [.resolveCase, .suspend, .takeDown], "newest first")
            #expect(log.allSatisfy { $0.actor == "user:mod" })
            #expect(log[1].subject == Subject(kind: .user, id: author) && log[1].reason == "Spam links")
            let (before, after) = (try Self.object(log[2].before), try Self.object(log[2].after))
            #expect(before["takedown"] == nil && (after["takedown"] as? [String: Any])?["reason"] as? String == "Spam links")
            #expect(after["text"] as? String == "Buy followers at spam.example", "the audit keeps the content as it was")
            let onTheStory = try await world.moderation.auditLog(
                AuditFilter(subjectID: story.subject.id), page: PageRequest(size: 10), by: world.admin)
            #expect(onTheStory.items.map(\.action) == [.resolveCase, .takeDown])

            // Restoring is audited too; an operator is an admin.
            let restored = try await world.moderation.restore(story.subject, by: world.moderator)
            #expect(restored.before.takedown != nil && restored.after.takedown == nil)
            let operatorName = Moderator(userID: nil, roles: Set(Role.allCases), name: "operator:ana")
            let newest = try await world.moderation.auditLog(AuditFilter(), page: PageRequest(size: 1), by: operatorName)
            #expect(newest.items.map(\.action) == [.restore] && newest.nextCursor != nil)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func rolesAreForOperatorsAndAnActionThatChangesNothingIsNotRecorded(store: StoreKind) async throws {
        try await Self.withWorld(store) { world in
            let user = UUID().lowercasedString
            await #expect { _ = try await world.moderation.setRole(.moderator, granted: true, on: user, by: world.admin) } throws: {
                ($0 as? RoamError)?.kind == .permissionDenied
            }
            let operatorName = Moderator(userID: nil, roles: Set(Role.allCases), name: "operator:ana")
            _ = try await world.moderation.setRole(.moderator, granted: true, on: user, by: operatorName)
            _ = try await world.moderation.liftSuspension(user, by: world.moderator)
            let log = try await world.moderation.auditLog(AuditFilter(), page: PageRequest(size: 10), by: operatorName).items
            #expect(log.map(\.action) == [.grantRole] && log[0].actor == "operator:ana" && log[0].reason == "moderator")
            #expect(try await world.moderation.auditLog(AuditFilter(actor: "user:mod"), page: PageRequest(size: 10), by: operatorName).items.isEmpty)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func theAuditLogForgetsWhatIsPastItsRetention(store: StoreKind) async throws {
        try await Self.withWorld(store) { world in
            let story = Self.story(by: UUID())
            world.owners.add(story)
            _ = try await world.moderation.takeDown(story.subject, reason: "Spam", by: world.moderator)
            world.clock.advance(by: 10)
            _ = try await world.moderation.restore(story.subject, by: world.moderator)
            let cutoff = world.clock.now.addingTimeInterval(-5)
            let stores = world.moderation.audit
            #expect(try await stores.forget(before: cutoff) == 1)
            #expect(
                try await world.moderation.auditLog(AuditFilter(), page: PageRequest(size: 10), by: world.admin).items.map(\.action) == [.restore])
        }
    }
}
