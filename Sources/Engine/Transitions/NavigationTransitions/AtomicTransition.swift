/// swiftui-navigation-transitions' atomic vocabulary: a change applied to one screen, either as
/// it is inserted (the to-screen, which starts changed and ends as it is) or as it is removed
/// (the from-screen, which starts as it is and ends changed).
///
/// A ``NavigationTransition`` applies one atomic transition to both screens. Atomic
/// transitions compose: ``group(_:)`` (and ``combined(with:)``) applies several, in order;
/// ``onInsertion(_:)`` and ``onRemoval(_:)`` limit one to a single side; ``mirrored()`` gives
/// the opposite motion. Offsets add up, scales multiply, rotations in the plane add, 3D
/// rotations apply in order and opacities multiply; every one is drawn about the screen's
/// centre and then moved by the total offset.
public indirect enum AtomicTransition: Hashable, Sendable {
    /// Changes nothing.
    case identity
    /// Enters from beyond `edge` on insertion, leaves towards it on removal.
    case move(edge: Edge)
    /// Moved by (x, y) points when inserted at first, or when removed at last.
    case offset(x: Double, y: Double)
    /// Transparent when inserted at first, or when removed at last.
    case opacity
    /// Turned in the screen's plane by `angle` radians (clockwise on screen) about its centre.
    case rotate(angle: Double)
    /// Turned by `angle` radians about `axis` through its centre, seen in perspective from
    /// max(width, height) / `perspective` points, as the original's m34 = perspective / max(width, height).
    case rotate3D(angle: Double, axis: RotationAxis, perspective: Double)
    /// Scaled by `factor` about its centre.
    case scale(Double)
    /// Drawn above screens of lower z while transitioning (1 lifts the screen above the other).
    case zPosition(Double)
    /// Drawn above the other screen while transitioning.
    case bringToFront
    /// Drawn below the other screen while transitioning.
    case sendToBack
    /// Every transition of the list, applied in order.
    case group([AtomicTransition])
    /// The transition, applied only to the screen being inserted.
    case onInsertion(AtomicTransition)
    /// The transition, applied only to the screen being removed.
    case onRemoval(AtomicTransition)

    /// Every transition of the list, applied in order.
    public static func group(_ transitions: AtomicTransition...) -> AtomicTransition {
        .group(transitions)
    }

    /// This transition and then `other`.
    public func combined(with other: AtomicTransition) -> AtomicTransition {
        .group([self, other])
    }

    /// The opposite motion, as the original's `mirrored()` (which its `MirrorPush` plays on
    /// pop): moves go to the opposite edge, offsets and rotations are negated, the rest stays.
    public func mirrored() -> AtomicTransition {
        switch self {
        case .identity, .opacity, .scale, .zPosition, .bringToFront, .sendToBack:
            return self
        case .move(let edge):
            return .move(edge: edge.opposite)
        case .offset(let x, let y):
            return .offset(x: -x, y: -y)
        case .rotate(let angle):
            return .rotate(angle: -angle)
        case .rotate3D(let angle, let axis, let perspective):
            // The original flips the sign of the perspective, which shows the turn the other way.
            return .rotate3D(angle: -angle, axis: axis, perspective: perspective)
        case .group(let transitions):
            return .group(transitions.map { $0.mirrored() })
        case .onInsertion(let transition):
            return .onInsertion(transition.mirrored())
        case .onRemoval(let transition):
            return .onRemoval(transition.mirrored())
        }
    }
}
