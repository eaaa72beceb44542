import CGhostframe

/// A view tree built with the C builder, the fixture of the adjust, section and style targets:
/// a root with a label, a two-line label, an image, a button, a table and a collection, and the
/// cell templates "row" (a table row) and "card" (a collection item), each with a few views.
public struct FixtureTree {
  public let tree: OpaquePointer
  public let root: UInt32
  public let label: UInt32
  public let table: UInt32
  public let collection: UInt32
  public let row: UInt32
  public let card: UInt32

  /// Builds the fixture; `sections` false leaves the lists empty (the section target fills them).
  public init(sections: Bool) {
    var tree: OpaquePointer?
    guard gf_view_tree_create(375, 667, &tree) == GF_OK, let tree else { finding("gf_view_tree_create failed") }
    self.tree = tree
    func node(_ kind: Int32, _ id: String?, _ x: Double, _ y: Double, _ w: Double, _ h: Double,
              lines: Int32 = 1, under parent: UInt32?) -> UInt32 {
      var desc = gf_view_node_desc()
      gf_view_node_desc_init(&desc)
      desc.kind = kind
      desc.lines = lines
      (desc.x, desc.y, desc.width, desc.height) = (x, y, w, h)
      var handle: UInt32 = 0
      let status = (id ?? "").withCString { text -> gf_status in
        desc.id = id == nil ? nil : text
        return parent.map { gf_view_tree_add_node(tree, $0, &desc, &handle) } ?? gf_view_tree_set_root(tree, &desc, &handle)
      }
      guard status == GF_OK else { finding("fixture node: \(String(cString: gf_last_error_message()))") }
      return handle
    }
    root = node(GF_VIEW_VIEW, "screen", 0, 0, 375, 667, under: nil)
    label = node(GF_VIEW_LABEL, "title", 16, 16, 200, 20, under: root)
    _ = node(GF_VIEW_LABEL, "bio", 16, 44, 300, 40, lines: 2, under: root)
    _ = node(GF_VIEW_IMAGE, "avatar", 300, 10, 48, 48, under: root)
    _ = node(GF_VIEW_BUTTON, nil, 16, 90, 100, 30, under: root)
    table = node(GF_VIEW_TABLE, "list", 0, 130, 375, 250, under: root)
    collection = node(GF_VIEW_COLLECTION, "grid", 0, 390, 375, 277, under: root)
    func cell(_ name: String, _ width: Double, _ height: Double) -> UInt32 {
      var handle: UInt32 = 0
      guard name.withCString({ gf_view_tree_add_cell(tree, $0, width, height, &handle) }) == GF_OK else {
        finding("fixture cell: \(String(cString: gf_last_error_message()))")
      }
      return handle
    }
    row = cell("row", 375, 60)
    _ = node(GF_VIEW_IMAGE, "thumb", 8, 8, 44, 44, under: row)
    _ = node(GF_VIEW_LABEL, "headline", 60, 8, 280, 16, under: row)
    _ = node(GF_VIEW_LABEL, "summary", 60, 30, 280, 24, lines: 0, under: row)
    card = cell("card", 170, 120)
    _ = node(GF_VIEW_IMAGE, nil, 0, 0, 170, 80, under: card)
    _ = node(GF_VIEW_LABEL, "caption", 8, 88, 150, 20, under: card)
    if sections {
      addSection(#"{"cell": "row", "rows": 3}"#, to: table)
      addSection(#"{"cell": "card", "items": 4, "spacing": 8, "insets": [4, 8, 4, 8]}"#, to: collection)
    }
  }

  func addSection(_ json: String, to list: UInt32) {
    guard json.withCString({ gf_view_tree_add_section(tree, list, $0) }) == GF_OK else {
      finding("fixture section: \(String(cString: gf_last_error_message()))")
    }
  }

  /// Generates the tree's skeleton and exercises the scene; a refusal must be clean.
  public func generate() {
    var scene: OpaquePointer?
    prime()
    guard clean(gf_skeleton_generate(tree, &scene), "gf_skeleton_generate"), let scene else { return }
    exercise(scene: scene, roundTrip: false)
    gf_scene_free(scene)
  }

  public func free() { gf_view_tree_free(tree) }
}
