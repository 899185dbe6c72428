import Foundation
import GRPCCore
import Metrics
import RoamRuntime

/// Whether the gateway is ready, and why not: every upstream serving, and the revocation feed followed
/// closely enough to trust (lost, or not caught up since start, for longer than `revocationGrace`, the
/// gateway could be letting ended sessions in, so it stops being ready). Upstreams are asked at most
/// once per `freshness`, however often `/readyz` is polled: anyone can poll the public one.
public actor GatewayReadiness<Transport: ClientTransport> {
    let upstreams: GatewayUpstreams<Transport>
    let revoked: RevokedSessions
    let revocationGrace: Duration
    let freshness: Duration
    private var last: (at: ContinuousClock.Instant, report: ReadinessJSON)?
    private var checking: Task<ReadinessJSON, Never>?

    init(upstreams: GatewayUpstreams<Transport>, revoked: RevokedSessions, revocationGrace: Duration, freshness: Duration = .seconds(1)) {
        self.upstreams = upstreams
        self.revoked = revoked
        self.revocationGrace = revocationGrace
        self.freshness = freshness
    }

    /// The last report if it is fresh, else a new one (callers arriving meanwhile share it).
    func report() async -> ReadinessJSON {
        if let last, ContinuousClock.now - last.at < freshness { return last.report }
        if let checking { return await checking.value }
        let (upstreams, revoked, grace) = (self.upstreams, self.revoked, revocationGrace)
        let task = Task { await Self.check(upstreams: upstreams, revoked: revoked, grace: grace) }
        checking = task
        let report = await task.value
        last = (ContinuousClock.now, report)
        checking = nil
        return report
    }

    static func check(upstreams: GatewayUpstreams<Transport>, revoked: RevokedSessions, grace: Duration) async -> ReadinessJSON {
        var services: [String: PartStatus] = [:]
        var ready = true
        for (name, result) in await upstreams.readiness(within: .seconds(2)) {
            switch result {
            case .success(nil): services[name] = PartStatus(status: "ok", reason: nil)
            case .success(let reason?):
                ready = false
                services[name] = PartStatus(status: "unavailable", reason: reason)
            case .failure(let error):
                ready = false
                services[name] = PartStatus(Result<Void, RoamError>.failure(error))
            }
        }
        let revocations = revocationsPart(revoked.status, unfollowedFor: revoked.unfollowedFor(), grace: grace)
        if revocations.status != "ok" { ready = false }
        services["revocations"] = revocations
        // As every service's: 1 while ready (updated as often as /readyz is asked, by probes).
        Gauge(label: "roam_ready").record(ready ? 1 : 0)
        return ReadinessJSON(status: ready ? "ready" : "not ready", services: services)
    }

    static func revocationsPart(_ status: RevokedSessions.Status, unfollowedFor: Duration?, grace: Duration) -> PartStatus {
        guard let unfollowedFor else { return PartStatus(status: "ok", reason: nil) }
        let seconds = Int(unfollowedFor.components.seconds)
        let reason: String
        switch status.following {
        case .following:
            return PartStatus(status: "ok", reason: nil)
        case .starting:
            reason = "REVOCATIONS_STARTING: not caught up with accounts' revocation feed in \(seconds) s"
        case .lost(_, let why):
            reason =
                "REVOCATIONS_LOST: \(seconds) s ago (\(why)); still refusing the \(status.refusing) sessions and accounts it knew, "
                + "up to position \(status.position)"
        }
        // Within the grace a broken stream is being followed again: reported, not yet a reason to stop.
        return PartStatus(status: unfollowedFor > grace ? "unavailable" : "ok", reason: reason)
    }
}
