@testable import Playground
import Testing

/// The phone's pointer ids as the window's.
@Suite("Serve: remote pointer ids")
struct RemotePointerIDsTests {
    @Test("ids from 100, one per pointer and stream, reused after a lift")
    func ids() {
        var ids = RemotePointerIDs()
        #expect(ids.id(stream: "a", phoneID: 7, lifting: false, limit: 64) == 100)
        #expect(ids.id(stream: "a", phoneID: 9, lifting: false, limit: 64) == 101)
        #expect(ids.id(stream: "b", phoneID: 7, lifting: false, limit: 64) == 102)
        #expect(ids.id(stream: "a", phoneID: 7, lifting: false, limit: 64) == 100)
        #expect(ids.id(stream: "a", phoneID: 7, lifting: true, limit: 64) == 100)
        #expect(ids.id(stream: "a", phoneID: 3, lifting: false, limit: 64) == 100)
        #expect(ids.id(stream: "c", phoneID: 1, lifting: true, limit: 64) == 103)
    }

    @Test("a new pointer past the limit gets no id and takes no slot; held pointers and lifts still map")
    func limit() {
        var ids = RemotePointerIDs()
        #expect(ids.id(stream: "a", phoneID: 1, lifting: false, limit: 2) == 100)
        #expect(ids.id(stream: "b", phoneID: 1, lifting: false, limit: 2) == 101)
        #expect(ids.id(stream: "a", phoneID: 2, lifting: false, limit: 2) == nil)
        #expect(ids.id(stream: "a", phoneID: 1, lifting: false, limit: 2) == 100)
        #expect(ids.id(stream: "a", phoneID: 1, lifting: true, limit: 2) == 100)
        #expect(ids.id(stream: "a", phoneID: 2, lifting: false, limit: 2) == 100)
    }
}
