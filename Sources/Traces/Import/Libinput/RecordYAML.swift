import Interaction

/// A node of the YAML subset `libinput record` writes.
indirect enum RecordYAML: Hashable {
    /// A plain or quoted scalar, unquoted.
    case scalar(String, line: Int)
    /// A block sequence (`- item` lines) or a flow sequence (`[a, b]`, its items scalars).
    case list([RecordYAML], line: Int)
    /// A block mapping (`key: value` lines), in file order.
    case map([Entry], line: Int)
    /// A flow mapping (`{time: 0.1, type: …}`), which the importer never reads.
    case unread(line: Int)

    /// One `key: value` of a mapping.
    struct Entry: Hashable {
        var key: String
        var value: RecordYAML
    }

    /// The line the node starts on.
    var line: Int {
        switch self {
        case .scalar(_, let line), .list(_, let line), .map(_, let line), .unread(let line): return line
        }
    }

    /// The value of `key` when this is a mapping that has it.
    subscript(key: String) -> RecordYAML? {
        guard case .map(let entries, _) = self else { return nil }
        return entries.first { $0.key == key }?.value
    }
}
