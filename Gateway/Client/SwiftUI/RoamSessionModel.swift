#if canImport(Observation)
import Foundation
import Observation
import RoamAPI

/// A session for SwiftUI: who is signed in, their account, and how many writes wait to be sent, kept up
/// to date as they change. Views read it; calls go through `session`.
///
/// ```swift
/// @State private var model = RoamSessionModel(session: session)
/// var body: some View {
///     if model.isSignedIn { TripsView() } else { SignInView() }
/// }
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@Observable @MainActor
public final class RoamSessionModel {
    public private(set) var state: SessionState = .signedOut(reason: nil)
    /// The signed-in user's account, read when they sign in; nil while signed out or not read yet.
    public private(set) var account: Components.Schemas.Account?
    /// Writes made offline that wait to be sent (0 without a pending-write store).
    public private(set) var pendingWriteCount = 0
    @ObservationIgnored public let session: RoamSession

    public var isSignedIn: Bool { state.userID != nil }

    public init(session: RoamSession) {
        self.session = session
        Task { [weak self] in
            for await state in session.states() {
                guard let self else { return }
                self.state = state
                await self.readAccount(for: state)
                await self.countPendingWrites()
            }
        }
        if let writes = session.pendingWrites {
            Task { [weak self] in
                for await _ in await writes.events() {
                    guard let self else { return }
                    await self.countPendingWrites()
                }
            }
        }
    }

    /// Reads the account again (after the app changed it, say).
    public func refreshAccount() async {
        await readAccount(for: state, again: true)
    }

    private func readAccount(for state: SessionState, again: Bool = false) async {
        guard let user = state.userID else {
            account = nil
            return
        }
        guard again || account?.userId != user else { return }
        account = try? await session.client.getMe().ok.body.json
    }

    private func countPendingWrites() async {
        pendingWriteCount = (try? await session.pendingWrites?.waiting.count) ?? 0
    }
}
#endif
