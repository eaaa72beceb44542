import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeSkeleton
import GhostframeTestSupport

/// The builder's JSON entry points (what `gf_view_tree_set_style` and
/// `gf_view_tree_add_section` call): their errors name the node or level, then the key.
@Suite("View tree builder: styles and sections as JSON")
struct ViewTreeBuilderTests {
  /// root (0, no id) > avatar (1, an image) and list (2, a table) and an unnamed label (3);
  /// the cell "row" (content node 4).
  private func builder() throws -> ViewTreeBuilder {
    var builder = try ViewTreeBuilder(viewport: Size(width: 375, height: 667))
    let root = try builder.setRoot(ViewNode(frame: Rect(x: 0, y: 0, width: 375, height: 667)))
    #expect(try builder.addNode(ViewNode(id: "avatar", kind: .image, frame: Rect(x: 16, y: 16, width: 48, height: 48)),
                                under: root) == 1)
    #expect(try builder.addNode(ViewNode(id: "list", kind: .table, frame: Rect(x: 0, y: 100, width: 375, height: 500)),
                                under: root) == 2)
    #expect(try builder.addNode(ViewNode(kind: .label, frame: Rect(x: 76, y: 16, width: 120, height: 20)), under: root) == 3)
    #expect(try builder.addCell(named: "row", size: Size(width: 375, height: 100)) == 4)
    return builder
  }

  /// `body` fails with `code` and exactly `message`, and leaves the tree as it was.
  private func expectFailure(
    _ code: GhostframeError.Code, _ message: String, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout ViewTreeBuilder) throws -> Void
  ) throws {
    var tree = try builder()
    let before = try tree.build()
    let error = expectError(code, sourceLocation: sourceLocation) { try body(&tree) }
    #expect(error?.message == message, sourceLocation: sourceLocation)
    #expect(try tree.build() == before, "the tree changed", sourceLocation: sourceLocation)
  }

  private let colourExpected = ##"expected a colour ("#RGB", "#RRGGBB", "#RRGGBBAA", a CSS colour name or [r, g, b, a])"##

  @Test("a style error names the node by its id, then the key")
  func styleErrorNamesTheNode() throws {
    try expectFailure(.invalidArgument, "node 'avatar' (handle 1): style.color: \(colourExpected), found '#GGG'") {
      try $0.setStyle(key: "color", jsonValue: ##""#GGG""##, on: 1)
    }
    try expectFailure(.invalidArgument, "node 'avatar' (handle 1): style.color[1]: a colour channel must be in [0, 1], found 2") {
      try $0.setStyle(key: "color", jsonValue: "[1, 2, 0, 1]", on: 1)
    }
    try expectFailure(
      .invalidArgument, "node 'avatar' (handle 1): style.colour: unknown key 'colour' (did you mean 'color'?)"
    ) { try $0.setStyle(key: "colour", jsonValue: ##""#FFF""##, on: 1) }
  }

  @Test("nodes without an id are named by their place: the root, a cell, a kind")
  func nodesWithoutIDs() throws {
    try expectFailure(.invalidArgument, "the root (handle 0): style.shimmerDuration: expected a duration > 0, found 0") {
      try $0.setStyle(key: "shimmerDuration", jsonValue: "0", on: 0)
    }
    try expectFailure(.invalidArgument, "node 3 (a label without an id): style.color: \(colourExpected), found a boolean") {
      try $0.setStyle(key: "color", jsonValue: "true", on: 3)
    }
    try expectFailure(.invalidArgument, "cell 'row' (handle 4): style.cornerRadius: expected a corner radius >= 0, found -1") {
      try $0.setStyle(key: "cornerRadius", jsonValue: "-1", on: 4)
    }
  }

  @Test("the global level is named as the global style")
  func globalStyle() throws {
    try expectFailure(
      .invalidArgument,
      "global style: animation: unknown animation 'bin'; expected one of 'none', 'shimmer', 'breathe', 'drop'"
    ) { try $0.setStyle(key: "animation", jsonValue: #""bin""#, on: nil) }
  }

  @Test("malformed JSON keeps its code and position, after the node and key")
  func parseErrors() throws {
    try expectFailure(.parse, "node 'avatar' (handle 1): style.animation: line 1, column 1: expected a value, found 'shimmer'") {
      try $0.setStyle(key: "animation", jsonValue: "shimmer", on: 1)
    }
    try expectFailure(.parse, "node 'list' (handle 2): sections[0]: line 1, column 16: expected a string key after ',', found the end of the input") {
      try $0.addSection(json: #"{"cell": "row","#, to: 2)
    }
  }

  @Test("an unknown handle is not found, before the JSON is read")
  func unknownHandles() throws {
    try expectFailure(.notFound, "no node with handle 9 (there are 5)") {
      try $0.setStyle(key: "color", jsonValue: "not JSON", on: 9)
    }
    try expectFailure(.notFound, "no node with handle -1 (there are 5)") {
      try $0.addSection(json: "{}", to: -1)
    }
  }

  @Test("a section error names the list and the section's place in it")
  func sectionErrors() throws {
    try expectFailure(
      .invalidArgument, "node 'list' (handle 2): sections[0].rowHeigth: unknown key 'rowHeigth' (did you mean 'rowHeight'?)"
    ) { try $0.addSection(json: #"{"cell": "row", "rowHeigth": 10}"#, to: 2) }
    try expectFailure(.invalidArgument, "node 'list' (handle 2): sections[0]: missing required key 'cell'") {
      try $0.addSection(json: "{}", to: 2)
    }
    try expectFailure(.invalidArgument, "node 'avatar' (handle 1) is an image, not a table or collection") {
      try $0.addSection(json: #"{"cell": "row"}"#, to: 1)
    }
    // The path counts the sections already there.
    var tree = try builder()
    try tree.addSection(json: #"{"cell": "row", "rowHeight": 100}"#, to: 2)
    let error = expectError(.invalidArgument) { try tree.addSection(json: #"{"cell": "row", "header": {"height": 5}}"#, to: 2) }
    #expect(error?.message == "node 'list' (handle 2): sections[1].header: missing required key 'cell'")
  }

  @Test("what the JSON entry points set is what the typed calls set")
  func sameAsTyped() throws {
    var json = try builder()
    try json.setStyle(key: "color", jsonValue: ##""#EEEEEE""##, on: 1)
    try json.setStyle(key: "animation", jsonValue: #""shimmer""#, on: nil)
    try json.addSection(json: #"{"cell": "row", "rowHeight": 90, "rows": 3}"#, to: 2)
    var typed = try builder()
    var color = SkeletonStyle()
    color.color = Color(rgb: 0xEEEEEE)
    try typed.setStyle(color, on: 1)
    var effect = SkeletonStyle()
    effect.effect = .shimmer
    try typed.setStyle(effect, on: nil)
    try typed.addSection(ListSection(cell: "row", rowHeight: 90, rows: 3), to: 2)
    #expect(try json.build() == typed.build())
    #expect(try json.build() != builder().build())
  }
}
