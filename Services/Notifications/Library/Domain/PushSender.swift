/// A push service (APNs, FCM) that delivers to the devices of its platform.
public protocol PushSender: Sendable {
    func send(_ message: PushMessage, to device: Device) async -> PushOutcome
}
