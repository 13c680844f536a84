/// A transition the registry holds, by its stable name (`cube`, `fade-cross`). Only a
/// registered name can be made, so a configuration holding one always finds its transition.
public struct TransitionName: Hashable, Sendable, CustomStringConvertible {
    /// The transition's place in ``TransitionRegistry/all``.
    private let index: Int

    /// The transition called `name` (case-insensitively), or nil when the registry has none.
    public init?(_ name: String) {
        let lowered = name.lowercased()
        guard let index = TransitionRegistry.all.firstIndex(where: { $0.name == lowered }) else { return nil }
        self.index = index
    }

    private init(index: Int) { self.index = index }

    /// Every transition, in the order the window cycles through them.
    public static var all: [TransitionName] { TransitionRegistry.all.indices.map(TransitionName.init(index:)) }

    /// The transition a configuration starts with: VCTransitionsLibrary's crossfade, the
    /// registry's first.
    public static var standard: TransitionName { TransitionName(index: 0) }

    /// The stable name, as command lines and trace headers spell it.
    public var rawValue: String { TransitionRegistry.all[index].name }

    /// The stable name.
    public var description: String { rawValue }

    /// The transition itself.
    public var transition: any Transition { TransitionRegistry.all[index] }
}
