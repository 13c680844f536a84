/// Where an ``AtomicTransition`` puts one screen at one moment: the changes, weighted by how
/// much of them is in force, gathered into one pose.
struct AtomicPose {
    /// Whether the pose belongs to the screen being inserted or removed.
    enum Operation {
        /// The to-screen: a change is in full force at progress 0 and gone at 1.
        case insertion
        /// The from-screen: a change is absent at progress 0 and in full force at 1.
        case removal
    }

    /// Total displacement, in points.
    var offset = Point.zero
    /// Product of the scales.
    var scale = 1.0
    /// Sum of the turns in the plane, in radians.
    var rotation = 0.0
    /// Turns out of the plane, in order: (radians, axis, the original's perspective factor).
    var turns: [(angle: Double, axis: RotationAxis, perspective: Double)] = []
    /// Product of the opacities.
    var opacity = 1.0
    /// Sum of the z positions.
    var zPosition = 0.0
    /// +1 brought to the front, −1 sent to the back, 0 left in place.
    var stacking = 0.0

    /// Gathers `transition` applied to a screen in `operation`, `weight` of it in force
    /// (0 none, 1 all), for a screen of `size`.
    mutating func apply(_ transition: AtomicTransition, operation: Operation, weight: Double, size: Size) {
        switch transition {
        case .identity:
            break
        case .move(let edge):
            offset = offset + edge.offset(for: size) * weight
        case .offset(let x, let y):
            offset = offset + Point(x: x, y: y) * weight
        case .opacity:
            opacity *= 1 - weight
        case .rotate(let angle):
            rotation += angle * weight
        case .rotate3D(let angle, let axis, let perspective):
            turns.append((angle * weight, axis, perspective))
        case .scale(let factor):
            scale *= 1 + (factor - 1) * weight
        case .zPosition(let z):
            zPosition += z
        case .bringToFront:
            stacking = 1
        case .sendToBack:
            stacking = -1
        case .group(let transitions):
            for transition in transitions { apply(transition, operation: operation, weight: weight, size: size) }
        case .onInsertion(let transition):
            if operation == .insertion { apply(transition, operation: operation, weight: weight, size: size) }
        case .onRemoval(let transition):
            if operation == .removal { apply(transition, operation: operation, weight: weight, size: size) }
        }
    }

    /// The transform: turns, the plane rotation and the scale about the screen's centre, seen
    /// in perspective when turned out of the plane, then moved by the offset.
    func transform(size: Size) -> Transform3D {
        var local = Transform3D.identity
        var strongestPerspective = 0.0
        for turn in turns where turn.angle != 0 {
            local = local.then(.rotation(angle: turn.angle, x: turn.axis.x, y: turn.axis.y, z: turn.axis.z))
            strongestPerspective = max(strongestPerspective, abs(turn.perspective))
        }
        if rotation != 0 { local = local.then(.rotation(angle: rotation, x: 0, y: 0, z: 1)) }
        if scale != 1 { local = local.then(.scale(x: scale, y: scale, z: scale)) }
        var transform = Transform3D.about(size.center, local)
        if strongestPerspective > 0 {
            transform = transform.seen(fromDistance: max(size.width, size.height) / strongestPerspective, center: size.center)
        }
        if offset != .zero { transform = transform.then(.translation(x: offset.x, y: offset.y)) }
        return transform
    }

    /// The layer showing the whole of `screen` in this pose; `order` breaks ties between
    /// equal z positions (the inserted screen above the removed one, as UIKit adds it).
    func layer(_ screen: ScreenRole, order: Double, size: Size) -> Layer {
        let stacked = stacking == 0 ? order : stacking * 2
        return Layer(screen: screen, sourceRect: Rect(covering: size), transform: transform(size: size),
                     opacity: opacity.clampedToUnitInterval, zOrder: zPosition * 10 + stacked)
    }
}

extension AtomicTransition {
    /// The layers of a push driven by this transition at `progress`: the from-screen removed,
    /// the to-screen inserted above it.
    public func forwardLayers(progress: Double, size: Size) -> [Layer] {
        var removed = AtomicPose()
        removed.apply(self, operation: .removal, weight: progress, size: size)
        var inserted = AtomicPose()
        inserted.apply(self, operation: .insertion, weight: 1 - progress, size: size)
        return [removed.layer(.from, order: 0, size: size), inserted.layer(.to, order: 1, size: size)]
    }
}
