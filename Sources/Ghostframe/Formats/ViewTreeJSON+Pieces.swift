extension SkeletonStyle {
  /// One style key of the view tree format with its value as JSON text, as a style that sets
  /// just that field (`key: "animation"`, `jsonValue: "\"shimmer\""`).
  ///
  /// - Throws: ``GhostframeError/Code/parse`` for malformed JSON,
  ///   ``GhostframeError/Code/invalidArgument`` for an unknown key or a bad value, naming it.
  public init(key: String, jsonValue: String) throws(GhostframeError) {
    let value = try JSONValue(parsing: jsonValue)
    self = try ViewTreeJSONReader.style(JSONReader(.object(JSONObject([(key, value)])), path: JSONPath()))
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
