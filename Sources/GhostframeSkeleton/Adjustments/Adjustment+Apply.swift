import GhostframeCore

extension SkeletonEditor {
  /// Applies one modifier to the selected bones, one bone after another in the order given (so a
  /// relation to a bone selected earlier reads its new frame, as TABAnimated's arrays do).
  /// Either every bone takes the change or, on error, none does.
  ///
  /// - Throws: `.invalidArgument` for an argument no bone accepts (see ``Adjustment``) or a
  ///   result no bone may have (a negative width, height or radius, a coordinate that is not
  ///   finite); `.notFound` for a related bone or line that does not exist.
  func apply(_ adjustment: Adjustment, to indices: [Int]) throws(GhostframeError) {
    if let problem = adjustment.problem {
      throw GhostframeError(.invalidArgument, problem.message)
    }
    if let related = adjustment.relatedBone, related >= raw.count {
      throw Self.noBone(related, count: raw.count)
    }
    var saved: [(index: Int, bone: Bone, state: BoneState)] = []
    saved.reserveCapacity(indices.count)
    for index in indices {
      let before = (index, raw[index], states[index])
      do {
        try applyOne(adjustment, at: index)
      } catch {
        for entry in saved.reversed() {
          raw[entry.index] = entry.bone
          states[entry.index] = entry.state
        }
        throw error
      }
      saved.append(before)
    }
  }

  /// Applies `adjustment` to bone `index`, writing it back only if the result is valid.
  private func applyOne(_ adjustment: Adjustment, at index: Int) throws(GhostframeError) {
    var bone = raw[index]
    var state = states[index]
    var frame = bone.frame

    switch adjustment {
    case .left, .right, .xOffset, .up, .down, .yOffset, .x, .y, .width, .height, .reducedWidth, .reducedHeight,
      .reducedWidthVertical, .reducedHeightHorizontal:
      adjustment.move(&frame)
      switch adjustment {
      case .height, .reducedHeight, .reducedHeightHorizontal: state.changedHeight = true
      default: break
      }
    case .radius(let v): bone.cornerRadius = v
    case .reducedRadius(let v): bone.cornerRadius -= v

    case .lines(let n):
      bone.lines = n
      bone.linesMode = .vertical
    case .lineWithMode(let n, let mode):
      bone.lines = n
      bone.linesMode = mode
    case .space(let v): bone.lineSpacing = v
    case .lastLineScale(let v): bone.lastLineScale = v
    case .targetLineScale(let line, let scale):
      guard bone.lines != 1 else {
        throw GhostframeError(
          .invalidArgument, "targetLineScale: bone \(index) has a single line; give it lines first (line(n))")
      }
      let count = lineCount(bone, state)
      guard line < count else {
        throw GhostframeError(.notFound, "targetLineScale: bone \(index) has \(count) lines, no line \(line)")
      }
      // The line's width as the lines will be laid out.
      let width = bone.lineWidths[line] ?? bone.defaultLineWidth(line, count: count, frameWidth: frame.width)
      let scaled = width * scale
      guard scaled.isFinite else {
        throw GhostframeError(
          .invalidArgument, "\(adjustment) would make line \(line) of bone \(index) \(scaled) wide")
      }
      bone.lineWidths[line] = scaled
    case .targetLineWidth(let line, let v): bone.lineWidths[line] = v
    case .targetLineHeight(let line, let v): bone.lineHeights[line] = v
    case .targetLineSpace(let line, let v): bone.lineSpacings[line] = v
    case .rangeLineWidth(let from, let count, let v):
      for line in from..<from + count { bone.lineWidths[line] = v }
    case .rangeLineHeight(let from, let count, let v):
      for line in from..<from + count { bone.lineHeights[line] = v }
    case .rangeLineSpace(let from, let count, let v):
      for line in from..<from + count { bone.lineSpacings[line] = v }

    case .remove: bone.isRemoved = true
    case .removeContents: bone.placeholder = nil
    case .placeholder(let image): bone.placeholder = image
    case .removeShadow: break
    case .cancelAlignCenter: bone.isCentered = false
    case .color(let color): bone.color = color
    case .gradient(let colors): bone.gradient = colors
    case .withoutAnimation: bone.withoutAnimation = true
    case .penetrate: bone.isKept = true

    case .relation(let relation, let other, let offset):
      relate(&frame, &state, relation, to: raw[other].frame, other: other, offset: offset)

    case .toLongAnimation: bone.lengthAnimation = .long
    case .toShortAnimation: bone.lengthAnimation = .short
    case .dropIndex(let k): bone.dropIndex = k
    case .dropFromIndex(let k): bone.dropFromIndex = k
    case .removeOnDrop: bone.removeOnDrop = true
    case .dropStayTime(let v): bone.dropStayRatio = v
    }

    if adjustment.movesFrame {
      state.moved = true
      try Self.check(frame, of: "bone \(index)", after: adjustment)
      if bone.isCentered, !(containerWidth.isFinite && containerWidth >= 0) {
        throw GhostframeError(
          .invalidArgument,
          "\(adjustment): bone \(index) is centred, and the container width \(containerWidth)"
            + " is not a finite number >= 0")
      }
    }
    try Self.check(radius: bone.cornerRadius, of: "bone \(index)", after: adjustment)
    bone.frame = frame
    raw[index] = bone
    states[index] = state
  }

  /// Sets an edge or size from another bone's frame.
  ///
  /// When one bone's left and right edges both follow the same bone (in either order, in any
  /// chains), the second relation also sets its width so that both edges hold: w = w_j +
  /// right offset − left offset (TABAnimated's `_updateWidth`, without its global state and
  /// without setting the height to the width). Top and bottom likewise set the height.
  private func relate(
    _ frame: inout Rect, _ state: inout BoneState, _ relation: Adjustment.Relation, to other: Rect,
    other j: Int, offset d: Double
  ) {
    let edge = BoneState.Edge(bone: j, offset: d)
    switch relation {
    case .leftEqualTo:
      state.leftEqual = edge
      if let right = state.rightEqual, right.bone == j { frame.width = other.width + right.offset - d }
      frame.x = other.x + d
    case .rightEqualTo:
      state.rightEqual = edge
      if let left = state.leftEqual, left.bone == j { frame.width = other.width + d - left.offset }
      frame.x = other.x + other.width - frame.width + d
    case .topEqualTo:
      state.topEqual = edge
      if let bottom = state.bottomEqual, bottom.bone == j { frame.height = other.height + bottom.offset - d }
      frame.y = other.y + d
    case .bottomEqualTo:
      state.bottomEqual = edge
      if let top = state.topEqual, top.bone == j { frame.height = other.height + d - top.offset }
      frame.y = other.y + other.height - frame.height + d
    case .widthEqualTo: frame.width = other.width + d
    case .heightEqualTo: frame.height = other.height + d
    case .leftEqualToRight: frame.x = other.x + other.width + d
    case .topEqualToBottom: frame.y = other.y + other.height + d
    case .rightEqualToLeft: frame.x = other.x - frame.width + d
    case .bottomEqualToTop: frame.y = other.y - frame.height + d
    }
  }

  /// Rejects a frame with a coordinate that is not finite or a negative size; `owner` names
  /// what it belongs to ("bone 3", "the background").
  static func check(_ frame: Rect, of owner: String, after adjustment: Adjustment) throws(GhostframeError) {
    let fields: [(String, Double)] = [("x", frame.x), ("y", frame.y), ("width", frame.width), ("height", frame.height)]
    for (field, value) in fields where !value.isFinite {
      throw GhostframeError(.invalidArgument, "\(adjustment) would make \(owner)'s \(field) \(value)")
    }
    for (field, value) in fields.suffix(2) where value < 0 {
      throw GhostframeError(
        .invalidArgument, "\(adjustment) would make \(owner)'s \(field) \(AdjustText.number(value)) (must be >= 0)")
    }
  }

  /// Rejects a corner radius that is not finite or is negative.
  static func check(radius: Double, of owner: String, after adjustment: Adjustment) throws(GhostframeError) {
    guard radius.isFinite, radius >= 0 else {
      throw GhostframeError(
        .invalidArgument,
        "\(adjustment) would make \(owner)'s corner radius \(AdjustText.number(radius)) (must be >= 0)")
    }
  }

  /// How many lines the bone's text block will have, as `Bone.lineFrames()` counts them; once
  /// the height was changed the frame's height is the line height (it becomes `lineHeight`
  /// when the program is done).
  func lineCount(_ bone: Bone, _ state: BoneState) -> Int {
    bone.lineCount(baseHeight: state.changedHeight ? bone.frame.height : bone.lineHeight ?? bone.style.lineHeight)
  }
}
