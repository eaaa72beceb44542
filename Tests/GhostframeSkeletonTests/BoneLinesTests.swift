import Testing
@testable import GhostframeSkeleton
import GhostframeCore

/// A bone for line tests: light defaults (line height 12, spacing 8, last line 0.5).
private func textBone(_ frame: Rect, lines: Int, centered: Bool = false, rightToLeft: Bool = false) -> Bone {
  var style = SkeletonDefaults.style(.light)
  style.rightToLeft = rightToLeft
  var bone = Bone(index: 0, kind: .label, frame: frame, color: style.color, lines: lines, style: style)
  bone.isCentered = centered
  return bone
}

private func box(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
  Rect(x: x, y: y, width: width, height: height)
}

@Suite struct BoneLinesTests {
  @Test func oneLineIsTheFrame() {
    let frame = box(10, 20, 200, 15)
    #expect(textBone(frame, lines: 1).lineFrames() == [frame])
    // A negative count (only reachable by editing a bone by hand) draws one bar too.
    #expect(textBone(frame, lines: -2).lineFrames() == [frame])
  }

  @Test func twoLines() {
    // Line 0 at the top, 12 high, full width; line 1 starts at 20 + 12 + 8 = 40, half width.
    #expect(textBone(box(10, 20, 200, 40), lines: 2).lineFrames() == [box(10, 20, 200, 12), box(10, 40, 100, 12)])
  }

  @Test func threeLines() {
    // y: 0, 0 + 12 + 8 = 20, 20 + 20 = 40; widths 300, 300, 150.
    #expect(textBone(box(0, 0, 300, 60), lines: 3).lineFrames() == [
      box(0, 0, 300, 12), box(0, 20, 300, 12), box(0, 40, 150, 12),
    ])
  }

  @Test func asManyAsFit() {
    // floor((100 + 8) / (12 + 8)) = floor(5.4) = 5 lines, at 0, 20, 40, 60, 80; the last one 100 × 0.5 wide.
    let lines = textBone(box(0, 0, 100, 100), lines: 0).lineFrames()
    #expect(lines == [box(0, 0, 100, 12), box(0, 20, 100, 12), box(0, 40, 100, 12), box(0, 60, 100, 12),
                      box(0, 80, 50, 12)])
    // Exactly 2 fit: (32 + 8) / 20 = 2.
    #expect(textBone(box(0, 0, 100, 32), lines: 0).lineFrames().count == 2)
  }

  @Test func asManyAsFitBelowTwoGivesThree() {
    // floor((20 + 8) / 20) = 1 < 2 → 3 lines (TABAnimated), running past the frame's bottom.
    #expect(textBone(box(5, 5, 80, 20), lines: 0).lineFrames() == [
      box(5, 5, 80, 12), box(5, 25, 80, 12), box(5, 45, 40, 12),
    ])
    // Nothing fits at all: 0 → 3 as well.
    #expect(textBone(box(0, 0, 80, 0), lines: 0).lineFrames().count == 3)
  }

  @Test func overrides() {
    var bone = textBone(box(0, 0, 200, 100), lines: 3)
    bone.lineHeight = 10
    bone.lineSpacing = 5
    bone.lastLineScale = 0.25
    bone.lineWidths = [1: 150]
    bone.lineHeights = [0: 20]
    bone.lineSpacings = [0: 2]
    // Line 0: height 20 (override), then a gap of 2 (override) → line 1 at 22, height 10, width 150 (override),
    // then the bone's gap 5 → line 2 at 37, height 10, width 200 × 0.25 = 50.
    #expect(bone.lineFrames() == [box(0, 0, 200, 20), box(0, 22, 150, 10), box(0, 37, 50, 10)])
    // A width override on the last line beats lastLineScale.
    bone.lineWidths = [2: 180]
    #expect(bone.lineFrames()[2] == box(0, 37, 180, 10))
  }

  @Test func asManyAsFitUsesTheBaseMetrics() {
    var bone = textBone(box(0, 0, 100, 70), lines: 0)
    bone.lineHeight = 20
    bone.lineSpacing = 5
    bone.lineHeights = [0: 50]  // does not change the count
    // floor((70 + 5) / (20 + 5)) = 3.
    #expect(bone.lineFrames() == [box(0, 0, 100, 50), box(0, 55, 100, 20), box(0, 80, 50, 20)])
  }

  @Test func centredLinesStayCentred() {
    // Frame x 50, width 200: full lines at 50; the last line, 100 wide, at 50 + (200 − 100) / 2 = 100.
    #expect(textBone(box(50, 0, 200, 40), lines: 2, centered: true).lineFrames() == [
      box(50, 0, 200, 12), box(100, 20, 100, 12),
    ])
  }

  @Test func rightToLeftLinesHugTheRightEdge() {
    // The short last line ends at the frame's right edge: x = 50 + 200 − 100 = 150.
    #expect(textBone(box(50, 0, 200, 40), lines: 2, rightToLeft: true).lineFrames() == [
      box(50, 0, 200, 12), box(150, 20, 100, 12),
    ])
  }

  @Test func hostileMetricsDoNotTrap() {
    var bone = textBone(box(0, 0, 100, 1e300), lines: 0)
    bone.lineHeight = 1e-300
    bone.lineSpacing = 0
    #expect(bone.lineFrames().count == Bone.maxLineCount)
    bone.lineHeight = 0
    #expect(bone.lineFrames().count == Bone.maxLineCount)  // 1e300 / 0 = inf lines → capped
    bone.frame.height = 0
    #expect(bone.lineFrames().count == 3)  // 0 / 0 = nan → 3
    bone.lineHeight = .nan
    #expect(bone.lineFrames().count == 3)
    bone.lines = 1_000_000
    #expect(bone.lineFrames().count == Bone.maxLineCount)
  }

  // MARK: Horizontal lines (lineWithMode(n, horizontal))

  private func row(_ frame: Rect, lines: Int, centered: Bool = false, rightToLeft: Bool = false,
                   _ edit: (inout Bone) -> Void = { _ in }) -> [Rect] {
    var bone = textBone(frame, lines: lines, centered: centered, rightToLeft: rightToLeft)
    bone.linesMode = .horizontal
    edit(&bone)
    return bone.lineFrames()
  }

  @Test func horizontalLinesShareTheWidthAfterTheGaps() {
    // w = (300 − 2 × 8) / 3 = 94.666…; x = 10, 10 + w + 8, 10 + 2(w + 8); all at y 20, 12 high; no last-line scale.
    let w = (300.0 - 16) / 3
    let lines = row(box(10, 20, 300, 40), lines: 3)
    #expect(lines == [box(10, 20, w, 12), box(10 + w + 8, 20, w, 12), box(10 + 2 * (w + 8), 20, w, 12)])
    // The row spans the frame: the last line ends at its right edge (within 1e-12).
    #expect(abs(lines[2].x + lines[2].width - 310) < 1e-12)
  }

  @Test func horizontalOverridesNeverOverlap() {
    // Line 0 is 50 wide, gap after it 4; line 1 starts at 0 + 50 + 4 = 54 with the default width
    // (200 − 8) / 2 = 96 and height 20 (TABAnimated would start line 1 at 96 + 8 after line 0's x).
    let lines = row(box(0, 0, 200, 40), lines: 2) {
      $0.lineWidths = [0: 50]
      $0.lineSpacings = [0: 4]
      $0.lineHeights = [1: 20]
    }
    #expect(lines == [box(0, 0, 50, 12), box(54, 0, 96, 20)])
  }

  @Test func horizontalRowsCentreAndMirror() {
    // Two lines of 40 with a gap of 8 span 88 of 200: centred they start at 50 + (200 − 88) / 2 = 106.
    let fixed: (inout Bone) -> Void = { $0.lineWidths = [0: 40, 1: 40] }
    #expect(row(box(50, 0, 200, 40), lines: 2, centered: true, fixed) == [box(106, 0, 40, 12), box(154, 0, 40, 12)])
    // Right to left the row is mirrored in the frame: line 0 ends at the right edge, 250.
    #expect(row(box(50, 0, 200, 40), lines: 2, rightToLeft: true, fixed) == [box(210, 0, 40, 12), box(162, 0, 40, 12)])
  }

  @Test func horizontalAsManyAsFitAndNarrowFrames() {
    // The count rule is the vertical one: floor((40 + 8) / 20) = 2 lines, each (100 − 8) / 2 = 46 wide.
    #expect(row(box(0, 0, 100, 40), lines: 0) == [box(0, 0, 46, 12), box(54, 0, 46, 12)])
    // Gaps wider than the frame leave nothing to share: widths are 0, never negative.
    #expect(row(box(0, 0, 10, 40), lines: 3).map(\.width) == [0, 0, 0])
  }
}
