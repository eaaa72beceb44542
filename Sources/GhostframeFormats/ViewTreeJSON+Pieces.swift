import GhostframeCore
import GhostframeSkeleton
import _GhostframeJSON

extension SkeletonStyle {
  /// One style key of the view tree format with its value as JSON text, as a style that sets
  /// just that field (`key: "animation"`, `jsonValue: "\"shimmer\""`).
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/parse`` for malformed JSON,
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for an unknown key or a bad value,
  ///   naming it.
  public init(key: String, jsonValue: String) throws(GhostframeError) {
    let value = try JSONValue(parsing: jsonValue)
    // Any level may take it: the generator refuses a global-only key on another level.
    self = try ViewTreeJSONReader.style(JSONReader(.object(JSONObject([(key, value)])), path: JSONPath()),
                                        global: true)
  }
}

extension ListSection {
  /// A table (`isTable`) or collection section from a JSON object with the view tree
  /// format's section fields (`{"cell": "news", "rowHeight": 100}`).
  public init(json text: String, isTable: Bool) throws(GhostframeError) {
    var reader = ViewTreeJSONReader()
    self = try reader.section(JSONReader(JSONValue(parsing: text), path: JSONPath()), isTable: isTable)
  }
}

extension ViewTreeBuilder {
  /// Sets one style key of the view tree format, its value given as JSON text, on a node (a
  /// control view), a cell's content node, or the whole tree (`node` nil), as
  /// ``/GhostframeSkeleton/ViewTreeBuilder/setStyle(_:on:)`` does
  /// (`key: "color"`, `jsonValue: "\"#EEEEEE\""`).
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` for an unknown handle,
  ///   ``/GhostframeCore/GhostframeError/Code/parse`` for malformed JSON and
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for an unknown key or a bad value,
  ///   each naming the level and the key:
  ///   `node 'avatar' (handle 1): style.color: expected a colour ...`,
  ///   `global style: animation: unknown animation 'bin' ...`. On error the tree is unchanged.
  public mutating func setStyle(key: String, jsonValue: String, on node: Int?) throws(GhostframeError) {
    let place: String, path: JSONPath
    if let node {
      try checkHandle(node)
      (place, path) = (describe(node), JSONPath([.key("style")]))
    } else {
      (place, path) = ("global style", JSONPath())
    }
    let style = try naming(place) { () throws(GhostframeError) -> SkeletonStyle in
      let value = try Self.parse(jsonValue, at: path.appending(key: key))
      return try ViewTreeJSONReader.style(JSONReader(.object(JSONObject([(key, value)])), path: path),
                                          global: node == nil)
    }
    try setStyle(style, on: node)
  }

  /// Adds a section given as a JSON object with the view tree format's section fields
  /// (`{"cell": "news", "rowHeight": 100}`) to the table or collection with handle `list`, as
  /// ``/GhostframeSkeleton/ViewTreeBuilder/addSection(_:to:)`` does.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/notFound`` for an unknown handle,
  ///   ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a node that is not a list, and
  ///   for a section of the wrong shape, ``/GhostframeCore/GhostframeError/Code/parse`` for
  ///   malformed JSON; a section's errors name the list and the section's path in it:
  ///   `node 'list' (handle 2): sections[0].rowHeight: ...`. On error the tree is unchanged.
  public mutating func addSection(json text: String, to list: Int) throws(GhostframeError) {
    try checkHandle(list)
    try checkList(list)
    let node = storedNode(list)
    let path = JSONPath([.key("sections"), .index(node.sections.count)])
    let isTable = node.kind == .table
    let section = try naming(describe(list)) { () throws(GhostframeError) -> ListSection in
      var reader = ViewTreeJSONReader()
      return try reader.section(JSONReader(Self.parse(text, at: path), path: path), isTable: isTable)
    }
    try addSection(section, to: list)
  }

  /// JSON text as a value; a parse error (`line 1, column 5: ...`) gets `path` in front.
  private static func parse(_ text: String, at path: JSONPath) throws(GhostframeError) -> JSONValue {
    do {
      return try JSONValue(parsing: text)
    } catch {
      throw GhostframeError(error.code, "\(path): \(error.message)")
    }
  }

  /// Runs `body`, putting `place` (the node or level) in front of any error's message.
  private func naming<T>(_ place: String, _ body: () throws(GhostframeError) -> T) throws(GhostframeError) -> T {
    do {
      return try body()
    } catch {
      throw GhostframeError(error.code, "\(place): \(error.message)")
    }
  }
}
