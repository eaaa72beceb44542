import GhostframeCore

extension Skeleton {
  /// The id of the root layer: the viewport, which every other layer sits in.
  public static let rootLayerID = "skeleton"

  /// The layer id of the container for `group` (`"container:<group>"`).
  public static func containerLayerID(_ group: String) -> String { "container:\(group)" }

  /// The layer id of the bone with ``Bone/index`` `index` (`"bone:<index>"`), or of one of
  /// its lines (`"bone:<index>:line:<line>"`).
  public static func boneLayerID(_ index: Int, line: Int? = nil) -> String {
    line.map { "bone:\(index):line:\($0)" } ?? "bone:\(index)"
  }

  /// The custom property a kept bone's layer carries (value 1): see ``scene(startTime:)``.
  public static let holeProperty = "hole"

  /// The skeleton as a scene: layers for the containers and bones, and each bone's effect as
  /// ordinary animations, so every frame is a pure function of the scene time.
  ///
  /// Layers, parents before children:
  /// - `"skeleton"` (``rootLayerID``): the viewport, `(0, 0, viewport)`, clear.
  /// - `"container:<group>"` per container, a child of the root, with its frame, colour and
  ///   corner radius, in the order of ``containers``.
  /// - Per bone, in the order of ``bones``, children of the container whose group is the
  ///   bone's ``Bone/group`` (else the container whose group is a path prefix of it, else the
  ///   first container, else the root), with frames relative to that container:
  ///   `"bone:<index>"`, or for a multi-line bone (``Bone/lines`` ≠ 1) one layer per line of
  ///   ``Bone/lineFrames()``, `"bone:<index>:line:<i>"`. Removed bones produce nothing. Every
  ///   bone layer's ``/GhostframeCore/Layer/source`` names the view it stands for: the bone's
  ///   ``Bone/id`` and ``Bone/kind``, and the line of a line layer.
  /// - A kept bone (``Bone/isKept``, the real view showing through) is one layer over its
  ///   whole frame with a clear colour, no effect, and the custom property `"hole"` = 1
  ///   (``holeProperty``; 0 on every other layer): a host cuts that rectangle out of the
  ///   skeleton above it (the root's and the container's fills) so its real view shows.
  ///
  /// Effects (each bone's resolved ``Bone/style``, so control views can differ):
  /// - `shimmer`: a `[base, highlight, base]` gradient (stops 0, 0.5, 1) whose start and end
  ///   points sweep: per element as TABAnimated, or one band shared by the whole skeleton;
  ///   duration or speed in points per second; right-to-left flips the direction.
  ///   Skips `withoutAnimation` bones and bones with their own static gradient.
  /// - `breathe`: opacity 1.1 → 0.6, ease-in, autoreverse, forever, on the root when the
  ///   global style and every container breathe alike, else on each breathing container, and
  ///   on a bone's own layers when only the bone asks for it.
  /// - `drop`: TABAnimated's sequential recolour, counted per control view (bone group).
  /// - ``Bone/lengthAnimation`` (long / short): the width oscillates from the left edge (the
  ///   right in right-to-left), whatever the effect.
  /// - Reduced motion (``SkeletonStyle/ReducedMotion``): `.static` adds no animation at all;
  ///   `.crossFade` replaces an effect by a slow opacity pulse (1 → 0.7, 2 s, ease-in-out,
  ///   autoreverse, forever) placed like `breathe`.
  ///
  /// Geometry is taken as given: bone and line frames are already laid out (mirrored for
  /// right-to-left by whoever made them); right-to-left here only mirrors effect directions.
  ///
  /// - Parameter startTime: The scene time at which every effect begins.
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a non-finite start
  ///   time, a bad number in the skeleton or its styles (naming the bone), duplicate containers
  ///   or bone indices; ``/GhostframeCore/GhostframeError/Code/limit`` past ``maximumLayers``
  ///   (counted before any layer is built) or the scene's limits.
  /// - Complexity: O(layers + animations) of the result, which ``maximumLayers`` bounds.
  public func scene(startTime: Double = 0) throws(GhostframeError) -> Scene {
    guard startTime.isFinite else { throw .invalid("skeleton start time must be finite (got \(startTime))") }
    // Lines multiply bones: count the layers before laying any out.
    try checkLayerCount()
    // Bones are read in place through the buffer: a `Bone` is large, and copying one per
    // layer and effect was most of the cost of a big skeleton.
    return try bones.withUnsafeBufferPointer { (bones) throws(GhostframeError) -> Scene in
      let layout = Layout(skeleton: self, bones: bones)
      let plan = try EffectPlan(skeleton: self, bones: bones, layout: layout, startTime: startTime)
      try plan.checkTrackCount()
      var scene = Scene()
      scene.reserveCapacity(layers: 1 + containers.count + layout.parts.count, animations: plan.attachments.count)
      try scene.addLayer(Layer(
        id: Self.rootLayerID, frame: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)))
      for container in containers {
        try scene.addLayer(Layer(
          id: Self.containerLayerID(container.group), parent: Self.rootLayerID, frame: container.frame,
          cornerRadius: container.cornerRadius, backgroundColor: container.color))
      }
      // Every bone's parent is the root or a container, added above.
      for placed in layout.bones {
        for part in placed.parts {
          try scene.appendGeneratedLayer(plan.layer(forPart: part, of: placed))
        }
      }
      plan.attach(to: &scene)
      return scene
    }
  }

  /// One layer of a bone: the whole bone, or one line.
  struct BonePart {
    var id: String
    /// The line index, or nil for a single-layer bone.
    var line: Int?
    /// The frame in root coordinates.
    var frame: Rect
  }

  /// One drawing bone placed on its container.
  struct PlacedBone {
    /// The index into ``Skeleton/bones``.
    var bone: Int
    /// The index into ``Skeleton/containers``, or nil when the bone sits on the root.
    var container: Int?
    var parentID: String
    /// The parent's origin in root coordinates.
    var origin: Point
    /// Its layers: indices into ``Layout/parts``.
    var parts: Range<Int>
  }

  /// The bones that draw, with their containers and layers, in drawing order.
  struct Layout {
    var bones: [PlacedBone] = []
    /// Every bone layer, bone after bone.
    var parts: [BonePart] = []

    init(skeleton: Skeleton, bones: UnsafeBufferPointer<Bone>) {
      var byGroup: [String: Int] = [:]
      for (index, container) in skeleton.containers.enumerated() where byGroup[container.group] == nil {
        byGroup[container.group] = index
      }
      let rootOnly = skeleton.containers.isEmpty
      let containerIDs = skeleton.containers.map { Skeleton.containerLayerID($0.group) }
      self.bones.reserveCapacity(bones.count)
      parts.reserveCapacity(bones.count)
      // Consecutive bones mostly share a group: look the container up once per run.
      var lastGroup: String?
      var lastContainer: Int?
      for index in bones.indices where !bones[index].isRemoved {
        if rootOnly {
          lastContainer = nil
        } else if bones[index].group != lastGroup {
          lastGroup = bones[index].group
          lastContainer = skeleton.containerIndex(for: bones[index].group, byGroup: byGroup)
        }
        let container = lastContainer
        let first = parts.count
        let boneIndex = bones[index].index
        if bones[index].lines != 1, !bones[index].isKept, bones[index].placeholder == nil {
          for (line, frame) in bones[index].lineFrames().enumerated() {
            parts.append(BonePart(id: Skeleton.boneLayerID(boneIndex, line: line), line: line, frame: frame))
          }
        } else {
          parts.append(BonePart(id: Skeleton.boneLayerID(boneIndex), line: nil, frame: bones[index].frame))
        }
        self.bones.append(PlacedBone(
          bone: index, container: container, parentID: container.map { containerIDs[$0] } ?? Skeleton.rootLayerID,
          origin: container.map { Point(x: skeleton.containers[$0].frame.x, y: skeleton.containers[$0].frame.y) } ?? .zero,
          parts: first..<parts.count))
      }
    }
  }

  /// The container a bone group sits on: the same group, else the longest group that is a
  /// path prefix of it (`"a/b"` for `"a/b/c"`), else the first container, else none (the root).
  fileprivate func containerIndex(for group: String, byGroup: [String: Int]) -> Int? {
    if let exact = byGroup[group] { return exact }
    var best: (index: Int, length: Int)?
    for (index, container) in containers.enumerated()
    where group.hasPrefix(container.group + "/") && container.group.count > (best?.length ?? -1) {
      best = (index, container.group.count)
    }
    return best?.index ?? (containers.isEmpty ? nil : 0)
  }
}
