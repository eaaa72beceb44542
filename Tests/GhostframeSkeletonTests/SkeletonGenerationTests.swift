import Testing
@testable import GhostframeSkeleton
import GhostframeCore

// Golden tests of the skeleton generator: which nodes become bones, where, how high, how round, which colour.
// Every expected number is worked out by hand in the comments.

/// A rectangle.
func gRect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
  Rect(x: x, y: y, width: width, height: height)
}

/// A 375 × 667 root view with these children.
func gRoot(_ children: [ViewNode], style: SkeletonStyle? = nil, contentOffset: Point = .zero) -> ViewNode {
  ViewNode(id: "screen", frame: gRect(0, 0, 375, 667), children: children, style: style, contentOffset: contentOffset)
}

/// The skeleton of a root in a 375 × 667 viewport.
func gSkeleton(_ root: ViewNode, style: SkeletonStyle = SkeletonStyle(), cells: [String: CellTemplate] = [:],
               adjust: [String] = [], viewport: Size = Size(width: 375, height: 667)) throws -> Skeleton {
  try Skeleton(tree: ViewTree(viewport: viewport, style: style, root: root, cells: cells, adjust: adjust))
}

@Suite struct SkeletonGenerationTests {
  @Test func whichNodesBecomeBones() throws {
    let inside = ViewNode(kind: .label, frame: gRect(5, 5, 70, 20))
    let children: [ViewNode] = [
      ViewNode(id: "label", kind: .label, frame: gRect(10, 10, 100, 20)),  // bar 20 × 0.75 = 15
      ViewNode(id: "image", kind: .image, frame: gRect(10, 40, 50, 50)),  // kept as is
      ViewNode(id: "button", kind: .button, frame: gRect(10, 100, 80, 30), children: [inside]),  // not its title
      ViewNode(id: "field", kind: .textField, frame: gRect(10, 140, 200, 30), children: [inside]),
      ViewNode(id: "text", kind: .textView, frame: gRect(10, 180, 200, 60), children: [inside]),
      ViewNode(id: "leaf", frame: gRect(10, 250, 30, 30)),
      ViewNode(id: "box", frame: gRect(0, 300, 375, 100), children: [  // a container: only its child
        ViewNode(id: "boxed", frame: gRect(10, 10, 20, 20))  // → (10, 310)
      ]),
      ViewNode(id: "block", frame: gRect(0, 420, 200, 50), children: [inside], skeleton: .block),
      ViewNode(id: "skipped", frame: gRect(0, 0, 50, 50), children: [inside], skeleton: .skip),
      ViewNode(id: "hidden", kind: .label, frame: gRect(0, 0, 50, 50), isHidden: true),
      ViewNode(id: "hiddenBox", frame: gRect(0, 0, 50, 50), children: [inside], isHidden: true),
      ViewNode(id: "kept", frame: gRect(10, 480, 100, 40), children: [inside], skeleton: .keep),
      ViewNode(id: "rootSizedLeaf", frame: gRect(0, 0, 375, 667)),  // as large as the root: nothing
      ViewNode(id: "rootSizedLabel", kind: .label, frame: gRect(0, 0, 375, 667)),  // labels always: 667 × 0.75
      ViewNode(id: "rootSizedButton", kind: .button, frame: gRect(0, 0, 375, 667)),  // buttons always
      ViewNode(id: "wideImage", kind: .image, frame: gRect(-10, 0, 400, 100)),  // images always
      ViewNode(id: "wideField", kind: .textField, frame: gRect(0, 0, 400, 30)),  // wider than the root: nothing
      ViewNode(id: "divider", frame: gRect(0, 600, 375, 1)),  // as wide, not as large: a bone
      ViewNode(id: "wideLeaf", frame: gRect(0, 610, 400, 1)),  // wider: nothing
      ViewNode(id: "plainTable", kind: .table, frame: gRect(0, 620, 375, 40)),  // no sections: one block
      ViewNode(id: "tallLeaf", frame: gRect(0, 0, 10, 700)),  // taller: nothing
      ViewNode(id: "rootSizedBlock", frame: gRect(0, 0, 375, 667), skeleton: .block),  // asked for: made
    ]
    let skeleton = try gSkeleton(gRoot(children))
    let expected: [(String, ViewNode.Kind, Rect)] = [
      ("label", .label, gRect(10, 10, 100, 15)),
      ("image", .image, gRect(10, 40, 50, 50)),
      ("button", .button, gRect(10, 100, 80, 30)),
      ("field", .textField, gRect(10, 140, 200, 30)),
      ("text", .textView, gRect(10, 180, 200, 60)),
      ("leaf", .view, gRect(10, 250, 30, 30)),
      ("boxed", .view, gRect(10, 310, 20, 20)),
      ("block", .view, gRect(0, 420, 200, 50)),
      ("kept", .view, gRect(10, 480, 100, 40)),
      ("rootSizedLabel", .label, gRect(0, 0, 375, 500.25)),
      ("rootSizedButton", .button, gRect(0, 0, 375, 667)),
      ("wideImage", .image, gRect(-10, 0, 400, 100)),
      ("divider", .view, gRect(0, 600, 375, 1)),
      ("plainTable", .table, gRect(0, 620, 375, 40)),
      ("rootSizedBlock", .view, gRect(0, 0, 375, 667)),
    ]
    #expect(skeleton.bones.map(\.id) == expected.map(\.0))
    #expect(skeleton.bones.map(\.kind) == expected.map(\.1))
    #expect(skeleton.bones.map(\.frame) == expected.map(\.2))
    #expect(skeleton.bones.map(\.index) == Array(0..<expected.count))
    #expect(skeleton.bones.allSatisfy { $0.group == "root" })
    #expect(skeleton.bones.map(\.isKept) == expected.map { $0.0 == "kept" })
    #expect(skeleton.containers.count == 1)
    #expect(skeleton.containers[0].group == "root")
    #expect(skeleton.containers[0].frame == gRect(0, 0, 375, 667))
  }

  @Test func labelsAndImagesVisitTheirChildren() throws {
    // TABAnimated walks every subview: a badge on an image and a view inside a label are bones too,
    // after their parent in document order.
    let image = ViewNode(id: "photo", kind: .image, frame: gRect(10, 10, 100, 100), children: [
      ViewNode(id: "badge", frame: gRect(80, 0, 20, 20))  // → (90, 10)
    ])
    let label = ViewNode(id: "title", kind: .label, frame: gRect(10, 120, 200, 20), children: [
      ViewNode(id: "icon", kind: .image, frame: gRect(0, 0, 16, 16))  // → (10, 120)
    ])
    let skeleton = try gSkeleton(gRoot([image, label]))
    #expect(skeleton.bones.map(\.id) == ["photo", "badge", "title", "icon"])
    #expect(skeleton.bones.map(\.frame) == [
      gRect(10, 10, 100, 100), gRect(90, 10, 20, 20), gRect(10, 120, 200, 15), gRect(10, 120, 16, 16),
    ])
  }

  @Test func framesConvertToRootCoordinates() throws {
    // A (10, 20) scrolls its content by (0, 30): its children's origin is (10, 20 − 30) = (10, −10).
    // B at (5, 50) in A → (15, 40); B scrolls by (4, 0): its children's origin is (11, 40).
    // C at (1, 2) in B → (12, 42); the label at (0, 0) in B → (11, 40), 20 × 0.75 = 15 high.
    let c = ViewNode(id: "c", frame: gRect(1, 2, 10, 10))
    let label = ViewNode(id: "l", kind: .label, frame: gRect(0, 0, 50, 20))
    let b = ViewNode(id: "b", frame: gRect(5, 50, 200, 200), children: [c, label], contentOffset: Point(x: 4, y: 0))
    let a = ViewNode(id: "a", frame: gRect(10, 20, 300, 300), children: [b], contentOffset: Point(x: 0, y: 30))
    // The root scrolls too: a leaf at y 150 under a content offset of 100 → y 50. The root's own origin
    // (50, 50) does not matter: the root is at (0, 0) in its coordinates.
    var root = gRoot([a, ViewNode(id: "d", frame: gRect(0, 150, 10, 10))], contentOffset: Point(x: 0, y: 100))
    root.frame = gRect(50, 50, 375, 667)
    let skeleton = try gSkeleton(root)
    // Note a's and b's frames are affected by the root's offset as well: a at (10, 20 − 100) = (10, −80), so its
    // children's origin is (10, −110); b at (15, −60); b's children's origin (11, −60); c (12, −58); label (11, −60).
    #expect(skeleton.bones.map(\.id) == ["c", "l", "d"])
    #expect(skeleton.bones.map(\.frame) == [gRect(12, -58, 10, 10), gRect(11, -60, 50, 15), gRect(0, 50, 10, 10)])
    #expect(skeleton.containers[0].frame == gRect(0, 0, 375, 667))
    // Without the root's offset: c (12, 42) and the label (11, 40), as worked out at the top.
    let unscrolled = try gSkeleton(gRoot([a]))
    #expect(unscrolled.bones.map(\.frame) == [gRect(12, 42, 10, 10), gRect(11, 40, 50, 15)])
  }

  @Test func labelHeightCoefficientAndTopAlignment() throws {
    var style = SkeletonStyle()
    style.heightCoefficient = 0.5
    let skeleton = try gSkeleton(gRoot([
      ViewNode(kind: .label, frame: gRect(20, 30, 150, 21)),  // default 0.75: 21 × 0.75 = 15.75, y stays 30
      ViewNode(kind: .label, frame: gRect(20, 60, 150, 20), style: style),  // 20 × 0.5 = 10
    ]))
    #expect(skeleton.bones.map(\.frame) == [gRect(20, 30, 150, 15.75), gRect(20, 60, 150, 10)])
  }

  @Test func globalBoneHeightForAllButImages() throws {
    var style = SkeletonStyle()
    style.boneHeight = 10
    let skeleton = try gSkeleton(gRoot([
      ViewNode(kind: .label, frame: gRect(0, 0, 100, 20)),  // 10, not 15
      ViewNode(kind: .image, frame: gRect(0, 30, 40, 40)),  // images keep 40
      ViewNode(kind: .button, frame: gRect(0, 80, 80, 30)),  // 10
      ViewNode(kind: .textField, frame: gRect(0, 120, 80, 30)),  // 10
      ViewNode(frame: gRect(0, 160, 30, 30)),  // a leaf view: 10
      ViewNode(kind: .label, frame: gRect(0, 200, 200, 40), lines: 2),  // text block kept; lines 10 high
      ViewNode(frame: gRect(0, 250, 30, 30), skeleton: .block),  // a block keeps its frame
    ]), style: style)
    #expect(skeleton.bones.map(\.frame) == [
      gRect(0, 0, 100, 10), gRect(0, 30, 40, 40), gRect(0, 80, 80, 10), gRect(0, 120, 80, 10),
      gRect(0, 160, 30, 10), gRect(0, 200, 200, 40), gRect(0, 250, 30, 30),
    ])
    #expect(skeleton.bones[5].lineHeight == 10)
    #expect(skeleton.bones[5].lineFrames() == [gRect(0, 200, 200, 10), gRect(0, 218, 100, 10)])
  }

  @Test func multiLineLabels() throws {
    let skeleton = try gSkeleton(gRoot([
      ViewNode(id: "two", kind: .label, frame: gRect(16, 100, 300, 40), lines: 2),
      ViewNode(id: "fit", kind: .label, frame: gRect(16, 200, 300, 68), lines: 0),
      ViewNode(id: "mid", kind: .label, frame: gRect(0, 300, 375, 40), lines: 2, align: .center),
    ]))
    // The text block keeps the label's frame (no 0.75); lines: 12 high, 8 apart, last one half width.
    #expect(skeleton.bones.map(\.frame) == [gRect(16, 100, 300, 40), gRect(16, 200, 300, 68), gRect(0, 300, 375, 40)])
    #expect(skeleton.bones.map(\.lines) == [2, 0, 2])
    #expect(skeleton.bones[0].lineFrames() == [gRect(16, 100, 300, 12), gRect(16, 120, 150, 12)])
    // floor((68 + 8) / 20) = 3 lines at 200, 220, 240.
    #expect(skeleton.bones[1].lineFrames() == [gRect(16, 200, 300, 12), gRect(16, 220, 300, 12), gRect(16, 240, 150, 12)])
    // Centred: the last line, 187.5 wide, at (375 − 187.5) / 2 = 93.75.
    #expect(skeleton.bones[2].isCentered)
    #expect(!skeleton.bones[0].isCentered)
    #expect(skeleton.bones[2].lineFrames() == [gRect(0, 300, 375, 12), gRect(93.75, 320, 187.5, 12)])
  }

  @Test func cornerRadiusCascade() throws {
    var global = SkeletonStyle()
    global.useCornerRadius = true
    global.cornerRadius = 0  // half the height
    var control = SkeletonStyle()
    control.cornerRadius = 6
    var colourOnly = SkeletonStyle()
    colourOnly.color = Color(rgb: 0x123456)
    let skeleton = try gSkeleton(gRoot([
      ViewNode(id: "half", kind: .label, frame: gRect(0, 0, 100, 20)),  // bar 15 → 7.5
      ViewNode(id: "halfImage", kind: .image, frame: gRect(0, 30, 50, 50)),  // 25
      ViewNode(id: "lines", kind: .label, frame: gRect(0, 90, 200, 40), lines: 2),  // half the line: 12 / 2 = 6
      ViewNode(id: "own", kind: .label, frame: gRect(0, 140, 100, 20), cornerRadius: 3),  // the view's own: 3
      ViewNode(id: "panel", frame: gRect(0, 200, 375, 200), children: [
        ViewNode(id: "control", frame: gRect(0, 0, 50, 50)),  // the control view's: 6
        ViewNode(id: "ownWins", frame: gRect(60, 0, 50, 50), cornerRadius: 2),  // own beats control: 2
        ViewNode(id: "inner", frame: gRect(0, 60, 375, 100), children: [
          ViewNode(id: "nearest", frame: gRect(0, 0, 40, 40))  // the nearest level that sets a radius: 6
        ], style: colourOnly),
      ], style: control),
    ]), style: global)
    #expect(skeleton.bones.map(\.id) == ["half", "halfImage", "lines", "own", "control", "ownWins", "nearest"])
    #expect(skeleton.bones.map(\.cornerRadius) == [7.5, 25, 6, 3, 6, 2, 6])

    // A global value: 4 everywhere the view has none.
    global.cornerRadius = 4
    let fixed = try gSkeleton(gRoot([ViewNode(kind: .label, frame: gRect(0, 0, 100, 20))]), style: global)
    #expect(fixed.bones[0].cornerRadius == 4)
    // useCornerRadius off (the default): the global value does not apply → 0; the control level still does.
    var off = SkeletonStyle()
    off.cornerRadius = 4
    let none = try gSkeleton(gRoot([
      ViewNode(kind: .label, frame: gRect(0, 0, 100, 20)),
      ViewNode(frame: gRect(0, 100, 375, 100), children: [ViewNode(frame: gRect(0, 0, 20, 20))], style: control),
    ]), style: off)
    #expect(none.bones.map(\.cornerRadius) == [0, 6])
    // A control view can turn the global radius on: half of 15 = 7.5.
    var on = SkeletonStyle()
    on.useCornerRadius = true
    let turnedOn = try gSkeleton(gRoot([
      ViewNode(frame: gRect(0, 100, 375, 100), children: [ViewNode(kind: .label, frame: gRect(0, 0, 80, 20))], style: on)
    ]))
    #expect(turnedOn.bones[0].cornerRadius == 7.5)
  }

  @Test func cellTemplateStyleIsAControlLevel() throws {
    var cellStyle = SkeletonStyle()
    cellStyle.cornerRadius = 2
    let cells = ["c": CellTemplate(size: Size(width: 375, height: 50),
                                   children: [ViewNode(frame: gRect(10, 10, 30, 30))], style: cellStyle)]
    let table = ViewNode(id: "t", kind: .table, frame: gRect(0, 0, 375, 100), sections: [ListSection(cell: "c", rows: 1)])
    let skeleton = try gSkeleton(gRoot([table]), cells: cells)
    #expect(skeleton.bones.map(\.cornerRadius) == [2])
  }

  @Test func coloursLightAndDark() throws {
    let light = try gSkeleton(gRoot([ViewNode(frame: gRect(0, 0, 10, 10))]))
    #expect(light.bones[0].color == Color(rgb: 0xEEEEEE))
    #expect(light.containers[0].color == .white)
    #expect(light.style == SkeletonDefaults.style(.light))
    var dark = SkeletonStyle()
    dark.palette = .dark
    let darkSkeleton = try gSkeleton(gRoot([ViewNode(frame: gRect(0, 0, 10, 10))]), style: dark)
    #expect(darkSkeleton.bones[0].color == Color(rgb: 0x282828))
    #expect(darkSkeleton.containers[0].color == Color(rgb: 0x1C1C1E))
    #expect(darkSkeleton.bones[0].style == SkeletonDefaults.style(.dark))
  }

  @Test func controlViewStyleOverridesGlobal() throws {
    var global = SkeletonStyle()
    global.color = Color(rgb: 0xDDDDDD)
    var red = SkeletonStyle()
    red.color = Color(rgb: 0xFF0000)
    var darkPanel = SkeletonStyle()
    darkPanel.palette = .dark
    let skeleton = try gSkeleton(gRoot([
      ViewNode(id: "plain", frame: gRect(0, 0, 10, 10)),
      ViewNode(id: "panel", frame: gRect(0, 20, 100, 100), children: [ViewNode(id: "inPanel", frame: gRect(0, 0, 10, 10))],
               style: red),
      ViewNode(id: "self", frame: gRect(0, 130, 10, 10), style: red),  // a node's style covers the node itself
      ViewNode(id: "dark", frame: gRect(0, 150, 100, 100), children: [ViewNode(id: "inDark", frame: gRect(0, 0, 10, 10))],
               style: darkPanel),
    ]), style: global)
    #expect(skeleton.bones.map(\.id) == ["plain", "inPanel", "self", "inDark"])
    #expect(skeleton.bones.map(\.color) == [
      Color(rgb: 0xDDDDDD), Color(rgb: 0xFF0000), Color(rgb: 0xFF0000),
      Color(rgb: 0x282828),  // a palette change at a control view swaps to that palette's colours
    ])
    // Each bone carries its control view's resolved style.
    let globalResolved = global.resolved(over: SkeletonDefaults.style(.light))
    #expect(skeleton.bones[0].style == globalResolved)
    #expect(skeleton.bones[1].style == red.resolved(over: globalResolved))
    #expect(skeleton.bones[3].style.palette == .dark)
    // The root node's own style governs the root container and every bone under it.
    let rooted = try gSkeleton(gRoot([ViewNode(frame: gRect(0, 0, 10, 10))], style: red))
    #expect(rooted.bones[0].color == Color(rgb: 0xFF0000))
    #expect(rooted.containers[0].style.color == Color(rgb: 0xFF0000))
    #expect(rooted.style.color == Color(rgb: 0xEEEEEE))  // the global style stays the tree's
  }

  @Test func indicesInDocumentOrderAndIds() throws {
    // Depth-first, a node before its children: x (0), y (1) inside a, then z (2); a is a container, no bone.
    let a = ViewNode(id: "a", frame: gRect(0, 0, 200, 100), children: [
      ViewNode(id: "x", kind: .label, frame: gRect(0, 0, 50, 20)),
      ViewNode(id: "y", frame: gRect(0, 30, 50, 20)),
    ])
    let skeleton = try gSkeleton(gRoot([a, ViewNode(id: "z", kind: .image, frame: gRect(0, 200, 40, 40)),
                                        ViewNode(frame: gRect(0, 300, 40, 40))]))
    #expect(skeleton.bones.map(\.index) == [0, 1, 2, 3])
    #expect(skeleton.bones.map(\.id) == ["x", "y", "z", nil])
  }

  @Test func adjustmentLinesApplyToTheRootsBones() throws {
    let root = gRoot([
      ViewNode(id: "a", frame: gRect(0, 0, 10, 10)),
      ViewNode(id: "b", frame: gRect(0, 20, 10, 10)),
    ])
    // animation(1) is b, the second bone in document order: down 2 → y 22.
    let skeleton = try gSkeleton(root, adjust: ["animation(1).down(2)"])
    #expect(skeleton.bones.map(\.frame) == [gRect(0, 0, 10, 10), gRect(0, 22, 10, 10)])
    // A created bone joins the root's group and is numbered after the generated ones.
    let created = try gSkeleton(root, adjust: ["create(2).x(5).y(40).width(30).height(8)"])
    #expect(created.bones.map(\.index) == [0, 1, 2])
    #expect(created.bones[2].frame == gRect(5, 40, 30, 8))
    #expect(created.bones.allSatisfy { $0.group == "root" })
    let fromNothing = try gSkeleton(gRoot([]), adjust: ["create(0).width(30).height(8)"])
    #expect(fromNothing.bones.map(\.group) == ["root"])
    // An unreadable line is an error that says where the lines are, and nothing is returned.
    do {
      _ = try gSkeleton(root, adjust: ["this is not a line"])
      Issue.record("expected an error")
    } catch let error as GhostframeError {
      #expect(error.message.hasPrefix("adjust[0], column 1: "), "\(error)")
    }
  }

  @Test func rightToLeftMirrorsInTheViewport() throws {
    var rtl = SkeletonStyle()
    rtl.rightToLeft = true
    let cells = ["c": CellTemplate(size: Size(width: 375, height: 50), children: [ViewNode(frame: gRect(10, 10, 30, 30))])]
    let root = gRoot([
      ViewNode(id: "label", kind: .label, frame: gRect(10, 10, 100, 20)),  // x' = 375 − 10 − 100 = 265
      ViewNode(id: "text", kind: .label, frame: gRect(10, 50, 200, 40), lines: 2),  // x' = 165
      ViewNode(id: "mid", kind: .label, frame: gRect(100, 100, 175, 20), align: .center),  // x' = 100: stays centred
      ViewNode(id: "list", kind: .table, frame: gRect(20, 200, 300, 100), sections: [ListSection(cell: "c", rows: 1)]),
    ])
    let skeleton = try gSkeleton(root, style: rtl, cells: cells)
    // The cell's leaf: at (20 + 10, 210) = (30, 210) → 375 − 30 − 30 = 315. The section container (20, 200, 300, 50)
    // → 375 − 20 − 300 = 55.
    #expect(skeleton.bones.map(\.id) == ["label", "text", "mid", nil])
    #expect(skeleton.bones.map(\.frame) == [
      gRect(265, 10, 100, 15), gRect(165, 50, 200, 40), gRect(100, 100, 175, 15), gRect(315, 210, 30, 30),
    ])
    #expect(skeleton.containers.map(\.frame) == [gRect(0, 0, 375, 667), gRect(55, 200, 300, 50)])
    #expect(skeleton.bones.allSatisfy { $0.style.rightToLeft })
    #expect(skeleton.containers.allSatisfy { $0.style.rightToLeft })
    #expect(skeleton.style.rightToLeft)
    // The mirrored text block's short last line sits at its right edge: 165 + 200 − 100 = 265.
    #expect(skeleton.bones[1].lineFrames() == [gRect(165, 50, 200, 12), gRect(265, 70, 100, 12)])
    // Set on the root node's style instead of the tree's: the same mirroring.
    var rootRTL = root
    rootRTL.style = rtl
    let fromRoot = try gSkeleton(rootRTL, cells: cells)
    #expect(fromRoot.bones.map(\.frame) == skeleton.bones.map(\.frame))
  }

  @Test func rootModes() throws {
    let children = [ViewNode(frame: gRect(0, 0, 10, 10))]
    var root = gRoot(children)
    root.isHidden = true
    var skeleton = try gSkeleton(root)
    #expect(skeleton.bones.isEmpty)
    #expect(skeleton.containers.map(\.group) == ["root"])
    root.isHidden = false
    root.skeleton = .skip
    skeleton = try gSkeleton(root)
    #expect(skeleton.bones.isEmpty)
    root.skeleton = .block
    skeleton = try gSkeleton(root)
    #expect(skeleton.bones.map(\.frame) == [gRect(0, 0, 375, 667)])
    root.skeleton = .keep
    skeleton = try gSkeleton(root)
    #expect(skeleton.bones.map(\.isKept) == [true])
  }
}
