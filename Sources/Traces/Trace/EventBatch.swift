import Interaction

/// A batch of pointer events without a header: a JSON array of events in the trace format's
/// event shape (`{"t":…,"id":…,"kind":…,"phase":…,"x":…,"y":…}`), as a phone streams them to
/// `play --serve`. Each event is checked by the same rules as a trace file's events.
public enum EventBatch {
    /// The most events one batch may hold.
    public static let maximumEvents = 4096
    /// The most bytes of JSON one batch may take, from its `[` to its `]`.
    public static let maximumBytes = 1 << 20
    /// ``maximumBytes`` as its message names it.
    static let sizeLimit = JSONSizeLimit(bytes: maximumBytes, subject: "the batch", limitOf: "one batch")

    /// The events in `bytes`, in order; `file` names the batch in messages. Times are the
    /// sender's own (seconds), checked only as a trace's are (0…one week).
    public static func parse(_ bytes: [UInt8], file: String) throws(TraceError) -> [PointerEvent] {
        let parser = JSONParser(source: ByteSource(bytes: bytes))
        let json: JSONValue
        do {
            json = try parser.readValue(limit: sizeLimit)
            if let trailing = try parser.peekSignificant() {
                throw TraceError(file: file, line: parser.line, problem: "unexpected \(JSONParser.describe(trailing)) after the batch")
            }
        } catch let error as JSONSyntaxError {
            throw TraceError(file: file, line: error.line, problem: error.message)
        } catch let error as TraceError {
            throw error
        } catch {
            throw TraceError(file: file, problem: "cannot read: \(error)")
        }
        guard case .array(let elements) = json else {
            throw TraceError(file: file, problem: "a batch must be a JSON array of events, found \(json.typeName)")
        }
        guard elements.count <= maximumEvents else {
            throw TraceError(file: file, problem: "\(elements.count) events is more than the limit of \(maximumEvents) for one batch")
        }
        var events: [PointerEvent] = []
        events.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            do throws(EventProblem) {
                events.append(try PointerEventCoding.event(from: element))
            } catch {
                throw TraceError(file: file, eventIndex: index, problem: error.message)
            }
        }
        return events
    }
}
