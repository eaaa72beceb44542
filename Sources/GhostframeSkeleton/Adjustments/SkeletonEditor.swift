import GhostframeCore

/// TABAnimated's chain syntax as a fluent Swift API over a list of bones.
///
/// ```swift
/// let editor = SkeletonEditor(bones: bones, containerWidth: 375)
/// try editor.animation(1).reducedWidth(20).down(2)
/// try editor.animations(from: 4, count: 3).radius(3)
/// try editor.named("bio").lines(3)
/// let adjusted = editor.bones
/// ```
///
/// Each modifier applies at once to every selected bone, or, if it fails, to none (the error
/// says why: a width of 0, a bone index that does not exist, a width pushed below 0). Text
/// programs (``AdjustmentList``) run through the same selectors and modifiers, so a program
/// gives the same bones in either form.
///
/// Bones are addressed by their position in the list (`animation(i)` is `bones[i]`; the
/// generator numbers bones so that `bones[i].index == i`) or by id (`named(id)`).
///
/// The editor is a reference type: a ``Selection`` edits the editor it came from.
public final class SkeletonEditor {
  /// Bookkeeping per bone beyond the bone's own fields.
  struct BoneState: Sendable, Hashable {
    /// An edge relation: the bone followed and the offset.
    struct Edge: Sendable, Hashable {
      var bone: Int
      var offset: Double
    }
    /// `height`, `reducedHeight` or `reducedHeight_horizontal` was applied (TABAnimated's
    /// `isChangedHeight`): multi-line bones take the frame's height as their line height.
    var changedHeight = false
    /// A modifier wrote the frame: a centred bone is re-centred on the container.
    var moved = false
    /// The latest edge relations, for a bone whose left and right (or top and bottom) edges
    /// both follow the same bone.
    var leftEqual: Edge?
    var rightEqual: Edge?
    var topEqual: Edge?
    var bottomEqual: Edge?
  }

  /// The bones as the modifiers left them, before centred bones are re-centred and changed
  /// heights become line heights (relations read these frames, as TABAnimated's do).
  var raw: [Bone]
  /// One state per bone.
  var states: [BoneState]
  /// The width centred bones are centred on.
  public let containerWidth: Double
  /// The control view's background, which ``backgroundComponent()`` edits; nil where the
  /// control view has none of its own (a cell template draws on its list section's).
  public internal(set) var background: Skeleton.Container?

  /// Starts editing `bones`.
  ///
  /// - Parameters:
  ///   - bones: The bones of one control view (the root or one cell template), in index order.
  ///   - containerWidth: The control view's width: centred labels that an adjustment moves or
  ///     resizes are re-centred on it, `x = (containerWidth − width) / 2`. It must be finite
  ///     and >= 0 once such a bone is adjusted.
  ///   - background: The control view's container, for ``backgroundComponent()``, or nil.
  public init(bones: [Bone], containerWidth: Double, background: Skeleton.Container? = nil) {
    raw = bones
    states = Array(repeating: BoneState(), count: bones.count)
    self.containerWidth = containerWidth
    self.background = background
  }

  /// The number of bones, created ones included.
  public var count: Int { raw.count }

  /// The adjusted bones: centred bones whose frame an adjustment wrote are re-centred on the
  /// container, and multi-line bones whose height was set or reduced take that height as their
  /// line height.
  public var bones: [Bone] {
    var result = raw
    for i in result.indices {
      let state = states[i]
      if state.changedHeight, result[i].lines != 1 {
        result[i].lineHeight = result[i].frame.height
      }
      if state.moved, result[i].isCentered, containerWidth.isFinite {
        result[i].frame.x = (containerWidth - result[i].frame.width) / 2
      }
    }
    return result
  }

  // MARK: - Selectors

  /// Selects bones; ``animation(_:)`` and its siblings call this.
  ///
  /// - Throws: `.invalidArgument` for a negative index, a count below 1 or an empty id, or a
  ///   `create` whose index is not the next free one; `.notFound` for a bone that does not exist.
  public func select(_ selector: AdjustSelector) throws(GhostframeError) -> Selection {
    if case .backgroundComponent = selector {
      guard background != nil else {
        throw GhostframeError(
          .notFound, "backgroundComponent: no background here (a cell template draws on its list section's)")
      }
      return Selection(editor: self, indices: [], isBackground: true)
    }
    return Selection(editor: self, indices: try resolve(selector))
  }

  /// Bone `index` (TABAnimated's `animation(i)`).
  public func animation(_ index: Int) throws(GhostframeError) -> Selection {
    try select(.animation(index))
  }

  /// Exactly `count` bones starting at `from` (TABAnimated's `animations(loc, len)`); every
  /// one of them must exist.
  public func animations(from: Int, count: Int) throws(GhostframeError) -> Selection {
    try select(.animations(from: from, count: count))
  }

  /// The listed bones, each once (TABAnimated's `animationsWithIndexs(a, b, ...)`).
  public func animations(at indices: Int...) throws(GhostframeError) -> Selection {
    try select(.animationsWithIndexs(indices))
  }

  /// Every bone whose id is `id` (TABAnimated's `animationN(name)`).
  public func named(_ id: String) throws(GhostframeError) -> Selection {
    try select(.named(id))
  }

  /// Appends a bone with index `index`, which must be ``count`` (the next free index): kind
  /// `.view`, a zero frame, one line, the style's colour (TABAnimated's `create(i)`).
  public func create(_ index: Int) throws(GhostframeError) -> Selection {
    try select(.create(index))
  }

  /// Appends a bone with id `id` at the next free index (TABAnimated's `createN(name)`);
  /// no other bone may have that id.
  public func create(named id: String) throws(GhostframeError) -> Selection {
    try select(.createNamed(id))
  }

  /// The control view's background: its container (TABAnimated's `backgroundComponent`).
  /// Position, size, `radius`, `reducedRadius` and `color` modifiers edit it
  /// (``Adjustment/appliesToBackground``); the bones keep their places.
  ///
  /// - Throws: `.notFound` when the editor has no ``background``.
  public func backgroundComponent() throws(GhostframeError) -> Selection {
    try select(.backgroundComponent)
  }

  // MARK: - Programs

  /// Runs a text program on these bones. On error the editor is left as it was.
  public func apply(_ list: AdjustmentList) throws(GhostframeError) {
    let saved = (raw, states, background)
    do {
      try run(list)
    } catch {
      (raw, states, background) = saved
      throw error
    }
  }

  /// Runs a program, naming the line and column of the first failure.
  ///
  /// The modifiers it applies (selected bones × modifiers, summed over the chains) are counted
  /// against ``AdjustmentList/maxBoneEdits`` before each chain runs: a short program selecting
  /// every bone on every line is `.limit`, not minutes of work.
  func run(_ list: AdjustmentList) throws(GhostframeError) {
    var edits = 0
    for (number, chain) in list.chains.enumerated() {
      let selection: Selection
      do {
        selection = try select(chain.selector)
      } catch {
        throw chain.locate(error, chainNumber: number, column: chain.source?.selectorColumn)
      }
      // Both factors are bounded (bones, modifiers per line): the product cannot overflow.
      edits += max(selection.indices.count, 1) * chain.adjustments.count
      if edits > AdjustmentList.maxBoneEdits {
        throw chain.locate(
          GhostframeError(
            .limit,
            "the adjust lines apply more than \(AdjustmentList.maxBoneEdits) modifiers to bones (selected bones × modifiers, over all chains)"),
          chainNumber: number, column: chain.source?.selectorColumn)
      }
      for (k, adjustment) in chain.adjustments.enumerated() {
        do {
          try selection.apply(adjustment)
        } catch {
          throw chain.locate(error, chainNumber: number, column: chain.source?.modifierColumns[k])
        }
      }
    }
  }

  // MARK: - Resolving selectors

  /// "no bone 7 (there are 5)".
  static func noBone(_ index: Int, count: Int) -> GhostframeError {
    GhostframeError(.notFound, "no bone \(index) (\(count == 1 ? "there is 1" : "there are \(count)"))")
  }

  private func resolve(_ selector: AdjustSelector) throws(GhostframeError) -> [Int] {
    if let problem = selector.problem {
      throw GhostframeError(.invalidArgument, problem.message)
    }
    switch selector {
    case .animation(let index):
      guard index < raw.count else { throw Self.noBone(index, count: raw.count) }
      return [index]
    case .animations(let from, let count):
      // from and count are at most Int32.max, so the sum cannot overflow.
      guard from + count <= raw.count else {
        var error = Self.noBone(max(from, raw.count), count: raw.count)
        error.message += ": \(selector) covers bones \(from) to \(from + count - 1)"
        throw error
      }
      return Array(from..<from + count)
    case .animationsWithIndexs(let indices):
      var seen = Set<Int>()
      var result: [Int] = []
      for index in indices where seen.insert(index).inserted {
        guard index < raw.count else { throw Self.noBone(index, count: raw.count) }
        result.append(index)
      }
      return result
    case .named(let id):
      let found = raw.indices.filter { raw[$0].id == id }
      guard !found.isEmpty else {
        let ids = Set(raw.compactMap(\.id))
        let hint =
          Suggestion.closest(to: id, among: ids).map { " (did you mean '\(AdjustParser.clip($0))'?)" } ?? ""
        throw GhostframeError(.notFound, "no bone named '\(AdjustParser.clip(id))'\(hint)")
      }
      return found
    case .create(let index):
      guard index == raw.count else {
        throw GhostframeError(
          .invalidArgument, "create(\(index)): the next free bone index is \(raw.count)")
      }
      return [append(id: nil)]
    case .createNamed(let id):
      if let existing = raw.firstIndex(where: { $0.id == id }) {
        throw GhostframeError(
          .invalidArgument, "createNamed: bone \(existing) is already named '\(AdjustParser.clip(id))'")
      }
      return [append(id: id)]
    case .backgroundComponent:
      return []  // select(_:) handles it
    }
  }

  /// Appends a created bone and returns its index. It takes its style and group from the
  /// first bone (the same control view), or the light defaults when there is none.
  private func append(id: String?) -> Int {
    let style = raw.first?.style ?? SkeletonDefaults.style(.light)
    let index = raw.count
    raw.append(
      Bone(index: index, id: id, kind: .view, frame: .zero, color: style.color, lines: 1,
           group: raw.first?.group ?? "", style: style))
    states.append(BoneState())
    return index
  }
}
