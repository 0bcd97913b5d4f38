/// One object of a Subsonic response, rendered to XML (an element with attributes) and to
/// JSON (an object with typed members) from the same tree.
///
/// ```swift
/// var folders = SubsonicNode("musicFolders")
/// folders.appendList("musicFolder", libraries.map {
///     SubsonicNode("musicFolder", ["id": $0.id, "name": $0.name])
/// })
/// return .payload(folders)
/// ```
/// Attributes whose value is nil are left out. A list is always a JSON array (`[]` when
/// empty), and in XML one element per item.
public struct SubsonicNode: Sendable {
    /// A member of a node after its attributes.
    public enum Child: Sendable {
        /// A nested object (`<album>` / `"album": {...}`).
        case object(SubsonicNode)
        /// Objects of one name: repeated elements in XML, an array in JSON.
        case list(name: String, items: [SubsonicNode])
        /// Scalars of one name: `<versions>1</versions>` in XML, `"versions": [1]` in JSON.
        case values(name: String, values: [SubsonicValue])
        /// Objects of one name, rendered like `list` but made one at a time as the answer is
        /// written (the `index`th of `count` by `item`): a list of a hundred thousand
        /// artists never exists as nodes all at once.
        case generated(name: String, count: Int, item: @Sendable (_ index: Int) -> SubsonicNode)
        /// Objects of one shape (songs, albums), rendered like `list` but written straight
        /// into the answer from their items, with no node made per item.
        case entries(SubsonicEntryList)
    }

    /// The element name, and the member name in the parent JSON object.
    public var name: String
    /// Attributes in order.
    public private(set) var attributes: [(key: String, value: SubsonicValue)]
    /// Nested objects and lists in order.
    public private(set) var children: [Child]
    /// Element text in XML; the member `"value"` in JSON (lyrics, for example).
    public var text: String?

    /// A node with attributes; nil values are skipped. The keys of one literal are distinct,
    /// so they are appended without the search `set` makes (a song has some 35 attributes,
    /// and that search was nearly half the cost of a song list).
    public init(_ name: String, _ attributes: KeyValuePairs<String, (any SubsonicValueConvertible)?> = [:]) {
        self.name = name
        self.children = []
        var kept: [(key: String, value: SubsonicValue)] = []
        kept.reserveCapacity(attributes.count)
        for (key, value) in attributes {
            if let value { kept.append((key, value.subsonicValue)) }
        }
        self.attributes = kept
    }

    /// A node with these attributes, in order (distinct keys): many nodes of one shape are
    /// made this way without boxing each value in an existential first.
    public init(_ name: String, attributes: [(key: String, value: SubsonicValue)]) {
        self.name = name
        self.children = []
        self.attributes = attributes
    }

    /// Sets (or replaces) an attribute; nil removes it.
    public mutating func set(_ key: String, _ value: (any SubsonicValueConvertible)?) {
        let index = attributes.firstIndex { $0.key == key }
        switch (value, index) {
        case (let value?, let index?): attributes[index].value = value.subsonicValue
        case (let value?, nil): attributes.append((key, value.subsonicValue))
        case (nil, let index?): attributes.remove(at: index)
        case (nil, nil): break
        }
    }

    /// The value of an attribute, if set.
    public subscript(key: String) -> SubsonicValue? {
        attributes.first { $0.key == key }?.value
    }

    /// Appends an attribute whose key is not set yet (no search, unlike `set`).
    mutating func appendAttribute(_ key: String, _ value: SubsonicValue) {
        attributes.append((key, value))
    }

    /// Appends a list written straight into the answer (see `Child.entries`).
    mutating func appendEntries(_ list: SubsonicEntryList) {
        children.append(.entries(list))
    }

    /// Appends a nested object.
    public mutating func append(_ child: SubsonicNode) {
        children.append(.object(child))
    }

    /// Appends a list of objects named `name` (each item is renamed to `name`).
    public mutating func appendList(_ name: String, _ items: [SubsonicNode]) {
        // Items are usually made with that name already: then the list is kept, not copied.
        if items.allSatisfy({ $0.name == name }) {
            children.append(.list(name: name, items: items))
            return
        }
        children.append(.list(name: name, items: items.map { item in
            var item = item
            item.name = name
            return item
        }))
    }

    /// Appends a list of `count` objects named `name`, made by `item` only when the answer is
    /// written (each renamed to `name`, as `appendList(_:_:)` does).
    public mutating func appendList(_ name: String, count: Int, _ item: @escaping @Sendable (_ index: Int) -> SubsonicNode) {
        children.append(.generated(name: name, count: count, item: { index in
            var node = item(index)
            if node.name != name { node.name = name }
            return node
        }))
    }

    /// Appends a list of scalars named `name`.
    public mutating func appendValues(_ name: String, _ values: [any SubsonicValueConvertible]) {
        children.append(.values(name: name, values: values.map(\.subsonicValue)))
    }

    /// The nested objects named `name`, whether appended alone or in a list.
    public func children(named name: String) -> [SubsonicNode] {
        children.flatMap { child -> [SubsonicNode] in
            switch child {
            case .object(let node) where node.name == name: [node]
            case .list(let listName, let items) where listName == name: items
            case .generated(let listName, let count, let item) where listName == name: (0..<count).map(item)
            case .entries(let list) where list.name == name: (0..<list.count).map(list.node)
            default: []
            }
        }
    }
}
