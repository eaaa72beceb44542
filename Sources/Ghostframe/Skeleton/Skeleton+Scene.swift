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
  ///   ``Bone/lineFrames()``, `"bone:<index>:line:<i>"`. Removed bones produce nothing.
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
  /// - Throws: ``GhostframeError/Code/invalidArgument`` for a non-finite start time, a bad
  ///   number in the skeleton or its styles (naming the bone), duplicate containers or bone
  ///   indices; ``GhostframeError/Code/limit`` past the scene's limits.
  public func scene(startTime: Double = 0) throws(GhostframeError) -> Scene {
    guard startTime.isFinite else { throw .invalid("skeleton start time must be finite (got \(startTime))") }
    var scene = Scene()
    try scene.addLayer(Layer(
      id: Self.rootLayerID, frame: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height)))
    for container in containers {
      try scene.addLayer(Layer(
        id: Self.containerLayerID(container.group), parent: Self.rootLayerID, frame: container.frame,
        cornerRadius: container.cornerRadius, backgroundColor: container.color))
    }
    let placed = try placedBones()
    let plan = try EffectPlan(skeleton: self, placed: placed, startTime: startTime)
    for bone in placed {
      for part in bone.parts {
        try scene.addLayer(plan.layer(for: part, of: bone))
      }
    }
    try plan.attach(to: &scene)
    return scene
  }

  /// One bone laid out as layers.
  struct PlacedBone {
    /// One layer of a bone: the whole bone, or one line.
    struct Part {
      var id: String
      /// The line index, or nil for a single-layer bone.
      var line: Int?
      /// The frame in root coordinates.
      var frame: Rect
    }
    var bone: Bone
    /// The index into ``Skeleton/containers``, or nil when the bone sits on the root.
    var container: Int?
    var parentID: String
    /// The parent's origin in root coordinates.
    var origin: Point
    var parts: [Part]
  }

  /// The bones that draw, with their containers and layers.
  func placedBones() throws(GhostframeError) -> [PlacedBone] {
    var byGroup: [String: Int] = [:]
    for (index, container) in containers.enumerated() where byGroup[container.group] == nil {
      byGroup[container.group] = index
    }
    var result: [PlacedBone] = []
    result.reserveCapacity(bones.count)
    for bone in bones where !bone.isRemoved {
      let container = containerIndex(for: bone.group, byGroup: byGroup)
      let parentID = container.map { Self.containerLayerID(containers[$0].group) } ?? Self.rootLayerID
      let origin = container.map { Point(x: containers[$0].frame.x, y: containers[$0].frame.y) } ?? .zero
      let parts: [PlacedBone.Part]
      if bone.lines != 1, !bone.isKept {
        parts = bone.lineFrames().enumerated().map { line, frame in
          PlacedBone.Part(id: Self.boneLayerID(bone.index, line: line), line: line, frame: frame)
        }
      } else {
        parts = [PlacedBone.Part(id: Self.boneLayerID(bone.index), line: nil, frame: bone.frame)]
      }
      result.append(PlacedBone(bone: bone, container: container, parentID: parentID, origin: origin, parts: parts))
    }
    return result
  }

  /// The container a bone group sits on: the same group, else the longest group that is a
  /// path prefix of it (`"a/b"` for `"a/b/c"`), else the first container, else none (the root).
  private func containerIndex(for group: String, byGroup: [String: Int]) -> Int? {
    if let exact = byGroup[group] { return exact }
    var best: (index: Int, length: Int)?
    for (index, container) in containers.enumerated()
    where group.hasPrefix(container.group + "/") && container.group.count > (best?.length ?? -1) {
      best = (index, container.group.count)
    }
    return best?.index ?? (containers.isEmpty ? nil : 0)
  }
}
