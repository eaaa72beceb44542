import Testing
@testable import GhostframeSkeleton
import GhostframeCore
import GhostframeTestSupport

// Every validation error and limit of the generator: a code, a message naming the place, and no skeleton.

/// The message of the error generating `tree` throws, checking its code.
private func failure(_ code: GhostframeError.Code, _ tree: ViewTree,
                     sourceLocation: SourceLocation = #_sourceLocation) -> String? {
  expectError(code, sourceLocation: sourceLocation) { _ = try Skeleton(tree: tree) }?.message
}

private let viewport = Size(width: 375, height: 667)

private func tree(_ children: [ViewNode], style: SkeletonStyle = SkeletonStyle(),
                  cells: [String: CellTemplate] = gCells) -> ViewTree {
  ViewTree(viewport: viewport, style: style, root: gRoot(children), cells: cells)
}

private func leaf(_ frame: Rect = gRect(0, 0, 10, 10)) -> ViewNode { ViewNode(frame: frame) }

@Suite struct SkeletonGenerationValidationTests {
  @Test func badFrames() {
    #expect(failure(.invalidArgument, tree([leaf(), leaf(), leaf(gRect(0, 0, -5, 10))]))
            == "root.children[2].frame: width must not be negative, got -5.0")
    #expect(failure(.invalidArgument, tree([leaf(gRect(0, 0, 10, -1))]))
            == "root.children[0].frame: height must not be negative, got -1.0")
    let nested = ViewNode(frame: gRect(0, 0, 100, 100), children: [leaf(), leaf(gRect(.nan, 0, 1, 1))])
    #expect(failure(.invalidArgument, tree([nested])) == "root.children[0].children[1].frame: x must be a finite number, not nan")
    #expect(failure(.invalidArgument, tree([leaf(gRect(0, -.infinity, 1, 1))]))
            == "root.children[0].frame: y must be a finite number, not -inf")
    #expect(failure(.invalidArgument, tree([leaf(gRect(0, 0, .infinity, 1))]))
            == "root.children[0].frame: width must be a finite number, not inf")
    var root = gRoot([])
    root.frame.height = .nan
    #expect(failure(.invalidArgument, ViewTree(viewport: viewport, root: root)) == "root.frame: height must be a finite number, not nan")
    // A hidden or skipped node is still checked.
    var hidden = leaf(gRect(0, 0, -1, 1))
    hidden.isHidden = true
    #expect(failure(.invalidArgument, tree([hidden])) == "root.children[0].frame: width must not be negative, got -1.0")
  }

  @Test func badNodeFields() {
    var node = ViewNode(kind: .label, frame: gRect(0, 0, 10, 10), lines: -1)
    #expect(failure(.invalidArgument, tree([node])) == "root.children[0].lines: -1 is negative (0 means as many as fit)")
    node.lines = 20_000
    #expect(failure(.invalidArgument, tree([node])) == "root.children[0].lines: 20000 is more than 10000")
    node.lines = 1
    node.cornerRadius = -2
    #expect(failure(.invalidArgument, tree([node])) == "root.children[0]: cornerRadius must not be negative, got -2.0")
    node.cornerRadius = .nan
    #expect(failure(.invalidArgument, tree([node])) == "root.children[0]: cornerRadius must be a finite number, not nan")
    node.cornerRadius = nil
    node.contentOffset = Point(x: 0, y: .infinity)
    #expect(failure(.invalidArgument, tree([node])) == "root.children[0].contentOffset: y must be a finite number, not inf")
    let sectioned = ViewNode(frame: gRect(0, 0, 10, 10), sections: [ListSection(cell: "news")])
    #expect(failure(.invalidArgument, tree([sectioned]))
            == "root.children[0].sections: a view has no sections (only tables and collections do)")
  }

  @Test func badSizesAndStyles() {
    #expect(failure(.invalidArgument, ViewTree(viewport: Size(width: -1, height: 667), root: gRoot([])))
            == "viewport: width must not be negative, got -1.0")
    #expect(failure(.invalidArgument, ViewTree(viewport: Size(width: 375, height: .nan), root: gRoot([])))
            == "viewport: height must be a finite number, not nan")
    var style = SkeletonStyle()
    style.cornerRadius = .infinity
    #expect(failure(.invalidArgument, tree([], style: style)) == "style: cornerRadius must be a finite number, not inf")
    style = SkeletonStyle()
    style.heightCoefficient = -0.5
    #expect(failure(.invalidArgument, tree([], style: style)) == "style: heightCoefficient must not be negative, got -0.5")
    style = SkeletonStyle()
    style.shimmerDuration = .nan
    #expect(failure(.invalidArgument, tree([], style: style)) == "style: shimmerDuration must be a finite number, not nan")
    style = SkeletonStyle()
    style.color = Color(red: 2, green: 0, blue: 0)
    #expect(failure(.invalidArgument, tree([], style: style)) == "style.color: red must be a number in [0, 1], not 2.0")
    style = SkeletonStyle()
    style.lineHeight = .nan
    let styled = ViewNode(frame: gRect(0, 0, 10, 10), style: style)
    #expect(failure(.invalidArgument, tree([leaf(), styled])) == "root.children[1].style: lineHeight must be a finite number, not nan")
    var cells = gCells
    cells["news"]!.size.height = .nan
    #expect(failure(.invalidArgument, tree([], cells: cells)) == "cells.news.size: height must be a finite number, not nan")
    cells = gCells
    cells["line"]!.children[0].frame.width = -3
    #expect(failure(.invalidArgument, tree([], cells: cells)) == "cells.line.children[0].frame: width must not be negative, got -3.0")
    cells = gCells
    cells["tile"]!.style = style
    #expect(failure(.invalidArgument, tree([], cells: cells)) == "cells.tile.style: lineHeight must be a finite number, not nan")
  }

  @Test func badSections() {
    func list(_ section: ListSection, _ kind: ViewNode.Kind = .table) -> [ViewNode] {
      [leaf(), leaf(), leaf(), ViewNode(kind: kind, frame: gRect(0, 0, 375, 600), sections: [section])]
    }
    #expect(failure(.notFound, tree(list(ListSection(cell: "newz"))))
            == "root.children[3].sections[0].cell: no cell template 'newz'")
    #expect(failure(.notFound, tree(list(ListSection(cell: "news", header: ListSupplement(cell: "nope")))))
            == "root.children[3].sections[0].header.cell: no cell template 'nope'")
    #expect(failure(.notFound, tree(list(ListSection(cell: "news", footer: ListSupplement(cell: "nope")))))
            == "root.children[3].sections[0].footer.cell: no cell template 'nope'")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "news", header: ListSupplement(cell: "title", height: -1)))))
            == "root.children[3].sections[0].header: height must not be negative, got -1.0")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "news", rows: -1))))
            == "root.children[3].sections[0].rows: -1 is negative")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "news", rows: 2_000_000))))
            == "root.children[3].sections[0].rows: 2000000 is more than 1,000,000")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "tile", items: -3), .collection)))
            == "root.children[3].sections[0].items: -3 is negative")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "tile", items: Int.max), .collection)))
            == "root.children[3].sections[0].items: 9223372036854775807 is more than 1,000,000")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "news", rowHeight: 0))))
            == "root.children[3].sections[0].rowHeight: 0.0 is not positive")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "news", rowHeight: .nan))))
            == "root.children[3].sections[0]: rowHeight must be a finite number, not nan")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "tile", itemSize: Size(width: 0, height: 10)), .collection)))
            == "root.children[3].sections[0].itemSize: 0.0 × 10.0 is not a positive size")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "tile", itemSize: Size(width: 10, height: -1)), .collection)))
            == "root.children[3].sections[0].itemSize: 10.0 × -1.0 is not a positive size")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "tile", spacing: Size(width: -1, height: 0)), .collection)))
            == "root.children[3].sections[0].spacing: width must not be negative, got -1.0")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "tile", insets: EdgeInsets(top: 0, left: .nan, bottom: 0, right: 0)), .collection)))
            == "root.children[3].sections[0].insets: left must be a finite number, not nan")
    // A template that is 0 high cannot give a table its row height, nor a collection its item size.
    var cells = gCells
    cells["flat"] = CellTemplate(size: Size(width: 375, height: 0))
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "flat")), cells: cells))
            == "root.children[3].sections[0].rowHeight: absent, and cell template 'flat' is 0.0 high; a row needs a positive height")
    #expect(failure(.invalidArgument, tree(list(ListSection(cell: "flat"), .collection), cells: cells))
            == "root.children[3].sections[0].itemSize: absent, and cell template 'flat' is 375.0 × 0.0; an item needs a positive size")
    // Inside a template.
    cells = gCells
    cells["a"] = CellTemplate(size: Size(width: 10, height: 10), children: [
      ViewNode(kind: .table, frame: gRect(0, 0, 10, 10), sections: [ListSection(cell: "zz")])
    ])
    #expect(failure(.notFound, tree([], cells: cells)) == "cells.a.children[0].sections[0].cell: no cell template 'zz'")
  }

  @Test func duplicateListIds() {
    // Two lists with one id in the same control view would share section groups.
    let first = ViewNode(id: "feed", kind: .table, frame: gRect(0, 0, 375, 100), sections: [ListSection(cell: "line", rows: 1)])
    var second = first
    second.frame.y = 100
    #expect(failure(.invalidArgument, tree([first, leaf(), second]))
            == "root.children[2]: another list in the same control view has the id 'feed'; list ids name section groups and must be unique")
    // The same id in a cell repeated down a list is fine: each copy's groups carry the row.
    var cells = gCells
    cells["holder"] = CellTemplate(size: Size(width: 375, height: 50), children: [
      ViewNode(id: "inner", kind: .table, frame: gRect(0, 0, 375, 50), sections: [ListSection(cell: "line", rows: 1)])
    ])
    let outer = ViewNode(id: "outer", kind: .table, frame: gRect(0, 0, 375, 667), sections: [ListSection(cell: "holder", rows: 2)])
    #expect(throws: Never.self) { try Skeleton(tree: tree([outer], cells: cells)) }
  }

  @Test func templatesThatContainThemselves() {
    func holder(_ next: String) -> CellTemplate {
      CellTemplate(size: Size(width: 100, height: 50), children: [
        ViewNode(kind: .table, frame: gRect(0, 0, 100, 50), sections: [ListSection(cell: next, rows: 1)])
      ])
    }
    #expect(failure(.invalidArgument, tree([], cells: ["a": holder("b"), "b": holder("a")]))
            == "cell template 'a' contains itself through 'b'")
    #expect(failure(.invalidArgument, tree([], cells: ["a": holder("a")])) == "cell template 'a' contains itself")
    #expect(failure(.invalidArgument, tree([], cells: ["a": holder("b"), "b": holder("c"), "c": holder("a")]))
            == "cell template 'a' contains itself through 'b', 'c'")
    // Through a header.
    let viaHeader = CellTemplate(size: Size(width: 100, height: 50), children: [
      ViewNode(kind: .table, frame: gRect(0, 0, 100, 50),
               sections: [ListSection(cell: "line", rows: 1, header: ListSupplement(cell: "h"))])
    ])
    var cells = gCells
    cells["h"] = viaHeader
    #expect(failure(.invalidArgument, tree([], cells: cells)) == "cell template 'h' contains itself")
  }

  @Test func depthLimit() throws {
    // Root + 63 nested levels = 64: fine. One more: a limit.
    func chain(_ levels: Int) -> ViewNode {
      var node = leaf(gRect(1, 1, 5, 5))
      for _ in 0..<levels { node = ViewNode(frame: gRect(1, 1, 100, 100), children: [node]) }
      return node
    }
    let ok = try Skeleton(tree: tree([chain(62)]))  // root (1) + 62 containers + the leaf = 64 levels
    #expect(ok.bones.count == 1)
    #expect(ok.bones[0].frame == gRect(63, 63, 5, 5))  // 62 containers at (1, 1) in their parents, then its own (1, 1)
    let message = failure(.limit, tree([chain(63)]))
    #expect(message?.hasSuffix(": the view tree is more than 64 levels deep") == true)
    #expect(message?.hasPrefix("root" + String(repeating: ".children[0]", count: 64)) == true)
    #expect(failure(.limit, tree([chain(1000)]))?.hasSuffix("more than 64 levels deep") == true)
  }

  @Test func nodeLimit() throws {
    // Nodes of the root and of every template count together; hidden nodes count too.
    var hidden = leaf()
    hidden.isHidden = true
    let ok = try Skeleton(tree: tree(Array(repeating: hidden, count: 99_999), cells: [:]))  // + the root = 100,000
    #expect(ok.bones.isEmpty)
    #expect(failure(.limit, tree(Array(repeating: hidden, count: 100_000), cells: [:]))
            == "root.children[99999]: the view tree has more than 100,000 nodes (root and cell templates together)")
    let cells = ["c": CellTemplate(size: Size(width: 1, height: 1), children: [hidden])]
    #expect(failure(.limit, tree(Array(repeating: hidden, count: 99_999), cells: cells))?.hasPrefix("cells.c.children[0]") == true)
  }

  @Test func boneLimit() {
    // A cell of 2,000 leaves in rows 1 high: 667 visible rows × 2,000 = 1,334,000 bones > 1,000,000. Counted before
    // anything is copied.
    let leaves = (0..<2000).map { i in ViewNode(frame: gRect(Double(i % 100), 0, 0.5, 0.5)) }
    let cells = ["dense": CellTemplate(size: Size(width: 375, height: 1), children: leaves)]
    let list = ViewNode(kind: .table, frame: gRect(0, 0, 375, 667), sections: [ListSection(cell: "dense")])
    #expect(failure(.limit, tree([list], cells: cells)) == "the skeleton would have more than 1,000,000 bones")
  }

  @Test func absurdFillCounts() {
    // Rows 2⁻¹¹ high filling 667 points: 667 × 2,048 = 1,366,016 rows.
    let rows = ViewNode(kind: .table, frame: gRect(0, 0, 375, 667),
                        sections: [ListSection(cell: "news", rowHeight: 0.00048828125)])
    #expect(failure(.limit, tree([rows]))
            == "root.children[0].sections[0]: filling the visible area takes 1366016.0 rows; the limit is 1,000,000")
    // Items 0.01 wide and high: 37,500 columns × 66,700 rows.
    let items = ViewNode(kind: .collection, frame: gRect(0, 0, 375, 667),
                         sections: [ListSection(cell: "tile", itemSize: Size(width: 0.01, height: 0.01))])
    #expect(failure(.limit, tree([items]))?.contains("items; the limit is 1,000,000") == true)
  }

  @Test func listNestingLimit() throws {
    // c0 holds a list of c1, ... Each template's list is one level deeper: c0 sits in the root's list (level 1).
    func cells(_ count: Int) -> [String: CellTemplate] {
      var result: [String: CellTemplate] = [:]
      for i in 0..<count {
        let children = i == count - 1 ? [leaf(gRect(0, 0, 5, 5))] : [
          ViewNode(kind: .table, frame: gRect(0, 0, 100, 50), sections: [ListSection(cell: "c\(i + 1)", rows: 1)])
        ]
        result["c\(i)"] = CellTemplate(size: Size(width: 100, height: 50), children: children)
      }
      return result
    }
    let list = ViewNode(kind: .table, frame: gRect(0, 0, 100, 50), sections: [ListSection(cell: "c0", rows: 1)])
    let ok = try Skeleton(tree: tree([list], cells: cells(16)))  // 16 lists deep
    #expect(ok.bones.count == 1)
    #expect(ok.containers.count == 17)
    #expect(failure(.limit, tree([list], cells: cells(17)))
            == "cells.c15.children[0]: lists are nested more than 16 deep (through cell template 'c16')")
  }

  @Test func hostileNumbersNeverTrap() {
    // Every hostile number in every frame field: an error or a skeleton, never a crash.
    for value in hostileInputs {
      for field in 0..<4 {
        var frame = gRect(1, 2, 3, 4)
        switch field {
        case 0: frame.x = value
        case 1: frame.y = value
        case 2: frame.width = value
        default: frame.height = value
        }
        _ = try? Skeleton(tree: tree([ViewNode(kind: .label, frame: frame, lines: 0)]))
        _ = try? Skeleton(tree: tree([
          ViewNode(kind: .collection, frame: frame, sections: [ListSection(cell: "tile")])
        ]))
        _ = try? Skeleton(tree: tree([
          ViewNode(kind: .table, frame: gRect(0, 0, 375, 667), contentOffset: Point(x: value, y: value),
                   sections: [ListSection(cell: "news", rowHeight: abs(value))])
        ]))
      }
    }
  }

  @Test func tenThousandNodes() throws {
    // The root + 99 cards × (the card + 100 children) = 1 + 9,999 = 10,000 nodes: labels, images, buttons,
    // multi-line labels and leaves, each a bone (9,900 bones). Prints the time; no timing assertion.
    var cards: [ViewNode] = []
    for c in 0..<99 {
      var children: [ViewNode] = []
      for i in 0..<100 {
        let frame = gRect(Double(i % 10) * 30, Double(i / 10) * 20, 28, 18)
        switch i % 5 {
        case 0: children.append(ViewNode(id: "l\(c).\(i)", kind: .label, frame: frame))
        case 1: children.append(ViewNode(kind: .image, frame: frame, cornerRadius: 4))
        case 2: children.append(ViewNode(kind: .button, frame: frame))
        case 3: children.append(ViewNode(kind: .label, frame: frame, lines: 2))
        default: children.append(ViewNode(frame: frame))
        }
      }
      cards.append(ViewNode(id: "card\(c)", frame: gRect(0, Double(c) * 210, 375, 200), children: children))
    }
    let big = ViewTree(viewport: viewport, root: gRoot(cards))
    #expect(1 + big.root.children.reduce(0) { $0 + 1 + $1.children.count } == 10_000)
    let clock = ContinuousClock()
    var skeleton: Skeleton?
    let elapsed = try clock.measure { skeleton = try Skeleton(tree: big) }
    #expect(skeleton?.bones.count == 9_900)
    print("skeleton generation: 10,000 nodes, \(skeleton?.bones.count ?? 0) bones in \(elapsed)")
  }
}
