/// The secret that every request to `play --serve` must carry as its `token` query parameter:
/// 128 random bits as 32 lowercase hex digits, printed in the URL the window shows.
public struct AccessToken: Hashable, Sendable, CustomStringConvertible {
    /// The token's text.
    public let text: String

    /// A new token from `generator` (the system's cryptographic generator by default).
    public init<Generator: RandomNumberGenerator>(using generator: inout Generator) {
        let words = [generator.next(), generator.next()] as [UInt64]
        text = words.map { word in
            let hex = String(word, radix: 16)
            return String(repeating: "0", count: 16 - hex.count) + hex
        }.joined()
    }

    /// A new token from the system's cryptographic random number generator.
    public init() {
        var generator = SystemRandomNumberGenerator()
        self.init(using: &generator)
    }

    /// The token as printed.
    public var description: String { text }

    /// True when `candidate` is the token. Takes the same time wherever the first difference
    /// is, so the time of a refusal does not tell how much of a guess was right.
    public func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(text.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    /// True when the request carries the token in its `token` query parameter.
    public func admits(_ request: some HTTPRequestFields) -> Bool {
        matches(request.queryValue("token"))
    }
}
