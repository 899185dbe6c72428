import GRPCCore
import RoamProto

/// What every generated gRPC client has in common: it wraps a `GRPCClient` (so one `ServiceCaller`
/// init serves them all).
protocol GeneratedClient: Sendable {
    associatedtype Transport: ClientTransport
    init(wrapping client: GRPCClient<Transport>)
}

extension Roam_Accounts_V1_AccountsService.Client: GeneratedClient {}
extension Roam_Accounts_V1_AccountsAdminService.Client: GeneratedClient {}
extension Roam_Purge_V1_PurgeReportService.Client: GeneratedClient {}
extension Roam_Events_V1_EventsService.Client: GeneratedClient {}
extension Roam_Feed_V1_FeedService.Client: GeneratedClient {}
extension Roam_Media_V1_MediaService.Client: GeneratedClient {}
extension Roam_Trips_V1_TripsService.Client: GeneratedClient {}
extension Roam_Trips_V1_WalksService.Client: GeneratedClient {}
extension Roam_Budget_V1_BudgetService.Client: GeneratedClient {}
extension Roam_Bucketlists_V1_BucketListsService.Client: GeneratedClient {}
extension Roam_Bucketlists_V1_ActivitiesService.Client: GeneratedClient {}
extension Roam_Notifications_V1_NotificationsService.Client: GeneratedClient {}
extension Roam_Moderation_V1_ModerationService.Client: GeneratedClient {}
