import Engine
import Interaction
import Output
import Traces

/// The options every command that replays or plays shares, to pick or override the session's
/// configuration: "what would this gesture have done under another rule".
package enum ConfigurationOptions {
    /// `--policy` and `--policy-file`, which every command that takes a policy accepts.
    package static let policySpecs: [OptionSpec] = [
        OptionSpec(name: "--policy", valueName: "SPEC",
                   help: "Release policy: a preset, a family with parameters (position:threshold=0.35) or a rule from --policy-file (see 'gesture-lab list policies')."),
        OptionSpec(name: "--policy-file", valueName: "FILE", help: "A JSON file of named rules that --policy (and P in the window) may use."),
    ]

    package static let specs: [OptionSpec] = policySpecs + [
        OptionSpec(name: "--transition", valueName: "NAME", help: "Transition (see 'gesture-lab list transitions')."),
        OptionSpec(name: "--controller", valueName: "NAMES", help: "Controllers, comma-separated (see 'gesture-lab list controllers')."),
        OptionSpec(name: "--duration", valueName: "SECONDS", help: "Transition duration in seconds (default 0.35)."),
        OptionSpec(name: "--direction", valueName: "DIR", help: "forward or backward.", takesPath: false),
        OptionSpec(name: "--completion", valueName: "NAME", help: "Completion timing (see 'gesture-lab list completions')."),
        OptionSpec(name: "--velocity", valueName: "NAME", help: "Velocity estimator: flutter, android-lsq2, android-impulse or last-two (lsq and impulse: old names)."),
        OptionSpec(name: "--edge", valueName: "EDGE", help: "Edge pan's edge: left, right, top or bottom."),
        OptionSpec(name: "--operation", valueName: "OP", help: "Swipe operation: pop, dismiss or tab."),
        OptionSpec(name: "--pinch", valueName: "in|out", help: "Pinch direction that drives the transition."),
    ] + inputSpecs + tunableSpecs

    /// `--resample`, `--predict`, `--predict-horizon` and `--edge-recognizer`: how input reaches
    /// the controllers.
    package static let inputSpecs: [OptionSpec] = [
        OptionSpec(name: "--resample", valueName: "MODE", help: "Resample input to 60 Hz frames: off, flutter or android (default off; a trace's own mode on replay; see docs/prediction.md)."),
        OptionSpec(name: "--predict", valueName: "NAME",
                   help: "Drive the controllers from a predicted position: none, linear-first, linear-second, lsq or kalman (default none; a trace's own on replay)."),
        OptionSpec(name: "--predict-horizon", valueName: "MS", help: "How far ahead --predict predicts, \(predictionHorizonText) ms (default 16); past 25 ms (Chromium's kMaxPredictionTime) nothing is predicted and the real position drives."),
        OptionSpec(name: "--edge-recognizer", valueName: "NAME",
                   help: "Whose rules recognise the edge pan: md, uikit-screen-edge, flutter-cupertino or android-back (default: the policy's reference; a trace's own on replay; see docs/policies.md)."),
    ]

    /// The horizons `--predict-horizon` and `predict --horizon` take, in milliseconds:
    /// ``SessionConfiguration/predictionHorizons`` (1…100 ms).
    package static let predictionHorizonMilliseconds =
        (SessionConfiguration.predictionHorizons.lowerBound * 1000)...(SessionConfiguration.predictionHorizons.upperBound * 1000)
    /// ``predictionHorizonMilliseconds`` as help texts write it: `1…100`.
    package static let predictionHorizonText = "\(Int(predictionHorizonMilliseconds.lowerBound))…\(Int(predictionHorizonMilliseconds.upperBound))"

    /// The input overrides `--resample`, `--predict`, `--predict-horizon` and `--edge-recognizer` give.
    package static func inputOverrides(_ arguments: ParsedArguments, spec: CommandSpec) throws(UsageError) -> InputOverrides {
        var overrides = InputOverrides()
        overrides.resampling = try arguments.choice("--resample", spec: spec)
        overrides.prediction = try arguments.choice("--predict", spec: spec)
        overrides.edgeRecognizer = try arguments.choice("--edge-recognizer", spec: spec)
        if let milliseconds = try arguments.double("--predict-horizon", in: predictionHorizonMilliseconds, spec: spec) {
            overrides.predictionHorizon = milliseconds / 1000
        }
        return overrides
    }

    /// What each tunable does, for its option's help.
    private static let tunableHelp: [String: String] = [
        "edge-zone": "How far from its edge an edge pan may be recognised",
        "pan-slop": "Travel in any direction before a free pan begins",
        "axis-slop": "Travel along the axis before a swipe or edge pan begins",
        "scale-slop": "Change of the fingers' spread before a pinch begins",
        "velocity-stop": "A pointer still for longer is taken to have stopped (no release velocity)",
    ]

    /// `--edge-zone`, `--pan-slop`, `--axis-slop`, `--scale-slop` and `--velocity-stop`: one
    /// option per tunable, named as trace headers name it.
    package static var tunableSpecs: [OptionSpec] {
        GestureTunables.fields.map { field in
            let standard = DecimalFormat.string(GestureTunables.standard[keyPath: field.keyPath], decimals: 6)
            return OptionSpec(name: "--\(field.name)", valueName: field.unit.uppercased(),
                              help: "\(tunableHelp[field.name] ?? field.name), in \(field.unit) (default \(standard); a trace's own value on replay).")
        }
    }

    /// `base` with every option given on the command line applied.
    package static func apply(_ arguments: ParsedArguments, to base: SessionConfiguration, spec: CommandSpec) throws -> SessionConfiguration {
        var configuration = base
        if let policy = try policy(arguments, spec: spec) { configuration.policy = policy }
        if let transition = arguments.value("--transition") {
            do { configuration.transition = try TransitionName.parse(transition) } catch {
                throw UsageError(message: "option '--transition': \(error.description)", command: spec)
            }
        }
        if let controllers = arguments.value("--controller") {
            var kinds: [ControllerKind] = []
            for name in controllers.split(separator: ",", omittingEmptySubsequences: false) {
                do { kinds.append(try ControllerKind.parse(String(name))) } catch {
                    throw UsageError(message: "option '--controller': \(error.description)", command: spec)
                }
            }
            configuration.controllers = kinds
        }
        if let duration = try arguments.double("--duration", in: 0.01...60, spec: spec) { configuration.duration = duration }
        if let direction = try arguments.choice("--direction", TransitionDirection.allCases.map(\.rawValue), spec: spec) {
            configuration.direction = TransitionDirection(rawValue: direction) ?? .forward
        }
        if let completion = arguments.value("--completion") {
            do { configuration.completion = try CompletionTiming.Name.parse(completion) } catch {
                throw UsageError(message: "option '--completion': \(error.description)", command: spec)
            }
        }
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
        configuration = try inputOverrides(arguments, spec: spec).applied(to: configuration)
        for field in GestureTunables.fields {
            if let value = try arguments.double("--\(field.name)", in: field.range, spec: spec) {
                configuration.tunables[keyPath: field.keyPath] = value
            }
        }
        return configuration
    }

    /// The named rules of `--policy-file`, if given; an unusable file is an input error.
    package static func rules(_ arguments: ParsedArguments) throws -> [NamedPolicy] {
        guard let path = arguments.value("--policy-file") else { return [] }
        do { return try PolicyFile.load(path: path) } catch { throw InputError(description: error.description) }
    }

    /// The policy `--policy` gives (a spec, or a rule of `--policy-file`), or nil when absent.
    /// A `--policy-file` is read even without `--policy`, so an unusable one is never ignored.
    package static func policy(_ arguments: ParsedArguments, spec: CommandSpec) throws -> PolicySpec? {
        let rules = try rules(arguments)
        guard let text = arguments.value("--policy") else { return nil }
        return try policy(text, rules: rules, option: "--policy", spec: spec)
    }

    /// `text` parsed as a policy, or a usage error naming `option` and the bad part.
    package static func policy(_ text: String, rules: [NamedPolicy], option: String, spec: CommandSpec) throws(UsageError) -> PolicySpec {
        do { return try PolicySpec.parse(text, rules: rules) } catch {
            throw UsageError(message: "option '\(option)': \(error.description)", command: spec)
        }
    }

    /// Resolves `configuration`, turning an unknown name into a usage error.
    package static func resolve(_ configuration: SessionConfiguration, spec: CommandSpec) throws(UsageError) -> ResolvedConfiguration {
        do { return try configuration.resolve() } catch {
            throw UsageError(message: error.description, command: spec)
        }
    }
}
