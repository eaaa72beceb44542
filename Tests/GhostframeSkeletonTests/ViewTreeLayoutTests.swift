import Testing
@testable import GhostframeSkeleton
import GhostframeCore
import GhostframeTestSupport

// ViewTree.layout(): the real views, with frames computed by hand from the view-tree rules, and checked against
// the bones the generator places on them.

private let rowTemplate = CellTemplate(size: Size(width: 200, height: 60), children: [
  ViewNode(id: "thumb", kind: .image, frame: gRect(10, 5, 50, 50), cornerRadius: 8),
  ViewNode(id: "text", kind: .label, frame: gRect(70, 10, 100, 20), lines: 2, align: .center),
])
private let titleTemplate = CellTemplate(size: Size(width: 200, height: 20), children: [
  ViewNode(kind: .label, frame: gRect(10, 2, 80, 16))
])

/// A 200 × 300 screen: a label, a scrolled table (header + rows that fill), a skipped view and a hidden one.
private func tableTree(style: SkeletonStyle = SkeletonStyle()) -> ViewTree {
  let table = ViewNode(id: "list", kind: .table, frame: gRect(0, 50, 200, 200), contentOffset: Point(x: 0, y: 10),
                       sections: [ListSection(cell: "row", rowHeight: 60, header: ListSupplement(cell: "title", height: 20))])
  let root = ViewNode(id: "screen", frame: gRect(0, 0, 200, 300), children: [
    ViewNode(id: "title", kind: .label, frame: gRect(10, 10, 100, 20)),
    table,
    ViewNode(id: "skipped", frame: gRect(150, 10, 40, 20), skeleton: .skip),
    ViewNode(id: "gone", frame: gRect(0, 0, 10, 10), isHidden: true),
  ])
  return ViewTree(viewport: Size(width: 200, height: 300), style: style, root: root,
                  cells: ["row": rowTemplate, "title": titleTemplate])
}

@Suite struct ViewTreeLayoutTests {
  @Test func tableFramesAndClipsByHand() throws {
    let views = try tableTree().layout()
    // The table's content starts at 50 − 10 = 40: the header 40...60, then rows of 60 from 60 that fill the
    // visible area (the table's frame, 50...250): ceil((250 − 60) / 60) = 4 rows at 60, 120, 180, 240.
    // Clips: the screen for the root's views; the table's frame (0, 50, 200, 200) for its cells; each cell's
    // content also by the cell's bounds.
    let screen = gRect(0, 0, 200, 300), list = gRect(0, 50, 200, 200)
    var expected: [LaidOutView] = [
      LaidOutView(kind: .view(.view), parent: nil, id: "screen", frame: screen, clip: screen, hasChildren: true),
      LaidOutView(kind: .view(.label), parent: 0, id: "title", frame: gRect(10, 10, 100, 20), clip: screen),
      LaidOutView(kind: .view(.table), parent: 0, id: "list", frame: list, clip: screen),
      LaidOutView(kind: .header, parent: 2, id: "title", frame: gRect(0, 40, 200, 20), clip: list, hasChildren: true,
                  section: 0),
      LaidOutView(kind: .view(.label), parent: 3, id: nil, frame: gRect(10, 42, 80, 16), clip: gRect(0, 50, 200, 10)),
    ]
    for r in 0..<4 {
      let y = 60 + 60 * Double(r)
      let cellClip = gRect(0, y, 200, r == 3 ? 10 : 60)  // the last row is cut at 250
      let cell = expected.count
      expected += [
        LaidOutView(kind: .row, parent: 2, id: "row", frame: gRect(0, y, 200, 60), clip: list, hasChildren: true,
                    section: 0, index: r),
        LaidOutView(kind: .view(.image), parent: cell, id: "thumb", frame: gRect(10, y + 5, 50, 50), clip: cellClip,
                    cornerRadius: 8),
        LaidOutView(kind: .view(.label), parent: cell, id: "text", frame: gRect(70, y + 10, 100, 20), clip: cellClip,
                    lines: 2, align: .center),
      ]
    }
    expected.append(LaidOutView(kind: .view(.view), parent: 0, id: "skipped", frame: gRect(150, 10, 40, 20),
                                clip: screen, skeleton: .skip))
    #expect(views.count == expected.count)
    for (got, want) in zip(views, expected) { #expect(got == want) }
  }

  @Test func bonesLieOnTheViewsTheyStandFor() throws {
    let tree = tableTree()
    let views = try tree.layout()
    let skeleton = try Skeleton(tree: tree)
    // Images keep their frame as a bone, and a label's bar starts at its frame's origin: every bone's origin and
    // width are those of a reported view with the same id (list copies included).
    for bone in skeleton.bones {
      let match = views.contains { $0.id == bone.id && $0.frame.x == bone.frame.x && $0.frame.y == bone.frame.y
        && $0.frame.width == bone.frame.width }
      #expect(match, "bone \(bone.index) (\(bone.id ?? "-")) at \(bone.frame) has no view under it")
    }
    // Each list section's container is the union of its visible cells' area, clipped to the list.
    let container = try #require(skeleton.containers.first { $0.group == "list/section/0" })
    #expect(container.frame == gRect(0, 50, 200, 200))
    #expect(views.filter { $0.kind == .row }.count == 4)
  }

  @Test func collectionItemsInsetsSpacingAndFooter() throws {
    // 375 wide, insets 15 left and right, items 100 wide with 10 between: floor((375 − 30 + 10) / 110) = 3 columns.
    // 7 items in 3 rows from y 5 (insets.top), pitch 80 + 20; the footer under the items: 5 + 3 × 80 + 2 × 20 + 5 = 290.
    let grid = ViewNode(id: "grid", kind: .collection, frame: gRect(0, 0, 375, 400), sections: [
      ListSection(cell: "tile", itemSize: Size(width: 100, height: 80), spacing: Size(width: 10, height: 20),
                  insets: EdgeInsets(top: 5, left: 15, bottom: 5, right: 15), items: 7,
                  footer: ListSupplement(cell: "foot", height: 30)),
    ])
    let tree = ViewTree(viewport: Size(width: 375, height: 667), root: gRoot([grid]), cells: [
      "tile": CellTemplate(size: Size(width: 100, height: 80)),
      "foot": CellTemplate(size: Size(width: 375, height: 30)),
    ])
    let views = try tree.layout()
    let items = views.filter { $0.kind == .item }
    #expect(items.map(\.index) == Array(0..<7))
    #expect(items.map(\.frame) == [
      gRect(15, 5, 100, 80), gRect(125, 5, 100, 80), gRect(235, 5, 100, 80),
      gRect(15, 105, 100, 80), gRect(125, 105, 100, 80), gRect(235, 105, 100, 80),
      gRect(15, 205, 100, 80),
    ])
    #expect(items.allSatisfy { $0.parent == 1 && $0.clip == gRect(0, 0, 375, 400) && !$0.hasChildren })
    #expect(views.filter { $0.kind == .footer }.map(\.frame) == [gRect(0, 290, 375, 30)])
    #expect(views.count == 2 + 7 + 1)
  }

  @Test func scrolledViewsClipAndRightToLeftMirrors() throws {
    let scroller = ViewNode(id: "scroller", frame: gRect(0, 100, 375, 100), children: [
      ViewNode(id: "inside", frame: gRect(20, 0, 100, 50))
    ], contentOffset: Point(x: 0, y: 30))
    var style = SkeletonStyle()
    let plain = try ViewTree(viewport: Size(width: 375, height: 667), root: gRoot([scroller])).layout()
    #expect(plain[2].frame == gRect(20, 70, 100, 50))
    #expect(plain[2].clip == gRect(0, 100, 375, 100))  // the scrolled view clips its content
    #expect(plain.allSatisfy { !$0.isRightToLeft })
    style.rightToLeft = true
    let mirrored = try ViewTree(viewport: Size(width: 375, height: 667), style: style, root: gRoot([scroller])).layout()
    // x → 375 − x − width, as the generator mirrors bones.
    #expect(mirrored[2].frame == gRect(375 - 20 - 100, 70, 100, 50))
    #expect(mirrored[2].clip == gRect(0, 100, 375, 100))
    #expect(mirrored.allSatisfy { $0.isRightToLeft })
  }

  @Test func listsInsideCellsFillTheCell() throws {
    // Each shelf (375 × 120) holds a collection of 100 × 100 tiles, 10 apart, filling the shelf:
    // floor((375 + 10) / 110) = 3 columns, ceil((120 + 10) / 110) = 2 rows → 6 items, all overlapping the shelf.
    let shelf = CellTemplate(size: Size(width: 375, height: 120), children: [
      ViewNode(id: "tiles", kind: .collection, frame: gRect(0, 0, 375, 120), sections: [
        ListSection(cell: "tile", itemSize: Size(width: 100, height: 100), spacing: Size(width: 10, height: 10))
      ])
    ])
    let table = ViewNode(id: "shelves", kind: .table, frame: gRect(0, 0, 375, 667),
                         sections: [ListSection(cell: "shelf", rows: 2)])
    let tree = ViewTree(viewport: Size(width: 375, height: 667), root: gRoot([table]),
                        cells: ["shelf": shelf, "tile": CellTemplate(size: Size(width: 100, height: 100))])
    let views = try tree.layout()
    let rows = views.indices.filter { views[$0].kind == .row }
    #expect(rows.map { views[$0].frame } == [gRect(0, 0, 375, 120), gRect(0, 120, 375, 120)])
    let items = views.filter { $0.kind == .item }
    #expect(items.count == 12)
    // The second shelf's fifth item: column 1, row 1 → (110, 120 + 110); clipped by the shelf (120...240).
    let item = items[6 + 4]
    #expect(item.frame == gRect(110, 230, 100, 100))
    #expect(item.clip == gRect(0, 120, 375, 120))
    // Parents: each item's list is the copy in its own shelf, which comes after that shelf.
    #expect(items[0..<6].allSatisfy { $0.parent == rows[0] + 1 })
    #expect(items[6..<12].allSatisfy { $0.parent == rows[1] + 1 })
    #expect(views.enumerated().allSatisfy { index, view in (view.parent ?? -1) < index })
  }

  @Test func invalidTreesFailAsGenerationDoes() throws {
    var tree = tableTree()
    tree.root.children[1].sections[0].cell = "missing"
    var generation: GhostframeError?
    do { _ = try Skeleton(tree: tree) } catch { generation = error }
    var layout: GhostframeError?
    do { _ = try tree.layout() } catch { layout = error }
    #expect(layout != nil && layout == generation)
    #expect(layout?.code == .notFound)
    tree = tableTree()
    tree.root.isHidden = true
    #expect(try tree.layout().isEmpty)
  }

  @Test func tooManyViewsIsALimit() {
    // 400,000 rows of 0.001 pt fill 400 pt of a 667 pt screen: 1.2 million views with their two children.
    let table = ViewNode(id: "dense", kind: .table, frame: gRect(0, 0, 375, 667),
                         sections: [ListSection(cell: "pair", rowHeight: 0.001, rows: 400_000)])
    let pair = CellTemplate(size: Size(width: 375, height: 1), children: [
      ViewNode(frame: gRect(0, 0, 1, 1)), ViewNode(frame: gRect(1, 0, 1, 1)),
    ])
    let tree = ViewTree(viewport: Size(width: 375, height: 667), root: gRoot([table]), cells: ["pair": pair])
    #expect(throws: GhostframeError.self) { try tree.layout() }
    do {
      _ = try tree.layout()
    } catch {
      #expect(error.code == .limit && error.message.contains("1,000,000 views"), "\(error.message)")
    }
  }
}
