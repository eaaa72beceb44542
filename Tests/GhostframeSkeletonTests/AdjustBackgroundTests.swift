import Testing
@testable import GhostframeSkeleton
import GhostframeCore
import GhostframeTestSupport

/// `backgroundComponent`: the adjust chain's handle on the control view's background (its
/// container), in text and in the fluent API.
@Suite("Adjust: backgroundComponent")
struct AdjustBackgroundTests {
  private func tree(adjust: [String], cells: [String: CellTemplate] = [:], children: [ViewNode]? = nil) -> ViewTree {
    ViewTree(viewport: Size(width: 375, height: 667),
             root: ViewNode(frame: Rect(x: 0, y: 0, width: 375, height: 667), children: children ?? [
               ViewNode(kind: .label, frame: Rect(x: 16, y: 16, width: 100, height: 20)),
             ], cornerRadius: 4), cells: cells, adjust: adjust)
  }

  @Test("colour, radius and frame modifiers edit the root container; bones stay where they were")
  func editsTheRootContainer() throws {
    let skeleton = try Skeleton(tree: tree(adjust: [
      "backgroundComponent.color(#336699).reducedRadius(1).down(10).reducedWidth_vertical(20)",
    ]))
    let root = try #require(skeleton.containers.first)
    #expect(root.color == Color(rgb: 0x336699))
    #expect(root.cornerRadius == 3)  // the root's own 4, reduced by 1
    // y += 10; x += 20 / 2, w −= 20.
    #expect(root.frame == Rect(x: 10, y: 10, width: 355, height: 667))
    #expect(skeleton.bones.map(\.frame) == [Rect(x: 16, y: 16, width: 100, height: 15)])
    // In the scene the container layer moved and the bone's root position did not.
    let states = fxStates(try skeleton.scene(), at: 0)
    let container = try #require(states["container:root"]), bone = try #require(states["bone:0"])
    #expect((container.x, container.y, container.width) == (10, 10, 355))
    #expect((bone.x, bone.y) == (16, 16))
  }

  @Test("the text and the fluent API agree, and the text form reads back")
  func fluentAndText() throws {
    let background = Skeleton.Container(group: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200),
                                        color: .white, cornerRadius: 0, style: fxStyle())
    var viaText = background
    var bones: [Bone] = []
    let program = try AdjustmentList(lines: ["backgroundComponent().height(120).radius(8)"])
    try program.apply(to: &bones, background: &viaText, containerWidth: 300)
    let editor = SkeletonEditor(bones: [], containerWidth: 300, background: background)
    try editor.backgroundComponent().height(120).radius(8)
    #expect(editor.background == viaText)
    #expect(viaText.frame.height == 120 && viaText.cornerRadius == 8)
    #expect(program.lines == ["backgroundComponent().height(120).radius(8)"])
    #expect(try AdjustmentList(lines: program.lines) == program)
  }

  @Test("modifiers a background does not take, bad results and cell templates are errors; nothing changes")
  func errors() throws {
    func message(_ adjust: String) -> GhostframeError? {
      expectError(.invalidArgument) { _ = try Skeleton(tree: tree(adjust: [adjust])) }
    }
    #expect(message("backgroundComponent.lines(3)")?.message
      == "adjust[0], column 21: backgroundComponent: line does not apply to the background (it takes position, size, radius and color)")
    #expect(message("backgroundComponent.leftEqualTo(0)")?.message.contains("does not apply to the background") == true)
    #expect(message("backgroundComponent.reducedHeight(700)")?.message
      == "adjust[0], column 21: reducedHeight(700) would make the background's height -33 (must be >= 0)")
    #expect(message("backgroundComponent.width(0)")?.message == "adjust[0], column 27: width must be > 0, found 0")
    // A cell template has no background of its own.
    let cells = ["row": CellTemplate(size: Size(width: 375, height: 40),
                                     children: [ViewNode(kind: .label, frame: Rect(x: 0, y: 0, width: 100, height: 20))],
                                     adjust: ["backgroundComponent.color(#FF0000)"])]
    let list = ViewNode(kind: .table, frame: Rect(x: 0, y: 0, width: 375, height: 100), sections: [ListSection(cell: "row")])
    let error = expectError(.notFound) { _ = try Skeleton(tree: tree(adjust: [], cells: cells, children: [list])) }
    #expect(error?.message.contains("backgroundComponent: no background here") == true)
    // A failing program leaves the editor's background as it was.
    let background = Skeleton.Container(group: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200),
                                        color: .white, cornerRadius: 0, style: fxStyle())
    let editor = SkeletonEditor(bones: [], containerWidth: 300, background: background)
    #expect(throws: GhostframeError.self) {
      try editor.apply(AdjustmentList(lines: ["backgroundComponent.radius(5)", "backgroundComponent.reducedWidth(400)"]))
    }
    #expect(editor.background == background)
    #expect(throws: GhostframeError(.notFound, "backgroundComponent: no background here (a cell template draws on its list section's)")) {
      _ = try SkeletonEditor(bones: [], containerWidth: 300).backgroundComponent()
    }
  }
}
