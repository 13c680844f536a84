/// One motion message as Android's input channel carries it: an action and every pointer in
/// contact, at one time.
struct AndroidMotionMessage: Hashable, Sendable {
    /// `AMOTION_EVENT_ACTION_*`; the pointer actions name the index of the acting pointer in
    /// ``pointers``.
    enum Action: Hashable, Sendable {
        case down, move, up, cancel
        case pointerDown(index: Int)
        case pointerUp(index: Int)
    }

    /// One pointer's coordinates, in points.
    struct Pointer: Hashable, Sendable {
        /// The pointer's identifier.
        var id: Int
        /// Horizontal position in points.
        var x: Double
        /// Vertical position in points.
        var y: Double
        /// True when the position is not what the device reported (resampled or rewritten).
        var isResampled = false
        /// False for tools Android does not resample (`shouldResampleTool`: only fingers).
        var resamplable = true
    }

    /// The action.
    var action: Action
    /// Event time in nanoseconds.
    var time: Int64
    /// Every pointer in contact.
    var pointers: [Pointer]

    /// The pointer with `id`, if present.
    func pointer(_ id: Int) -> Pointer? { pointers.first { $0.id == id } }

    /// `getActionId()`: the acting pointer's identifier for pointer actions.
    var actionID: Int? {
        switch action {
        case .pointerDown(let index), .pointerUp(let index): pointers.indices.contains(index) ? pointers[index].id : nil
        default: nil
        }
    }
}

/// A motion event as the consumer hands it out: its action and its samples, the most recent
/// last (historical samples first).
struct AndroidMotionEvent: Hashable, Sendable {
    /// One sample of every pointer.
    struct Sample: Hashable, Sendable {
        /// Time in nanoseconds.
        var time: Int64
        /// Every pointer's coordinates.
        var pointers: [AndroidMotionMessage.Pointer]
    }

    /// The action.
    var action: AndroidMotionMessage.Action
    /// The samples, oldest first.
    var samples: [Sample]
}
