/// The limits on what a trace may hold, so that reading any file takes bounded memory and
/// linear time; input beyond one is refused with a message naming the limit, the line and
/// the event (docs/limits.md lists them all).
public enum TraceLimits {
    /// The most bytes of JSON the header may take.
    public static let headerBytes = 1 << 20
    /// The most bytes of JSON one event may take (a written event takes about 80).
    public static let eventBytes = 64 << 10
    /// The most bytes any one string may hold, after unescaping.
    public static let stringBytes = 64 << 10
    /// The most characters one number may be written with.
    public static let numberCharacters = 1024
    /// The deepest nesting of arrays and objects.
    public static let nestingDepth = 64
    /// The most predicted samples one event may carry (browsers give one to a few).
    public static let predictedSamplesPerEvent = 64
    /// The most digits of each of the version's two numbers (`MAJOR.MINOR`).
    public static let versionDigits = 6

    /// The header's size limit, as its messages name it.
    static let header = JSONSizeLimit(bytes: headerBytes, subject: "the header", limitOf: "a header")
    /// One event's size limit, as its messages name it.
    static let event = JSONSizeLimit(bytes: eventBytes, subject: "the event", limitOf: "one event")

    /// `1 MiB`, `64 KiB`: a limit in bytes as the messages and documents write it.
    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes >> 10) KiB"
    }
}
