import Engine
import FoundationEssentials
import Glibc
import Interaction
import Output
import Plumbing
import Traces

/// Loads a trace for a command, turning its problems into input errors.
package enum TraceLoading {
    /// The trace at `path`, warning on standard error when it was cut short.
    package static func load(_ path: String) throws -> Trace {
        let trace = try Trace.load(path: path)
        if trace.wasCutShort { warnCutShort(path, eventCount: trace.events.count) }
        return trace
    }

    /// Says on standard error that the trace at `path` was cut short and what was done with the
    /// events it holds (`using`, `replayed`, `exported`).
    package static func warnCutShort(_ path: String, eventCount: Int, verb: String = "using") {
        Console.error("\(path): the trace was cut short (no closing bracket); \(verb) the \(eventCount) events it holds")
    }

    /// The trace's configuration with the command line's overrides, resolved.
    package static func configuration(of header: TraceHeader, path: String, arguments: ParsedArguments, spec: CommandSpec) throws -> ResolvedConfiguration {
        // Names given on the command line are checked first, so a typo there is a usage error.
        _ = try ConfigurationOptions.resolve(ConfigurationOptions.apply(arguments, to: SessionConfiguration()), spec: spec)
        let configuration = try ConfigurationOptions.apply(arguments, to: header.configuration)
        do { return try configuration.resolve() } catch {
            throw InputError(description: "\(path): the trace's configuration: \(error.description)")
        }
    }

}
