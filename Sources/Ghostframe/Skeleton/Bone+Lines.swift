extension Bone {
  /// The most lines ``lineFrames()`` returns; a count beyond it (an absurd "as many as fit") is cut here.
  public static let maxLineCount = 10_000

  /// The bars a multi-line bone draws, in the bone's coordinates (the root's), top to bottom.
  ///
  /// TABAnimated's multi-line rule (`TABComponentLayer -_addLinesLayer`), made predictable:
  /// - `lines == 1` (or a negative count): one bar, the bone's frame.
  /// - Line i is `lineHeights[i] ?? lineHeight ?? style.lineHeight` high (12 = 16 × 0.75 by default).
  /// - The first line starts at the frame's top; each next line starts where the previous one ended plus
  ///   the gap after it, `lineSpacings[i] ?? lineSpacing` (8). TABAnimated adds the *current* line's height
  ///   instead of the previous one's, which only differs with per-line heights; here lines never overlap.
  /// - Line i is `lineWidths[i]` wide if set, else the frame's width, or for the last line the frame's
  ///   width × `lastLineScale` (0.5).
  /// - `lines == 0` means as many as fit: `floor((frame.height + lineSpacing) / (lineHeight + lineSpacing))`
  ///   with the bone's base line height and spacing (per-line overrides do not change the count); when that
  ///   comes out below 2, 3 lines (TABAnimated). At most ``maxLineCount`` lines.
  /// - Centred bones centre every line in the frame; right-to-left bones (`style.rightToLeft`) align lines
  ///   to the frame's right edge, so a mirrored label's short last line sits at its start; otherwise lines
  ///   start at the frame's left edge.
  ///
  /// Lines are not clipped to the frame: an explicit count may run past its bottom.
  public func lineFrames() -> [Rect] {
    if lines == 1 || lines < 0 { return [frame] }
    let baseHeight = lineHeight ?? style.lineHeight
    let count: Int
    if lines == 0 {
      let fit = ((frame.height + lineSpacing) / (baseHeight + lineSpacing)).rounded(.down)
      if fit.isNaN || fit < 2 {
        count = 3
      } else {
        count = fit >= Double(Bone.maxLineCount) ? Bone.maxLineCount : Int(fit)
      }
    } else {
      count = min(lines, Bone.maxLineCount)
    }
    var result: [Rect] = []
    result.reserveCapacity(count)
    var y = frame.y
    for i in 0..<count {
      let height = lineHeights[i] ?? baseHeight
      let isLast = i == count - 1
      let width = lineWidths[i] ?? (isLast ? frame.width * lastLineScale : frame.width)
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
    return result
  }
}
