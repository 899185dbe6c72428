#if canImport(SwiftUI)
import RoamClient
import RoamSampleModels
import SwiftUI

/// A trip diary on RoamClient alone: sign in, your trips, a day with its photos, an event's chat. It
/// keeps working on a train: writes and photos wait on the phone, reads come from the cache.
@main
struct RoamTripsApp: App {
    static let folder = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0]
    static let session = RoamSession(
        gateway: URL(string: ProcessInfo.processInfo.environment["ROAM_GATEWAY"] ?? "http://localhost:8080")!,
        store: KeychainTokenStore(),
        pendingWrites: FilePendingWriteStore(url: folder.appendingPathComponent("roam-pending-writes.json")),
        readCache: FileReadCache(directory: folder.appendingPathComponent("roam-cache")))
    @State private var model = RoamSessionModel(session: session)

    var body: some Scene {
        WindowGroup {
            if model.isSignedIn {
                NavigationStack { TripsView(model: TripsModel(session: Self.session)) }
                    .overlay(alignment: .bottom) {
                        if model.pendingWriteCount > 0 { Text("\(model.pendingWriteCount) changes wait for a connection").font(.footnote) }
                    }
            } else {
                SignInView(model: SignInModel(session: Self.session))
            }
        }
    }
}
#endif
