/// Facts about this build of Tally.
public enum Tally {
    public static let version = "0.4.0"
}
