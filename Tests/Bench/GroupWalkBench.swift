import Foundation
import GRPCCore
import GRPCNIOTransportHTTP2
import RoamLocal
import RoamProto
import RoamRuntime
import RoamTesting
import Synchronization

/// A group walk in `roam-events` as its own process on PostgreSQL: `members` members share their
/// positions, each reporting one every 5 s, and every member's notification stream is open. Measures
/// the reports a second and how long a position takes to reach the other sharers (p50, p99).
enum GroupWalkBench {
    static func run(members: Int, seconds: Int) async throws {
        let stack = try await ProcessStack.startAccounts()
        let tripsPort = FreePort.next()
        let (trips, _) = try await stack.startTrips(port: tripsPort, environment: ["LOG_LEVEL": "error"])
        let (events, eventsPort) = try await stack.startEvents(environment: ["LOG_LEVEL": "error", "TRIPS_ADDRESS": "127.0.0.1:\(tripsPort)"])
        say(
            "roam-bench walks, a group walk: roam-events as its own process on PostgreSQL, \(members) members sharing a position every 5 s, "
                + "each with its notification stream open, for \(seconds) s")
        let transports = try [stack.accountsPort, tripsPort, eventsPort].map {
            try HTTP2ClientTransport.Posix(target: .ipv4(host: "127.0.0.1", port: $0), transportSecurity: .plaintext)
        }
        try await withGRPCClient(transport: transports[0]) { accountsGRPC in
            try await withGRPCClient(transport: transports[1]) { tripsGRPC in
                try await withGRPCClient(transport: transports[2]) { eventsGRPC in
                    let users = try await EventsBench.signUp(count: members + 1, Roam_Accounts_V1_AccountsService.Client(wrapping: accountsGRPC))
                    try await measure(
                        events: Roam_Events_V1_EventsService.Client(wrapping: eventsGRPC),
                        walks: Roam_Trips_V1_WalksService.Client(wrapping: tripsGRPC), users: users, seconds: seconds)
                }
            }
        }
        say("events resident memory after the walk: \(events.residentMegabytes) MB")
        for process in [events, trips, stack.accounts] { _ = await process.stop() }
    }

    static func measure(
        events: Roam_Events_V1_EventsService.Client<HTTP2ClientTransport.Posix>,
        walks: Roam_Trips_V1_WalksService.Client<HTTP2ClientTransport.Posix>, users: [(id: UUID, token: String)],
        seconds: Int
    ) async throws {
        @Sendable func auth(_ user: (id: UUID, token: String)) -> Metadata { ["authorization": "Bearer \(user.token)"] }
        let host = users[0], members = Array(users.dropFirst())
        let route = try await walks.startWalk(
            .with {
                $0.title = "Bench route"
                $0.start = .with {
                    $0.point = .with {
                        $0.latitude = 38.71; $0.longitude = -9.13
                    }
                }
            }, metadata: auth(host)
        ).walk.id
        let event = try await events.createEvent(
            .with {
                $0.name = "Bench group walk"
                $0.center = .with {
                    $0.latitude = 38.71; $0.longitude = -9.13
                }
                $0.radiusMeters = 100
                $0.capacity = Int32(members.count + 1)
                $0.durationSeconds = 3600
                $0.groupWalk = .with {
                    $0.walkID = route; $0.privacy = .everyone
                }
            }, metadata: auth(host)
        ).event.eventID
        for member in members {
            _ = try await events.joinEvent(.with { $0.eventID = event }, metadata: auth(member))
            _ = try await events.setPositionSharing(
                .with {
                    $0.eventID = event; $0.share = true
                }, metadata: auth(member))
        }

        let tally = Tally()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for member in members {
                group.addTask {
                    try? await events.streamNotifications(.init(), metadata: auth(member)) { response in
                        for try await note in response.messages {
                            if note.kind == .connected { tally.connected.withLock { $0 += 1 }; continue }
                            guard note.kind == .positionShared, let sent = tally.sentAt.withLock({ $0[note.userID] }) else { continue }
                            let delay = ContinuousClock.now - sent
                            tally.delays.withLock { $0.append(delay) }
                            if tally.stopped.withLock({ $0 }) { return }
                        }
                    }
                }
            }
            while tally.connected.withLock({ $0 }) < members.count { try await Task.sleep(for: .milliseconds(50)) }
            let started = ContinuousClock.now
            await withTaskGroup(of: Void.self) { reporters in
                for (index, member) in members.enumerated() {
                    reporters.addTask {
                        // Spread over the 5 s, as phones are.
                        try? await Task.sleep(for: .milliseconds(5_000 * index / members.count))
                        var step = 0.0
                        while ContinuousClock.now - started < .seconds(seconds) {
                            step += 1
                            let id = member.id.uuidString.lowercased()
                            tally.sentAt.withLock { $0[id] = .now }
                            _ = try? await events.reportPosition(
                                .with {
                                    $0.position = .with {
                                        $0.position = .with {
                                            $0.latitude = 38.71 + step * 0.0001; $0.longitude = -9.13 + Double(index) * 0.0001
                                        }
                                        $0.accuracyMeters = 8
                                    }
                                }, metadata: auth(member))
                            tally.reports.withLock { $0 += 1 }
                            try? await Task.sleep(for: .seconds(5))
                        }
                    }
                }
            }
            tally.stopped.withLock { $0 = true }
            try await Task.sleep(for: .seconds(2))
            group.cancelAll()
            let elapsed = (ContinuousClock.now - started).seconds - 2
            let sorted = tally.delays.withLock { $0.sorted() }
            guard !sorted.isEmpty else { throw LocalError("no position reached another member") }
            let expected = tally.reports.withLock { $0 } * (members.count - 1)
            say(
                "position reports: \(Int(Double(tally.reports.withLock { $0 }) / elapsed)) a second; deliveries \(sorted.count) of \(expected) "
                    + "(\(Int(Double(sorted.count) / elapsed)) a second); from report to another member's stream p50 "
                    + "\(Bench.milliseconds(sorted[sorted.count / 2])), p99 \(Bench.milliseconds(sorted[sorted.count * 99 / 100]))")
        }
    }

    /// What the members' tasks share: when each last sent a position (by user id), every delivery's
    /// delay, how many streams are open and reports were sent, and when to stop.
    final class Tally: Sendable {
        let sentAt = Mutex([String: ContinuousClock.Instant]())
        let delays = Mutex([Duration]())
        let connected = Mutex(0)
        let reports = Mutex(0)
        let stopped = Mutex(false)
    }
}
