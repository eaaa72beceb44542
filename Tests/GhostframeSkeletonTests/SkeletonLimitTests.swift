import Testing
@testable import GhostframeSkeleton
import GhostframeCore
import GhostframeTestSupport
import GhostframeFormats

// Hostile but well-formed view trees: extreme geometry never traps, and work derived from the input (line layers,
// list cells, containers) is counted against the documented limits before it is done. A trap would kill the test
// process, so every case that returns at all shows the conversion is checked; the assertions pin the status.

/// A collection at the top of the root whose only section uses the one-leaf template "tile" (100 × 100).
private func collection(itemSize: Size? = nil, spacing: Size = Size(width: 0, height: 0), insets: EdgeInsets = .zero,
                        items: Int? = nil, offset: Point = .zero) -> ViewTree {
  let section = ListSection(cell: "tile", itemSize: itemSize, spacing: spacing, insets: insets, items: items)
  let grid = ViewNode(id: "grid", kind: .collection, frame: gRect(0, 0, 375, 667), contentOffset: offset,
                      sections: [section])
  return ViewTree(viewport: Size(width: 375, height: 667), root: gRoot([grid]),
                  cells: ["tile": CellTemplate(size: Size(width: 100, height: 100),
                                               children: [ViewNode(frame: gRect(10, 10, 80, 80))])])
}

/// The skeleton and its scene, or the error either step threw.
private func outcome(_ tree: ViewTree) -> Result<Scene, GhostframeError> {
  do {
    return .success(try Skeleton(tree: tree).scene())
  } catch {
    return .failure(error)
  }
}

/// `count` labels of `lines` lines each, stacked in the root.
private func labels(_ count: Int, lines: Int) -> ViewTree {
  let nodes = (0..<count).map { i in
    ViewNode(kind: .label, frame: gRect(0, Double(i % 600), 300, 40), lines: lines)
  }
  return ViewTree(viewport: Size(width: 375, height: 667), root: gRoot(nodes))
}

@Suite("Skeleton limits: extreme geometry and derived counts")
struct SkeletonLimitTests {
  // MARK: - Abort from valid-looking input

  @Test("itemSize, spacing and insets near 1e308 (the issue's NaN column count) are an error naming the fields")
  func hugeCollectionGeometry() {
    let tree = collection(itemSize: Size(width: 1e308, height: 1e308), spacing: Size(width: 1e308, height: 1e308),
                          insets: EdgeInsets(top: 1e308, left: 1e308, bottom: 1e308, right: 1e308))
    let error = expectError(.invalidArgument) { _ = try Skeleton(tree: tree) }
    // 1e308 + 1e308 overflows: the item pitch is the first derived length to go infinite.
    #expect(error?.message.contains("root.children[0].sections[0]") == true, "\(String(describing: error))")
    #expect(error?.message.contains("itemSize.width + spacing.width") == true, "\(String(describing: error))")
  }

  @Test("insets that overflow the width the columns share are an error naming the insets")
  func hugeInsets() {
    // 375 − 1.5e308 − 1.5e308 = −∞ before the spacing is added.
    let tree = collection(insets: EdgeInsets(top: 0, left: 1.5e308, bottom: 0, right: 1.5e308))
    let error = expectError(.invalidArgument) { _ = try Skeleton(tree: tree) }
    #expect(error?.message.contains("insets") == true, "\(String(describing: error))")
  }

  @Test("a content offset that overflows the list's origin is an error naming contentOffset")
  func hugeContentOffset() {
    let tree = collection(offset: Point(x: 0, y: -Double.greatestFiniteMagnitude))
    var shifted = tree
    shifted.root.children[0].frame.y = Double.greatestFiniteMagnitude
    let error = expectError(.invalidArgument) { _ = try Skeleton(tree: shifted) }
    #expect(error?.message.contains("contentOffset") == true, "\(String(describing: error))")
  }

  @Test("rows whose total height overflows are an error, not an infinite section")
  func overflowingRows() {
    let table = ViewNode(id: "feed", kind: .table, frame: gRect(0, 0, 375, 667),
                         sections: [ListSection(cell: "tile", rowHeight: 1e308, rows: 3)])
    let tree = ViewTree(viewport: Size(width: 375, height: 667), root: gRoot([table]),
                        cells: ["tile": CellTemplate(size: Size(width: 100, height: 100))])
    let error = expectError(.invalidArgument) { _ = try Skeleton(tree: tree) }
    #expect(error?.message.contains("rows × rowHeight") == true, "\(String(describing: error))")
  }

  @Test("every combination of extreme sizes, spacings and insets gives a skeleton with finite frames or an error")
  func extremeGeometrySweep() {
    // Ordinary values are 50 so an ordinary grid stays small (8 × 14 cells in view).
    let sizes: [Double] = [.leastNonzeroMagnitude, 1e-300, 50, 1e300, 1e308, .greatestFiniteMagnitude]
    let gaps: [Double] = [0, 50, 1e300, 1e308, .greatestFiniteMagnitude]
    var results = (ok: 0, invalid: 0, limit: 0)
    for item in sizes {
      for spacing in gaps {
        for inset in gaps {
          let tree = collection(itemSize: Size(width: item, height: item), spacing: Size(width: spacing, height: spacing),
                                insets: EdgeInsets(top: inset, left: inset, bottom: inset, right: inset))
          switch outcome(tree) {
          case .success(let scene):
            results.ok += 1
            let finite = scene.layers.allSatisfy { $0.frame.x.isFinite && $0.frame.y.isFinite && $0.frame.width.isFinite
              && $0.frame.height.isFinite }
            #expect(finite, "item \(item), spacing \(spacing), inset \(inset)")
          case .failure(let error) where error.code == .invalidArgument:
            results.invalid += 1
            #expect(error.message.contains("sections[0]") || error.message.contains("layer"),
                    "item \(item), spacing \(spacing), inset \(inset): \(error)")
          case .failure(let error) where error.code == .limit:
            results.limit += 1
          case .failure(let error):
            Issue.record("item \(item), spacing \(spacing), inset \(inset): unexpected \(error)")
          }
        }
      }
    }
    // The sweep reaches all three outcomes: ordinary grids, overflows and fills past the cell limit.
    #expect(results.ok > 0 && results.invalid > 0 && results.limit > 0, "\(results)")
  }

  @Test("column and row candidates convert only finite, clamped numbers")
  func candidatesNeverConvertNaN() throws {
    // start far below `from`: (from − start) / pitch overflows to +∞ and is clamped to the last index.
    let all = try SkeletonGenerator.candidates(start: -1.7e308, pitch: 1, count: 10, from: 1.7e308, to: .infinity,
                                               at: "test")
    #expect(all == 9..<10)
    // start far above: −∞, clamped to 0...0.
    let none = try SkeletonGenerator.candidates(start: 1.7e308, pitch: 1, count: 10, from: -1.7e308, to: 0, at: "test")
    #expect(none == 0..<1)
    #expect(try SkeletonGenerator.candidates(start: 0, pitch: .leastNonzeroMagnitude, count: 1_000_000, from: 0, to: 1, at: "t")
      == 0..<1_000_000)
  }

  @Test("a fill count that is not a number is an error, +∞ a limit, and nothing converts NaN")
  func fillCounts() throws {
    let generator = SkeletonGenerator(tree: collection())
    expectError(.invalidArgument) { _ = try generator.fillCount(.nan, of: "rows", at: "here") }
    expectError(.limit) { _ = try generator.fillCount(.infinity, of: "rows", at: "here") }
    #expect(try generator.fillCount(-.infinity, of: "rows", at: "here") == 0)
    #expect(try generator.fillCount(2.5, of: "rows", at: "here") == 3)
    expectError(.invalidArgument) { _ = try SkeletonGenerator.count(.nan, "columns", at: "here") }
    expectError(.invalidArgument) { _ = try SkeletonGenerator.count(1e300, "columns", at: "here") }
  }

  // MARK: - Work derived from the input

  @Test("1,000 labels of 10,000 lines (10,000,000 line layers) are a limit error before any layer is laid out")
  func thousandsOfLines() {
    let skeleton: Skeleton
    do {
      skeleton = try Skeleton(tree: labels(1_000, lines: 10_000))
    } catch {
      Issue.record("generation itself is within the limits: \(error)")
      return
    }
    #expect(skeleton.bones.count == 1_000)
    #expect(skeleton.layerCount == 1 + 1 + 10_000_000)
    let error = expectError(.limit) { _ = try skeleton.scene() }
    #expect(error?.message.contains("10000002 layers") == true, "\(String(describing: error))")
  }

  @Test("5,000 labels of 10,000 lines (the issue's failed 12.8 GB allocation) are a limit error")
  func fiftyMillionLines() {
    let error = expectError(.limit) { _ = try Skeleton(tree: labels(5_000, lines: 10_000)).scene() }
    #expect(error?.message.contains("a scene holds at most 1,000,000") == true, "\(String(describing: error))")
  }

  @Test("lines at the limit: exactly 1,000,000 layers are accepted, one more is refused")
  func layersAtTheLimit() throws {
    // 1 root + 1 container + 99 × 10,000 + 9,998 lines = 1,000,000 layers.
    var nodes = (0..<99).map { _ in ViewNode(kind: .label, frame: gRect(0, 0, 300, 40), lines: 10_000) }
    nodes.append(ViewNode(kind: .label, frame: gRect(0, 0, 300, 40), lines: 9_998))
    var style = SkeletonStyle()
    style.effect = SkeletonStyle.Effect.none  // a static skeleton: no animations, layers only
    let tree = ViewTree(viewport: Size(width: 375, height: 667), style: style, root: gRoot(nodes))
    let skeleton = try Skeleton(tree: tree)
    #expect(skeleton.layerCount == Skeleton.maximumLayers)
    var over = skeleton
    over.bones[99].lines = 9_999
    #expect(over.layerCount == Skeleton.maximumLayers + 1)
    expectError(.limit) { _ = try over.scene() }
  }

  @Test("a million tiny empty rows per section stop at the list-cell limit, not after walking them all")
  func listCellsAreCounted() {
    // 50 sections × 1,000,000 visible rows of an empty template: 50,000,000 cells to walk before the limit.
    let sections = (0..<50).map { _ in ListSection(cell: "empty", rowHeight: 1e-9, rows: 1_000_000) }
    let table = ViewNode(id: "feed", kind: .table, frame: gRect(0, 0, 375, 667), sections: sections)
    let tree = ViewTree(viewport: Size(width: 375, height: 667), root: gRoot([table]),
                        cells: ["empty": CellTemplate(size: Size(width: 375, height: 1))])
    let error = expectError(.limit) { _ = try Skeleton(tree: tree) }
    #expect(error?.message.contains("cells") == true, "\(String(describing: error))")
  }

  @Test("cells full of list sections are counted as containers before they are copied")
  func containersAreCounted() {
    // Each "box" holds a table of 4 empty sections: 4 containers per copy, 300,000 copies = 1,200,000 containers.
    let inner = ViewNode(id: "inner", kind: .table, frame: gRect(0, 0, 10, 10),
                         sections: (0..<4).map { _ in ListSection(cell: "empty", rowHeight: 1, rows: 0) })
    let table = ViewNode(id: "feed", kind: .table, frame: gRect(0, 0, 375, 667),
                         sections: [ListSection(cell: "box", rowHeight: 1e-9, rows: 300_000)])
    let tree = ViewTree(viewport: Size(width: 375, height: 667), root: gRoot([table]),
                        cells: ["box": CellTemplate(size: Size(width: 10, height: 10), children: [inner]),
                                "empty": CellTemplate(size: Size(width: 10, height: 1))])
    let error = expectError(.limit) { _ = try Skeleton(tree: tree) }
    #expect(error?.message.contains("containers") == true, "\(String(describing: error))")
  }

  @Test("a template walked once per differently styled list counts every walk")
  func templateVisitsAreCounted() {
    // "wide" is 10,000 leaves as large as the cell (no bones); 201 lists of distinct colours each show it once,
    // so it is generated 201 times: 2,010,000 visits.
    let leaves = (0..<10_000).map { _ in ViewNode(frame: gRect(0, 0, 10, 10)) }
    let lists = (0..<201).map { i -> ViewNode in
      var style = SkeletonStyle()
      style.color = Color(red: Double(i) / 255, green: 0, blue: 0)
      return ViewNode(id: "list\(i)", kind: .table, frame: gRect(0, 0, 375, 667), style: style,
                      sections: [ListSection(cell: "wide", rowHeight: 10, rows: 1)])
    }
    let tree = ViewTree(viewport: Size(width: 375, height: 667), root: gRoot(lists),
                        cells: ["wide": CellTemplate(size: Size(width: 10, height: 10), children: leaves)])
    let error = expectError(.limit) { _ = try Skeleton(tree: tree) }
    #expect(error?.message.contains("visits more than 2,000,000 views") == true, "\(String(describing: error))")
    // 199 lists: 1,990,000 visits plus the root's 200, within the limit.
    var within = tree
    within.root.children.removeLast(2)
    #expect((try? Skeleton(tree: within)) != nil)
  }

  @Test("recommendedHeight counts lines before measuring them")
  func recommendedHeightCountsLines() {
    let children = (0..<200).map { _ in ViewNode(kind: .label, frame: gRect(0, 0, 100, 40), lines: 10_000) }
    let template = CellTemplate(size: Size(width: 375, height: 100), children: children)
    let error = expectError(.limit) { _ = try Skeleton.recommendedHeight(of: template) }
    #expect(error?.message.contains("2000000 bars") == true, "\(String(describing: error))")
  }

  @Test("adjust lines that edit every bone many times are counted before they run")
  func adjustEditsAreCounted() {
    // 10,000 leaves; one chain selecting them all with 1,001 modifiers: 10,010,000 edits, past the 10,000,000
    // limit before the first one is made (the line is 8,028 characters, within the line limit).
    let leaves = (0..<10_000).map { i in ViewNode(frame: gRect(Double(i % 300), 0, 10, 10)) }
    let line = "animations(0, 10000)" + String(repeating: ".left(1)", count: 1_001)
    let tree = ViewTree(viewport: Size(width: 375, height: 667), root: gRoot(leaves), adjust: [line])
    let error = expectError(.limit) { _ = try Skeleton(tree: tree) }
    #expect(error?.message.contains("10000000 modifiers") == true, "\(String(describing: error))")
    #expect(error?.message.hasPrefix("adjust[0]") == true, "\(String(describing: error))")
    // Two modifiers on every bone are well within it, and applied.
    let within = ViewTree(viewport: tree.viewport, root: tree.root, adjust: ["animations(0, 10000).left(1).left(2)"])
    #expect((try? Skeleton(tree: within))?.bones.first?.frame.x == -3)  // left(d) moves left by d
  }

  // MARK: - NUL in names

  @Test("node ids, template names and section cells containing NUL are refused, naming the place")
  func nulInViewTreeNames() {
    var tree = collection()
    tree.root.children[0].id = "gr\u{0}id"
    var error = expectError(.invalidArgument) { _ = try Skeleton(tree: tree) }
    #expect(error?.message.contains("root.children[0].id") == true, "\(String(describing: error))")

    tree = collection()
    tree.cells["ti\u{0}le"] = tree.cells["tile"]
    error = expectError(.invalidArgument) { _ = try Skeleton(tree: tree) }
    #expect(error?.message.contains("cell template name") == true, "\(String(describing: error))")

    tree = collection()
    tree.root.children[0].sections[0].cell = "tile\u{0}"
    error = expectError(.invalidArgument) { _ = try Skeleton(tree: tree) }
    #expect(error?.message.contains("sections[0].cell") == true, "\(String(describing: error))")

    tree = collection()
    tree.adjust = ["named(\"a\u{0}b\").remove()"]
    expectError(.invalidArgument) { _ = try Skeleton(tree: tree) }
  }

  @Test("reading a view tree refuses NUL in ids, template names and cell references, with the JSON path")
  func nulInViewTreeJSON() {
    let documents: [(String, String)] = [
      (#"{"viewport": [10, 10], "root": {"frame": [0, 0, 10, 10], "children": [{"id": "a\u0000", "frame": [0, 0, 1, 1]}]}}"#,
       "root.children[0].id"),
      (#"{"viewport": [10, 10], "root": {"frame": [0, 0, 10, 10]}, "cells": {"c\u0000": {"size": [1, 1]}}}"#,
       "cell template name"),
      (#"{"viewport": [10, 10], "root": {"frame": [0, 0, 10, 10], "children": [{"type": "table", "frame": [0, 0, 10, 10], "sections": [{"cell": "c\u0000"}]}]}, "cells": {"c": {"size": [1, 1]}}}"#,
       "sections[0].cell"),
    ]
    for (text, place) in documents {
      let error = expectError(.invalidArgument) { _ = try ViewTree(json: text) }
      #expect(error?.message.contains(place) == true && error?.message.contains("NUL") == true,
              "\(String(describing: error))")
    }
  }

  @Test("ending a group whose name contains NUL is refused, not reported as a missing container")
  func nulInEndGroup() throws {
    var scene = try Skeleton(tree: collection()).scene()
    let before = scene.animations.count
    let error = expectError(.invalidArgument) { try Skeleton.end(&scene, at: 1, group: "grid\u{0}/section/0") }
    #expect(error?.message.contains("NUL") == true)
    #expect(scene.animations.count == before)
  }
}
