import Interaction

/// Checks JSON values against a JSON Schema (draft 2020-12), for the keywords the trace
/// schema uses: `type`, `enum`, `const`, `properties`, `required`, `additionalProperties`,
/// `items`, `prefixItems`, `minItems`, `maxItems`, `minimum`, `maximum`, `exclusiveMinimum`,
/// `minLength`, `maxLength`, `$ref` to `#/$defs/NAME`, and `oneOf` / `anyOf`. Other keywords (`title`,
/// `description`, `$schema`, `$id`) are annotations and are ignored, as the specification
/// allows; `pattern` is not supported, so the trace schema does not use it.
public struct JSONSchemaValidator: Sendable {
    /// The root schema.
    public let schema: JSONValue

    /// A validator for `schema`.
    public init(schema: JSONValue) {
        self.schema = schema
    }

    /// Every way `value` breaks `subschema` (the root schema when nil), each with the JSON
    /// path where it happens (e.g. `$.window.width`).
    public func problems(in value: JSONValue, against subschema: JSONValue? = nil, path: String = "$") -> [String] {
        var problems: [String] = []
        check(value, subschema ?? schema, path: path, into: &problems, depth: 0)
        return problems
    }

    /// The schema at `#/$defs/name`.
    public func definition(_ name: String) -> JSONValue? {
        schema["$defs"]?[name]
    }

    private func check(_ value: JSONValue, _ schema: JSONValue, path: String, into problems: inout [String], depth: Int) {
        guard depth < 32 else {
            problems.append("\(path): the schema nests too deeply")
            return
        }
        if case .bool(let allowed) = schema {
            if !allowed { problems.append("\(path): not allowed here") }
            return
        }
        if let reference = schema["$ref"]?.string {
            let prefix = "#/$defs/"
            guard reference.hasPrefix(prefix), let target = definition(String(reference.dropFirst(prefix.count))) else {
                problems.append("\(path): the schema refers to \(reference), which it does not define")
                return
            }
            check(value, target, path: path, into: &problems, depth: depth + 1)
        }
        if let types = schema["type"] {
            let allowed = types.array?.compactMap(\.string) ?? [types.string].compactMap { $0 }
            if !allowed.contains(where: { Self.matches(value, type: $0) }) {
                problems.append("\(path): must be \(allowed.joined(separator: " or ")), found \(value.typeName)")
                return
            }
        }
        if let options = schema["enum"]?.array, !options.contains(value) {
            problems.append("\(path): must be one of \(options.map { JSONWriter.compact($0) }.joined(separator: ", "))")
        }
        if let constant = schema["const"], constant != value {
            problems.append("\(path): must be \(JSONWriter.compact(constant))")
        }
        if case .number(let number) = value {
            if let minimum = schema["minimum"]?.number, number < minimum { problems.append("\(path): must be at least \(JSONWriter.numberText(minimum))") }
            if let maximum = schema["maximum"]?.number, number > maximum { problems.append("\(path): must be at most \(JSONWriter.numberText(maximum))") }
            if let minimum = schema["exclusiveMinimum"]?.number, number <= minimum { problems.append("\(path): must be more than \(JSONWriter.numberText(minimum))") }
        }
        if case .string(let text) = value, let minimum = schema["minLength"]?.number, Double(text.count) < minimum {
            problems.append("\(path): must have at least \(Int(minimum)) characters")
        }
        if case .string(let text) = value, let maximum = schema["maxLength"]?.number, Double(text.count) > maximum {
            problems.append("\(path): must have at most \(Int(maximum)) characters")
        }
        if case .object(let members) = value {
            let properties = schema["properties"]?.members ?? []
            for required in schema["required"]?.array?.compactMap(\.string) ?? [] where !members.contains(where: { $0.key == required }) {
                problems.append("\(path): missing \"\(required)\"")
            }
            for member in members {
                let childPath = "\(path).\(member.key)"
                if let propertySchema = properties.first(where: { $0.key == member.key })?.value {
                    check(member.value, propertySchema, path: childPath, into: &problems, depth: depth + 1)
                } else if let additional = schema["additionalProperties"] {
                    check(member.value, additional, path: childPath, into: &problems, depth: depth + 1)
                }
            }
        }
        if case .array(let elements) = value {
            if let minimum = schema["minItems"]?.number, Double(elements.count) < minimum {
                problems.append("\(path): must have at least \(Int(minimum)) elements")
            }
            if let maximum = schema["maxItems"]?.number, Double(elements.count) > maximum {
                problems.append("\(path): must have at most \(Int(maximum)) elements")
            }
            let prefix = schema["prefixItems"]?.array ?? []
            for (index, element) in elements.enumerated() {
                if index < prefix.count {
                    check(element, prefix[index], path: "\(path)[\(index)]", into: &problems, depth: depth + 1)
                } else if let items = schema["items"] {
                    check(element, items, path: "\(path)[\(index)]", into: &problems, depth: depth + 1)
                }
            }
        }
        if let choices = schema["oneOf"]?.array {
            let passing = choices.filter { self.problems(in: value, against: $0, path: path).isEmpty }.count
            if passing != 1 { problems.append("\(path): must match exactly one of \(choices.count) alternatives (matches \(passing))") }
        }
        if let choices = schema["anyOf"]?.array, !choices.contains(where: { self.problems(in: value, against: $0, path: path).isEmpty }) {
            problems.append("\(path): matches none of \(choices.count) alternatives")
        }
    }

    private static func matches(_ value: JSONValue, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array), ("object", .object): return true
        case ("integer", .number(let number)): return number == number.rounded() && number.isFinite
        default: return false
        }
    }
}
