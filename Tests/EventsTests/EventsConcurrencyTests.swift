import Foundation
import RoamRuntime
import RoamTesting
import Testing

@testable import Events

/// The counts that must be exact when many requests arrive at once, against real PostgreSQL.
@Suite struct EventsConcurrencyTests {
    @Test(arguments: StoreKind.allCases)
    func simultaneousJoinsLetInExactlyTheFreePlaces(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            // Capacity 6 with the host inside: 5 free places for 40 simultaneous joiners.
            let event = try await store.create(Fixtures.event(at: here, capacity: 6), idempotencyKey: nil)
            let results = try await withThrowingTaskGroup(of: AdmissionResult.self) { group in
                for _ in 0..<40 {
                    group.addTask {
                        try await store.admit(eventID: event.id, userID: UUID(), position: Fixtures.position(here), at: Fixtures.now())
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let admitted = results.filter { if case .admitted = $0 { true } else { false } }.count
            let full = results.filter { if case .full = $0 { true } else { false } }.count
            #expect(admitted == 5)
            #expect(full == 35)
            #expect(try await store.event(id: event.id, at: Fixtures.now())?.memberCount == 6)
            #expect(try await store.memberIDs(eventID: event.id).count == 6)
        }
    }

    @Test(arguments: StoreKind.allCases)
    func simultaneousReportsCountEachReporterOnceAndBanOnce(_ kind: StoreKind) async throws {
        try await kind.withStore { store in
            let here = Places.somewhere()
            let event = try await store.create(Fixtures.event(at: here, capacity: 100), idempotencyKey: nil)
            let target = UUID()
            _ = try await store.admit(eventID: event.id, userID: target, position: Fixtures.position(here), at: Fixtures.now())
            // 12 reporters, each sending the same report three times at once; the threshold is 10.
            let reporters = (0..<12).map { _ in UUID() }
            let outcomes = try await withThrowingTaskGroup(of: ReportOutcome.self) { group in
                for reporter in reporters {
                    for _ in 0..<3 {
                        group.addTask {
                            try await store.addReport(
                                Report(
                                    id: .v7(), eventID: event.id, reporterID: reporter, targetID: target,
                                    reason: .harassment, text: "", createdAt: Fixtures.now()), threshold: 10)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(outcomes.filter { $0 == .duplicate }.count == 24)
            #expect(outcomes.filter { if case .recorded(_, true) = $0 { true } else { false } }.count == 1)
            #expect(try await store.reports(eventID: event.id, page: PageRequest(size: 100)).items.count == 12)
            #expect(try await store.roles(of: target, in: [event.id]) == [event.id: .banned])
            #expect(try await store.event(id: event.id, at: Fixtures.now())?.memberCount == 1)
        }
    }
}
