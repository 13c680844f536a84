import Engine
import Glibc

/// The pointers of a multi-pointer gesture, in the order they went down, and the geometry a
/// pinch reads from them.
struct PointerCluster: Hashable, Sendable {
    /// A pointer in contact.
    struct Contact: Hashable, Sendable {
        /// The pointer's id.
        var pointerID: Int
        /// Where it is, in points.
        var position: Point
    }

    /// The pointers in contact, oldest first.
    private(set) var contacts: [Contact] = []

    /// How many pointers are in contact.
    var count: Int { contacts.count }

    /// True when `pointerID` is in contact.
    func contains(_ pointerID: Int) -> Bool { contacts.contains { $0.pointerID == pointerID } }

    /// Adds a pointer that went down at `position`.
    mutating func add(_ pointerID: Int, at position: Point) {
        guard !contains(pointerID) else { return }
        contacts.append(Contact(pointerID: pointerID, position: position))
    }

    /// Moves a pointer in contact to `position`.
    mutating func move(_ pointerID: Int, to position: Point) {
        guard let index = contacts.firstIndex(where: { $0.pointerID == pointerID }) else { return }
        contacts[index].position = position
    }

    /// Removes a pointer that lifted.
    mutating func remove(_ pointerID: Int) {
        contacts.removeAll { $0.pointerID == pointerID }
    }

    /// Removes every pointer.
    mutating func removeAll() { contacts.removeAll() }

    /// The mean position of the pointers, in points.
    var centroid: Point {
        guard !contacts.isEmpty else { return .zero }
        let sum = contacts.reduce(Point.zero) { $0 + $1.position }
        return sum * (1 / Double(contacts.count))
    }

    /// The mean distance of the pointers to their centroid, in points (Flutter's span).
    var span: Double {
        guard !contacts.isEmpty else { return 0 }
        let centre = centroid
        return contacts.reduce(0) { $0 + ($1.position - centre).length } / Double(contacts.count)
    }

    /// The angle of the line from the first pointer to the second, in radians; nil with fewer
    /// than two pointers.
    var firstPairAngle: Double? {
        guard contacts.count >= 2 else { return nil }
        let line = contacts[1].position - contacts[0].position
        return atan2(line.y, line.x)
    }
}
