import Serving
import Testing

/// The token every request must carry.
@Suite("Access token")
struct AccessTokenTests {
    /// A generator that returns fixed words, so a token's text is known.
    struct FixedWords: RandomNumberGenerator {
        var words: [UInt64]
        mutating func next() -> UInt64 { words.removeFirst() }
    }

    @Test("128 bits as 32 lowercase hex digits, leading zeros kept")
    func text() {
        var generator = FixedWords(words: [0x1, 0xFEDC_BA98_7654_3210])
        #expect(AccessToken(using: &generator).text == "0000000000000001fedcba9876543210")
        #expect(AccessToken().text.count == 32)
        #expect(AccessToken() != AccessToken())
    }

    @Test("only the exact token matches: not a prefix, a longer text, another case or nothing")
    func matching() {
        var generator = FixedWords(words: [0xABCD, 0x1234])
        let token = AccessToken(using: &generator)
        #expect(token.matches("000000000000abcd0000000000001234"))
        #expect(!token.matches("000000000000abcd000000000000123"))
        #expect(!token.matches("000000000000abcd00000000000012345"))
        #expect(!token.matches("000000000000ABCD0000000000001234"))
        #expect(!token.matches(""))
        #expect(!token.matches(nil))
    }

    @Test("a request is admitted by its token query parameter only")
    func admits() {
        var generator = FixedWords(words: [0, 7])
        let token = AccessToken(using: &generator)
        func request(_ query: [HTTPRequest.QueryParameter], headers: [HTTPRequest.HeaderField] = []) -> HTTPRequest {
            HTTPRequest(method: "GET", path: "/", query: query, headers: headers, body: [])
        }
        #expect(token.admits(request([.init(name: "token", value: token.text)])))
        #expect(!token.admits(request([])))
        #expect(!token.admits(request([.init(name: "token", value: "x")])))
        #expect(!token.admits(request([], headers: [.init(name: "token", value: token.text)])))
    }
}
