import GhostframeCore

extension Bone {
  /// The most lines ``lineFrames()`` returns; a count beyond it (an absurd "as many as fit") is cut here.
  public static let maxLineCount = 10_000

  /// The bars a multi-line bone draws, in the bone's coordinates (the root's), in line order.
  ///
  /// TABAnimated's multi-line rule (`TABComponentLayer -_addLinesLayer`), made predictable:
  /// - `lines == 1` (or a negative count): one bar, the bone's frame.
  /// - Line i is `lineHeights[i] ?? lineHeight ?? style.lineHeight` high (12 = 16 × 0.75 by default).
  /// - `lines == 0` means as many as fit: `floor((frame.height + lineSpacing) / (lineHeight + lineSpacing))`
  ///   with the bone's base line height and spacing (per-line overrides do not change the count); when that
  ///   comes out below 2, 3 lines (TABAnimated, whatever the layout). At most ``maxLineCount`` lines.
  ///
  /// Vertical lines (``linesMode`` `.vertical`, the default):
  /// - The first line starts at the frame's top; each next line starts where the previous one ended plus
  ///   the gap after it, `lineSpacings[i] ?? lineSpacing` (8). TABAnimated adds the *current* line's height
  ///   instead of the previous one's, which only differs with per-line heights; here lines never overlap.
  /// - Line i is `lineWidths[i]` wide if set, else the frame's width, or for the last line the frame's
  ///   width × `lastLineScale` (0.5).
  /// - Centred bones centre every line in the frame; right-to-left bones (`style.rightToLeft`) align lines
  ///   to the frame's right edge, so a mirrored label's short last line sits at its start; otherwise lines
  ///   start at the frame's left edge.
  ///
  /// Horizontal lines (`.horizontal`, `lineWithMode(n, horizontal)`), all at the frame's top:
  /// - Line i is `lineWidths[i]` wide if set, else `(frame.width − (n − 1) × lineSpacing) / n` (at least 0),
  ///   so n default lines and their gaps span the frame exactly. TABAnimated makes them `frame.width / n`
  ///   and so runs `(n − 1) × spacing` past the frame's right edge. `lastLineScale` does not apply.
  /// - The first line starts at the frame's left edge; each next one where the previous one ended plus the
  ///   gap after it (TABAnimated adds the current line's width, which overlaps lines of unequal widths).
  /// - Centred bones centre the row in the frame; right-to-left bones mirror it in the frame, so the first
  ///   line sits at the right edge.
  ///
  /// Lines are not clipped to the frame: an explicit count or per-line sizes may run past it.
  public func lineFrames() -> [Rect] {
    if lines == 1 || lines < 0 { return [frame] }
    let baseHeight = lineHeight ?? style.lineHeight
    let count = lineCount(baseHeight: baseHeight)
    var result: [Rect] = []
    result.reserveCapacity(count)
    switch linesMode {
    case .vertical:
      var y = frame.y
      for i in 0..<count {
        let height = lineHeights[i] ?? baseHeight
        let width = lineWidths[i] ?? defaultLineWidth(i, count: count, frameWidth: frame.width)
        let x: Double
        if isCentered {
          x = frame.x + (frame.width - width) / 2
        } else if style.rightToLeft {
          x = frame.x + frame.width - width
        } else {
          x = frame.x
        }
        result.append(Rect(x: x, y: y, width: width, height: height))
        y += height + (lineSpacings[i] ?? lineSpacing)
      }
    case .horizontal:
      var x = frame.x
      for i in 0..<count {
        let width = lineWidths[i] ?? defaultLineWidth(i, count: count, frameWidth: frame.width)
        result.append(Rect(x: x, y: frame.y, width: width, height: lineHeights[i] ?? baseHeight))
        x += width + (lineSpacings[i] ?? lineSpacing)
      }
      let rowEnd = result.last.map { $0.x + $0.width } ?? frame.x
      if isCentered {
        let shift = (frame.width - (rowEnd - frame.x)) / 2
        for i in result.indices { result[i].x += shift }
      } else if style.rightToLeft {
        for i in result.indices { result[i].x = 2 * frame.x + frame.width - result[i].x - result[i].width }
      }
    }
    return result
  }

  /// The number of lines ``lineFrames()`` draws for a multi-line bone (``lines`` ≠ 1).
  func lineCount(baseHeight: Double) -> Int {
    guard lines == 0 else { return min(lines, Bone.maxLineCount) }
    let fit = ((frame.height + lineSpacing) / (baseHeight + lineSpacing)).rounded(.down)
    if fit.isNaN || fit < 2 { return 3 }
    return fit >= Double(Bone.maxLineCount) ? Bone.maxLineCount : Int(fit)
  }

  /// Line `i`'s width of `count` lines without a per-line override, for a frame `frameWidth` wide:
  /// vertical, the full width (the last line × ``lastLineScale``); horizontal, an equal share of the
  /// width left after the gaps.
  func defaultLineWidth(_ i: Int, count: Int, frameWidth: Double) -> Double {
    switch linesMode {
    case .vertical:
      return i < count - 1 ? frameWidth : frameWidth * lastLineScale
    case .horizontal:
      guard count > 0 else { return frameWidth }
      return max((frameWidth - Double(count - 1) * lineSpacing) / Double(count), 0)
    }
  }
}
