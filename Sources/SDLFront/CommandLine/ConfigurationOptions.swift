import Engine
import Interaction

/// The options every command that replays or plays shares, to pick or override the session's
/// configuration: "what would this gesture have done under another rule".
enum ConfigurationOptions {
    static let specs: [OptionSpec] = [
        OptionSpec(name: "--policy", valueName: "NAME", help: "Release policy (see 'gesture-lab list policies')."),
        OptionSpec(name: "--transition", valueName: "NAME", help: "Transition (see 'gesture-lab list transitions')."),
        OptionSpec(name: "--controller", valueName: "NAMES", help: "Controllers, comma-separated (see 'gesture-lab list controllers')."),
        OptionSpec(name: "--duration", valueName: "SECONDS", help: "Transition duration in seconds (default 0.35)."),
        OptionSpec(name: "--direction", valueName: "DIR", help: "forward or backward."),
        OptionSpec(name: "--completion", valueName: "NAME", help: "Completion timing (see 'gesture-lab list completions')."),
        OptionSpec(name: "--velocity", valueName: "NAME", help: "Velocity estimator: flutter, android-lsq2, android-impulse or last-two (lsq and impulse: old names)."),
        OptionSpec(name: "--edge", valueName: "EDGE", help: "Edge pan's edge: left, right, top or bottom."),
        OptionSpec(name: "--operation", valueName: "OP", help: "Swipe operation: pop, dismiss or tab."),
        OptionSpec(name: "--pinch", valueName: "in|out", help: "Pinch direction that drives the transition."),
    ]

    /// `base` with every option given on the command line applied.
    static func apply(_ arguments: ParsedArguments, to base: SessionConfiguration, spec: CommandSpec) throws(UsageError) -> SessionConfiguration {
        var configuration = base
        if let policy = arguments.value("--policy") { configuration.policy = policy }
        if let transition = arguments.value("--transition") { configuration.transition = transition }
        if let controllers = arguments.value("--controller") {
            configuration.controllers = controllers.split(separator: ",").map { String($0) }
        }
        if let duration = try arguments.double("--duration", in: 0.01...60, spec: spec) { configuration.duration = duration }
        if let direction = try arguments.choice("--direction", TransitionDirection.allCases.map(\.rawValue), spec: spec) {
            configuration.direction = TransitionDirection(rawValue: direction) ?? .forward
        }
        if let completion = arguments.value("--completion") { configuration.completion = completion }
        if let velocity = try arguments.choice("--velocity", VelocityEstimator.acceptedNames, spec: spec) {
            configuration.velocityEstimator = VelocityEstimator(rawValue: velocity) ?? .standard
        }
        if let edge = try arguments.choice("--edge", ScreenEdge.allCases.map(\.rawValue), spec: spec) {
            configuration.edge = ScreenEdge(rawValue: edge) ?? .left
        }
        if let operation = try arguments.choice("--operation", InteractionOperation.allCases.map(\.rawValue), spec: spec) {
            configuration.operation = InteractionOperation(rawValue: operation) ?? .dismiss
        }
        if let pinch = try arguments.choice("--pinch", PinchDirection.allCases.map(\.rawValue), spec: spec) {
            configuration.pinchDirection = PinchDirection(rawValue: pinch) ?? .pinchIn
        }
        return configuration
    }

    /// The preset called `name`, or a usage error listing the presets.
    static func policy(named name: String, spec: CommandSpec) throws(UsageError) -> ThresholdPolicy {
        guard let policy = ThresholdPolicy.named(name) else {
            throw UsageError(message: "unknown policy '\(name)' (expected one of: \(ThresholdPolicy.presets.map(\.name).joined(separator: ", ")))", command: spec)
        }
        return policy
    }

    /// Resolves `configuration`, turning an unknown name into a usage error.
    static func resolve(_ configuration: SessionConfiguration, spec: CommandSpec) throws(UsageError) -> ResolvedConfiguration {
        do { return try configuration.resolve() } catch {
            throw UsageError(message: error.description, command: spec)
        }
    }
}

extension ConfigurationOptions {
    /// Resolves a configuration the window built itself (names already checked).
    static func resolveForWindow(_ configuration: SessionConfiguration) throws -> ResolvedConfiguration {
        do { return try configuration.resolve() } catch { throw InputError(description: error.description) }
    }
}
