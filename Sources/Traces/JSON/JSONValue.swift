import Interaction

/// A parsed JSON value. Objects keep their keys in file order, so that rewriting a trace
/// keeps its header as it was.
public enum JSONValue: Hashable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// Any number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, keys in file order.
    case object([(key: String, value: JSONValue)])

    /// The value for `key` if this is an object that has it (the first, if repeated).
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The number, if this is one.
    public var number: Double? { if case .number(let value) = self { return value } else { return nil } }
    /// The string, if this is one.
    public var string: String? { if case .string(let value) = self { return value } else { return nil } }
    /// The elements, if this is an array.
    public var array: [JSONValue]? { if case .array(let value) = self { return value } else { return nil } }
    /// The members, if this is an object.
    public var members: [(key: String, value: JSONValue)]? { if case .object(let value) = self { return value } else { return nil } }
    /// The boolean, if this is one.
    public var bool: Bool? { if case .bool(let value) = self { return value } else { return nil } }

    /// A short name of the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case (.bool(let a), .bool(let b)): return a == b
        case (.number(let a), .number(let b)): return a == b
        case (.string(let a), .string(let b)): return a == b
        case (.array(let a), .array(let b)): return a == b
        case (.object(let a), .object(let b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .number(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .array(let value): hasher.combine(value)
        case .object(let members):
            for member in members {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        }
    }
}
