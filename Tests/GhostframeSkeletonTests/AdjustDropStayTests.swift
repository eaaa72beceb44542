import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// `dropStayTime(r)`: a per-bone stay ratio for the drop effect, in [0, 1].
@Suite("dropStayTime")
struct AdjustDropStayTests {
  @Test("text and fluent forms set the bone's stay ratio, which the drop's key times use")
  func setsTheRatio() throws {
    let style = fxStyle(.drop)
    var bones = [fxBone(0, 0, 0, 50, 10, style: style), fxBone(1, 0, 20, 50, 10, style: style)]
    try AdjustmentList(lines: ["animation(0).dropStayTime(0.35)"]).apply(to: &bones, containerWidth: 375)
    #expect(bones[0].dropStayRatio == 0.35 && bones[1].dropStayRatio == nil)
    let editor = SkeletonEditor(bones: bones, containerWidth: 375)
    try editor.animation(1).dropStayTime(0.6)
    #expect(editor.bones[1].dropStayRatio == 0.6)
    let scene = try fxSkeleton(editor.bones, style: style).scene()
    for (id, stay) in [("bone:0", 0.35), ("bone:1", 0.6)] {
      let drop = try #require(fxAnimation(scene, id, "drop"))
      guard case .keyframes(let k) = drop.content else {
        Issue.record("not keyframes")
        continue
      }
      // TABAnimated's drop keyframes: deep → base by the stay ratio, held, then deep at the end.
      #expect(k.keyTimes == [0, stay, 1, 1])
    }
  }

  @Test("a ratio outside [0, 1] is an error naming line and column, and leaves bones unchanged")
  func rejectsOutOfRange() throws {
    let style = fxStyle(.drop)
    var bones = [fxBone(0, 0, 0, 50, 10, style: style)]
    let before = bones
    do {
      try AdjustmentList(lines: ["animation(0).dropStayTime(1.5)"]).apply(to: &bones, containerWidth: 375)
      Issue.record("accepted 1.5")
    } catch {
      #expect(error.message.contains("adjust[0], column"))
      #expect(error.message.contains("[0, 1]"))
    }
    #expect(bones == before)
  }
}
