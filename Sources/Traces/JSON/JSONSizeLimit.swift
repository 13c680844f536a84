/// The most bytes one JSON value may take, from its first byte to its last, and how a message
/// past it names the value and the limit.
struct JSONSizeLimit {
    /// The most bytes.
    let bytes: Int
    /// The value as a message's subject: "the header".
    let subject: String
    /// What the limit is the limit of: "a header".
    let limitOf: String

    /// What is said of a value past the limit.
    var message: String { "\(subject) is larger than \(TraceLimits.describe(bytes: bytes)) (the limit of \(limitOf))" }
}
