import Interaction

/// Where two traces, or two replay reports, first differ (what `trace diff` prints).
public enum TraceDiff {
    /// The first difference between two traces: header configuration, then events by index;
    /// nil when they hold the same configuration and events.
    public static func firstDifference(_ left: Trace, _ right: Trace) -> String? {
        if left.header.configuration != right.header.configuration {
            return "configurations differ: \(JSONWriter.compact(left.header.configuration.json)) vs \(JSONWriter.compact(right.header.configuration.json))"
        }
        if left.header.windowSize != right.header.windowSize {
            return "window sizes differ: \(left.header.windowSize.width)x\(left.header.windowSize.height) vs \(right.header.windowSize.width)x\(right.header.windowSize.height)"
        }
        for (index, pair) in zip(left.events, right.events).enumerated() where pair.0 != pair.1 {
            return "event \(index) differs: \(PointerEventCoding.line(pair.0)) vs \(PointerEventCoding.line(pair.1))"
        }
        if left.events.count != right.events.count {
            let shorter = min(left.events.count, right.events.count)
            return "event counts differ: \(left.events.count) vs \(right.events.count) (the first \(shorter) are equal)"
        }
        return nil
    }

    /// ``firstDifference(_:_:)-(Trace,Trace)`` read from two readers one event at a time, so
    /// traces of any size are compared in bounded memory; the same messages.
    public static func firstDifference(_ left: TraceReader, _ right: TraceReader) throws(TraceError) -> String? {
        if left.header.configuration != right.header.configuration {
            return "configurations differ: \(JSONWriter.compact(left.header.configuration.json)) vs \(JSONWriter.compact(right.header.configuration.json))"
        }
        if left.header.windowSize != right.header.windowSize {
            return "window sizes differ: \(left.header.windowSize.width)x\(left.header.windowSize.height) vs \(right.header.windowSize.width)x\(right.header.windowSize.height)"
        }
        var index = 0
        while true {
            let leftEvent = try left.next()
            let rightEvent = try right.next()
            switch (leftEvent, rightEvent) {
            case (nil, nil):
                return nil
            case let (leftEvent?, rightEvent?):
                if leftEvent != rightEvent {
                    return "event \(index) differs: \(PointerEventCoding.line(leftEvent)) vs \(PointerEventCoding.line(rightEvent))"
                }
                index += 1
            default:
                // One ended: count the rest of the other for the message.
                var leftCount = index + (leftEvent == nil ? 0 : 1)
                var rightCount = index + (rightEvent == nil ? 0 : 1)
                while try left.next() != nil { leftCount += 1 }
                while try right.next() != nil { rightCount += 1 }
                return "event counts differ: \(leftCount) vs \(rightCount) (the first \(index) are equal)"
            }
        }
    }

    /// The first difference between two lists of replay records: count, then the first field
    /// of the first record that differs; nil when equal.
    public static func firstDifference(_ left: [TransitionRecord], _ right: [TransitionRecord]) -> String? {
        for (index, pair) in zip(left, right).enumerated() {
            guard case .object(let leftFields) = ReplayReport.json(pair.0), case .object(let rightFields) = ReplayReport.json(pair.1) else { continue }
            for (leftField, rightField) in zip(leftFields, rightFields) where leftField.value != rightField.value {
                return "transition \(index): \(leftField.key) \(JSONWriter.compact(leftField.value)) vs \(JSONWriter.compact(rightField.value))"
            }
        }
        if left.count != right.count { return "transition counts differ: \(left.count) vs \(right.count)" }
        return nil
    }
}
