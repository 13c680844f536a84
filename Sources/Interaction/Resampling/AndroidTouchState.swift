/// What Android's input consumer remembers of one touch device for resampling
/// (`InputConsumer::TouchState`): its two most recent real samples and its last resampled one.
struct AndroidTouchState {
    /// One remembered sample: a time in nanoseconds and every pointer's coordinates.
    struct History {
        /// Time in nanoseconds.
        var time: Int64
        /// Every pointer's coordinates.
        var pointers: [AndroidMotionMessage.Pointer]

        /// The pointer with `id`, if present.
        func pointer(_ id: Int) -> AndroidMotionMessage.Pointer? { pointers.first { $0.id == id } }
    }

    /// The most recent real samples, newest first (at most two).
    private(set) var history: [History] = []
    /// The last resampled sample; only its pointers still valid are kept.
    var lastResample = History(time: 0, pointers: [])

    /// Remembers `message` as the newest real sample.
    mutating func addHistory(_ message: AndroidMotionMessage) {
        history.insert(History(time: message.time, pointers: message.pointers), at: 0)
        if history.count > 2 { history.removeLast() }
    }

    /// True when the two most recent real samples put pointer `id` at the same place.
    func recentCoordinatesAreIdentical(_ id: Int) -> Bool {
        guard history.count == 2, let current = history[0].pointer(id), let previous = history[1].pointer(id) else { return false }
        return current.x == previous.x && current.y == previous.y
    }

    /// Forgets the last resampled position of pointer `id`.
    mutating func invalidateResample(of id: Int) { lastResample.pointers.removeAll { $0.id == id } }

    /// Android's `rewriteMessage`: a message older than the last resample, or repeating the
    /// previous real position, takes the resampled position instead (so the pointer never seems
    /// to jump back); otherwise the resample is no longer valid for that pointer.
    mutating func rewrite(_ message: inout AndroidMotionMessage) {
        for index in message.pointers.indices {
            let id = message.pointers[index].id
            guard let resampled = lastResample.pointer(id) else { continue }
            if message.time < lastResample.time || recentCoordinatesAreIdentical(id) {
                message.pointers[index].x = resampled.x
                message.pointers[index].y = resampled.y
                message.pointers[index].isResampled = true
            } else {
                invalidateResample(of: id)
            }
        }
    }
}
