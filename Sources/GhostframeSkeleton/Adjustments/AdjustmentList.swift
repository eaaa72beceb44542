import GhostframeCore

/// One chain: a selector and the modifiers applied, in order, to the bones it selects
/// (`animation(1).reducedWidth(20).down(2)`).
public struct AdjustmentChain: Sendable, Hashable, CustomStringConvertible {
  /// Where a parsed chain came from, for error messages.
  struct Source: Sendable, Hashable {
    /// The index of the line in the list (`adjust[2]`).
    var line: Int
    /// 1-based columns, in Unicode scalars, of the selector's and each modifier's name.
    var selectorColumn: Int
    var modifierColumns: [Int]
  }

  /// Which bones the chain edits.
  public var selector: AdjustSelector
  /// The modifiers, applied one after another.
  public var adjustments: [Adjustment]
  /// Set by the parser; not part of equality.
  var source: Source?

  /// Creates a chain.
  public init(selector: AdjustSelector, adjustments: [Adjustment]) {
    self.selector = selector
    self.adjustments = adjustments
  }

  public static func == (a: AdjustmentChain, b: AdjustmentChain) -> Bool {
    a.selector == b.selector && a.adjustments == b.adjustments
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(selector)
    hasher.combine(adjustments)
  }

  /// The text form, for example `animation(1).reducedWidth(20).down(2)`.
  public var description: String {
    ([selector.description] + adjustments.map(\.description)).joined(separator: ".")
  }

  /// `error` with "adjust[line], column c: " (or "chain[n]: " for a chain built in code) in front.
  func locate(_ error: GhostframeError, chainNumber: Int, column: Int?) -> GhostframeError {
    let place: String
    if let source {
      place = column.map { "adjust[\(source.line)], column \($0)" } ?? "adjust[\(source.line)]"
    } else {
      place = "chain[\(chainNumber)]"
    }
    return GhostframeError(error.code, "\(place): \(error.message)")
  }
}

/// A program of TABAnimated's chain syntax as text, one chain per line: what a view tree's
/// `adjust` lines say (docs/adjust-syntax.md).
///
/// ```swift
/// let program = try AdjustmentList(lines: [
///   "animation(1).reducedWidth(20).down(2)",
///   "animations(4, 3).radius(3)",
///   "named(bio).lines(3).lastScale(0.4)",
/// ])
/// try program.apply(to: &bones, containerWidth: 375)
/// ```
///
/// Parsing checks everything that does not depend on the bones; applying checks the rest.
/// Errors name the line and column: `adjust[2], column 14: unknown modifier 'reducedWidht'
/// (did you mean 'reducedWidth'?)`.
public struct AdjustmentList: Sendable, Hashable, CustomStringConvertible {
  /// The most lines a program may have.
  public static let maxLines = 10_000
  /// The most characters (Unicode scalars) a line may have.
  public static let maxLineLength = 10_000
  /// The most modifier applications a program may make when it runs: each chain counts its
  /// selected bones (1 for the background) × its modifiers. Checked before each chain runs.
  public static let maxBoneEdits = 10_000_000

  /// The chains, in order (blank and comment lines give none; a line may hold several chains
  /// separated by `;`).
  public var chains: [AdjustmentChain]

  /// Parses a program.
  ///
  /// - Parameter lines: One chain per line; blank lines and `//` comments are allowed.
  /// - Throws: `.parse` for text that is not a chain (an unknown selector or modifier, a
  ///   missing parenthesis, a wrong number or kind of argument, trailing text);
  ///   `.invalidArgument` for a value no bone accepts (a number that is not finite, a
  ///   non-integral index, `width(0)`); `.limit` for more than ``maxLines`` lines or a line
  ///   longer than ``maxLineLength``. The message starts with `adjust[i], column c: `.
  public init(lines: [String]) throws(GhostframeError) {
    guard lines.count <= Self.maxLines else {
      throw GhostframeError(.limit, "adjust has \(lines.count) lines; the limit is \(Self.maxLines)")
    }
    var chains: [AdjustmentChain] = []
    for (number, line) in lines.enumerated() {
      var parser = try AdjustParser(line, number: number)
      chains += try parser.parseLine()
    }
    self.chains = chains
  }

  /// A program built in code.
  public init(chains: [AdjustmentChain]) {
    self.chains = chains
  }

  /// Applies the program to the bones of one control view.
  ///
  /// - Parameters:
  ///   - bones: The bones, in index order; `animation(i)` is `bones[i]`. Created bones are
  ///     appended.
  ///   - containerWidth: The control view's width, on which centred labels are re-centred.
  /// - Throws: `.notFound` for a bone index, id or line that does not exist (`adjust[0],
  ///   column 1: no bone 7 (there are 5)`); `.invalidArgument` for a result no bone may have
  ///   (a negative width, height or radius, a coordinate that is not finite) or a container
  ///   width that is not a finite number >= 0. On error `bones` is unchanged.
  public func apply(to bones: inout [Bone], containerWidth: Double) throws(GhostframeError) {
    guard containerWidth.isFinite, containerWidth >= 0 else {
      throw GhostframeError(.invalidArgument, "containerWidth must be a finite number >= 0, found \(containerWidth)")
    }
    let editor = SkeletonEditor(bones: bones, containerWidth: containerWidth)
    try editor.run(self)
    bones = editor.bones
  }

  /// Applies the program to the bones of one control view and its background (the container
  /// `backgroundComponent` edits), as ``apply(to:containerWidth:)``.
  ///
  /// - Throws: As ``apply(to:containerWidth:)``, and `.invalidArgument` for a modifier the
  ///   background does not take. On error `bones` and `background` are unchanged.
  public func apply(to bones: inout [Bone], background: inout Skeleton.Container, containerWidth: Double)
    throws(GhostframeError)
  {
    guard containerWidth.isFinite, containerWidth >= 0 else {
      throw GhostframeError(.invalidArgument, "containerWidth must be a finite number >= 0, found \(containerWidth)")
    }
    let editor = SkeletonEditor(bones: bones, containerWidth: containerWidth, background: background)
    try editor.run(self)
    bones = editor.bones
    if let edited = editor.background { background = edited }
  }

  /// The program as text, one chain per line; parsing it gives an equal list.
  public var lines: [String] { chains.map(\.description) }

  public var description: String { lines.joined(separator: "\n") }
}
