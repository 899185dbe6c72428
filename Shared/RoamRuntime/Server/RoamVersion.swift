/// The release this build is, as `roam --version` and the operator's `/readyz` say it: the top entry of
/// `CHANGELOG.md`, set by the release's own commit.
public enum RoamVersion {
    public static let current = "0.3.0-dev"
}
