import Interaction

/// An element of a small XML document: its name, attributes, child elements and line.
struct MarkupElement: Hashable {
    /// One `name="value"`, its value with entities replaced.
    struct Attribute: Hashable {
        var name: String
        var value: String
    }

    /// The element's name.
    var name: String
    /// Its attributes in document order.
    var attributes: [Attribute]
    /// Its child elements in document order.
    var children: [MarkupElement]
    /// The line of its start tag.
    var line: Int

    /// The value of the attribute `name`, if present.
    func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }
}
