import Testing
@testable import GhostframeSkeleton
import GhostframeCore
import GhostframeTestSupport

// Golden tests of lists: tables and collections, fill counts, repeated cells, nesting, recommended heights.

/// news: 375 × 100 with an image (16, 16, 48, 48) and a label (76, 16, 200, 20) → bar (76, 16, 200, 15).
/// title: 375 × 30 with a label (16, 5, 100, 20) → bar (16, 5, 100, 15).
/// line: 375 × 50 with a leaf (10, 10, 100, 30).
/// tile: 100 × 100 with a leaf (10, 10, 80, 80).
let gCells: [String: CellTemplate] = [
  "news": CellTemplate(size: Size(width: 375, height: 100), children: [
    ViewNode(id: "avatar", kind: .image, frame: gRect(16, 16, 48, 48)),
    ViewNode(id: "name", kind: .label, frame: gRect(76, 16, 200, 20)),
  ]),
  "title": CellTemplate(size: Size(width: 375, height: 30), children: [
    ViewNode(kind: .label, frame: gRect(16, 5, 100, 20))
  ]),
  "line": CellTemplate(size: Size(width: 375, height: 50), children: [ViewNode(frame: gRect(10, 10, 100, 30))]),
  "tile": CellTemplate(size: Size(width: 100, height: 100), children: [ViewNode(frame: gRect(10, 10, 80, 80))]),
]

private func table(_ frame: Rect, _ sections: [ListSection], offset: Point = .zero) -> ViewNode {
  ViewNode(id: "feed", kind: .table, frame: frame, contentOffset: offset, sections: sections)
}

private func grid(_ frame: Rect, _ sections: [ListSection]) -> ViewNode {
  ViewNode(id: "grid", kind: .collection, frame: frame, sections: sections)
}

@Suite struct SkeletonGenerationListTests {
  @Test func tableWithExplicitRows() throws {
    let skeleton = try gSkeleton(gRoot([table(gRect(0, 100, 375, 567), [ListSection(cell: "news", rows: 3)])]),
                                 cells: gCells)
    // Rows at y 100, 200, 300; each copy of the template's two bones, offset by the row's origin, numbered on.
    #expect(skeleton.bones.map(\.frame) == [
      gRect(16, 116, 48, 48), gRect(76, 116, 200, 15),
      gRect(16, 216, 48, 48), gRect(76, 216, 200, 15),
      gRect(16, 316, 48, 48), gRect(76, 316, 200, 15),
    ])
    #expect(skeleton.bones.map(\.index) == [0, 1, 2, 3, 4, 5])
    #expect(skeleton.bones.map(\.id) == ["avatar", "name", "avatar", "name", "avatar", "name"])
    #expect(skeleton.bones.allSatisfy { $0.group == "feed/section/0" })
    #expect(skeleton.containers.map(\.group) == ["root", "feed/section/0"])
    #expect(skeleton.containers[1].frame == gRect(0, 100, 375, 300))
    #expect(skeleton.containers[1].color == .white)
  }

  @Test func tableFillsTheViewportWithHeaderAndFooter() throws {
    // Visible: (0, 100, 375, 567), bottom 667. The header (30) takes 100...130; rows start at 130:
    // ceil((667 − 130) / 100) = ceil(5.37) = 6 rows, at 130, 230, ..., 630 (the last one partly visible).
    // (TABAnimated: ceil(667 / 100) = 7 rows from the screen height.) The footer at 730 is not visible: no bones.
    let section = ListSection(cell: "news", header: ListSupplement(cell: "title", height: 30),
                              footer: ListSupplement(cell: "title", height: 20))
    let skeleton = try gSkeleton(gRoot([table(gRect(0, 100, 375, 567), [section])]), cells: gCells)
    var expected = [gRect(16, 105, 100, 15)]  // the header's label: (16, 100 + 5)
    for r in 0..<6 {
      let y = 130 + 100 * Double(r)
      expected += [gRect(16, y + 16, 48, 48), gRect(76, y + 16, 200, 15)]
    }
    #expect(skeleton.bones.map(\.frame) == expected)
    #expect(skeleton.bones.map(\.index) == Array(0..<13))
    // The section's area, 30 + 600 + 20 = 650 high from 100, clipped to the table's frame → (0, 100, 375, 567).
    #expect(skeleton.containers[1].frame == gRect(0, 100, 375, 567))
  }

  @Test func twoSectionsTheSecondFillsWhatRemains() throws {
    // Section 0: 2 explicit rows, 100...300. Section 1, rows of 50 from 300: ceil((667 − 300) / 50) = ceil(7.34) = 8
    // rows at 300, 350, ..., 650.
    let sections = [ListSection(cell: "news", rows: 2), ListSection(cell: "line", rowHeight: 50)]
    let skeleton = try gSkeleton(gRoot([table(gRect(0, 100, 375, 567), sections)]), cells: gCells)
    #expect(skeleton.containers.map(\.group) == ["root", "feed/section/0", "feed/section/1"])
    #expect(skeleton.containers[1].frame == gRect(0, 100, 375, 200))
    #expect(skeleton.containers[2].frame == gRect(0, 300, 375, 367))  // 400 high, clipped at 667
    let second = skeleton.bones.filter { $0.group == "feed/section/1" }
    let expected = (0..<8).map { (r: Int) -> Rect in gRect(10, 310 + 50 * Double(r), 100, 30) }
    #expect(second.map(\.frame) == expected)
    #expect(second.map(\.index) == Array(4..<12))  // numbered on after section 0's four
    #expect(skeleton.bones.filter { $0.group == "feed/section/0" }.count == 4)
    // Bones come grouped by container, in container order.
    #expect(skeleton.bones.map(\.group) == Array(repeating: "feed/section/0", count: 4) + Array(repeating: "feed/section/1", count: 8))
  }

  @Test func scrolledTableProducesOnlyVisibleRows() throws {
    // Content offset 250: rows start at −250. Fill: ceil((667 + 250) / 100) = 10 rows at −250 + 100r.
    // Rows 0 (−250...−150) and 1 (−150...−50) are above the viewport: only rows 2...9 make bones, numbered 0...15.
    let skeleton = try gSkeleton(gRoot([table(gRect(0, 0, 375, 667), [ListSection(cell: "news")], offset: Point(x: 0, y: 250))]),
                                 cells: gCells)
    #expect(skeleton.bones.count == 16)
    #expect(skeleton.bones.first?.frame == gRect(16, -50 + 16, 48, 48))
    #expect(skeleton.bones.last?.frame == gRect(76, 650 + 16, 200, 15))
    #expect(skeleton.bones.map(\.index) == Array(0..<16))
    #expect(skeleton.containers[1].frame == gRect(0, 0, 375, 667))  // (0, −250, 375, 1000) clipped
    // 1,000 explicit rows cost what the visible ones do: still rows 2...9.
    let many = try gSkeleton(gRoot([table(gRect(0, 0, 375, 667), [ListSection(cell: "news", rows: 1000)],
                                          offset: Point(x: 0, y: 250))]), cells: gCells)
    #expect(many.bones.map(\.frame) == skeleton.bones.map(\.frame))
  }

  @Test func collectionFillsRowsTimesColumns() throws {
    // Width 375, insets 10, spacing 10, items 100 × 100:
    // columns = floor((375 − 10 − 10 + 10) / (100 + 10)) = floor(3.32) = 3;
    // rows = ceil((667 − 10 − 10 + 10) / (100 + 10)) = ceil(5.97) = 6; items = 18.
    // TABAnimated's ceil(667 / 100) = 7 would leave most of the screen empty.
    let section = ListSection(cell: "tile", spacing: Size(width: 10, height: 10),
                              insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
    let skeleton = try gSkeleton(gRoot([grid(gRect(0, 0, 375, 667), [section])]), cells: gCells)
    // Item i: column c = i % 3, row g = i / 3, at (10 + 110c, 10 + 110g); its leaf at +10.
    #expect(skeleton.bones.count == 18)
    let expected = (0..<18).map { (i: Int) -> Rect in
      let column = Double(i % 3), row = Double(i / 3)
      return gRect(20 + 110 * column, 20 + 110 * row, 80, 80)
    }
    #expect(skeleton.bones.map(\.frame) == expected)
    #expect(skeleton.bones.map(\.index) == Array(0..<18))
    // The area: 10 + 6 × 100 + 5 × 10 + 10 = 670 high, clipped to 667.
    #expect(skeleton.containers.map(\.frame) == [gRect(0, 0, 375, 667), gRect(0, 0, 375, 667)])
    #expect(skeleton.containers[1].group == "grid/section/0")
  }

  @Test func collectionWithHeaderAndExplicitItems() throws {
    // Header 0...30; items from 30 + 10 (inset) = 40: item 0...2 on row 0, 3...4 on row 1 (y 150).
    let section = ListSection(cell: "tile", spacing: Size(width: 10, height: 10),
                              insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), items: 5,
                              header: ListSupplement(cell: "title"))
    let skeleton = try gSkeleton(gRoot([grid(gRect(0, 0, 375, 667), [section])]), cells: gCells)
    #expect(skeleton.bones.map(\.frame) == [
      gRect(16, 5, 100, 15),
      gRect(20, 50, 80, 80), gRect(130, 50, 80, 80), gRect(240, 50, 80, 80),
      gRect(20, 160, 80, 80), gRect(130, 160, 80, 80),
    ])
    // 30 + 10 + (2 × 100 + 10) + 10 = 260.
    #expect(skeleton.containers[1].frame == gRect(0, 0, 375, 260))
  }

  @Test func collectionPartlyVisible() throws {
    // The collection (0, 500, 375, 400) is visible over 500...667: H = 167,
    // rows = ceil((167 − 20 + 10) / 110) = ceil(1.43) = 2 → 6 items. Row 1 (y 620...720) is partly visible.
    let section = ListSection(cell: "tile", spacing: Size(width: 10, height: 10),
                              insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10))
    let skeleton = try gSkeleton(gRoot([grid(gRect(0, 500, 375, 400), [section])]), cells: gCells)
    let expected = (0..<6).map { (i: Int) -> Rect in
      let column = Double(i % 3), row = Double(i / 3)
      return gRect(20 + 110 * column, 520 + 110 * row, 80, 80)
    }
    #expect(skeleton.bones.map(\.frame) == expected)
    // 30 explicit items: 10 grid rows, of which rows 0...5 start above 667 (row 6 starts at 670): 18 items.
    let explicit = ListSection(cell: "tile", spacing: Size(width: 10, height: 10),
                               insets: EdgeInsets(top: 10, left: 10, bottom: 10, right: 10), items: 30)
    let tall = try gSkeleton(gRoot([grid(gRect(0, 0, 375, 2000), [explicit])]), cells: gCells)
    #expect(tall.bones.count == 18)
    // Off screen entirely: nothing but the (clipped) container.
    let away = try gSkeleton(gRoot([grid(gRect(0, 700, 375, 400), [section])]), cells: gCells)
    #expect(away.bones.isEmpty)
    #expect(away.containers.count == 2)
  }

  @Test func cellsAreAdjustedOnceThenRepeated() throws {
    var cells = gCells
    cells["news"]!.adjust = ["animation(1).down(2)"]  // the label: y 16 → 18 in every row
    let skeleton = try gSkeleton(gRoot([table(gRect(0, 0, 375, 667), [ListSection(cell: "news", rows: 2)])]), cells: cells)
    #expect(skeleton.bones.map(\.frame) == [
      gRect(16, 16, 48, 48), gRect(76, 18, 200, 15), gRect(16, 116, 48, 48), gRect(76, 118, 200, 15),
    ])
    // The root's adjustment lines do not see list bones (the list's cells are their own control views).
    do {
      _ = try gSkeleton(gRoot([table(gRect(0, 0, 375, 667), [ListSection(cell: "news", rows: 2)])]), cells: gCells,
                        adjust: ["animation(0).down(2)"])
      Issue.record("expected animation(0) to find no root bone")
    } catch {}
    // An unreadable cell line names the template.
    cells["news"]!.adjust = ["nonsense"]
    do {
      _ = try gSkeleton(gRoot([]), cells: cells)
      Issue.record("expected an error")
    } catch let error as GhostframeError {
      #expect(error.message.hasPrefix("cells.news.adjust[0], column 1: "), "\(error)")
    }
  }

  @Test func nestedListInACell() throws {
    // row: 375 × 120, a label (10, 10, 100, 20) and a collection "chips" (0, 40, 375, 80) of 60 × 30 chips with
    // 10 between columns. In the cell, the chips' visible area is (0, 40, 375, 80):
    // columns = floor((375 + 10) / 70) = 5, rows = ceil((80 + 0) / 30) = 3 → 15 chips, at (70c, 40 + 30g);
    // each chip's leaf at +5: (70c + 5, 45 + 30g, 50, 20). Row 2 (100...130) overlaps the cell's bottom (120).
    var cells = gCells
    cells["chip"] = CellTemplate(size: Size(width: 60, height: 30), children: [ViewNode(frame: gRect(5, 5, 50, 20))])
    cells["row"] = CellTemplate(size: Size(width: 375, height: 120), children: [
      ViewNode(id: "caption", kind: .label, frame: gRect(10, 10, 100, 20)),
      ViewNode(id: "chips", kind: .collection, frame: gRect(0, 40, 375, 80),
               sections: [ListSection(cell: "chip", spacing: Size(width: 10, height: 0))]),
    ])
    let skeleton = try gSkeleton(gRoot([
      ViewNode(id: "list", kind: .table, frame: gRect(0, 0, 375, 667), sections: [ListSection(cell: "row", rows: 2)])
    ]), cells: cells)
    #expect(skeleton.containers.map(\.group) == [
      "root", "list/section/0", "list/section/0/row/0/chips/section/0", "list/section/0/row/1/chips/section/0",
    ])
    // The chips' section: 3 × 30 = 90 from 40, clipped to the chips' frame (0, 40, 375, 80); row 1 is 120 lower.
    #expect(skeleton.containers[2].frame == gRect(0, 40, 375, 80))
    #expect(skeleton.containers[3].frame == gRect(0, 160, 375, 80))
    let own = skeleton.bones.filter { $0.group == "list/section/0" }
    #expect(own.map(\.frame) == [gRect(10, 10, 100, 15), gRect(10, 130, 100, 15)])
    #expect(own.map(\.index) == [0, 1])
    let chips0 = skeleton.bones.filter { $0.group == "list/section/0/row/0/chips/section/0" }
    let expected = (0..<15).map { (i: Int) -> Rect in
      let column = Double(i % 5), row = Double(i / 5)
      return gRect(70 * column + 5, 45 + 30 * row, 50, 20)
    }
    #expect(chips0.map(\.frame) == expected)
    #expect(chips0.map(\.index) == Array(2..<17))  // after the section's own two
    let chips1 = skeleton.bones.filter { $0.group == "list/section/0/row/1/chips/section/0" }
    #expect(chips1.map(\.index) == Array(17..<32))
    let lower = chips0.map { (bone: Bone) -> Rect in gRect(bone.frame.x, bone.frame.y + 120, 50, 20) }
    #expect(chips1.map(\.frame) == lower)
    #expect(skeleton.bones.count == 32)
    // What a scene needs: unique bone indices (its layer ids) and unique container groups that every bone's
    // group names.
    #expect(skeleton.bones.map(\.index) == Array(0..<32))
    let groups = skeleton.containers.map(\.group)
    #expect(Set(groups).count == groups.count)
    #expect(skeleton.bones.allSatisfy { groups.contains($0.group) })
  }

  @Test func listWithoutIdIsNamedByItsPath() throws {
    let list = ViewNode(kind: .table, frame: gRect(0, 0, 375, 100), sections: [ListSection(cell: "line", rows: 1)])
    let skeleton = try gSkeleton(gRoot([ViewNode(frame: gRect(0, 0, 10, 10)), list]), cells: gCells)
    #expect(skeleton.containers.map(\.group) == ["root", "root.children[1]/section/0"])
  }

  @Test func listStyleColoursItsSectionsAndCells() throws {
    var dark = SkeletonStyle()
    dark.palette = .dark
    var list = table(gRect(0, 0, 375, 667), [ListSection(cell: "line", rows: 1)])
    list.style = dark
    let skeleton = try gSkeleton(gRoot([list]), cells: gCells)
    #expect(skeleton.containers.map(\.color) == [.white, Color(rgb: 0x1C1C1E)])
    #expect(skeleton.bones.map(\.color) == [Color(rgb: 0x282828)])
  }

  @Test func recommendedHeight() throws {
    // Bones: a bar (16, 10, 200, 15) and an image (16, 40, 40, 40): minY 10, maxY 80 → 80 − 0 + 2 × (10 − 0) = 100.
    let template = CellTemplate(size: Size(width: 375, height: 150), children: [
      ViewNode(kind: .label, frame: gRect(16, 10, 200, 20)),
      ViewNode(kind: .image, frame: gRect(16, 40, 40, 40)),
    ])
    #expect(try Skeleton.recommendedHeight(of: template) == 100)
    // A two-line label (10, 20, 100, 40) draws lines at 20...32 and 40...52: 52 + 2 × 20 = 92.
    let text = CellTemplate(size: Size(width: 375, height: 150), children: [
      ViewNode(kind: .label, frame: gRect(10, 20, 100, 40), lines: 2)
    ])
    #expect(try Skeleton.recommendedHeight(of: text) == 92)
    // A global bone height changes the bars: (16, 10, 200, 5) and the image → still 80 + 20 = 100; with the image
    // removed from the template, 15 + 20 = 35.
    var style = SkeletonStyle()
    style.boneHeight = 5
    let bar = CellTemplate(size: Size(width: 375, height: 150), children: [ViewNode(kind: .label, frame: gRect(16, 10, 200, 20))])
    #expect(try Skeleton.recommendedHeight(of: bar, style: style) == 35)
    // No bones: the template's own height.
    #expect(try Skeleton.recommendedHeight(of: CellTemplate(size: Size(width: 375, height: 44))) == 44)
    // Nested lists count: a table of one "line" row (leaf 10...40) at y 20 → 60 + 2 × 30 = 120.
    let nested = CellTemplate(size: Size(width: 375, height: 200), children: [
      ViewNode(kind: .table, frame: gRect(0, 20, 375, 100), sections: [ListSection(cell: "line", rows: 1)])
    ])
    #expect(try Skeleton.recommendedHeight(of: nested, cells: gCells) == 120)
    expectError(.notFound) { _ = try Skeleton.recommendedHeight(of: nested) }
  }
}
