@testable import SDLFront
import Testing

/// The phone's pointer ids as the window's.
@Suite("Serve: remote pointer ids")
struct RemotePointerIDsTests {
    @Test("ids from 100, one per pointer and stream, reused after a lift")
    func ids() {
        var ids = RemotePointerIDs()
        #expect(ids.id(stream: "a", phoneID: 7, lifting: false) == 100)
        #expect(ids.id(stream: "a", phoneID: 9, lifting: false) == 101)
        #expect(ids.id(stream: "b", phoneID: 7, lifting: false) == 102)
        #expect(ids.id(stream: "a", phoneID: 7, lifting: false) == 100)
        #expect(ids.id(stream: "a", phoneID: 7, lifting: true) == 100)
        #expect(ids.id(stream: "a", phoneID: 3, lifting: false) == 100)
        #expect(ids.id(stream: "c", phoneID: 1, lifting: true) == 103)
    }
}
