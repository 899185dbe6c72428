import CVips

/// libvips, started once per process.
enum Vips {
    private static let started: Bool = roam_vips_start("roam-media") == 0

    /// Starts libvips if nothing has yet; false when it could not start.
    static func start() -> Bool { started }

    /// What libvips said about the last failure, cleared for the next one.
    static func takeError() -> String {
        let message = String(cString: roam_vips_error()).trimmingCharacters(in: .whitespacesAndNewlines)
        roam_vips_clear_error()
        return message.split(separator: "\n").first.map(String.init) ?? "unknown libvips error"
    }
}
