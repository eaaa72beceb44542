import GhostframeCore

/// What is wrong with an argument: its position in the argument list and a message.
struct AdjustProblem: Sendable, Equatable {
  var argument: Int
  var message: String
}

extension Adjustment {
  /// The first argument that no bone list could accept (a number that is not finite, a width
  /// of 0, a negative line index, ...), or nil. Checks that depend on the bones (does bone j
  /// exist, does the width stay >= 0) happen when the adjustment is applied.
  var problem: AdjustProblem? {
    let name = self.name
    func finite(_ value: Double, _ argument: Int) -> AdjustProblem? {
      value.isFinite ? nil : AdjustProblem(argument: argument, message: "\(name): \(value) is not a finite number")
    }
    func atLeast0(_ value: Double, _ argument: Int, _ what: String) -> AdjustProblem? {
      finite(value, argument)
        ?? (value >= 0
          ? nil
          : AdjustProblem(argument: argument, message: "\(what) must be >= 0, found \(AdjustText.number(value))"))
    }
    func line(_ index: Int, _ argument: Int) -> AdjustProblem? {
      (0..<Self.maxLines).contains(index)
        ? nil
        : AdjustProblem(
          argument: argument, message: "\(name): line \(index) is outside 0 to \(Self.maxLines - 1)")
    }
    func range(_ from: Int, _ count: Int) -> AdjustProblem? {
      if let problem = line(from, 0) { return problem }
      guard count >= 1 else {
        return AdjustProblem(argument: 1, message: "\(name): the count must be >= 1, found \(count)")
      }
      guard count <= Self.maxLines - from else {
        return AdjustProblem(
          argument: 1,
          message: "\(name): \(count) lines from line \(from) go past line \(Self.maxLines - 1)")
      }
      return nil
    }
    func step(_ value: Int) -> AdjustProblem? {
      (0...Self.maxIndex).contains(value)
        ? nil : AdjustProblem(argument: 0, message: "\(name): step \(value) is outside 0 to \(Self.maxIndex)")
    }
    func color(_ color: Color, _ argument: Int) -> AdjustProblem? {
      let valid = color.hasValidChannels  // false for NaN too
      return valid
        ? nil : AdjustProblem(argument: argument, message: "\(name): colour channels must be in 0...1")
    }

    switch self {
    case .left(let v), .right(let v), .up(let v), .down(let v), .x(let v), .y(let v), .xOffset(let v),
      .yOffset(let v), .reducedWidth(let v), .reducedHeight(let v), .reducedWidthVertical(let v),
      .reducedHeightHorizontal(let v), .reducedRadius(let v):
      return finite(v, 0)
    case .width(let v), .height(let v):
      if let problem = finite(v, 0) { return problem }
      return v > 0 ? nil : AdjustProblem(argument: 0, message: "\(name) must be > 0, found \(AdjustText.number(v))")
    case .radius(let v):
      return atLeast0(v, 0, "radius")
    case .lines(let n), .lineWithMode(let n, _):
      return (0...Self.maxLines).contains(n)
        ? nil
        : AdjustProblem(argument: 0, message: "\(name): the number of lines must be 0 to \(Self.maxLines), found \(n)")
    case .space(let v):
      return atLeast0(v, 0, "space")
    case .lastLineScale(let v):
      return atLeast0(v, 0, "lastLineScale")
    case .targetLineScale(let index, let v):
      return line(index, 0) ?? atLeast0(v, 1, "targetLineScale: the scale")
    case .targetLineWidth(let index, let v):
      return line(index, 0) ?? atLeast0(v, 1, "targetLineWidth: the width")
    case .targetLineHeight(let index, let v):
      return line(index, 0) ?? atLeast0(v, 1, "targetLineHeight: the height")
    case .targetLineSpace(let index, let v):
      return line(index, 0) ?? atLeast0(v, 1, "targetLineSpace: the space")
    case .rangeLineWidth(let from, let count, let v):
      return range(from, count) ?? atLeast0(v, 2, "rangeLineWidth: the width")
    case .rangeLineHeight(let from, let count, let v):
      return range(from, count) ?? atLeast0(v, 2, "rangeLineHeight: the height")
    case .rangeLineSpace(let from, let count, let v):
      return range(from, count) ?? atLeast0(v, 2, "rangeLineSpace: the space")
    case .color(let c):
      return color(c, 0)
    case .gradient(let colors):
      guard (2...Self.maxGradientColors).contains(colors.count) else {
        return AdjustProblem(
          argument: 0,
          message: "gradient: expected 2 to \(Self.maxGradientColors) colours, found \(colors.count)")
      }
      for (i, c) in colors.enumerated() {
        if let problem = color(c, i) { return problem }
      }
      return nil
    case .relation(_, let bone, let offset):
      guard (0...Self.maxIndex).contains(bone) else {
        return AdjustProblem(argument: 0, message: "\(name): bone index \(bone) is outside 0 to \(Self.maxIndex)")
      }
      return finite(offset, 1)
    case .dropIndex(let k), .dropFromIndex(let k):
      return step(k)
    case .placeholder(let image):
      return Layer.isValidContents(image)
        ? nil
        : AdjustProblem(
          argument: 0,
          message: "placeholder: the image name must be non-empty, without NUL, at most \(Layer.maximumContentsLength) bytes")
    case .dropStayTime(let v):
      guard v.isFinite, v >= 0, v <= 1 else {
        return AdjustProblem(argument: 0, message: "dropStayTime: the stay ratio must be in [0, 1], got \(v)")
      }
      return nil
    case .remove, .removeContents, .cancelAlignCenter, .withoutAnimation, .penetrate, .removeShadow,
      .toLongAnimation, .toShortAnimation, .removeOnDrop:
      return nil
    }
  }
}

extension AdjustSelector {
  /// The first argument no bone list could accept (a negative index, a count of 0, an empty
  /// id), or nil. Whether the bones exist is checked when the selector is resolved.
  var problem: AdjustProblem? {
    let name = self.name
    func index(_ value: Int, _ argument: Int) -> AdjustProblem? {
      (0...Adjustment.maxIndex).contains(value)
        ? nil
        : AdjustProblem(
          argument: argument, message: "\(name): index \(value) is outside 0 to \(Adjustment.maxIndex)")
    }
    switch self {
    case .animation(let i), .create(let i):
      return index(i, 0)
    case .animations(let from, let count):
      if let problem = index(from, 0) { return problem }
      return (1...Adjustment.maxIndex).contains(count)
        ? nil
        : AdjustProblem(
          argument: 1, message: "animations: the count must be 1 to \(Adjustment.maxIndex), found \(count)")
    case .animationsWithIndexs(let indices):
      guard !indices.isEmpty else {
        return AdjustProblem(argument: 0, message: "animationsWithIndexs: expected at least one index")
      }
      for (argument, i) in indices.enumerated() {
        if let problem = index(i, argument) { return problem }
      }
      return nil
    case .named(let id), .createNamed(let id):
      return id.isEmpty ? AdjustProblem(argument: 0, message: "\(name): the id is empty") : nil
    case .backgroundComponent:
      return nil
    }
  }
}
