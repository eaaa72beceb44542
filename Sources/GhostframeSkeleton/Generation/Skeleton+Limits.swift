import GhostframeCore

/// The limits of skeleton generation. Each bounds work derived from the input, not only the input:
/// it is checked before the work it bounds is done, so a tree inside every input limit
/// (``ViewTree/maximumNodes``, ``ViewTree/maximumLines``, ``ViewTree/maximumListCount``) that would
/// expand into too much fails quickly with `.limit` instead of exhausting time or memory.
extension Skeleton {
  /// The most bones a skeleton may have (list copies included). The generator counts a cell's
  /// bones before it copies them.
  public static let maximumBones = 1_000_000
  /// The most containers a skeleton may have: one per list section, copies of sections nested in
  /// cells included. Counted before they are copied.
  public static let maximumContainers = 1_000_000
  /// The most list cells (rows, items, headers and footers) the generator lays out, in the root
  /// and every cell template together: each is counted before it is tested against the visible
  /// area, so a list of tiny rows stops here rather than walking a million empty ones per section.
  public static let maximumListCells = 1_000_000
  /// The most views the generator visits, in the root and every cell template generation
  /// together: a template is generated once per style context (the resolved style of the list
  /// that shows it), so a template shown by many differently styled lists is walked once for
  /// each. Twenty times ``ViewTree/maximumNodes``; each visit is counted before it is made.
  public static let maximumViewVisits = 2_000_000
  /// The most layers a skeleton's scene may have: the root, one per container, and one per drawn
  /// bone or, for a multi-line bone, one per line (``Bone/lineFrames()``). ``scene(startTime:)``
  /// counts them before it builds anything; a scene's own limit,
  /// ``/GhostframeCore/Scene/maximumLayers``.
  public static let maximumLayers = Scene.maximumLayers

  /// The number of layers ``scene(startTime:)`` makes, counted without building them.
  ///
  /// - Complexity: O(bones).
  public var layerCount: Int {
    // Read in place: a Bone is large, and copying each one costs more than counting.
    bones.withUnsafeBufferPointer { bones in
      var count = 1 + containers.count
      for index in bones.indices where !bones[index].isRemoved {
        count += bones[index].layerCount
      }
      return count
    }
  }

  /// Throws `.limit` when the scene would have more than ``maximumLayers`` layers.
  func checkLayerCount() throws(GhostframeError) {
    let count = layerCount
    guard count <= Self.maximumLayers else {
      throw GhostframeError(
        .limit,
        "the skeleton would make \(count) layers (its root, \(containers.count) containers and \(count - 1 - containers.count) bone and line layers); a scene holds at most \(SkeletonGenerator.formatted(Self.maximumLayers))")
    }
  }
}

extension Bone {
  /// The layers this bone draws in a scene: one per line for a multi-line bone drawn as lines
  /// (not kept, without a placeholder), else one. A removed bone's layers are not counted here.
  var layerCount: Int {
    guard lines != 1, lines >= 0, !isKept, placeholder == nil else { return 1 }
    return lineCount(baseHeight: lineHeight ?? styleBox.value.lineHeight)
  }
}
