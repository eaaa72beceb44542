import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// A hand-made control view of 7 bones, 375 points wide, for the adjust tests.
enum AdjustFixture {
  static let style = SkeletonDefaults.style(.light)
  static let containerWidth = 375.0

  /// ```
  /// 0 image  "avatar" (16, 16, 48, 48)    radius 24
  /// 1 label  "name"   (76, 16, 120, 15)
  /// 2 label  "bio"    (76, 44, 280, 40)   2 lines, lastLineScale 0.5, spacing 8
  /// 3 label  "title"  (90, 120, 175, 15)  centred
  /// 4 view   "tag"    (16, 150, 60, 20)
  /// 5 view   "tag"    (86, 150, 60, 20)
  /// 6 button "more"   (156, 150, 80, 30)
  /// ```
  static let bones: [Bone] = {
    func bone(_ index: Int, _ id: String, _ kind: ViewNode.Kind, _ x: Double, _ y: Double, _ w: Double, _ h: Double)
      -> Bone
    {
      Bone(index: index, id: id, kind: kind, frame: Rect(x: x, y: y, width: w, height: h), color: style.color,
           group: "root", style: style)
    }
    var bones = [
      bone(0, "avatar", .image, 16, 16, 48, 48),
      bone(1, "name", .label, 76, 16, 120, 15),
      bone(2, "bio", .label, 76, 44, 280, 40),
      bone(3, "title", .label, 90, 120, 175, 15),
      bone(4, "tag", .view, 16, 150, 60, 20),
      bone(5, "tag", .view, 86, 150, 60, 20),
      bone(6, "more", .button, 156, 150, 80, 30),
    ]
    bones[0].cornerRadius = 24
    bones[2].lines = 2
    bones[3].isCentered = true
    return bones
  }()

  /// The fixture after a text program.
  static func text(_ lines: String..., bones: [Bone] = bones) throws(GhostframeError) -> [Bone] {
    try text(lines: lines, bones: bones)
  }

  /// The fixture after a text program.
  static func text(lines: [String], bones: [Bone] = bones) throws(GhostframeError) -> [Bone] {
    var result = bones
    try AdjustmentList(lines: lines).apply(to: &result, containerWidth: containerWidth)
    return result
  }

  /// The fixture after fluent calls.
  static func fluent(bones: [Bone] = bones, _ body: (SkeletonEditor) throws -> Void) throws -> [Bone] {
    let editor = SkeletonEditor(bones: bones, containerWidth: containerWidth)
    try body(editor)
    return editor.bones
  }

  /// The fixture with `edit` applied by hand.
  static func expected(_ edit: (inout [Bone]) -> Void) -> [Bone] {
    var result = bones
    edit(&result)
    return result
  }

  /// The error a text program throws against the fixture (parse or apply), or nil.
  static func textError(_ lines: [String], bones: [Bone] = bones) -> GhostframeError? {
    var result = bones
    do {
      try AdjustmentList(lines: lines).apply(to: &result, containerWidth: containerWidth)
      return nil
    } catch {
      return error
    }
  }
}

/// Expects `lines` to fail with exactly `code` and `message`, leaving the bones unchanged.
func expectAdjustError(
  _ lines: [String], _ code: GhostframeError.Code, _ message: String, bones: [Bone] = AdjustFixture.bones,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  var result = bones
  do {
    try AdjustmentList(lines: lines).apply(to: &result, containerWidth: AdjustFixture.containerWidth)
    Issue.record("expected \(code): \(message)", sourceLocation: sourceLocation)
  } catch {
    #expect(error == GhostframeError(code, message), sourceLocation: sourceLocation)
  }
  #expect(result == bones, "bones changed by a failed program", sourceLocation: sourceLocation)
}
