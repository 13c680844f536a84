/// Window pointer ids for the phone's pointers: a phone's `pointerId` (any whole number, per
/// page) becomes a small id from ``first`` upwards, apart from the mouse (0) and SDL's fingers
/// (1, 2, …), reused once its pointer lifts.
package struct RemotePointerIDs {
    /// The smallest id given to a phone's pointer.
    static let first = 100
    private var assigned: [RemotePointerKey: Int] = [:]

    /// The window id of the phone's pointer `phoneID` in stream `stream`; `lifting` frees it
    /// after this event. Nil, assigning nothing, when a new pointer would make more than
    /// `limit` pointers held at once.
    mutating func id(stream: String, phoneID: Int, lifting: Bool, limit: Int) -> Int? {
        let key = RemotePointerKey(stream: stream, phoneID: phoneID)
        if let id = assigned[key] {
            if lifting { assigned[key] = nil }
            return id
        }
        guard lifting || assigned.count < limit else { return nil }
        var candidate = Self.first
        let used = Set(assigned.values)
        while used.contains(candidate) { candidate += 1 }
        if !lifting { assigned[key] = candidate }
        return candidate
    }
}

/// A phone's pointer: its page's stream and its own id.
package struct RemotePointerKey: Hashable {
    /// The page's stream.
    let stream: String
    /// The browser's `pointerId`.
    let phoneID: Int
}
