import GhostframeCore

/// An AXAnimationChain-style chain of animations on one layer, built fluently and compiled to
/// ordinary scene animations with begin times on the scene clock.
///
/// A chain is a list of *stages*. The first link starts the first stage; `combine…` on a link adds
/// a link to that link's stage, `nextTo…` to the stage after it (a new last stage when the link's
/// stage is the last); `basic`, `spring`, ... on the chain itself add a new last stage:
/// - every link of a stage begins at the stage's start plus its own ``ChainLink/beginTime(_:)``;
/// - a link ends after its active duration, `duration × max(repeatCount, 1) × (autoreverses ? 2 : 1)`;
///   a spring's duration is its settling duration (``/GhostframeCore/Spring/settlingDuration(epsilon:)``,
///   ε = 1e-3) unless one is given;
/// - a stage ends with its latest link (so a combined pair ends with the longer), and the next
///   stage starts there ("runs after the former and everything combined with it has finished").
///
/// Nothing waits for a completion event: ``animate(in:layer:at:)`` adds one animation per link
/// (additive where a link changes a value *by* an amount), and sampling the scene stays a pure
/// function of time. Completion callbacks are delivered by the returned ``ChainRun`` as the scene's
/// clock crosses each link's end.
///
/// ```swift
/// var scene = Scene()
/// try scene.addLayer(Layer(id: "card", frame: Rect(x: 0, y: 0, width: 100, height: 100)))
/// let run = try AnimationChain(layer: "card")
///   .spring.centerBy(x: 0, y: 100).easeOut
///   .nextToSpring.sizeBy(width: 100, height: 100)  // begins when the first has settled
///   .combineSpring.cornerRadiusBy(4)               // alongside the second
///   .animate(in: &scene)
/// try run.advance(&scene, to: 1.0)  // fires the completions crossed so far
/// ```
///
/// The seed's view one-liner, whose shorthands all run together, is ``ViewAnimationChain``.
///
/// A chain is a reference type shared by its links (any link can add to it or animate it), and
/// not `Sendable`: build and animate it on one thread. Mistakes made while building (an unknown
/// key path, a negative duration) are recorded and thrown by ``schedule()`` and
/// ``animate(in:layer:at:)``, which add nothing to the scene then.
public final class AnimationChain {
  /// The most links a chain holds; a link past it is recorded as a
  /// ``/GhostframeCore/GhostframeError/Code/limit`` error.
  public static let maximumLinks = 100_000

  /// The id of the layer the chain animates unless ``animate(in:layer:at:)`` names another.
  public var layer: String
  /// Every link's description, in creation order (a link's `index`).
  var specs: [ChainLinkSpec] = []
  /// The number of stages so far; a link's `stage` is below it.
  var stageCount = 0
  /// The first mistake made while building, thrown when the chain is compiled.
  var problem: GhostframeError?
  /// The stage ends of the links ``add(checking:)`` accepted, while those are the chain's only links.
  var checkedEnds = ChainStageEnds()

  /// Creates an empty chain for the layer `layer`; an id ``checkLayer(_:)`` refuses is recorded as
  /// a mistake, thrown by ``schedule()`` and ``animate(in:layer:at:)``.
  public init(layer: String) {
    self.layer = layer
    do {
      try Self.checkLayer(layer)
    } catch {
      problem = error
    }
  }

  /// Checks a chain's layer id as timelines check theirs: not empty, no NUL.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` naming the problem.
  public static func checkLayer(_ layer: String) throws(GhostframeError) {
    guard !layer.isEmpty else { throw .invalid("chain: a layer id must not be empty") }
    try Identifier.check(layer, "chain: the layer id")
  }

  /// The number of links.
  public var count: Int { specs.count }

  // MARK: - First links

  /// Starts the chain with a basic animation (Core Animation's `CABasicAnimation`); on a chain
  /// that already has links, the link runs after them (as ``ChainLink/nextToBasic``).
  public var basic: BasicChainLink { BasicChainLink(self, index: append(.basic, combined: false)) }
  /// Starts the chain with a spring (`CASpringAnimation`), or runs one after the links so far.
  public var spring: SpringChainLink { SpringChainLink(self, index: append(.spring, combined: false)) }
  /// Starts the chain with a keyframe animation (`CAKeyframeAnimation`), or runs one after the links so far.
  public var keyframe: KeyframeChainLink { KeyframeChainLink(self, index: append(.keyframe, combined: false)) }
  /// Starts the chain with a transition (`CATransition`), or runs one after the links so far.
  public var transition: TransitionChainLink {
    TransitionChainLink(self, index: append(.transition, combined: false))
  }

  /// Adds a link placed relative to the link `anchor` (nil: a new last stage): `combined`, in
  /// the anchor's stage; otherwise in the stage after it (which starts when the anchor's stage
  /// ends), opened if the anchor's stage is the last. The first link always opens stage 0.
  func append(_ kind: ChainLinkSpec.Kind, combined: Bool, anchor: Int? = nil) -> Int {
    if specs.count == Self.maximumLinks {
      record(GhostframeError(.limit, "chain: more than \(Self.maximumLinks) links"))
    }
    let stage: Int
    if let anchor, specs.indices.contains(anchor) {
      stage = specs[anchor].stage + (combined ? 0 : 1)
    } else {
      stage = stageCount
    }
    stageCount = max(stageCount, stage + 1)
    specs.append(ChainLinkSpec(kind: kind, stage: stage))
    return specs.count - 1
  }

  /// Records the first mistake; later ones are dropped (the first usually explains the rest).
  func record(_ error: GhostframeError) {
    if problem == nil { problem = error }
  }
}
