import Engine
import Interaction
import Output
import Traces

/// The options every command that replays or plays shares, to pick or override the session's
/// configuration: "what would this gesture have done under another rule".
package enum ConfigurationOptions {
    /// `--policy SPEC`.
    package static let policyOption = OptionSpec(name: "--policy", valueName: "SPEC",
        help: "Release policy: a preset, a family with parameters (position:threshold=0.35) or a rule from --policy-file (see 'gesture-lab list policies').")
    /// `--policy-file FILE`.
    package static let policyFile = OptionSpec.path("--policy-file", "FILE", help: "A JSON file of named rules that --policy (and P in the window) may use.")
    /// `--transition NAME`.
    static let transition = OptionSpec(name: "--transition", valueName: "NAME", help: "Transition (see 'gesture-lab list transitions').")
    /// `--controller NAMES`.
    static let controller = OptionSpec(name: "--controller", valueName: "NAMES", help: "Controllers, comma-separated (see 'gesture-lab list controllers').")
    /// `--duration SECONDS`.
    static let duration = OptionSpec(name: "--duration", valueName: "SECONDS", help: "Transition duration in seconds (default 0.35).", value: .number(0.01...60))
    /// `--direction forward|backward`.
    static let direction = OptionSpec.choice("--direction", of: TransitionDirection.self, help: "Which way the transition runs (default forward).")
    /// `--completion NAME`.
    static let completion = OptionSpec(name: "--completion", valueName: "NAME", help: "Completion timing (see 'gesture-lab list completions').")
    /// `--velocity NAME`.
    static let velocity = OptionSpec(name: "--velocity", valueName: "NAME",
        help: "Velocity estimator: flutter, android-lsq2, android-impulse or last-two (lsq and impulse: old names).", value: .choice(VelocityEstimator.acceptedNames))
    /// `--edge EDGE`.
    static let edge = OptionSpec(name: "--edge", valueName: "EDGE", help: "Edge pan's edge: left, right, top or bottom.", value: .choice(of: ScreenEdge.self))
    /// `--operation OP`.
    static let operation = OptionSpec(name: "--operation", valueName: "OP", help: "Swipe operation: pop, dismiss or tab.", value: .choice(of: InteractionOperation.self))
    /// `--pinch in|out`.
    static let pinch = OptionSpec.choice("--pinch", of: PinchDirection.self, help: "Pinch direction that drives the transition.")
    /// `--resample MODE`.
    static let resample = OptionSpec(name: "--resample", valueName: "MODE",
        help: "Resample input to 60 Hz frames: off, flutter or android (default off; a trace's own mode on replay; see docs/prediction.md).", value: .choice(of: ResamplingMode.self))
    /// `--predict NAME`.
    static let predict = OptionSpec(name: "--predict", valueName: "NAME",
        help: "Drive the controllers from a predicted position: none, linear-first, linear-second, lsq or kalman (default none; a trace's own on replay).",
        value: .choice(of: PredictorName.self))
    /// `--predict-horizon MS`.
    static let predictHorizon = OptionSpec(name: "--predict-horizon", valueName: "MS",
        help: "How far ahead --predict predicts, \(predictionHorizonText) ms (default 16); past 25 ms (Chromium's kMaxPredictionTime) nothing is predicted and the real position drives.",
        value: .number(predictionHorizonMilliseconds))
    /// `--edge-recognizer NAME`.
    static let edgeRecognizer = OptionSpec(name: "--edge-recognizer", valueName: "NAME",
        help: "Whose rules recognise the edge pan: md, uikit-screen-edge, flutter-cupertino or android-back (default: the policy's reference; a trace's own on replay; see docs/policies.md).",
        value: .choice(of: EdgeRecognizerName.self))

    /// `--policy` and `--policy-file`, which every command that takes a policy accepts.
    package static let policySpecs: [OptionSpec] = [policyOption, policyFile]

    /// Every configuration option, in the order `--help` lists them: each command that plays or
    /// replays gestures takes them all.
    package static let specs: [OptionSpec] = policySpecs + [transition, controller, duration, direction, completion, velocity, edge, operation, pinch,
                                                            resample, predict, predictHorizon, edgeRecognizer] + tunableSpecs

    /// The horizons `--predict-horizon` and `predict --horizon` take, in milliseconds:
    /// ``SessionConfiguration/predictionHorizons`` (1…100 ms).
    package static let predictionHorizonMilliseconds =
        (SessionConfiguration.predictionHorizons.lowerBound * 1000)...(SessionConfiguration.predictionHorizons.upperBound * 1000)
    /// ``predictionHorizonMilliseconds`` as help texts write it: `1…100`.
    package static let predictionHorizonText = "\(Int(predictionHorizonMilliseconds.lowerBound))…\(Int(predictionHorizonMilliseconds.upperBound))"

    /// What each tunable does, for its option's help.
    private static let tunableHelp: [String: String] = [
        "edge-zone": "How far from its edge an edge pan may be recognised",
        "pan-slop": "Travel in any direction before a free pan begins",
        "axis-slop": "Travel along the axis before a swipe or edge pan begins",
        "scale-slop": "Change of the fingers' spread before a pinch begins",
        "velocity-stop": "A pointer still for longer is taken to have stopped (no release velocity)",
    ]

    /// `--edge-zone`, `--pan-slop`, `--axis-slop`, `--scale-slop` and `--velocity-stop`: one
    /// option per tunable, named as trace headers name it, with its range.
    package static let tunableSpecs: [OptionSpec] = GestureTunables.fields.map { field in
        let standard = DecimalFormat.string(GestureTunables.standard[keyPath: field.keyPath], decimals: 6)
        return OptionSpec(name: "--\(field.name)", valueName: field.unit.uppercased(),
                          help: "\(tunableHelp[field.name] ?? field.name), in \(field.unit) (default \(standard); a trace's own value on replay).",
                          value: .number(field.range))
    }

    /// The overrides the configuration options given in `arguments` make: the one reading of
    /// them, for a window's session (``apply(_:to:)``) as for every trace a command replays.
    package static func overrides(_ arguments: ParsedArguments) throws -> ConfigurationOverrides {
        let spec = arguments.spec
        var overrides = ConfigurationOverrides()
        overrides.policy = try policy(arguments)
        if let transition = arguments.value(transition) {
            do { overrides.transition = try TransitionName.parse(transition) } catch {
                throw UsageError(message: "option '--transition': \(error.description)", command: spec)
            }
        }
        if let controllers = arguments.value(controller) {
            var kinds: [ControllerKind] = []
            for name in controllers.split(separator: ",", omittingEmptySubsequences: false) {
                do { kinds.append(try ControllerKind.parse(String(name))) } catch {
                    throw UsageError(message: "option '--controller': \(error.description)", command: spec)
                }
            }
            overrides.controllers = kinds
        }
        overrides.duration = arguments.number(duration)
        overrides.direction = arguments.choice(direction)
        if let completion = arguments.value(completion) {
            do { overrides.completion = try CompletionTiming.Name.parse(completion) } catch {
                throw UsageError(message: "option '--completion': \(error.description)", command: spec)
            }
        }
        overrides.velocityEstimator = arguments.choice(velocity)
        overrides.edge = arguments.choice(edge)
        overrides.operation = arguments.choice(operation)
        overrides.pinchDirection = arguments.choice(pinch)
        overrides.resampling = arguments.choice(resample)
        overrides.prediction = arguments.choice(predict)
        overrides.predictionHorizon = arguments.number(predictHorizon).map { $0 / 1000 }
        overrides.edgeRecognizer = arguments.choice(edgeRecognizer)
        for (field, option) in zip(GestureTunables.fields, tunableSpecs) {
            if let value = arguments.number(option) { overrides.tunables[field.name] = value }
        }
        return overrides
    }

    /// `base` with every configuration option given on the command line applied.
    package static func apply(_ arguments: ParsedArguments, to base: SessionConfiguration) throws -> SessionConfiguration {
        try overrides(arguments).applied(to: base)
    }

    /// The named rules of `--policy-file`, if given; an unusable file is an input error.
    package static func rules(_ arguments: ParsedArguments) throws -> [NamedPolicy] {
        guard let path = arguments.value(policyFile) else { return [] }
        do { return try PolicyFile.load(path: path) } catch { throw InputError(description: error.description) }
    }

    /// The policy `--policy` gives (a spec, or a rule of `--policy-file`), or nil when absent.
    /// A `--policy-file` is read even without `--policy`, so an unusable one is never ignored.
    package static func policy(_ arguments: ParsedArguments) throws -> PolicySpec? {
        let rules = try rules(arguments)
        guard let text = arguments.value(policyOption) else { return nil }
        return try policy(text, rules: rules, option: "--policy", spec: arguments.spec)
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
