import Playground

/// `--renderer`, of the commands that open the window.
package enum RendererOption {
    /// `--renderer`'s values: `auto`, then every renderer by name.
    package static let values = ["auto"] + WindowRendererKind.allCases.map(\.rawValue)

    /// The option as `--help` and the parser know it.
    static let spec = OptionSpec(name: "--renderer", valueName: values.joined(separator: "|"),
                                 help: "Which SDL renderer draws the window: auto (default) times a few frames of each when the window opens and takes the faster (software, untimed, without a GPU); the HUD says which and why.",
                                 value: .choice(values))

    /// The renderer `--renderer` names, or nil for `auto`.
    static func requested(_ arguments: ParsedArguments) -> WindowRendererKind? {
        arguments.choice(spec)
    }
}
