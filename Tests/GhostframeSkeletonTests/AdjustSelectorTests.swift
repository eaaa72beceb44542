import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// Selectors, created bones, centred labels and per-line overrides at adjust time, on the fixture
/// of AdjustTestSupport.swift (7 bones, container 375 wide).
@Suite("Adjust: selectors, centring, lines")
struct AdjustSelectorTests {
  // MARK: Selectors

  @Test func animationsCoverExactlyCount() throws {
    #expect(
      try AdjustFixture.text("animations(4, 3).down(5)")
        == AdjustFixture.expected {
          for i in 4...6 { $0[i].frame.y += 5 }  // bones 4, 5, 6 and no more
        })
    #expect(try AdjustFixture.text("animations(0, 1).down(5)") == AdjustFixture.expected { $0[0].frame.y = 21 })
    #expect(try AdjustFixture.fluent { try $0.animations(from: 0, count: 7).remove() } == AdjustFixture.expected {
      for i in 0..<7 { $0[i].isRemoved = true }
    })
    expectAdjustError(
      ["animations(5, 3).down(5)"], .notFound,
      "adjust[0], column 1: no bone 7 (there are 7): animations(5, 3) covers bones 5 to 7")
    expectAdjustError(
      ["animations(9, 1).down(5)"], .notFound,
      "adjust[0], column 1: no bone 9 (there are 7): animations(9, 1) covers bones 9 to 9")
    // A count of 0 (all bones in old TABAnimated, none in the new) is an error.
    expectAdjustError(
      ["animations(0, 0).down(5)"], .invalidArgument,
      "adjust[0], column 15: animations: the count must be 1 to 2147483647, found 0")
  }

  @Test func namedSelectsEveryBoneWithTheID() throws {
    let expected = AdjustFixture.expected {
      $0[4].cornerRadius = 3
      $0[5].cornerRadius = 3
    }
    #expect(try AdjustFixture.text("named(tag).radius(3)") == expected)
    #expect(try AdjustFixture.text(#"named("tag").radius(3)"#) == expected)
    #expect(try AdjustFixture.text("animationN(tag).radius(3)") == expected)
    #expect(try AdjustFixture.text("animationWithName(tag).radius(3)") == expected)
    #expect(try AdjustFixture.fluent { try $0.named("tag").radius(3) } == expected)
    expectAdjustError(["named(tga).radius(3)"], .notFound, "adjust[0], column 1: no bone named 'tga' (did you mean 'tag'?)")
    expectAdjustError(["named(zzzzzz).radius(3)"], .notFound, "adjust[0], column 1: no bone named 'zzzzzz'")
    expectAdjustError([#"named("").radius(3)"#], .invalidArgument, "adjust[0], column 7: named: the id is empty")
  }

  @Test func idsInQuotes() throws {
    var bones = AdjustFixture.bones
    bones[1].id = "user name \"quoted\" \\ 名"
    bones[6].id = "名前"
    let result = try AdjustFixture.text(#"named("user name \"quoted\" \\ 名").down(1); named(名前).down(2)"#, bones: bones)
    #expect(result[1].frame.y == 17)
    #expect(result[6].frame.y == 152)
    #expect(AdjustSelector.named("user name \"quoted\" \\ 名").description == #"named("user name \"quoted\" \\ 名")"#)
    #expect(AdjustSelector.named("名前").description == "named(名前)")
  }

  @Test func animationsWithIndexs() throws {
    // Each listed bone once, in the order given: bone 6 first, then 0.
    #expect(
      try AdjustFixture.text("animationsWithIndexs(6, 0, 6).down(1)")
        == AdjustFixture.expected {
          $0[6].frame.y = 151
          $0[0].frame.y = 17
        })
    // 0 anywhere in the list and indices above 1000 are fine (TABAnimated stopped at them).
    var many = AdjustFixture.bones
    for i in 7...1001 {
      many.append(Bone(index: i, kind: .view, frame: Rect(x: 0, y: 0, width: 1, height: 1), color: .black,
                       style: AdjustFixture.style))
    }
    let result = try AdjustFixture.text("animationsWithIndexs(3, 0, 1001).remove()", bones: many)
    #expect(result.indices.filter { result[$0].isRemoved } == [0, 3, 1001])
    #expect(try AdjustFixture.fluent { try $0.animations(at: 6, 0, 6).down(1) } == AdjustFixture.text(
      "animationsWithIndexs(6, 0, 6).down(1)"))
    expectAdjustError(["animationsWithIndexs(1, 8).down(1)"], .notFound, "adjust[0], column 1: no bone 8 (there are 7)")
    expectAdjustError(
      ["animationsWithIndexs().down(1)"], .parse,
      "adjust[0], column 1: animationsWithIndexs takes one or more bone indices, found none")
  }

  @Test func unknownIndex() {
    expectAdjustError(["animation(7).down(1)"], .notFound, "adjust[0], column 1: no bone 7 (there are 7)")
    expectAdjustError(
      ["animation(1).down(1)", "  animation(70).down(1)"], .notFound, "adjust[1], column 3: no bone 70 (there are 7)")
    expectAdjustError(
      ["animation(1).leftEqualTo(9)"], .notFound, "adjust[0], column 14: no bone 9 (there are 7)")
    expectAdjustError(
      ["animation(0).down(1)"], .notFound, "adjust[0], column 1: no bone 0 (there are 0)", bones: [])
    expectAdjustError(
      ["animation(1).down(1)"], .notFound, "adjust[0], column 1: no bone 1 (there is 1)",
      bones: [AdjustFixture.bones[0]])
  }

  @Test func create() throws {
    let result = try AdjustFixture.text("create(7).x(10).y(200).width(50).height(10).radius(5)", "animation(7).down(1)")
    var created = Bone(
      index: 7, kind: .view, frame: Rect(x: 10, y: 201, width: 50, height: 10), color: AdjustFixture.style.color,
      group: "root", style: AdjustFixture.style)
    created.cornerRadius = 5
    #expect(result == AdjustFixture.bones + [created])
    #expect(
      try AdjustFixture.fluent { try $0.create(7).x(10).y(200).width(50).height(10).radius(5); try $0.animation(7).down(1) }
        == result)
    // A created bone alone: a zero frame until modifiers place it.
    #expect(try AdjustFixture.text("create(7)").last?.frame == .zero)
    // Two in a row take the next free indices.
    #expect(try AdjustFixture.text("create(7).width(1); create(8).width(2)").map(\.frame.width).suffix(2) == [1, 2])
    expectAdjustError(["create(9).width(5)"], .invalidArgument, "adjust[0], column 1: create(9): the next free bone index is 7")
    expectAdjustError(["create(3)"], .invalidArgument, "adjust[0], column 1: create(3): the next free bone index is 7")
  }

  @Test func createNamed() throws {
    let result = try AdjustFixture.text("createNamed(badge).x(300).width(30).height(12)", "named(badge).down(4)")
    #expect(result.count == 8)
    #expect(result[7].id == "badge")
    #expect(result[7].index == 7)
    #expect(result[7].frame == Rect(x: 300, y: 4, width: 30, height: 12))
    #expect(try AdjustFixture.text("createN(badge).width(30)")[7].id == "badge")
    expectAdjustError(["createNamed(tag)"], .invalidArgument, "adjust[0], column 1: createNamed: bone 4 is already named 'tag'")
    // With no bones, a created bone takes the default light style.
    var none: [Bone] = []
    try AdjustmentList(lines: ["create(0).width(10)"]).apply(to: &none, containerWidth: 100)
    #expect(none.count == 1 && none[0].style == SkeletonDefaults.style(.light) && none[0].frame.width == 10)
  }

  // MARK: Centred labels (bone 3: (90, 120, 175, 15), centred; container 375)

  @Test func centredLabelsAreRecentredWhenMoved() throws {
    let width100 = AdjustFixture.expected {
      $0[3].frame.width = 100
      $0[3].frame.x = 137.5  // (375 − 100) / 2
    }
    #expect(try AdjustFixture.text("animation(3).width(100)") == width100)
    #expect(try AdjustFixture.fluent { try $0.animation(3).width(100) } == width100)
    // Any frame change re-centres, x moves included: x = (375 − 175) / 2 = 100.
    #expect(try AdjustFixture.text("animation(3).down(5)") == AdjustFixture.expected {
      $0[3].frame.y = 125
      $0[3].frame.x = 100
    })
    #expect(try AdjustFixture.text("animation(3).left(30)") == AdjustFixture.expected { $0[3].frame.x = 100 })
    // Non-frame modifiers do not.
    #expect(try AdjustFixture.text("animation(3).radius(2)") == AdjustFixture.expected { $0[3].cornerRadius = 2 })
  }

  @Test func cancelAlignCenterStopsRecentring() throws {
    let expected = AdjustFixture.expected {
      $0[3].frame.width = 100
      $0[3].isCentered = false
    }
    #expect(try AdjustFixture.text("animation(3).cancelAlignCenter().width(100)") == expected)
    // The final state decides, whatever the order.
    #expect(try AdjustFixture.text("animation(3).width(100).cancelAlignCenter()") == expected)
    #expect(try AdjustFixture.text("animation(3).width(100)", "animation(3).cancelAlignCenter()") == expected)
    #expect(try AdjustFixture.fluent { try $0.animation(3).width(100).cancelAlignCenter() } == expected)
  }

  @Test func relationsReadUncentredFrames() throws {
    // Bone 4 follows bone 3's left edge as the modifiers left it (x 90), as TABAnimated's
    // adjustingFrame does; bone 3 itself ends up centred.
    #expect(
      try AdjustFixture.text("animation(3).width(100)", "animation(4).leftEqualTo(3)")
        == AdjustFixture.expected {
          $0[3].frame.width = 100
          $0[3].frame.x = 137.5
          $0[4].frame.x = 90
        })
  }

  @Test func containerWidth() throws {
    var bones = AdjustFixture.bones
    let list = try AdjustmentList(lines: ["animation(3).width(100)"])
    try list.apply(to: &bones, containerWidth: 200)
    #expect(bones[3].frame.x == 50)  // (200 − 100) / 2
    for width in [Double.nan, .infinity, -1] {
      var unchanged = AdjustFixture.bones
      #expect(throws: GhostframeError(.invalidArgument, "containerWidth must be a finite number >= 0, found \(width)")) {
        try list.apply(to: &unchanged, containerWidth: width)
      }
      #expect(unchanged == AdjustFixture.bones)
    }
    // The fluent API checks it when a centred bone is moved.
    let editor = SkeletonEditor(bones: AdjustFixture.bones, containerWidth: .nan)
    try editor.animation(1).down(1)
    #expect(throws: GhostframeError(
      .invalidArgument, "width(100): bone 3 is centred, and the container width nan is not a finite number >= 0")) {
      try editor.animation(3).width(100)
    }
    #expect(editor.bones == AdjustFixture.expected { $0[1].frame.y = 17 })
  }

  // MARK: Line heights (TABAnimated's isChangedHeight)

  @Test func changedHeightBecomesTheLineHeightOfMultiLineBones() throws {
    #expect(try AdjustFixture.text("named(bio).height(14)") == AdjustFixture.expected {
      $0[2].frame.height = 14
      $0[2].lineHeight = 14
    })
    #expect(try AdjustFixture.text("named(bio).reducedHeight(10)") == AdjustFixture.expected {
      $0[2].frame.height = 30  // 40 − 10
      $0[2].lineHeight = 30
    })
    #expect(try AdjustFixture.text("named(bio).reducedHeight_horizontal(10)") == AdjustFixture.expected {
      $0[2].frame.y = 49
      $0[2].frame.height = 30
      $0[2].lineHeight = 30
    })
    // The final height counts: height(14) then heightEqualTo(0) → 48.
    #expect(try AdjustFixture.text("named(bio).height(14).heightEqualTo(0)") == AdjustFixture.expected {
      $0[2].frame.height = 48
      $0[2].lineHeight = 48
    })
    // A bone made multi-line after its height changed.
    #expect(try AdjustFixture.text("animation(1).height(12).line(2)") == AdjustFixture.expected {
      $0[1].frame.height = 12
      $0[1].lines = 2
      $0[1].lineHeight = 12
    })
    // Not for width changes, heightEqualTo alone, or single-line bones.
    #expect(try AdjustFixture.text("named(bio).reducedWidth_vertical(20)") == AdjustFixture.expected {
      $0[2].frame.x = 86
      $0[2].frame.width = 260
    })
    #expect(try AdjustFixture.text("named(bio).heightEqualTo(0)") == AdjustFixture.expected { $0[2].frame.height = 48 })
    #expect(try AdjustFixture.text("animation(1).height(12)") == AdjustFixture.expected { $0[1].frame.height = 12 })
  }

  // MARK: targetLineScale at adjust time (bone 2: 280 wide, 2 lines, lastLineScale 0.5)

  @Test func targetLineScaleUsesTheLinesComputedWidth() throws {
    func widths(_ line: String, bones: [Bone] = AdjustFixture.bones) throws -> [Int: Double] {
      try AdjustFixture.text(line, bones: bones)[2].lineWidths
    }
    #expect(try widths("named(bio).targetLineScale(0, 0.5)") == [0: 140])  // 280 × 0.5
    #expect(try widths("named(bio).targetLineScale(1, 0.5)") == [1: 70])  // last: 280 × 0.5 × 0.5
    #expect(try widths("named(bio).lines(3).targetLineScale(1, 0.5)") == [1: 140])  // no longer the last
    #expect(try widths("named(bio).lastScale(0.8).targetLineScale(1, 0.5)") == [1: 112])  // 280 × 0.8 × 0.5
    #expect(try widths("named(bio).reducedWidth(80).targetLineScale(0, 0.5)") == [0: 100])  // 200 × 0.5
    #expect(try widths("named(bio).targetLineWidth(0, 200).targetLineScale(0, 0.5)") == [0: 100])  // override × 0.5
    #expect(try widths("named(bio).targetLineScale(0, 0.5).targetLineScale(0, 0.5)") == [0: 70])
    // lines(0): 40 / (12 + 8) = 2 lines, so line 1 is the last.
    #expect(try widths("named(bio).lines(0).targetLineScale(1, 1)") == [1: 140])
    // A 100 high block: 100 / 20 = 5 lines; a 30 high one: 30 / 20 = 1, which counts as 3.
    var tall = AdjustFixture.bones
    tall[2].frame.height = 100
    #expect(try widths("named(bio).lines(0).targetLineScale(3, 1)", bones: tall) == [3: 280])
    #expect(try widths("named(bio).lines(0).targetLineScale(4, 1)", bones: tall) == [4: 140])
    var short = AdjustFixture.bones
    short[2].frame.height = 30
    #expect(try widths("named(bio).lines(0).targetLineScale(2, 1)", bones: short) == [2: 140])
    // After height(100) the line height is the frame's height (isChangedHeight): 100 / 108 = 0 → 3 lines.
    #expect(try widths("named(bio).lines(0).height(100).targetLineScale(2, 1)") == [2: 140])
    expectAdjustError(
      ["named(bio).lines(0).height(100).targetLineScale(3, 1)"], .notFound,
      "adjust[0], column 33: targetLineScale: bone 2 has 3 lines, no line 3")
    // The same through the fluent API.
    #expect(
      try AdjustFixture.fluent { try $0.named("bio").lastScale(0.8).targetLineScale(line: 1, scale: 0.5) }
        == AdjustFixture.text("named(bio).lastScale(0.8).targetLineScale(1, 0.5)"))

    expectAdjustError(
      ["named(bio).targetLineScale(2, 0.5)"], .notFound,
      "adjust[0], column 12: targetLineScale: bone 2 has 2 lines, no line 2")
    expectAdjustError(
      ["named(name).targetLineScale(0, 0.5)"], .invalidArgument,
      "adjust[0], column 13: targetLineScale: bone 1 has a single line; give it lines first (line(n))")
  }

  // MARK: Order of modifiers and several selectors

  @Test func modifiersApplyInOrder() throws {
    // width then reducedWidth: 200 − 20; reducedWidth then width: 200.
    #expect(try AdjustFixture.text("animation(1).width(200).reducedWidth(20)")[1].frame.width == 180)
    #expect(try AdjustFixture.text("animation(1).reducedWidth(20).width(200)")[1].frame.width == 200)
    // Later lines see earlier ones.
    #expect(try AdjustFixture.text("animation(1).x(10)", "animation(1).right(5)")[1].frame.x == 15)
  }
}
