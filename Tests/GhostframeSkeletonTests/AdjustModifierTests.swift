import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// Every modifier's exact effect on the fixture (AdjustTestSupport.swift), through the text and
/// through the fluent API, compared with the same edit made by hand on the whole bone list.
@Suite("Adjust: modifiers")
struct AdjustModifierTests {
  /// The text line, the fluent calls and the hand edit must give the same bones.
  func check(
    _ line: String, _ fluent: (SkeletonEditor) throws -> Void, _ edit: (inout [Bone]) -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let expected = AdjustFixture.expected(edit)
    #expect(try AdjustFixture.text(line) == expected, "text: \(line)", sourceLocation: sourceLocation)
    #expect(try AdjustFixture.fluent(fluent) == expected, "fluent: \(line)", sourceLocation: sourceLocation)
  }

  // Bone 1 is (76, 16, 120, 15).

  @Test func moves() throws {
    try check("animation(1).left(10)", { try $0.animation(1).left(10) }) { $0[1].frame.x = 66 }  // 76 − 10
    try check("animation(1).right(10)", { try $0.animation(1).right(10) }) { $0[1].frame.x = 86 }  // 76 + 10
    try check("animation(1).up(4)", { try $0.animation(1).up(4) }) { $0[1].frame.y = 12 }  // 16 − 4
    try check("animation(1).down(2)", { try $0.animation(1).down(2) }) { $0[1].frame.y = 18 }  // 16 + 2
    try check("animation(1).left(-10)", { try $0.animation(1).left(-10) }) { $0[1].frame.x = 86 }
    try check("animation(1).x(20)", { try $0.animation(1).x(20) }) { $0[1].frame.x = 20 }
    try check("animation(1).y(30)", { try $0.animation(1).y(30) }) { $0[1].frame.y = 30 }
    try check("animation(1).x(-5)", { try $0.animation(1).x(-5) }) { $0[1].frame.x = -5 }
    try check("animation(1).x_offset(-6)", { try $0.animation(1).x_offset(-6) }) { $0[1].frame.x = 70 }  // 76 − 6
    try check("animation(1).y_offset(5)", { try $0.animation(1).y_offset(5) }) { $0[1].frame.y = 21 }  // 16 + 5
  }

  @Test func sizes() throws {
    try check("animation(1).width(200)", { try $0.animation(1).width(200) }) { $0[1].frame.width = 200 }
    // A single-line bone keeps lineHeight nil.
    try check("animation(1).height(12)", { try $0.animation(1).height(12) }) { $0[1].frame.height = 12 }
    try check("animation(1).reducedWidth(20)", { try $0.animation(1).reducedWidth(20) }) {
      $0[1].frame.width = 100  // 120 − 20
    }
    try check("animation(1).reducedWidth(-10)", { try $0.animation(1).reducedWidth(-10) }) {
      $0[1].frame.width = 130  // 120 + 10
    }
    try check("animation(1).reducedWidth(120)", { try $0.animation(1).reducedWidth(120) }) {
      $0[1].frame.width = 0  // a result of 0 is allowed; below 0 is an error
    }
    try check("animation(1).reducedHeight(3)", { try $0.animation(1).reducedHeight(3) }) {
      $0[1].frame.height = 12  // 15 − 3
    }
    try check("animation(1).reducedWidth_vertical(20)", { try $0.animation(1).reducedWidth_vertical(20) }) {
      $0[1].frame.x = 86  // 76 + 20/2: the centre 136 stays
      $0[1].frame.width = 100
    }
    try check("animation(1).reducedHeight_horizontal(4)", { try $0.animation(1).reducedHeight_horizontal(4) }) {
      $0[1].frame.y = 18  // 16 + 4/2: the centre 23.5 stays
      $0[1].frame.height = 11
    }
  }

  @Test func radius() throws {
    try check("animation(1).radius(3)", { try $0.animation(1).radius(3) }) { $0[1].cornerRadius = 3 }
    try check("animation(0).radius(0)", { try $0.animation(0).radius(0) }) { $0[0].cornerRadius = 0 }
    try check("animation(0).reducedRadius(4)", { try $0.animation(0).reducedRadius(4) }) {
      $0[0].cornerRadius = 20  // 24 − 4
    }
    try check("animation(0).reducedRadius(-6)", { try $0.animation(0).reducedRadius(-6) }) {
      $0[0].cornerRadius = 30  // 24 + 6
    }
  }

  @Test func lines() throws {
    try check("animation(1).line(3)", { try $0.animation(1).line(3) }) { $0[1].lines = 3 }
    try check("animation(1).lines(3)", { try $0.animation(1).lines(3) }) { $0[1].lines = 3 }
    try check("animation(1).lines(0)", { try $0.animation(1).lines(0) }) { $0[1].lines = 0 }
    try check("animation(2).line(1)", { try $0.animation(2).line(1) }) { $0[2].lines = 1 }
    try check("animation(1).lineWithMode(3, vertical)", { try $0.animation(1).lineWithMode(3, .vertical) }) {
      $0[1].lines = 3
    }
    try check("animation(1).lineWithMode(3, TABLinesVertical)", { try $0.animation(1).lineWithMode(3, .vertical) }) {
      $0[1].lines = 3
    }
    try check("animation(1).lineWithMode(3, horizontal)", { try $0.animation(1).lineWithMode(3, .horizontal) }) {
      $0[1].lines = 3
      $0[1].linesMode = .horizontal
    }
    try check("animation(1).lineWithMode(2, TABLinesHorizontal).line(2)", {
      try $0.animation(1).lineWithMode(2, .horizontal).line(2)
    }) {
      $0[1].lines = 2  // line(n) is vertical again, as TABAnimated's
    }
    try check("animation(2).space(6)", { try $0.animation(2).space(6) }) { $0[2].lineSpacing = 6 }
    try check("animation(2).space(0)", { try $0.animation(2).space(0) }) { $0[2].lineSpacing = 0 }
    try check("animation(2).lastLineScale(0.4)", { try $0.animation(2).lastLineScale(0.4) }) {
      $0[2].lastLineScale = 0.4
    }
    try check("animation(2).lastScale(0.4)", { try $0.animation(2).lastScale(0.4) }) { $0[2].lastLineScale = 0.4 }
    try check("animation(2).targetLineWidth(1, 90)", { try $0.animation(2).targetLineWidth(line: 1, width: 90) }) {
      $0[2].lineWidths = [1: 90]
    }
    try check("animation(2).targetLineHeight(0, 10)", { try $0.animation(2).targetLineHeight(line: 0, height: 10) }) {
      $0[2].lineHeights = [0: 10]
    }
    try check("animation(2).targetLineSpace(0, 4)", { try $0.animation(2).targetLineSpace(line: 0, space: 4) }) {
      $0[2].lineSpacings = [0: 4]  // the gap after line 0
    }
    // Exactly count lines: 1 and 2 (TABAnimated also set line 3).
    try check("animation(2).rangeLineWidth(1, 2, 50)", { try $0.animation(2).rangeLineWidth(from: 1, count: 2, width: 50) }) {
      $0[2].lineWidths = [1: 50, 2: 50]
    }
    try check("animation(2).rangeLineHeight(0, 3, 9)", { try $0.animation(2).rangeLineHeight(from: 0, count: 3, height: 9) }) {
      $0[2].lineHeights = [0: 9, 1: 9, 2: 9]
    }
    try check("animation(2).rangeLineSpace(2, 1, 5)", { try $0.animation(2).rangeLineSpace(from: 2, count: 1, space: 5) }) {
      $0[2].lineSpacings = [2: 5]
    }
    // A later override of the same line wins.
    try check(
      "animation(2).rangeLineWidth(0, 2, 50).targetLineWidth(1, 70)",
      { try $0.animation(2).rangeLineWidth(from: 0, count: 2, width: 50).targetLineWidth(line: 1, width: 70) }
    ) { $0[2].lineWidths = [0: 50, 1: 70] }
  }

  @Test func appearance() throws {
    try check("animation(1).remove()", { try $0.animation(1).remove() }) { $0[1].isRemoved = true }
    try check("animation(1).removeContents()", { try $0.animation(1).removeContents() }) { _ in }  // nothing to clear
    try check("animation(1).placeholder(avatar)", { try $0.animation(1).placeholder("avatar") }) {
      $0[1].placeholder = "avatar"
    }
    try check("animation(1).placeholder(\"pics/a b.png\").removeContents()", {
      try $0.animation(1).placeholder("pics/a b.png").removeContents()
    }) { _ in }  // set, then cleared
    try check("animation(1).removeShadow()", { try $0.animation(1).removeShadow() }) { _ in }  // no-op
    try check("animation(3).cancelAlignCenter()", { try $0.animation(3).cancelAlignCenter() }) {
      $0[3].isCentered = false
    }
    try check("animation(1).color(#FF0000)", { try $0.animation(1).color(Color(rgb: 0xFF0000)) }) {
      $0[1].color = Color(red: 1, green: 0, blue: 0)
    }
    try check("animation(1).color(0x336699)", { try $0.animation(1).color(Color(rgb: 0x336699)) }) {
      $0[1].color = Color(rgb: 0x336699)
    }
    try check("animation(1).color(#11223380)", { try $0.animation(1).color(Color(rgb: 0x112233, alpha: 128.0 / 255)) }) {
      $0[1].color = Color(rgb: 0x112233, alpha: 128.0 / 255)
    }
    try check("animation(1).color(0Xabcdef)", { try $0.animation(1).color(Color(rgb: 0xABCDEF)) }) {
      $0[1].color = Color(rgb: 0xABCDEF)
    }
    try check(
      "animation(1).gradient(#FF0000, #00FF0080, 0x0000FF)",
      { try $0.animation(1).gradient([Color(rgb: 0xFF0000), Color(rgb: 0x00FF00, alpha: 128.0 / 255), Color(rgb: 0xFF)]) }
    ) { $0[1].gradient = [Color(rgb: 0xFF0000), Color(rgb: 0x00FF00, alpha: 128.0 / 255), Color(rgb: 0x0000FF)] }
    // color() after gradient() keeps the gradient, as in TABAnimated (the gradient is drawn over the colour).
    try check(
      "animation(1).gradient(#FF0000, #00FF00).color(#0000FF)",
      { try $0.animation(1).gradient([Color(rgb: 0xFF0000), Color(rgb: 0x00FF00)]).color(Color(rgb: 0xFF)) }
    ) {
      $0[1].gradient = [Color(rgb: 0xFF0000), Color(rgb: 0x00FF00)]
      $0[1].color = Color(rgb: 0x0000FF)
    }
    try check("animation(1).withoutAnimation()", { try $0.animation(1).withoutAnimation() }) {
      $0[1].withoutAnimation = true
    }
    try check("animation(1).penetrate()", { try $0.animation(1).penetrate() }) { $0[1].isKept = true }
  }

  @Test func animation() throws {
    try check("animation(1).toLongAnimation()", { try $0.animation(1).toLongAnimation() }) {
      $0[1].lengthAnimation = .long
    }
    try check("animation(1).toShortAnimation()", { try $0.animation(1).toShortAnimation() }) {
      $0[1].lengthAnimation = .short
    }
    try check("animation(1).toLongAnimation().toShortAnimation()", {
      try $0.animation(1).toLongAnimation().toShortAnimation()
    }) { $0[1].lengthAnimation = .short }
    try check("animation(1).dropIndex(3)", { try $0.animation(1).dropIndex(3) }) { $0[1].dropIndex = 3 }
    try check("animation(1).dropIndex(0)", { try $0.animation(1).dropIndex(0) }) { $0[1].dropIndex = 0 }
    try check("animation(2).dropFromIndex(2)", { try $0.animation(2).dropFromIndex(2) }) { $0[2].dropFromIndex = 2 }
    // removeOnDrop leaves withoutAnimation alone (TABAnimated's arrays set it as well).
    try check("animations(1, 2).removeOnDrop()", { try $0.animations(from: 1, count: 2).removeOnDrop() }) {
      $0[1].removeOnDrop = true
      $0[2].removeOnDrop = true
    }
  }

  // Bone 0 is (16, 16, 48, 48): maxX 64, maxY 64.

  @Test func relations() throws {
    try check("animation(1).leftEqualTo(0)", { try $0.animation(1).leftEqualTo(0) }) { $0[1].frame.x = 16 }
    try check("animation(1).leftEqualTo_offset(0, 4)", { try $0.animation(1).leftEqualTo(0, offset: 4) }) {
      $0[1].frame.x = 20  // 16 + 4
    }
    try check("animation(1).topEqualTo(0)", { try $0.animation(1).topEqualTo(0) }) { $0[1].frame.y = 16 }
    try check("animation(1).topEqualTo_offset(0, 2)", { try $0.animation(1).topEqualTo(0, offset: 2) }) {
      $0[1].frame.y = 18
    }
    // rightEqualTo leaves y alone (TABAnimated reset it to the unadjusted y, here 16).
    try check("animation(1).down(10).rightEqualTo(0)", { try $0.animation(1).down(10).rightEqualTo(0) }) {
      $0[1].frame.x = -56  // 64 − 120
      $0[1].frame.y = 26
    }
    try check("animation(1).rightEqualTo_offset(0, 6)", { try $0.animation(1).rightEqualTo(0, offset: 6) }) {
      $0[1].frame.x = -50  // 64 − 120 + 6
    }
    try check("animation(1).bottomEqualTo(0)", { try $0.animation(1).bottomEqualTo(0) }) {
      $0[1].frame.y = 49  // 64 − 15
    }
    try check("animation(1).bottomEqualTo_offset(0, -1)", { try $0.animation(1).bottomEqualTo(0, offset: -1) }) {
      $0[1].frame.y = 48
    }
    try check("animation(1).widthEqualTo(0)", { try $0.animation(1).widthEqualTo(0) }) { $0[1].frame.width = 48 }
    try check("animation(1).widthEqualTo_offset(0, 10)", { try $0.animation(1).widthEqualTo(0, offset: 10) }) {
      $0[1].frame.width = 58
    }
    // heightEqualTo does not count as a changed height (TABAnimated's isChangedHeight).
    try check("animation(2).heightEqualTo(0)", { try $0.animation(2).heightEqualTo(0) }) { $0[2].frame.height = 48 }
    try check("animation(1).heightEqualTo_offset(0, -8)", { try $0.animation(1).heightEqualTo(0, offset: -8) }) {
      $0[1].frame.height = 40
    }
    try check("animation(1).leftEqualToRight(0)", { try $0.animation(1).leftEqualToRight(0) }) { $0[1].frame.x = 64 }
    try check("animation(1).leftEqualToRight_offset(0, 12)", { try $0.animation(1).leftEqualToRight(0, offset: 12) }) {
      $0[1].frame.x = 76
    }
    try check("animation(1).topEqualToBottom(0)", { try $0.animation(1).topEqualToBottom(0) }) { $0[1].frame.y = 64 }
    try check("animation(1).topEqualToBottom_offset(0, 8)", { try $0.animation(1).topEqualToBottom(0, offset: 8) }) {
      $0[1].frame.y = 72
    }
    // rightEqualToLeft leaves y alone too.
    try check("animation(1).down(10).rightEqualToLeft(0)", { try $0.animation(1).down(10).rightEqualToLeft(0) }) {
      $0[1].frame.x = -104  // 16 − 120
      $0[1].frame.y = 26
    }
    try check("animation(1).rightEqualToLeft_offset(0, -8)", { try $0.animation(1).rightEqualToLeft(0, offset: -8) }) {
      $0[1].frame.x = -112
    }
    try check("animation(1).bottomEqualToTop(0)", { try $0.animation(1).bottomEqualToTop(0) }) {
      $0[1].frame.y = 1  // 16 − 15
    }
    try check("animation(1).bottomEqualToTop_offset(0, -3)", { try $0.animation(1).bottomEqualToTop(0, offset: -3) }) {
      $0[1].frame.y = -2
    }
    // A relation to itself reads its own frame.
    try check("animation(1).leftEqualToRight(1)", { try $0.animation(1).leftEqualToRight(1) }) {
      $0[1].frame.x = 196  // 76 + 120
    }
  }

  // Bone 2 is (76, 44, 280, 40): maxX 356, maxY 84.

  @Test func bothEdgesFollowingOneBoneSetTheSize() throws {
    // left then right: x = 76, and the width becomes 280 so that both edges hold.
    try check("animation(1).leftEqualTo(2).rightEqualTo(2)", { try $0.animation(1).leftEqualTo(2).rightEqualTo(2) }) {
      $0[1].frame.x = 76
      $0[1].frame.width = 280  // TABAnimated also set the height to the old width, 120
    }
    // Offsets on both edges: left = 76 + 10, right = 356 − 10.
    try check(
      "animation(1).leftEqualTo_offset(2, 10).rightEqualTo_offset(2, -10)",
      { try $0.animation(1).leftEqualTo(2, offset: 10).rightEqualTo(2, offset: -10) }
    ) {
      $0[1].frame.x = 86
      $0[1].frame.width = 260
    }
    // In separate lines and the other order.
    #expect(
      try AdjustFixture.text("animation(1).rightEqualTo(2)", "animation(1).leftEqualTo(2)")
        == AdjustFixture.expected {
          $0[1].frame.x = 76
          $0[1].frame.width = 280
        })
    try check("animation(1).topEqualTo(2).bottomEqualTo(2)", { try $0.animation(1).topEqualTo(2).bottomEqualTo(2) }) {
      $0[1].frame.y = 44
      $0[1].frame.height = 40
    }
    // Different bones: no size change; the later relation wins (x = 64 − 120).
    try check("animation(1).leftEqualTo(2).rightEqualTo(0)", { try $0.animation(1).leftEqualTo(2).rightEqualTo(0) }) {
      $0[1].frame.x = -56
    }
    // The state is per bone: bone 4 following bone 2's right edge is unaffected by bone 1's left relation.
    #expect(
      try AdjustFixture.text("animation(1).leftEqualTo(2)", "animation(4).rightEqualTo(2)")
        == AdjustFixture.expected {
          $0[1].frame.x = 76
          $0[4].frame.x = 296  // 356 − 60
        })
  }

  @Test func relationsReadAdjustedFrames() throws {
    // Bone 0 moved down 10 first: y 26.
    #expect(
      try AdjustFixture.text("animation(0).down(10)", "animation(1).topEqualTo(0)")
        == AdjustFixture.expected {
          $0[0].frame.y = 26
          $0[1].frame.y = 26
        })
    // Within one selection, each bone reads the bones before it as already changed:
    // bone 4 (16, 150, 60, 20) moves to x = 76, then bone 5 reads 76 + 60.
    try check("animations(4, 2).leftEqualToRight(4)", { try $0.animations(from: 4, count: 2).leftEqualToRight(4) }) {
      $0[4].frame.x = 76
      $0[5].frame.x = 136
    }
  }
}
