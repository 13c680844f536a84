import Engine
import Interaction

/// Says why an edge pan did not follow a drag: it watches where each pointer went down and
/// whether a transition began before it was lifted.
struct EdgeZoneHint {
    /// Where each live pointer went down, and whether a transition began since.
    private var downs: [Int: (position: Point, transitionBegan: Bool)] = [:]

    /// The edge pan's zone under `configuration`, when an edge pan listens, in points: where the
    /// pointer must be when the pan is recognised (MDTransitioning) or when it goes down (the
    /// other references), so a drag that begins outside it never begins.
    static func zone(_ configuration: SessionConfiguration) -> (edge: ScreenEdge, width: Double, rect: Rect)? {
        guard configuration.controllers.contains(.edgePan) else { return nil }
        let width = configuration.tunables.edgeZoneWidth
        return (configuration.edge, width, configuration.edge.zone(in: configuration.windowSize, width: width))
    }

    /// Notes `event`, delivered while `transitionActive` says whether a controller holds the
    /// transition; when it ends a drag that began no transition, what to tell the person.
    mutating func note(_ event: PointerEvent, transitionActive: Bool, configuration: SessionConfiguration) -> String? {
        guard let zone = Self.zone(configuration) else { return nil }
        if event.phase == .down { downs[event.pointerID] = (event.position, false) }
        if transitionActive { downs[event.pointerID]?.transitionBegan = true }
        guard event.phase.endsContact, let down = downs.removeValue(forKey: event.pointerID), !down.transitionBegan else { return nil }
        let zoneText = "the edge pan's \(DecimalFormat.string(zone.width, decimals: 1))-pt zone"
        let recognizer = configuration.resolvedEdgeRecognizer
        if zone.edge.zoneContains(down.position, in: configuration.windowSize, width: zone.width) {
            // MDTransitioning tests the zone where the pan is recognised, past the slop; the others
            // took the touch-down and let it go for a rule of their own (docs/policies.md).
            return recognizer == .md ? "that drag had left \(zoneText) when it moved past the slop, where the edge pan is recognised"
                                     : "that drag went down in \(zoneText) but \(recognizer.rawValue) did not take it (too short, too late or across the edge)"
        }
        let distance = zone.edge.distance(of: down.position, in: configuration.windowSize)
        return "that drag began \(DecimalFormat.string(distance, decimals: 0)) pt from the \(zone.edge.rawValue) edge, outside \(zoneText)"
    }
}
