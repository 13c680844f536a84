import FoundationEssentials
import Glibc
import Interaction
import Plumbing

/// A JSON file of named rules, so that a rule found by `tune` or written by hand can be used by
/// name everywhere a policy is taken:
///
/// ```json
/// {"format": "gesture-lab-policies", "rules": {"snappy": "fling:velocity=300pt/s,position=0.4,at-threshold=cancel"}}
/// ```
public enum PolicyFile {
    /// The value of the file's `format` key.
    public static let formatName = "gesture-lab-policies"
    /// The largest file read, in bytes.
    public static let maximumBytes = 1 << 20
    /// The most rules one file may hold.
    public static let maximumRules = 1000

    /// The named rules in `bytes`, read from `file` (named in messages), in the file's order.
    public static func parse(_ bytes: [UInt8], file: String) throws(PolicyFileError) -> [NamedPolicy] {
        func fail(_ problem: String, line: Int? = nil) -> PolicyFileError {
            PolicyFileError(description: "\(file)\(line.map { ":\($0)" } ?? ""): \(problem)")
        }
        guard bytes.count <= maximumBytes else { throw fail("\(bytes.count) bytes is more than the limit of \(maximumBytes) for a policy file") }
        let json: JSONValue
        do { json = try JSONParser.document(bytes) } catch { throw fail(error.message, line: error.line) }
        guard let members = json.members else { throw fail("a policy file must be a JSON object, found \(json.typeName)") }
        for member in members where !["format", "rules"].contains(member.key) {
            throw fail("unknown key \"\(Escaped.text(member.key))\"\(NameSuggestion.hint(for: member.key, in: ["format", "rules"])) (a policy file has \"format\" and \"rules\")")
        }
        guard json["format"]?.string == formatName else {
            throw fail("\"format\" must be \"\(formatName)\" (is this a policy file?)")
        }
        guard let rules = json["rules"]?.members else { throw fail("\"rules\" must be an object of name: spec") }
        guard rules.count <= maximumRules else { throw fail("\(rules.count) rules is more than the limit of \(maximumRules)") }
        var named: [NamedPolicy] = []
        let reserved = PolicySpec.Base.all.map(\.name)
        for (key, value) in rules {
            let name = key.lowercased()
            guard !name.isEmpty, name.count <= 64, name.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }) else {
                throw fail("rule name \"\(Escaped.text(key))\" must be 1 to 64 letters, digits and dashes")
            }
            guard !reserved.contains(name) else { throw fail("rule name \"\(name)\" is already a preset or family") }
            guard !named.contains(where: { $0.name == name }) else { throw fail("rule \"\(name)\" is given twice") }
            guard let text = value.string else { throw fail("rule \"\(name)\" must be a spec string, found \(value.typeName)") }
            do { named.append(NamedPolicy(name: name, spec: try PolicySpec.parse(text))) } catch {
                throw fail("rule \"\(name)\": \(error.description)")
            }
        }
        return named
    }

    /// The named rules at `path`, a regular file of at most ``maximumBytes``.
    public static func load(path: String) throws(PolicyFileError) -> [NamedPolicy] {
        guard FileManager.default.fileExists(atPath: path) else { throw PolicyFileError(description: "\(path): no such policy file") }
        switch InputFile.read(path, limit: maximumBytes) {
        case .success(let bytes): return try parse(bytes, file: path)
        case .failure(let error): throw PolicyFileError(description: "\(path): cannot read the policy file: \(error.reason)")
        }
    }

    /// The text of a policy file holding `rules`, one rule a line.
    public static func text(_ rules: [NamedPolicy]) -> String {
        var text = "{\"format\": \"\(formatName)\", \"rules\": {"
        for (index, rule) in rules.enumerated() {
            var name = ""
            JSONWriter.writeString(rule.name, into: &name)
            var spec = ""
            JSONWriter.writeString(rule.spec.canonical, into: &spec)
            text += (index == 0 ? "\n  " : ",\n  ") + name + ": " + spec
        }
        return text + "\n}}\n"
    }
}

/// A policy file that cannot be used, with the file (and line) named.
public struct PolicyFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and where.
    public let description: String

    /// An error saying `description`.
    public init(description: String) {
        self.description = description
    }
}
