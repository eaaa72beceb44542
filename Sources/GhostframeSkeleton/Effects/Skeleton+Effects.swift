import GhostframeCore

extension Skeleton {
  /// What the skeleton's effects add to its scene: layer properties the animations move
  /// (gradients, anchor points) and the animations themselves, all decided before any layer
  /// is added so each layer is created once with its final model values.
  struct EffectPlan {
    /// An animation to attach once the layers exist.
    typealias Attachment = Scene.GeneratedAnimation

    let skeleton: Skeleton
    /// The skeleton's bones, read in place (valid for the duration of ``Skeleton/scene(startTime:)``).
    let bones: UnsafeBufferPointer<Bone>
    let layout: Skeleton.Layout
    let startTime: Double
    /// When the effects begin: ``startTime`` plus the global style's `showDelay`, so the first
    /// cycle plays as the skeleton appears.
    let effectStart: Double
    /// Shimmer gradients by part (index into ``Skeleton/Layout/parts``).
    var gradients: [Gradient?]
    /// Anchor points by part (long / short move them to an edge).
    var anchors: [Point]
    /// In the order they compose.
    var attachments: [Attachment] = []
    /// The last shimmer built and what it was built from: neighbouring bones mostly share it,
    /// and a shared `Animation` value costs no copies.
    var lastShimmer: (sweep: Skeleton.ShimmerSweep, duration: Double, pause: Double, limit: Double?,
                      animation: SharedBox<Animation>?)?
    /// The last shimmer colours built, for the same reason.
    var lastShimmerColors: (base: Color, brightness: Double, highlight: Color?, colors: [Color])?
    /// The last repeating timing built (by duration, autoreverse, easing, offset and limit).
    var lastRepeating: (duration: Double, autoreverses: Bool, easing: Curve, offset: Double, limit: Double?,
                        timing: Timing?)?

    init(skeleton: Skeleton, bones: UnsafeBufferPointer<Bone>, layout: Skeleton.Layout, startTime: Double)
      throws(GhostframeError)
    {
      self.skeleton = skeleton
      self.bones = bones
      self.layout = layout
      self.startTime = startTime
      let lifecycle = skeleton.style
      guard lifecycle.showDelay.isFinite, lifecycle.showDelay >= 0 else {
        throw .invalid("the skeleton's style: showDelay must be finite and >= 0 (got \(lifecycle.showDelay))")
      }
      guard lifecycle.appearDuration.isFinite, lifecycle.appearDuration >= 0 else {
        throw .invalid("the skeleton's style: appearDuration must be finite and >= 0 (got \(lifecycle.appearDuration))")
      }
      effectStart = startTime + lifecycle.showDelay
      guard effectStart.isFinite else {
        throw .invalid("the skeleton's start time \(startTime) plus showDelay \(lifecycle.showDelay) is not finite")
      }
      gradients = Array(repeating: nil, count: layout.parts.count)
      anchors = Array(repeating: Point(x: 0.5, y: 0.5), count: layout.parts.count)
      attachments.reserveCapacity(layout.parts.count)
      let rootOpacityTaken = try planOpacity()
      try planAppear(rootOpacityTaken: rootOpacityTaken)
      for placed in layout.bones where !bones[placed.bone].isKept {
        try planShimmer(placed)
        try planLength(placed)
      }
      try planDrop()
      try planHostEffects()
    }

    /// The layer of one part of a bone, with the effects' model values.
    func layer(forPart index: Int, of placed: Skeleton.PlacedBone) -> Layer {
      let part = layout.parts[index]
      let frame = Rect(x: part.frame.x - placed.origin.x, y: part.frame.y - placed.origin.y,
                       width: part.frame.width, height: part.frame.height)
      let b = placed.bone
      let source = LayerSource(viewID: bones[b].id, viewKind: bones[b].kind.rawValue, line: part.line)
      if bones[b].isKept {
        return Layer(id: part.id, parent: placed.parentID, frame: frame, cornerRadius: bones[b].cornerRadius,
                     backgroundColor: .clear, custom: [Skeleton.holeProperty: 1], source: source)
      }
      let staticGradient = bones[b].gradient.map {
        Gradient(colors: $0, startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0))
      }
      return Layer(id: part.id, parent: placed.parentID, frame: frame, anchorPoint: anchors[index],
                   cornerRadius: bones[b].cornerRadius, backgroundColor: bones[b].color,
                   gradient: gradients[index] ?? staticGradient, contents: bones[b].placeholder, source: source)
    }

    /// Throws `.limit` when the planned animations would pass ``Scene/maximumAnimationTracks``
    /// (tracks or group timings) or ``Scene/maximumAnimationValues`` (checked before the scene is
    /// built).
    func checkTrackCount() throws(GhostframeError) {
      var tracks = 0, groupTimings = 0, values = 0
      // Neighbouring attachments mostly share one animation: cost each box once per run.
      var lastBox: SharedBox<Animation>?
      var cost = AnimationCost()
      for index in attachments.indices {
        let box = attachments[index].animation
        if lastBox !== box {
          lastBox = box
          cost = box.value.cost
        }
        tracks += cost.tracks
        groupTimings += cost.groupTimings
        values += cost.values
      }
      guard tracks <= Scene.maximumAnimationTracks, groupTimings <= Scene.maximumAnimationTracks else {
        throw GhostframeError(
          .limit,
          "the skeleton's effects would compile to \(tracks) animation tracks with \(groupTimings) group timings; a scene holds at most \(Scene.maximumAnimationTracks) of each")
      }
      guard values <= Scene.maximumAnimationValues else {
        throw GhostframeError(
          .limit,
          "the skeleton's effects would hold \(values) animation numbers; a scene holds at most \(Scene.maximumAnimationValues)")
      }
    }

    /// Attaches every planned animation (the layers must exist). Each was validated when it
    /// was built, each layer gets at most one animation per key, and ``checkTrackCount()``
    /// passed.
    func attach(to scene: inout Scene) {
      scene.appendGeneratedAnimations(attachments)
    }

    mutating func add(_ animation: Animation, to layer: String, key: String) {
      add(SharedBox(animation), to: layer, key: key)
    }

    /// Attaches one animation to many layers without copying it.
    mutating func add(_ animation: SharedBox<Animation>, to layer: String, key: String) {
      attachments.append(Attachment(layer: layer, key: key, animation: animation))
    }

    /// A Core Animation timing that begins `offset` seconds after the effects (``effectStart``)
    /// and repeats forever, or, under a `limit` (the style's `maxAnimationDuration`), as many
    /// whole cycles (`duration`, twice that autoreversing) as end by `effectStart + limit`
    /// (within 1e-9 of a cycle), with no fill: after them the model, the static skeleton, shows.
    /// Nil when the limit leaves no whole cycle.
    mutating func repeating(
      _ duration: Double, autoreverses: Bool = false, easing: Curve, offset: Double = 0, limit: Double?
    ) throws(GhostframeError) -> Timing? {
      if let last = lastRepeating, last.duration == duration, last.autoreverses == autoreverses,
         last.easing == easing, last.offset == offset, last.limit == limit {
        return last.timing
      }
      let timing: Timing?
      if let limit {
        guard limit.isFinite, limit > 0 else {
          throw .invalid("maxAnimationDuration must be finite and > 0 (got \(limit))")
        }
        let cycle = duration * (autoreverses ? 2 : 1)
        let cycles = ((limit - offset) / cycle + 1e-9).rounded(.down)
        timing = cycles >= 1
          ? try Timing.coreAnimation(duration: duration, beginTime: effectStart + offset, repeatCount: cycles,
                                     autoreverses: autoreverses, fillMode: .none, easing: easing)
          : nil
      } else {
        timing = try Timing.coreAnimation(duration: duration, beginTime: effectStart + offset, repeatCount: .infinity,
                                          autoreverses: autoreverses, fillMode: .forwards, easing: easing)
      }
      lastRepeating = (duration, autoreverses, easing, offset, limit, timing)
      return timing
    }
  }
}

// MARK: - Opacity effects: breathe and the reduced-motion cross-fade

extension Skeleton {
  /// An opacity oscillation of a whole level (root, container or bone): breathe, or the
  /// reduced-motion cross-fade that replaces motion.
  struct OpacityEffect: Hashable {
    var from: Double
    var to: Double
    var duration: Double
    var easing: Curve
    var key: String
    /// The level's `maxAnimationDuration`.
    var limit: Double? = nil

    /// TABAnimated's "bin": 1.1 → 0.6 over one leg, ease-in, autoreverse (the over-range start
    /// holds full opacity until the sampler's clamp lets go).
    static func breathe(_ duration: Double) -> OpacityEffect {
      OpacityEffect(from: 1.1, to: 0.6, duration: duration, easing: .easeIn, key: "breathe")
    }

    /// This effect, stopping after `limit` seconds (see ``Skeleton/EffectPlan/repeating(_:autoreverses:easing:offset:limit:)``).
    func limited(_ limit: Double?) -> OpacityEffect {
      var effect = self
      effect.limit = limit
      return effect
    }

    /// The reduced-motion replacement: 1 → 0.7 over 2 s, ease-in-out, autoreverse.
    static let crossFade = OpacityEffect(from: 1, to: 0.7, duration: 2, easing: .easeInOut, key: "crossFade")

    /// What a resolved style asks of its level, or nil.
    static func wanted(by style: ResolvedSkeletonStyle) -> OpacityEffect? {
      switch style.reducedMotion {
      case .static: return nil
      case .crossFade:
        return style.effect == .none && style.hostEffect == nil ? nil : crossFade.limited(style.maxAnimationDuration)
      case .off:
        return style.effect == .breathe ? breathe(style.breatheDuration).limited(style.maxAnimationDuration) : nil
      }
    }
  }
}

extension Skeleton.EffectPlan {
  /// Breathe and cross-fade: on the root when the global style and every container want the
  /// same; else on each container that wants it; else on the layers of a bone that wants it
  /// while nothing above it oscillates. Returns whether the root's opacity is taken.
  mutating func planOpacity() throws(GhostframeError) -> Bool {
    let global = Skeleton.OpacityEffect.wanted(by: skeleton.style)
    let perContainer = skeleton.containers.map { Skeleton.OpacityEffect.wanted(by: $0.style) }
    var rootAnimated = false
    var animatedContainers = Set<Int>()
    if let global, perContainer.allSatisfy({ $0 == global }) {
      try addOpacity(global, to: Skeleton.rootLayerID, owner: "the skeleton's style")
      rootAnimated = true
    } else {
      for (index, effect) in perContainer.enumerated() {
        guard let effect else { continue }
        let group = skeleton.containers[index].group
        try addOpacity(effect, to: Skeleton.containerLayerID(group), owner: "container '\(group)'")
        animatedContainers.insert(index)
      }
    }
    guard !rootAnimated else { return true }
    for placed in layout.bones where !bones[placed.bone].isKept {
      guard let effect = Skeleton.OpacityEffect.wanted(by: bones[placed.bone].style) else { continue }
      if let container = placed.container, animatedContainers.contains(container) { continue }
      for part in placed.parts {
        try addOpacity(effect, to: layout.parts[part].id, owner: "bone \(bones[placed.bone].index)")
      }
    }
    return false
  }

  private mutating func addOpacity(_ effect: Skeleton.OpacityEffect, to layer: String, owner: String)
    throws(GhostframeError)
  {
    guard effect.duration.isFinite, effect.duration > 0 else {
      throw .invalid("\(owner): breathe duration must be finite and > 0 (got \(effect.duration))")
    }
    guard let timing = try repeating(effect.duration, autoreverses: true, easing: effect.easing, limit: effect.limit)
    else { return }
    add(try .basic("opacity", from: [effect.from], to: [effect.to], timing: timing, removedOnCompletion: false),
        to: layer, key: effect.key)
  }
}

// MARK: - Long / short

extension Skeleton.EffectPlan {
  /// TABAnimated's toLong / toShort: `transform.scale.x` 1 → longScale (shortScale) about the
  /// left edge (the right edge in right-to-left), ease-in-out, autoreverse, forever (or the
  /// whole cycles of `maxAnimationDuration`). Every line
  /// of a multi-line bone stretches (TABAnimated's scale on the parent never showed).
  mutating func planLength(_ placed: Skeleton.PlacedBone) throws(GhostframeError) {
    let bone = bones[placed.bone].index
    let style = bones[placed.bone].style
    guard let kind = bones[placed.bone].lengthAnimation, style.reducedMotion == .off else { return }
    let scale = kind == .long ? style.longScale : style.shortScale
    guard scale.isFinite else { throw .invalid("bone \(bone): \(kind.rawValue) scale must be finite (got \(scale))") }
    guard style.lengthDuration.isFinite, style.lengthDuration > 0 else {
      throw .invalid("bone \(bone): length duration must be finite and > 0 (got \(style.lengthDuration))")
    }
    guard let timing = try repeating(style.lengthDuration, autoreverses: true, easing: .easeInOut,
                                     limit: style.maxAnimationDuration)
    else { return }
    let anchor = Point(x: style.rightToLeft ? 1 : 0, y: 0.5)
    let stretch = SharedBox(try Animation.basic("transform.scale.x", from: [1], to: [scale], timing: timing,
                                                         removedOnCompletion: false))
    for part in placed.parts {
      anchors[part] = anchor
      add(stretch, to: layout.parts[part].id, key: "length")
    }
  }
}
