import Foundation

/// Where one Subsonic object's members go, attributes first, then nested objects and lists:
/// the bytes of the answer (`RenderOutput`, in XML or JSON) or a `SubsonicNode`
/// (`SubsonicNodeBuilder`). A shape written once against this protocol is rendered straight
/// into the answer for lists of songs and albums, with no node of some 35 boxed values made
/// per item, and still gives nodes where an endpoint adds to one.
///
/// Nil values are left out. Keys are distinct literals within an object (their bytes are
/// copied as they are, with no `String` made).
protocol SubsonicFields: SendableMetatype {
    mutating func add(_ key: StaticString, _ value: String?)
    mutating func add(_ key: StaticString, _ value: Int?)
    mutating func add(_ key: StaticString, _ value: Int64?)
    mutating func add(_ key: StaticString, _ value: Bool?)
    mutating func add(_ key: StaticString, _ value: Double?)
    mutating func add(_ key: StaticString, _ value: Date?)
    mutating func add(_ key: StaticString, _ value: SubsonicID?)
    /// A list of objects named `name`, one per item, each written by `item`: repeated
    /// elements in XML, an array in JSON (`[]` when empty).
    mutating func addList<Items: Collection>(_ name: String, _ items: Items, _ item: (Items.Element, inout Self) -> Void)
    /// A nested object named `name`, written by `body`.
    mutating func addObject(_ name: String, _ body: (inout Self) -> Void)
}

/// One way to show an item as a Subsonic object (a song as `child`, an album as `AlbumID3`).
protocol SubsonicShape: SendableMetatype {
    associatedtype Item: Sendable
    /// Writes `item`'s members, attributes first.
    static func write<Fields: SubsonicFields>(_ item: Item, to fields: inout Fields)
}

extension SubsonicShape {
    /// `item` as a node named `name`.
    static func node(_ item: Item, name: String) -> SubsonicNode {
        var builder = SubsonicNodeBuilder(node: SubsonicNode(name))
        write(item, to: &builder)
        return builder.node
    }
}

/// A list of items of one shape, written into the answer as it is rendered.
public struct SubsonicEntryList: Sendable {
    /// The name of each item.
    let name: String
    let count: Int
    /// Writes the members of the `index`th item.
    let write: @Sendable (_ index: Int, _ out: inout RenderOutput) -> Void
    /// The `index`th item as a node (for `children(named:)`).
    let node: @Sendable (_ index: Int) -> SubsonicNode

    init<Shape: SubsonicShape>(_ name: String, _ items: [Shape.Item], as shape: Shape.Type) {
        self.name = name
        self.count = items.count
        // Through the buffer, which lends the item: `items[index]` copied each song (a
        // retain of each of its strings) to write it, and released it after.
        self.write = { index, out in items.withUnsafeBufferPointer { Shape.write($0[index], to: &out) } }
        self.node = { index in Shape.node(items[index], name: name) }
    }
}

extension SubsonicEntryList {
    /// `count` items, the `index`th written by `write`, or made a node by `node`.
    init(
        _ name: String, count: Int, write: @escaping @Sendable (_ index: Int, _ out: inout RenderOutput) -> Void,
        node: @escaping @Sendable (_ index: Int) -> SubsonicNode
    ) {
        self.name = name
        self.count = count
        self.write = write
        self.node = node
    }
}

extension SubsonicNode {
    /// Appends a list named `name` of `items` shown as `shape`.
    mutating func appendList<Shape: SubsonicShape>(_ name: String, _ items: [Shape.Item], as shape: Shape.Type) {
        appendEntries(SubsonicEntryList(name, items, as: shape))
    }
}

/// Builds a `SubsonicNode` from a shape's members.
struct SubsonicNodeBuilder: SubsonicFields {
    var node: SubsonicNode

    mutating func add(_ key: StaticString, _ value: String?) { value.map { node.appendAttribute(key.description, .string($0)) } }
    mutating func add(_ key: StaticString, _ value: Int?) { value.map { node.appendAttribute(key.description, .int(Int64($0))) } }
    mutating func add(_ key: StaticString, _ value: Int64?) { value.map { node.appendAttribute(key.description, .int($0)) } }
    mutating func add(_ key: StaticString, _ value: Bool?) { value.map { node.appendAttribute(key.description, .bool($0)) } }
    mutating func add(_ key: StaticString, _ value: Double?) { value.map { node.appendAttribute(key.description, .double($0)) } }
    mutating func add(_ key: StaticString, _ value: Date?) { value.map { node.appendAttribute(key.description, .date($0)) } }
    mutating func add(_ key: StaticString, _ value: SubsonicID?) { value.map { node.appendAttribute(key.description, .string($0.description)) } }

    mutating func addList<Items: Collection>(_ name: String, _ items: Items, _ item: (Items.Element, inout Self) -> Void) {
        node.appendList(name, items.map { element in
            var builder = SubsonicNodeBuilder(node: SubsonicNode(name))
            item(element, &builder)
            return builder.node
        })
    }

    mutating func addObject(_ name: String, _ body: (inout Self) -> Void) {
        var builder = SubsonicNodeBuilder(node: SubsonicNode(name))
        body(&builder)
        node.append(builder.node)
    }
}
