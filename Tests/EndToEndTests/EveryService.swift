import Foundation
import RoamTesting
import Synchronization
import Testing

/// Every service as a real process, wired as `roam up` wires them, and one or more gateways in front of
/// them (a second one for writes made while the first is down): what the client tests run against.
final class EveryService: Sendable {
    let accounts: ProcessStack
    private let services: [LaunchedProcess]
    private let gateways: Mutex<[LaunchedProcess]>
    /// Each gateway's address, in the order started.
    let http: [HTTPTestClient]

    private init(accounts: ProcessStack, services: [LaunchedProcess], gateways: [LaunchedProcess], http: [HTTPTestClient]) {
        self.accounts = accounts
        self.services = services
        self.gateways = Mutex(gateways)
        self.http = http
    }

    /// Starts everything, runs `body`, and stops every process whatever `body` did (processes left
    /// running would load every test after this one), expecting clean exits when it succeeded.
    /// Takes its turn with the fault and security suites' stacks (`FullStackTurns`).
    static func run(gateways count: Int = 1, _ body: (EveryService) async throws -> Void) async throws {
        await FullStackTurns.shared.take()
        let everything: EveryService
        do {
            everything = try await start(gateways: count)
        } catch {
            await FullStackTurns.shared.give()
            throw error
        }
        do {
            try await body(everything)
        } catch {
            for process in everything.processes { _ = await process.stopStatus() }
            await FullStackTurns.shared.give()
            throw error
        }
        await expectCleanStops(everything.processes)
        await FullStackTurns.shared.give()
    }

    private static func start(gateways count: Int) async throws -> EveryService {
        let (mediaPort, tripsPort) = (FreePort.next(), FreePort.next())
        let media = ["MEDIA_ADDRESS": "127.0.0.1:\(mediaPort)"]
        let stack = try await ProcessStack.startAccounts(environment: media)
        let (mediaProcess, _) = try await stack.startMedia(port: mediaPort)
        let (trips, _) = try await stack.startTrips(port: tripsPort, environment: media)
        let (budget, budgetPort) = try await stack.startBudget(tripsPort: tripsPort)
        let (bucketLists, bucketListsPort) = try await stack.startBucketLists(environment: media)
        let (events, eventsPort) = try await stack.startEvents(environment: media.merging(["TRIPS_ADDRESS": "127.0.0.1:\(tripsPort)"]) { $1 })
        let (feed, feedPort) = try await stack.startFeed(
            eventsPort: eventsPort,
            environment: media.merging(["BUCKETLISTS_ADDRESS": "127.0.0.1:\(bucketListsPort)", "TRIPS_ADDRESS": "127.0.0.1:\(tripsPort)"]) { $1 })
        // A keep-alive every second, so each stream the client holds meets many.
        let environment = media.merging(
            ["EVENTS_ADDRESS": "127.0.0.1:\(eventsPort)", "FEED_ADDRESS": "127.0.0.1:\(feedPort)", "STREAM_HEARTBEAT": "1s"]) { $1 }
        var gateways: [LaunchedProcess] = []
        var http: [HTTPTestClient] = []
        for _ in 0..<count {
            let (gateway, client) = try await stack.startGateway(
                tripsPort: tripsPort, budgetPort: budgetPort, bucketListsPort: bucketListsPort, environment: environment)
            gateways.append(gateway)
            http.append(client)
        }
        return EveryService(
            accounts: stack, services: [feed, events, bucketLists, budget, trips, mediaProcess, stack.accounts], gateways: gateways, http: http)
    }

    /// The gateways first, then the services that call others, then those they call.
    var processes: [LaunchedProcess] { gateways.withLock { $0 } + services }

    /// The first gateway's address.
    var base: URL { http[0].base }

    /// Stops gateway `index` (SIGTERM), expecting a clean exit.
    func stopGateway(_ index: Int = 0) async {
        let status = await gateways.withLock { $0[index] }.stopStatus()
        #expect(status == "exited with status 0")
    }

    /// Starts gateway `index` again on its port and waits until it is ready.
    func restartGateway(_ index: Int = 0) async throws {
        let restarted = try gateways.withLock { $0[index] }.relaunch()
        gateways.withLock { $0[index] = restarted }
        try await restarted.waitUntilAnswering(http[index])
    }
}
