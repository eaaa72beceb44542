import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// The README's examples, the fluent API against the text, and the fluent API's errors.
@Suite("Adjust: README examples and the fluent API")
struct AdjustFluentTests {
  /// The README's table-cell example.
  @Test func readmeCellExample() throws {
    let text = try AdjustFixture.text(
      "animation(1).reducedWidth(20).down(2)",
      "animation(2).reducedWidth(-10).up(1)",
      "animation(3).down(5).line(4)",
      "animations(4,3).radius(3).down(5)")
    let fluent = try AdjustFixture.fluent { editor in
      try editor.animation(1).reducedWidth(20).down(2)
      try editor.animation(2).reducedWidth(-10).up(1)
      try editor.animation(3).down(5).line(4)
      try editor.animations(from: 4, count: 3).radius(3).down(5)
    }
    let expected = AdjustFixture.expected {
      $0[1].frame.width = 100  // 120 − 20
      $0[1].frame.y = 18  // 16 + 2
      $0[2].frame.width = 290  // 280 + 10
      $0[2].frame.y = 43  // 44 − 1
      $0[3].frame.y = 125  // 120 + 5
      $0[3].lines = 4
      $0[3].frame.x = 100  // centred and moved: (375 − 175) / 2
      for i in 4...6 {
        $0[i].cornerRadius = 3
        $0[i].frame.y += 5  // 155
      }
    }
    #expect(text == expected)
    #expect(fluent == expected)
  }

  /// The README's other examples, and ARCHITECTURE.md's.
  @Test func readmeOtherExamples() throws {
    #expect(
      try AdjustFixture.text("animation(1).width(200)", "animation(2).width(220)", "animation(3).width(180)")
        == AdjustFixture.expected {
          $0[1].frame.width = 200
          $0[2].frame.width = 220
          $0[3].frame.width = 180
          $0[3].frame.x = 97.5  // (375 − 180) / 2
        })
    #expect(
      try AdjustFixture.text(
        "animation(1).down(3).height(12).toShortAnimation()",
        "animation(2).height(12).width(110).toLongAnimation()",
        "animation(4).down(-5).height(12)")
        == AdjustFixture.expected {
          $0[1].frame.y = 19
          $0[1].frame.height = 12
          $0[1].lengthAnimation = .short
          $0[2].frame.height = 12
          $0[2].lineHeight = 12  // multi-line: the changed height is the line height
          $0[2].frame.width = 110
          $0[2].lengthAnimation = .long
          $0[4].frame.y = 145
          $0[4].frame.height = 12
        })
    #expect(
      try AdjustFixture.text("animations(0,3).dropIndex(0)", "animation(2).lines(3).dropFromIndex(3)", "animation(6).removeOnDrop()")
        == AdjustFixture.expected {
          for i in 0..<3 { $0[i].dropIndex = 0 }
          $0[2].lines = 3
          $0[2].dropFromIndex = 3
          $0[6].removeOnDrop = true
        })
    #expect(
      try AdjustFixture.text("animation(1).reducedWidth(20).down(2)", "named(bio).lines(3).lastScale(0.4)")
        == AdjustFixture.expected {
          $0[1].frame.width = 100
          $0[1].frame.y = 18
          $0[2].lines = 3
          $0[2].lastLineScale = 0.4
        })
  }

  /// The brief's fluent example, word for word.
  @Test func fluentExample() throws {
    let bones = AdjustFixture.bones
    let w = AdjustFixture.containerWidth
    let editor = SkeletonEditor(bones: bones, containerWidth: w)
    try editor.animation(1).reducedWidth(20).down(2)
    try editor.animations(from: 4, count: 3).radius(3)
    try editor.named("bio").lines(3)
    #expect(try editor.bones == AdjustFixture.text("animation(1).reducedWidth(20).down(2)", "animations(4, 3).radius(3)", "named(bio).lines(3)"))
    #expect(try editor.named("tag").indices == [4, 5])
    #expect(try editor.animations(from: 4, count: 3).indices == [4, 5, 6])
    #expect(editor.count == 7)
  }

  /// One program using every modifier gives the same bones as text and as fluent calls.
  @Test func textAndFluentAgree() throws {
    let program = [
      "animation(0).left(1).right(2).up(3).down(4).x_offset(5).y_offset(6).reducedRadius(2)",
      "animation(1).x(10).y(11).width(100).height(20).reducedWidth(5).reducedHeight(2)",
      "animation(2).reducedWidth_vertical(10).reducedHeight_horizontal(4).radius(4).line(3).space(6).lastScale(0.6)",
      "named(bio).targetLineScale(1, 0.5).targetLineWidth(0, 120).targetLineHeight(2, 9).targetLineSpace(0, 3)",
      "named(bio).rangeLineWidth(1, 2, 80).rangeLineHeight(0, 2, 11).rangeLineSpace(1, 1, 2)",
      "animation(3).width(150).cancelAlignCenter().color(#336699).gradient(#FF0000, #0000FF80)",
      "animationsWithIndexs(4, 5).withoutAnimation().penetrate().removeShadow().removeContents()",
      "animation(5).leftEqualToRight_offset(4, 10).topEqualTo(4).widthEqualTo(4).heightEqualTo_offset(4, 2)",
      "animation(6).leftEqualTo(2).rightEqualTo(2).topEqualToBottom_offset(2, 8).bottomEqualTo(6)",
      "animation(6).rightEqualToLeft(0).bottomEqualToTop_offset(0, -2).leftEqualTo_offset(1, 1).topEqualTo_offset(1, 1)",
      "animation(6).rightEqualTo_offset(1, 1).bottomEqualTo_offset(1, 1).widthEqualTo_offset(1, -1).heightEqualTo(1)",
      "animation(4).leftEqualToRight(5).topEqualToBottom(5).rightEqualToLeft_offset(5, 1).bottomEqualToTop(5)",
      "create(7).x(1).y(2).width(3).height(4).toLongAnimation().dropIndex(2)",
      "createNamed(badge).width(10).height(10).toShortAnimation().dropFromIndex(1).removeOnDrop().remove()",
      "animation(1).lineWithMode(2, vertical).lines(2)",
      "animation(2).lineWithMode(3, horizontal)",
    ]
    let text = try AdjustFixture.text(lines: program)
    let fluent = try AdjustFixture.fluent { e in
      try e.animation(0).left(1).right(2).up(3).down(4).x_offset(5).y_offset(6).reducedRadius(2)
      try e.animation(1).x(10).y(11).width(100).height(20).reducedWidth(5).reducedHeight(2)
      try e.animation(2).reducedWidth_vertical(10).reducedHeight_horizontal(4).radius(4).line(3).space(6).lastScale(0.6)
      try e.named("bio").targetLineScale(line: 1, scale: 0.5).targetLineWidth(line: 0, width: 120)
        .targetLineHeight(line: 2, height: 9).targetLineSpace(line: 0, space: 3)
      try e.named("bio").rangeLineWidth(from: 1, count: 2, width: 80).rangeLineHeight(from: 0, count: 2, height: 11)
        .rangeLineSpace(from: 1, count: 1, space: 2)
      try e.animation(3).width(150).cancelAlignCenter().color(Color(rgb: 0x336699))
        .gradient([Color(rgb: 0xFF0000), Color(rgb: 0x0000FF, alpha: 128.0 / 255)])
      try e.animations(at: 4, 5).withoutAnimation().penetrate().removeShadow().removeContents()
      try e.animation(5).leftEqualToRight(4, offset: 10).topEqualTo(4).widthEqualTo(4).heightEqualTo(4, offset: 2)
      try e.animation(6).leftEqualTo(2).rightEqualTo(2).topEqualToBottom(2, offset: 8).bottomEqualTo(6)
      try e.animation(6).rightEqualToLeft(0).bottomEqualToTop(0, offset: -2).leftEqualTo(1, offset: 1).topEqualTo(1, offset: 1)
      try e.animation(6).rightEqualTo(1, offset: 1).bottomEqualTo(1, offset: 1).widthEqualTo(1, offset: -1).heightEqualTo(1)
      try e.animation(4).leftEqualToRight(5).topEqualToBottom(5).rightEqualToLeft(5, offset: 1).bottomEqualToTop(5)
      try e.create(7).x(1).y(2).width(3).height(4).toLongAnimation().dropIndex(2)
      try e.create(named: "badge").width(10).height(10).toShortAnimation().dropFromIndex(1).removeOnDrop().remove()
      try e.animation(1).lineWithMode(2, .vertical).lines(2)
      try e.animation(2).lineWithMode(3, .horizontal)
    }
    #expect(text == fluent)
    #expect(text.count == 9)
    // The same program built from Adjustment values and applied through Selection.apply.
    let list = try AdjustmentList(lines: program)
    let editor = SkeletonEditor(bones: AdjustFixture.bones, containerWidth: AdjustFixture.containerWidth)
    for chain in list.chains {
      let selection = try editor.select(chain.selector)
      for adjustment in chain.adjustments { try selection.apply(adjustment) }
    }
    #expect(editor.bones == text)
    // And through AdjustmentList(chains:) and SkeletonEditor.apply(_:).
    let again = SkeletonEditor(bones: AdjustFixture.bones, containerWidth: AdjustFixture.containerWidth)
    try again.apply(AdjustmentList(chains: list.chains))
    #expect(again.bones == text)
  }

  @Test func fluentErrors() throws {
    let editor = SkeletonEditor(bones: AdjustFixture.bones, containerWidth: AdjustFixture.containerWidth)
    let cases: [(GhostframeError, () throws -> Void)] = [
      (GhostframeError(.notFound, "no bone 7 (there are 7)"), { _ = try editor.animation(7) }),
      (GhostframeError(.invalidArgument, "animation: index -1 is outside 0 to 2147483647"), { _ = try editor.animation(-1) }),
      (GhostframeError(.invalidArgument, "animations: the count must be 1 to 2147483647, found 0"), { _ = try editor.animations(from: 1, count: 0) }),
      (GhostframeError(.notFound, "no bone named 'zzzzzz'"), { _ = try editor.named("zzzzzz") }),
      (GhostframeError(.notFound, "no bone named 'nmae' (did you mean 'name'?)"), { _ = try editor.named("nmae") }),
      (GhostframeError(.invalidArgument, "width must be > 0, found 0"), { try editor.animation(1).width(0) }),
      (GhostframeError(.invalidArgument, "height must be > 0, found -1"), { try editor.animation(1).height(-1) }),
      (GhostframeError(.invalidArgument, "down: nan is not a finite number"), { try editor.animation(1).down(.nan) }),
      (GhostframeError(.invalidArgument, "x: inf is not a finite number"), { try editor.animation(1).x(.infinity) }),
      (GhostframeError(.invalidArgument, "leftEqualTo_offset: nan is not a finite number"),
       { try editor.animation(1).leftEqualTo(0, offset: .nan) }),
      (GhostframeError(.notFound, "no bone 70 (there are 7)"), { try editor.animation(1).leftEqualTo(70) }),
      (GhostframeError(.invalidArgument, "leftEqualTo: bone index -2 is outside 0 to 2147483647"),
       { try editor.animation(1).leftEqualTo(-2) }),
      (GhostframeError(.invalidArgument, "line: the number of lines must be 0 to 1000, found 5000"), { try editor.animation(1).line(5000) }),
      (GhostframeError(.invalidArgument, "rangeLineWidth: 9223372036854775807 lines from line 0 go past line 999"),
       { try editor.animation(2).rangeLineWidth(from: 0, count: Int.max, width: 4) }),
      (GhostframeError(.invalidArgument, "dropIndex: step 9223372036854775807 is outside 0 to 2147483647"),
       { try editor.animation(1).dropIndex(.max) }),
      (GhostframeError(.invalidArgument, "color: colour channels must be in 0...1"),
       { try editor.animation(1).color(Color(red: 2, green: 0, blue: 0)) }),
      (GhostframeError(.invalidArgument, "color: colour channels must be in 0...1"),
       { try editor.animation(1).color(Color(red: .nan, green: 0, blue: 0)) }),
      (GhostframeError(.invalidArgument, "gradient: expected 2 to 4 colours, found 1"), { try editor.animation(1).gradient([.black]) }),
      (GhostframeError(.invalidArgument, "lineWithMode: the number of lines must be 0 to 1000, found 1001"),
       { try editor.animation(1).lineWithMode(1001, .horizontal) }),
      (GhostframeError(.invalidArgument, "create(3): the next free bone index is 7"), { _ = try editor.create(3) }),
      (GhostframeError(.invalidArgument, "createNamed: bone 2 is already named 'bio'"), { _ = try editor.create(named: "bio") }),
      (GhostframeError(.invalidArgument, "named: the id is empty"), { _ = try editor.named("") }),
      (GhostframeError(.invalidArgument, "animationsWithIndexs: expected at least one index"), { _ = try editor.animationsWithIndexs() }),
    ]
    for (expected, body) in cases {
      #expect(throws: expected) { try body() }
    }
    #expect(editor.bones == AdjustFixture.bones)
    #expect(editor.count == 7)
  }

  /// A modifier that fails on one bone of a selection changes none of them.
  @Test func failedModifierChangesNoBone() throws {
    let editor = SkeletonEditor(bones: AdjustFixture.bones, containerWidth: AdjustFixture.containerWidth)
    try editor.animation(6).down(1)
    // Bone 2 (280 → 180) and bone 1 (120 → 20) would succeed; bone 0 (48 → −52) fails.
    #expect(throws: GhostframeError(.invalidArgument, "reducedWidth(100) would make bone 0's width -52 (must be >= 0)")) {
      try editor.animations(at: 2, 1, 0).reducedWidth(100)
    }
    // The relation state a failed modifier would have recorded is not kept either: with the
    // right edge (2, −400) kept, the second leftEqualTo(2) would set the width to 280 − 400.
    try editor.animation(1).leftEqualTo(2)
    #expect(throws: GhostframeError(.invalidArgument, "rightEqualTo_offset(2, -400) would make bone 1's width -120 (must be >= 0)")) {
      try editor.animation(1).rightEqualTo(2, offset: -400)
    }
    try editor.animation(1).leftEqualTo(2)
    #expect(editor.bones == AdjustFixture.expected {
      $0[6].frame.y = 151
      $0[1].frame.x = 76  // bone 2's x; the width stays 120
    })
    // A failed program leaves the editor as it was.
    let before = editor.bones
    #expect(throws: GhostframeError(.notFound, "adjust[1], column 1: no bone 9 (there are 8)")) {
      try editor.apply(try AdjustmentList(lines: ["create(7).width(4)", "animation(9).down(1)"]))
    }
    #expect(editor.bones == before)
    #expect(editor.count == 7)
    // Chains built in code are named by their position.
    #expect(throws: GhostframeError(.notFound, "chain[1]: no bone 9 (there are 7)")) {
      try editor.apply(
        AdjustmentList(chains: [
          AdjustmentChain(selector: .animation(0), adjustments: [.down(1)]),
          AdjustmentChain(selector: .animation(1), adjustments: [.relation(.leftEqualTo, bone: 9, offset: 0)]),
        ]))
    }
    #expect(editor.bones == before)
  }
}
