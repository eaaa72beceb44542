/// A layer tree plus the animations attached to it: what a host describes, and what
/// ``SceneSampler`` compiles and samples.
///
/// Layers are kept parents before children; a layer's index is its position in ``layers``
/// and can change when layers are removed or reparented, its id never does.
public struct Scene: Sendable {
  /// An animation attached to a layer.
  public struct AttachedAnimation: Sendable {
    /// The scene-unique id the animation was given when it was added.
    public let id: UInt64
    /// The id of the layer it animates.
    public let layer: String
    /// The host's key; adding another animation with the same key on the same layer
    /// replaces this one.
    public let key: String?
    /// The animation.
    public var animation: Animation { storage.value }
    /// The animation by reference: an animation is large, and generated scenes attach the same
    /// one to many layers.
    let storage: SharedBox<Animation>
    /// What it costs the compiled scene (``SceneBudget``): computed again when it is detached
    /// rather than stored, which keeps every attachment small.
    var cost: AnimationCost { storage.value.cost }

    init(id: UInt64, layer: String, key: String?, animation: SharedBox<Animation>) {
      self.id = id
      self.layer = layer
      self.key = key
      self.storage = animation
    }
  }

  /// The most layers a scene may hold.
  public static let maximumLayers = 1_000_000
  /// The deepest a layer tree may nest.
  public static let maximumDepth = 256
  /// The most tracks a scene's animations may compile to: one per animated property of each
  /// attachment (a basic, keyframe or spring animation 1, a transition 2, a group the sum of its
  /// children), counted on every layer an animation is attached to. Four per layer of the
  /// largest scene, which covers every skeleton the generator can make. The group timings the
  /// tracks carry (one per group enclosing a track's animation) are limited to the same number.
  public static let maximumAnimationTracks = 4_000_000
  /// The most numbers a scene's attached animations may hold for compiling (`AnimationCost.values`:
  /// values, key times, tangent parameters, segment curves), counted per attachment, since each is
  /// compiled into its own constants. 2^25: a skeleton of a million dropping bones needs 22 a layer.
  public static let maximumAnimationValues = 1 << 25
  /// The most custom property slots a scene may need: layers × distinct custom property names
  /// (set on a layer or animated), since the sampler keeps every custom property of every layer.
  /// 2^24: 16 names on a million layers, 1,024 on 16,384.
  public static let maximumCustomSlots = 1 << 24

  /// The layers, parents before children.
  public internal(set) var layers: [Layer] = [] {
    didSet { invalidatePresentation() }
  }
  /// The attached animations, in the order they compose.
  public internal(set) var animations: [AttachedAnimation] = [] {
    didSet { invalidatePresentation() }
  }
  /// Counts the changes that need a new compile; the presentation keeps the revision it compiled.
  package private(set) var revision: UInt64 = 1
  /// The compiled scene, shared by copies until one changes (ScenePresentation.swift).
  private(set) var presentation = ScenePresentation()
  var nextAnimationID: UInt64 = 1
  /// The time of the last ``advance(to:)``, or nil before the first.
  public internal(set) var clock: Double?
  /// Whether ``advance(to:)`` last moved the clock forwards (it then sits just after the
  /// boundaries at ``clock``; backwards, just before them).
  var clockMovedForwards = true
  package internal(set) var indexByID: [String: Int] = [:]
  /// "layer\u{0}key" of every keyed animation ever added, so adding one does not scan them all;
  /// it may still name animations removed since (a scan then finds nothing to replace).
  var keyedAnimations: Set<String> = []
  /// Set when generated animations were appended without updating ``keyedAnimations``.
  var keyIndexIsStale = false
  /// Whether attachments may share one animation box (``appendGeneratedAnimations(_:)`` attaches
  /// one to many layers); while false, every attachment has its own, and compiling does not look
  /// each box up to compile a shared one once. Never cleared.
  var mayShareAnimations = false
  /// What compiling the scene will cost, checked before every change (SceneBudget.swift).
  var budget = SceneBudget()

  /// Creates an empty scene.
  public init() {}

  /// The number of layers.
  public var count: Int { layers.count }

  /// The index of the layer with `id`, or nil.
  public func index(ofLayer id: String) -> Int? { indexByID[id] }

  /// Marks the compiled scene out of date; a copy sharing it keeps it, this one takes its own.
  /// Called on every change of the layers or animations.
  mutating func invalidatePresentation() {
    revision &+= 1
    if !isKnownUniquelyReferenced(&presentation) { presentation = ScenePresentation() }
  }

  /// Runs `body` with the scene's compiled sampler, compiled on first use after a change.
  func withPresentation<R: Sendable, E: Error>(_ body: (SceneSampler) throws(E) -> R) throws(E) -> R {
    try presentation.withSampler(of: self, body)
  }

  /// The compiled sampler for range samples, which run outside the presentation's lock.
  func rangeSampler() -> SceneSampler { presentation.rangeSampler(of: self).sampler }

  /// Whether the kept compile is of this scene as it is now (after a sample, until a change).
  var isPresentationCurrent: Bool { presentation.isCurrent(revision) }
}
