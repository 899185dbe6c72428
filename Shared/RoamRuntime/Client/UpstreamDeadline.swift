/// When the outbound call being made must be answered by, set by `Upstream` and sent as
/// `grpc-timeout` by `OutboundContextInterceptor`.
enum UpstreamDeadline {
    @TaskLocal static var current: ContinuousClock.Instant?
}
