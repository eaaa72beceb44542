import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeSkeleton
import GhostframeTestSupport
import _GhostframeJSON

/// ARCHITECTURE.md's view-tree example, verbatim.
let architectureViewTreeExample = """
  {
    "viewport": [375, 667],
    "style": { "animation": "shimmer" },
    "root": {
      "id": "feed", "type": "view", "frame": [0, 0, 375, 667],
      "style": { "color": "#EEEEEE" },
      "children": [
        { "id": "avatar", "type": "image", "frame": [16, 16, 48, 48], "cornerRadius": 24 },
        { "id": "name",   "type": "label", "frame": [76, 16, 120, 20] },
        { "id": "bio",    "type": "label", "frame": [76, 44, 280, 40], "lines": 2 },
        { "id": "list",   "type": "table", "frame": [0, 100, 375, 567],
          "sections": [ { "cell": "news", "rowHeight": 100, "header": { "cell": "title", "height": 30 } } ] }
      ]
    },
    "cells": { "news": { "size": [375, 100], "children": [] }, "title": { "size": [375, 30], "children": [] } },
    "adjust": [ "animation(1).reducedWidth(20).down(2)", "named(bio).lines(3).lastScale(0.4)" ]
  }
  """

/// A document with `root` as its root node (and `cells` as its templates).
func viewTreeDocument(root: String, cells: String = "{}", style: String = "{}") -> String {
  #"{"viewport": [375, 667], "style": \#(style), "root": \#(root), "cells": \#(cells)}"#
}

/// The single child of a root that has `child` as its only child.
func readViewTreeChild(_ child: String, cells: String = "{}") throws -> ViewNode {
  let tree = try ViewTree(json: viewTreeDocument(root: #"{"frame": [0, 0, 375, 667], "children": [\#(child)]}"#, cells: cells))
  return try #require(tree.root.children.first)
}

/// The style of a root node whose `style` is `style`.
func readViewTreeStyle(_ style: String) throws -> SkeletonStyle {
  let tree = try ViewTree(json: viewTreeDocument(root: #"{"frame": [0, 0, 1, 1], "style": \#(style)}"#))
  return try #require(tree.root.style)
}

/// The global `style` of a minimal document.
func readGlobalViewTreeStyle(_ style: String) throws -> SkeletonStyle {
  try ViewTree(json: #"{"viewport": [1, 1], "style": \#(style), "root": {"frame": [0, 0, 1, 1]}}"#).style
}

@Suite("View tree JSON: reading")
struct ViewTreeJSONReadTests {
  @Test("ARCHITECTURE.md's example parses into the expected model")
  func architectureExample() throws {
    let tree = try ViewTree(json: architectureViewTreeExample)
    #expect(tree.viewport == Size(width: 375, height: 667))
    #expect(tree.style.effect == .shimmer)
    #expect(tree.root.id == "feed")
    #expect(tree.root.kind == .view)
    #expect(tree.root.frame == Rect(x: 0, y: 0, width: 375, height: 667))
    #expect(tree.root.style?.color == Color(rgb: 0xEEEEEE))
    #expect(tree.root.children.map(\.id) == ["avatar", "name", "bio", "list"])
    #expect(tree.root.children.map(\.kind) == [.image, .label, .label, .table])
    #expect(tree.root.children[0].cornerRadius == 24)
    #expect(tree.root.children[0].frame == Rect(x: 16, y: 16, width: 48, height: 48))
    #expect(tree.root.children[1].lines == 1)
    #expect(tree.root.children[1].cornerRadius == nil)
    #expect(tree.root.children[2].lines == 2)
    let list = tree.root.children[3]
    #expect(list.frame == Rect(x: 0, y: 100, width: 375, height: 567))
    #expect(list.sections == [
      ListSection(cell: "news", rowHeight: 100, header: ListSupplement(cell: "title", height: 30))
    ])
    #expect(list.sections[0].rows == nil)
    #expect(tree.cells == [
      "news": CellTemplate(size: Size(width: 375, height: 100)),
      "title": CellTemplate(size: Size(width: 375, height: 30)),
    ])
    #expect(tree.adjust == ["animation(1).reducedWidth(20).down(2)", "named(bio).lines(3).lastScale(0.4)"])
  }

  @Test("The whole model equals one built in code")
  func wholeModel() throws {
    let tree = try ViewTree(json: architectureViewTreeExample)
    var style = SkeletonStyle()
    style.effect = .shimmer
    var rootStyle = SkeletonStyle()
    rootStyle.color = Color(rgb: 0xEEEEEE)
    let expected = ViewTree(
      viewport: Size(width: 375, height: 667), style: style,
      root: ViewNode(
        id: "feed", kind: .view, frame: Rect(x: 0, y: 0, width: 375, height: 667),
        children: [
          ViewNode(id: "avatar", kind: .image, frame: Rect(x: 16, y: 16, width: 48, height: 48), cornerRadius: 24),
          ViewNode(id: "name", kind: .label, frame: Rect(x: 76, y: 16, width: 120, height: 20)),
          ViewNode(id: "bio", kind: .label, frame: Rect(x: 76, y: 44, width: 280, height: 40), lines: 2),
          ViewNode(
            id: "list", kind: .table, frame: Rect(x: 0, y: 100, width: 375, height: 567),
            sections: [ListSection(cell: "news", rowHeight: 100, header: ListSupplement(cell: "title", height: 30))]),
        ],
        style: rootStyle),
      cells: [
        "news": CellTemplate(size: Size(width: 375, height: 100)),
        "title": CellTemplate(size: Size(width: 375, height: 30)),
      ],
      adjust: ["animation(1).reducedWidth(20).down(2)", "named(bio).lines(3).lastScale(0.4)"])
    #expect(tree == expected)
  }

  @Test("UTF-8 bytes read the same as text")
  func bytes() throws {
    let fromText = try ViewTree(json: architectureViewTreeExample)
    let fromBytes = try Array(architectureViewTreeExample.utf8).withUnsafeBufferPointer { buffer in
      try ViewTree(json: buffer)
    }
    #expect(fromBytes == fromText)
  }

  @Test("Every node field")
  func everyNodeField() throws {
    var offsetStyle = SkeletonStyle()
    offsetStyle.cornerRadius = 3
    let label = try readViewTreeChild(
      #"""
      {"id": "title", "type": "label", "frame": [1.5, -2, 30, 40], "lines": 0, "align": "center",
       "cornerRadius": 4.5, "hidden": true, "skeleton": "keep", "style": {"cornerRadius": 3},
       "contentOffset": [0, 12.5], "children": [{"frame": [0, 0, 1, 1], "type": "button"}]}
      """#)
    #expect(label.id == "title")
    #expect(label.kind == .label)
    #expect(label.frame == Rect(x: 1.5, y: -2, width: 30, height: 40))
    #expect(label.lines == 0)
    #expect(label.align == .center)
    #expect(label.cornerRadius == 4.5)
    #expect(label.isHidden)
    #expect(label.skeleton == .keep)
    #expect(label.style == offsetStyle)
    #expect(label.contentOffset == Point(x: 0, y: 12.5))
    #expect(label.children == [ViewNode(kind: .button, frame: Rect(x: 0, y: 0, width: 1, height: 1))])
  }

  @Test("A node's defaults: type view, one line, natural alignment, auto, shown, no style, no offset")
  func nodeDefaults() throws {
    let node = try readViewTreeChild(#"{"frame": [0, 0, 10, 10]}"#)
    #expect(node == ViewNode(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    #expect(node.id == nil)
    #expect(node.kind == .view)
    #expect(node.lines == 1)
    #expect(node.align == .natural)
    #expect(node.cornerRadius == nil)
    #expect(!node.isHidden)
    #expect(node.skeleton == .auto)
    #expect(node.style == nil)
    #expect(node.contentOffset == .zero)
    #expect(node.children.isEmpty)
    #expect(node.sections.isEmpty)
  }

  @Test("null means absent for optional members")
  func nullIsAbsent() throws {
    let node = try readViewTreeChild(
      #"""
      {"frame": [0, 0, 10, 10], "id": null, "type": null, "lines": null, "align": null, "cornerRadius": null,
       "hidden": null, "skeleton": null, "style": null, "contentOffset": null, "children": null, "sections": null}
      """#)
    #expect(node == ViewNode(frame: Rect(x: 0, y: 0, width: 10, height: 10)))
    let tree = try ViewTree(json: #"{"viewport": [1, 2], "style": null, "root": {"frame": [0, 0, 1, 2]}, "cells": null, "adjust": null}"#)
    #expect(tree == ViewTree(viewport: Size(width: 1, height: 2), root: ViewNode(frame: Rect(x: 0, y: 0, width: 1, height: 2))))
    let style = try readViewTreeStyle(#"{"animation": null, "color": null, "shimmerDuration": null}"#)
    #expect(style == SkeletonStyle())
    // A null `animation` does not clash with `effect`.
    #expect(try readViewTreeStyle(#"{"animation": null, "effect": "drop"}"#).effect == .drop)
  }

  @Test("The top level's defaults: empty global style, no cells, no adjust lines")
  func documentDefaults() throws {
    let tree = try ViewTree(json: #"{"viewport": [320, 480], "root": {"frame": [0, 0, 320, 480]}}"#)
    #expect(tree.viewport == Size(width: 320, height: 480))
    #expect(tree.style == SkeletonStyle())
    #expect(tree.cells.isEmpty)
    #expect(tree.adjust.isEmpty)
  }

  @Test("Every type, alignment and skeleton mode by name", arguments: ViewNode.Kind.allCases)
  func everyKind(_ kind: ViewNode.Kind) throws {
    let node = try readViewTreeChild(#"{"frame": [0, 0, 1, 1], "type": "\#(kind.rawValue)"}"#)
    #expect(node.kind == kind)
  }

  @Test("Every alignment", arguments: ViewNode.Alignment.allCases)
  func everyAlignment(_ align: ViewNode.Alignment) throws {
    let node = try readViewTreeChild(#"{"frame": [0, 0, 1, 1], "type": "label", "align": "\#(align.rawValue)"}"#)
    #expect(node.align == align)
  }

  @Test("Every skeleton mode", arguments: ViewNode.SkeletonMode.allCases)
  func everySkeletonMode(_ mode: ViewNode.SkeletonMode) throws {
    let node = try readViewTreeChild(#"{"frame": [0, 0, 1, 1], "skeleton": "\#(mode.rawValue)"}"#)
    #expect(node.skeleton == mode)
  }

  @Test("shimmerColor: a colour, or \"bone\" for each bone's own colour")
  func shimmerColorValues() throws {
    #expect(try readViewTreeStyle(#"{"shimmerColor": "bone"}"#).shimmerColor == .bone)
    #expect(try readViewTreeStyle(##"{"shimmerColor": "#DFDFDF"}"##).shimmerColor == .color(Color(rgb: 0xDFDFDF)))
    #expect(try readViewTreeStyle(#"{"shimmerColor": [0, 0.5, 1, 1]}"#).shimmerColor
      == .color(Color(red: 0, green: 0.5, blue: 1, alpha: 1)))
    #expect(try readViewTreeStyle(#"{"shimmerColor": null}"#).shimmerColor == nil)
  }

  @Test("Every style key")
  func everyStyleKey() throws {
    // The global level: it alone takes showDelay and appearDuration.
    let style = try readGlobalViewTreeStyle(
      #"""
      {"animation": "drop", "palette": "dark", "color": "#123", "backgroundColor": "#A0B0C0",
       "heightCoefficient": 0.5, "boneHeight": 14, "cornerRadius": 2, "useCornerRadius": true,
       "lineHeight": 10, "lineSpacing": 6, "lastLineScale": 0.3, "shimmerDuration": 2, "shimmerSpeed": 300,
       "shimmerDirection": "diagonal", "shimmerSpace": "shared", "shimmerColor": "#C08040",
       "shimmerBrightness": 0.8, "breatheDuration": 1.2, "dropDuration": 0.5, "dropColor": [0.1, 0.2, 0.3, 0.4],
       "dropStayRatio": 0.25,
       "lengthDuration": 0.7, "longScale": 2, "shortScale": 0.5, "rightToLeft": true,
       "reducedMotion": "crossFade", "shimmerHighlightColor": "#FFFFFF80", "shimmerHighlightLength": 0.25,
       "shimmerPauseDuration": 0.4, "shimmerAngle": -30, "showDelay": 0.4, "appearDuration": 0.15,
       "maxAnimationDuration": 5}
      """#)
    var expected = SkeletonStyle()
    expected.effect = .drop
    expected.palette = .dark
    expected.color = Color(rgb: 0x112233)
    expected.backgroundColor = Color(rgb: 0xA0B0C0)
    expected.heightCoefficient = 0.5
    expected.boneHeight = 14
    expected.cornerRadius = 2
    expected.useCornerRadius = true
    expected.lineHeight = 10
    expected.lineSpacing = 6
    expected.lastLineScale = 0.3
    expected.shimmerDuration = 2
    expected.shimmerSpeed = 300
    expected.shimmerDirection = .diagonal
    expected.shimmerSpace = .shared
    expected.shimmerColor = .color(Color(rgb: 0xC08040))
    expected.shimmerBrightness = 0.8
    expected.breatheDuration = 1.2
    expected.dropDuration = 0.5
    expected.dropColor = Color(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)
    expected.dropStayRatio = 0.25
    expected.lengthDuration = 0.7
    expected.longScale = 2
    expected.shortScale = 0.5
    expected.rightToLeft = true
    expected.reducedMotion = .crossFade
    expected.shimmerHighlightColor = Color(red: 1, green: 1, blue: 1, alpha: 128.0 / 255)
    expected.shimmerHighlightLength = 0.25
    expected.shimmerPauseDuration = 0.4
    expected.shimmerAngle = -30
    expected.showDelay = 0.4
    expected.appearDuration = 0.15
    expected.maxAnimationDuration = 5
    #expect(style == expected)
    // Every key of the format was set: the style has no field left nil but `hostEffect`, which
    // `animation` sets instead of `effect` when it names a host effect (`acme.glow`, issue 16).
    let unset = Mirror(reflecting: style).children.filter { Mirror(reflecting: $0.value).children.isEmpty }
    #expect(unset.map { $0.label ?? "?" } == ["hostEffect"])
    #expect(ViewTreeJSONReader.styleKeys.count == Mirror(reflecting: style).children.count)
    var host = SkeletonStyle()
    host.hostEffect = "acme.glow"
    #expect(try ViewTree(json: #"{"viewport": [1, 1], "style": {"animation": "acme.glow"}, "root": {"frame": [0, 0, 1, 1]}}"#).style == host)
  }

  @Test("`effect` is an alias of `animation`", arguments: SkeletonStyle.Effect.allCases)
  func effectAlias(_ effect: SkeletonStyle.Effect) throws {
    #expect(try readViewTreeStyle(#"{"effect": "\#(effect.rawValue)"}"#).effect == effect)
    #expect(try readViewTreeStyle(#"{"animation": "\#(effect.rawValue)"}"#).effect == effect)
  }

  @Test("Every enum value of a style")
  func styleEnums() throws {
    for direction in SkeletonStyle.Direction.allCases {
      #expect(try readViewTreeStyle(#"{"shimmerDirection": "\#(direction.rawValue)"}"#).shimmerDirection == direction)
    }
    for space in SkeletonStyle.ShimmerSpace.allCases {
      #expect(try readViewTreeStyle(#"{"shimmerSpace": "\#(space.rawValue)"}"#).shimmerSpace == space)
    }
    for palette in SkeletonStyle.Palette.allCases {
      #expect(try readViewTreeStyle(#"{"palette": "\#(palette.rawValue)"}"#).palette == palette)
    }
    for mode in SkeletonStyle.ReducedMotion.allCases {
      #expect(try readViewTreeStyle(#"{"reducedMotion": "\#(mode.rawValue)"}"#).reducedMotion == mode)
    }
    #expect(try readViewTreeStyle(#"{"reducedMotion": "static"}"#).reducedMotion == .static)
  }

  @Test("An empty style object sets nothing, and styles sit at every level")
  func styleLevels() throws {
    let tree = try ViewTree(json: viewTreeDocument(
      root: #"{"frame": [0, 0, 1, 1], "style": {}}"#,
      cells: #"{"c": {"size": [1, 1], "style": {"lineSpacing": 4}}}"#,
      style: #"{"palette": "light"}"#))
    #expect(tree.root.style == SkeletonStyle())
    #expect(tree.style.palette == .light)
    #expect(tree.cells["c"]?.style?.lineSpacing == 4)
    #expect(tree.cells["c"]?.style?.effect == nil)
  }

  @Test("Colours: #RGB, #RRGGBB, #RRGGBBAA in either case, CSS names, and [r, g, b, a]")
  func colours() throws {
    #expect(try readViewTreeStyle(##"{"color": "gainsboro"}"##).color == Color(rgb: 0xDCDCDC))
    #expect(try readViewTreeStyle(##"{"shimmerColor": "LightGray"}"##).shimmerColor == .color(Color(rgb: 0xD3D3D3)))
    #expect(ViewTreeJSONReader.hexColor("white ") == nil)
    #expect(try readViewTreeStyle(##"{"color": "#fA0"}"##).color == Color(rgb: 0xFFAA00))
    #expect(try readViewTreeStyle(##"{"color": "#eeeeee"}"##).color == Color(rgb: 0xEEEEEE))
    #expect(try readViewTreeStyle(##"{"color": "#FF000080"}"##).color == Color(rgb: 0xFF0000, alpha: 128.0 / 255))
    #expect(try readViewTreeStyle(#"{"color": [1, 0.5, 0, 0]}"#).color == Color(red: 1, green: 0.5, blue: 0, alpha: 0))
    #expect(ViewTreeJSONReader.hexColor("#12") == nil)
    #expect(ViewTreeJSONReader.hexColor("#12345") == nil)
    #expect(ViewTreeJSONReader.hexColor("#1234567") == nil)
    #expect(ViewTreeJSONReader.hexColor("#123456789") == nil)
    #expect(ViewTreeJSONReader.hexColor("123456") == nil)
    #expect(ViewTreeJSONReader.hexColor("#12345G") == nil)
    #expect(ViewTreeJSONReader.hexColor("#１２３") == nil)
  }

  @Test("Table sections: cell, rowHeight, rows, header, footer")
  func tableSection() throws {
    let table = try readViewTreeChild(
      #"""
      {"type": "table", "frame": [0, 0, 375, 600], "contentOffset": [0, 40],
       "sections": [
         {"cell": "row", "rowHeight": 44.5, "rows": 12, "header": {"cell": "head", "height": 30},
          "footer": {"cell": "foot"}},
         {"cell": "row", "rows": 0}
       ]}
      """#,
      cells: #"{"row": {"size": [375, 44]}, "head": {"size": [375, 20]}, "foot": {"size": [375, 10]}}"#)
    #expect(table.contentOffset == Point(x: 0, y: 40))
    #expect(table.sections == [
      ListSection(cell: "row", rowHeight: 44.5, rows: 12, header: ListSupplement(cell: "head", height: 30),
                  footer: ListSupplement(cell: "foot", height: nil)),
      ListSection(cell: "row", rows: 0),
    ])
  }

  @Test("Collection sections: cell, itemSize, spacing, insets, items, header, footer")
  func collectionSection() throws {
    let collection = try readViewTreeChild(
      #"""
      {"type": "collection", "frame": [0, 0, 375, 600],
       "sections": [
         {"cell": "item", "itemSize": [100, 120], "spacing": [8, 12], "insets": [1, 2, 3, 4], "items": 9,
          "header": {"cell": "item", "height": 0}, "footer": {"cell": "item", "height": 20}},
         {"cell": "item"}
       ]}
      """#,
      cells: #"{"item": {"size": [100, 100]}}"#)
    #expect(collection.sections[0] == ListSection(
      cell: "item", itemSize: Size(width: 100, height: 120), spacing: Size(width: 8, height: 12),
      insets: EdgeInsets(top: 1, left: 2, bottom: 3, right: 4), items: 9,
      header: ListSupplement(cell: "item", height: 0), footer: ListSupplement(cell: "item", height: 20)))
    // Defaults: no item size (the template's), no spacing, no insets, fill.
    #expect(collection.sections[1] == ListSection(cell: "item"))
    #expect(collection.sections[1].itemSize == nil)
    #expect(collection.sections[1].spacing == Size(width: 0, height: 0))
    #expect(collection.sections[1].insets == .zero)
    #expect(collection.sections[1].items == nil)
  }

  @Test("spacing and insets as one number")
  func shortForms() throws {
    let collection = try readViewTreeChild(
      #"{"type": "collection", "frame": [0, 0, 375, 600], "sections": [{"cell": "item", "spacing": 10, "insets": 15}]}"#,
      cells: #"{"item": {"size": [100, 100]}}"#)
    #expect(collection.sections[0].spacing == Size(width: 10, height: 10))
    #expect(collection.sections[0].insets == EdgeInsets(top: 15, left: 15, bottom: 15, right: 15))
  }

  @Test("Cell templates: size, children, adjust, style")
  func templates() throws {
    let tree = try ViewTree(json: viewTreeDocument(
      root: #"{"frame": [0, 0, 375, 667]}"#,
      cells: #"""
      {"news": {"size": [375, 100.5], "style": {"animation": "breathe"},
                "children": [{"id": "t", "type": "label", "frame": [10, 10, 100, 20],
                              "children": [{"frame": [0, 0, 1, 1]}]}],
                "adjust": ["animation(0).down(2)", ""]},
       "empty": {"size": [0, 0]}}
      """#))
    var style = SkeletonStyle()
    style.effect = .breathe
    #expect(tree.cells["news"] == CellTemplate(
      size: Size(width: 375, height: 100.5),
      children: [ViewNode(id: "t", kind: .label, frame: Rect(x: 10, y: 10, width: 100, height: 20),
                          children: [ViewNode(frame: Rect(x: 0, y: 0, width: 1, height: 1))])],
      adjust: ["animation(0).down(2)", ""], style: style))
    #expect(tree.cells["empty"] == CellTemplate(size: Size(width: 0, height: 0)))
  }

  @Test("Unicode ids, cell names and adjust lines are kept exactly")
  func unicode() throws {
    let tree = try ViewTree(json: viewTreeDocument(
      root: #"""
      {"id": "根", "frame": [0, 0, 375, 667], "children": [
        {"id": "名前 👋", "type": "label", "frame": [0, 0, 10, 10]},
        {"id": "e\u0301", "frame": [0, 0, 1, 1]},
        {"id": "", "frame": [0, 0, 1, 1]},
        {"type": "table", "frame": [0, 0, 375, 600], "sections": [{"cell": "ячейка"}]}]}
      """#,
      cells: #"{"ячейка": {"size": [375, 44], "adjust": ["named(名前).down(1)"]}}"#))
    #expect(tree.root.id == "根")
    #expect(tree.root.children[0].id == "名前 👋")
    #expect(tree.root.children[1].id?.unicodeScalars.map(\.value) == [0x65, 0x301])
    #expect(tree.root.children[2].id == "")
    #expect(tree.root.children[3].sections[0].cell == "ячейка")
    #expect(tree.cells["ячейка"]?.adjust == ["named(名前).down(1)"])
  }

  @Test("Limits that are just met: 64 levels, 100,000 nodes, 1,000 templates, 10,000 lines")
  func limitsMet() throws {
    let deep = try ViewTree(json: viewTreeDocument(root: nestedViewTreeNodes(levels: 64)))
    var depth = 1
    var node = deep.root
    while let child = node.children.first {
      depth += 1
      node = child
    }
    #expect(depth == 64)
    // In a template, the template is level 1: its children may nest 63 levels.
    let deepCell = try ViewTree(json: viewTreeDocument(
      root: #"{"frame": [0, 0, 1, 1]}"#,
      cells: #"{"c": {"size": [1, 1], "children": [\#(nestedViewTreeNodes(levels: 63))]}}"#))
    #expect(deepCell.cells["c"]?.children.count == 1)
    let wide = try ViewTree(json: flatViewTreeDocument(children: 99_999))
    #expect(wide.root.children.count == 99_999)
    let cells = (0..<1_000).map { #""c\#($0)": {"size": [1, 1]}"# }.joined(separator: ",")
    let many = try ViewTree(json: viewTreeDocument(root: #"{"frame": [0, 0, 1, 1]}"#, cells: "{\(cells)}"))
    #expect(many.cells.count == 1_000)
    let lines = try readViewTreeChild(#"{"type": "label", "frame": [0, 0, 1, 1], "lines": 10000.0}"#)
    #expect(lines.lines == 10_000)
  }
}

/// `levels` nodes, each the only child of the one before.
func nestedViewTreeNodes(levels: Int) -> String {
  var text = #"{"frame": [0, 0, 1, 1]}"#
  for _ in 1..<levels {
    text = #"{"frame": [0, 0, 1, 1], "children": [\#(text)]}"#
  }
  return text
}

/// A document whose root has `children` leaf children.
func flatViewTreeDocument(children: Int) -> String {
  let child = #"{"frame":[0,0,1,1]}"#
  let list = [String](repeating: child, count: children).joined(separator: ",")
  return #"{"viewport":[375,667],"root":{"frame":[0,0,375,667],"children":[\#(list)]}}"#
}
