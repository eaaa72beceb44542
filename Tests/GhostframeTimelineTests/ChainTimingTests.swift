import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// Next-to against combine-with, repeats and autoreverses: schedules by hand.
@Suite("Chains: next, combine, repeat, autoreverse")
struct ChainTimingTests {
  @Test("combine runs alongside (the stage ends with the longer); next waits for the whole stage")
  func nextAndCombine() throws {
    let t = ChainReference.settling
    let chain = AnimationChain(layer: "v")
    chain.basic.opacityTo(0.5).duration(1)
      .combineBasic.centerBy(x: 10, y: 0).duration(2).beginTime(0.5)  // stage 0: [0, 1] and [0.5, 2.5]
      .combineSpring.cornerRadiusBy(3)                             // [0, T]: combining a combined link stays in stage 0
      .nextToBasic.cornerRadiusTo(3).duration(0.5)                 // stage 1 from 2.5: [2.5, 3]
      .combineSpring.sizeBy(width: 10, height: 10)                 // [2.5, 2.5 + T]
      .nextToKeyframe.property("opacity").values([[0], [1], [0.5]]).duration(0.2).named("blink").completion { _ in }  // from 2.5 + T
    expectEntries(try chain.schedule(), [
      ("cornerRadius", "v", 0, t), ("opacity", "v", 0, 1), ("position", "v", 0.5, 2.5),
      ("bounds.size", "v", 2.5, 2.5 + t), ("cornerRadius", "v", 2.5, 3),
      ("blink", "v", 2.5 + t, 2.7 + t),
    ], tolerance: 1e-9)
    #expect(abs(try chain.duration - (2.7 + t)) < 1e-9)
  }

  @Test("any link may be continued: combine joins its stage, next the stage after it, the chain a new last stage")
  func earlierLinks() throws {
    let chain = AnimationChain(layer: "v")
    let a = chain.basic.opacityTo(0).duration(1).named("a")      // stage 0
    a.nextToBasic.cornerRadiusTo(1).duration(2).named("b")        // stage 1
    a.combineBasic.cornerRadiusBy(1).duration(1.5).named("c")     // stage 0, which now ends at 1.5
    a.nextToBasic.opacityTo(1).duration(0.5).named("d")           // stage 1 again: from 1.5
    chain.basic.opacityTo(0.5).duration(1).named("e")             // stage 2: after b, 3.5
    expectEntries(try chain.schedule(), [
      ("a", "v", 0, 1), ("c", "v", 0, 1.5), ("b", "v", 1.5, 3.5), ("d", "v", 1.5, 2), ("e", "v", 3.5, 4.5),
    ])
    var scene = Scene()
    try scene.addLayer(Layer(id: "v"))
    let run = try chain.animate(in: &scene)
    // Ids follow creation order, whatever the stages.
    #expect(scene.animations.map(\.id) == run.animationIDs)
    #expect(scene.animations.map(\.animation.timing.delay) == [0, 1.5, 0, 1.5, 3.5])
  }

  @Test("the longer of a combined pair decides, whichever comes first")
  func longerDecides() throws {
    let a = AnimationChain(layer: "v")
    _ = a.basic.opacityTo(0).duration(3).combineBasic.cornerRadiusTo(1).duration(1).nextToBasic.opacityTo(1).duration(1)
    let b = AnimationChain(layer: "v")
    _ = b.basic.opacityTo(0).duration(1).combineBasic.cornerRadiusTo(1).duration(3).nextToBasic.opacityTo(1).duration(1)
    #expect(try a.schedule().entries.last?.begin == 3)
    #expect(try b.schedule().entries.last?.begin == 3)
  }

  @Test("repeatCount and autoreverses set a link's length: D × max(N, 1) × (2 if autoreverses)")
  func repeats() throws {
    let chain = AnimationChain(layer: "v")
    _ = chain.basic.opacityBy(-0.5).duration(0.4).repeatCount(3).autoreverses   // 2.4
      .nextToBasic.cornerRadiusBy(2).duration(0.4).repeatCount(1.5)       // 0.6
      .nextToBasic.cornerRadiusBy(1).duration(0)                          // Core Animation's 0.25
      .nextToBasic.cornerRadiusBy(1).duration(0.5).autoreverses            // 1.0
      .nextToBasic.cornerRadiusBy(1)                                      // the default 0.25
    let ends = try chain.schedule().entries.map { ($0.begin, $0.end) }
    let expected = [(0, 2.4), (2.4, 3.0), (3.0, 3.25), (3.25, 4.25), (4.25, 4.5)]
    #expect(ends.count == 5)
    for (got, want) in zip(ends, expected) {
      #expect(abs(got.0 - want.0) < 1e-12 && abs(got.1 - want.1) < 1e-12, "\(got) vs \(want)")
    }

    // Sampled: an autoreversed by-change with whole cycles ends where it began (opacity back to 1);
    // 1.5 repeats without autoreverse end half-way through the second (+2 · ease(0.5)); 0.2 s into
    // the first leg the opacity is 1 − 0.5 · ease(0.5) and in the second leg (0.6 s) the same.
    var scene = Scene()
    try scene.addLayer(Layer(id: "v", opacity: 1))
    try chain.animate(in: &scene)
    let ease = ChainReference.bezier(0.25, 0.1, 0.25, 1, 0.5)
    #expect(abs(scene.sample(at: 0.2)[0].opacity - (1 - 0.5 * ease)) < 1e-9)
    #expect(abs(scene.sample(at: 0.6)[0].opacity - (1 - 0.5 * ease)) < 1e-9)
    #expect(abs(scene.sample(at: 2.5)[0].opacity - 1) < 1e-12)
    #expect(abs(scene.sample(at: 3.0)[0].cornerRadius - 2 * ease) < 1e-9)
    // Then +1 (0.25 s), +0 (autoreversed back), +1.
    #expect(abs(scene.sample(at: 10)[0].cornerRadius - (2 * ease + 2)) < 1e-9)
  }

  @Test("a link that ends past the largest Double is refused, naming it (issue 28)")
  func overflowingLinks() throws {
    // Each chain's second link ends past Double.greatestFiniteMagnitude: its own length
    // (repeats, autoreverses, begin + duration) or its stage's start plus it.
    let chains: [AnimationChain] = [
      { let c = AnimationChain(layer: "v"); c.basic.opacityTo(1).duration(1).nextToBasic.opacityTo(0).duration(1e308).repeatCount(1e308); return c }(),
      { let c = AnimationChain(layer: "v"); c.basic.opacityTo(1).duration(1).nextToBasic.opacityTo(0).duration(1e308).autoreverses; return c }(),
      { let c = AnimationChain(layer: "v"); c.basic.opacityTo(1).duration(1).nextToBasic.opacityTo(0).duration(1e308).beginTime(1e308); return c }(),
      { let c = AnimationChain(layer: "v"); c.basic.opacityTo(1).duration(1e308).nextToBasic.opacityTo(0).duration(1e308); return c }(),
    ]
    for chain in chains {
      let error = expectError(.invalidArgument) { _ = try chain.duration }
      #expect(error?.message.contains("chain link 1") == true, "\(error?.message ?? "")")
      #expect(error?.message.contains("largest duration") == true, "\(error?.message ?? "")")
    }
  }

  @Test("add(checking:) refuses an overflowing link and leaves the chain as it was")
  func checkedAddRollsBack() throws {
    let chain = AnimationChain(layer: "v")
    let first = try chain.add(checking: { $0.basic.opacityTo(1).duration(1e308) })
    _ = expectError(.invalidArgument) { _ = try chain.add(checking: { _ in first.nextToBasic.opacityTo(0).duration(1e308) }) }
    _ = expectError(.invalidArgument) { _ = try chain.add(checking: { _ in first.nextToBasic.opacityTo(0).duration(-1) }) }
    #expect(chain.count == 1 && chain.stageCount == 1)
    _ = try chain.add(checking: { _ in first.nextToBasic.opacityTo(0).duration(1) })
    expectEntries(try chain.schedule(), [("opacity", "v", 0, 1e308), ("opacity", "v", 1e308, 1e308 + 1)], tolerance: 1)
  }

  @Test("the stage ends add(checking:) keeps equal a whole compile, bit for bit, on random chains")
  func checkedEndsAgreeWithCompile() throws {
    var rng = SplitMix64(seed: 28)
    for _ in 0..<40 {
      let chain = AnimationChain(layer: "v")
      var links: [ChainLink] = []
      for _ in 0..<60 {
        let anchor = links.isEmpty ? nil : links[Int.random(in: 0..<links.count, using: &rng)]
        let combined = Bool.random(using: &rng)
        let seconds = Double.random(in: 0...3, using: &rng), begin = Double.random(in: 0...1, using: &rng)
        let repeats: Double = [0, 1.5, 3].randomElement(using: &rng) ?? 0
        let reverses = Bool.random(using: &rng)
        let link = try chain.add(checking: { chain in
          let link: BasicChainLink
          if let anchor { link = combined ? anchor.combineBasic : anchor.nextToBasic } else { link = chain.basic }
          link.opacityTo(1).duration(seconds).beginTime(begin).repeatCount(repeats)
          return reverses ? link.autoreverses : link
        })
        links.append(link)
        let duration = try chain.duration
        #expect(chain.checkedEnds.end == duration, "after \(links.count) links")
      }
    }
  }

  @Test("near the largest Double, add(checking:) accepts exactly the links a whole compile finds finite")
  func checkedAddAgreesWithCompileNearTheLimit() throws {
    /// A link: its anchor (an index of the links before it), combined or next, duration, begin.
    struct Params { let anchor: Int?, combined: Bool, seconds: Double, begin: Double }
    func add(_ p: Params, to chain: AnimationChain, anchors: [ChainLink]) -> ChainLink {
      let link: BasicChainLink
      if let anchor = p.anchor {
        link = p.combined ? anchors[anchor].combineBasic : anchors[anchor].nextToBasic
      } else {
        link = chain.basic
      }
      return link.opacityTo(1).duration(p.seconds).beginTime(p.begin)
    }
    var rng = SplitMix64(seed: 308)
    var refused = 0
    for _ in 0..<20 {
      let checked = AnimationChain(layer: "v")
      var accepted: [Params] = [], links: [ChainLink] = []
      for _ in 0..<25 {
        let scale = Double.greatestFiniteMagnitude / ([2.0, 3, 5].randomElement(using: &rng) ?? 2)
        let last = accepted.count - 1
        let candidate = Params(
          anchor: accepted.isEmpty ? nil : Int.random(in: 0...3, using: &rng) > 0 ? last : Int.random(in: 0...last, using: &rng),
          combined: Bool.random(using: &rng), seconds: scale * .random(in: 0...1, using: &rng),
          begin: Bool.random(using: &rng) ? 0 : scale * .random(in: 0...0.5, using: &rng))
        // The reference: the same links on a fresh chain, compiled whole.
        let whole = AnimationChain(layer: "v")
        var wholeLinks: [ChainLink] = []
        for p in accepted + [candidate] { wholeLinks.append(add(p, to: whole, anchors: wholeLinks)) }
        let finite = (try? whole.duration) != nil
        let link = try? checked.add(checking: { add(candidate, to: $0, anchors: links) })
        #expect((link != nil) == finite, "\(accepted.count) links accepted, then \(candidate)")
        if let link {
          accepted.append(candidate)
          links.append(link)
          #expect(checked.checkedEnds.end == (try whole.duration))
        } else {
          refused += 1
        }
        #expect(checked.count == accepted.count)
      }
    }
    #expect(refused > 20)  // the limit was reached often
  }

  @Test("mistakes are thrown at compile time, naming the link, and nothing is added")
  func mistakes() throws {
    var scene = Scene()
    try scene.addLayer(Layer(id: "v"))
    try scene.addLayer(Layer(id: "w"))
    let cases: [(GhostframeError.Code, AnimationChain)] = [
      (.notFound, { let c = AnimationChain(layer: "v"); c.basic.opacityTo(1).nextToBasic.property("nope").toValue(1); return c }()),
      (.invalidArgument, { let c = AnimationChain(layer: "v"); c.basic.property("position").byValue(1); return c }()),
      (.invalidArgument, { let c = AnimationChain(layer: "v"); c.basic.opacityTo(1).duration(-1); return c }()),
      (.invalidArgument, { let c = AnimationChain(layer: "v"); c.basic.opacityTo(1).duration(.nan); return c }()),
      (.invalidArgument, { let c = AnimationChain(layer: "v"); c.basic.opacityTo(1).repeatCount(.infinity); return c }()),
      (.invalidArgument, { let c = AnimationChain(layer: "v"); c.basic.opacityTo(1).beginTime(-0.5); return c }()),
      (.invalidArgument, { let c = AnimationChain(layer: "v"); c.spring.opacityTo(1).damping(0); return c }()),
      (.invalidArgument, { let c = AnimationChain(layer: "v"); c.basic.property("opacity"); return c }()),
      (.invalidArgument, { let c = AnimationChain(layer: "v"); c.transition.type(.push); return c }()),
      (.invalidArgument, { let c = AnimationChain(layer: "v"); c.keyframe.property("opacity"); return c }()),
      (.notFound, AnimationChain(layer: "missing")),
    ]
    for (code, chain) in cases {
      if chain.layer == "missing" { chain.basic.opacityTo(1) }
      let before = scene.animations.count
      let error = expectError(code) { _ = try chain.animate(in: &scene) }
      #expect(scene.animations.count == before, "\(error?.message ?? "")")
      if chain.layer != "missing" {
        #expect(error?.message.contains("chain link") == true, "\(error?.message ?? "")")
        _ = expectError(code) { _ = try chain.schedule() }
      }
    }
    // An empty layer id is a mistake, as in timelines (issue 28 point 10), even with a layer given.
    let unnamed = AnimationChain(layer: "")
    unnamed.basic.opacityTo(1)
    let refused = expectError(.invalidArgument) { _ = try unnamed.animate(in: &scene, layer: "v") }
    #expect(refused?.message.contains("must not be empty") == true)
    _ = expectError(.invalidArgument) { _ = try unnamed.schedule() }
    _ = expectError(.invalidArgument) { try AnimationChain.checkLayer("") }
    // An empty chain schedules nothing and lasts 0.
    let empty = AnimationChain(layer: "v")
    #expect(try empty.schedule().entries.isEmpty)
    #expect(try empty.duration == 0)
    // A transition from another layer compiles and animates.
    let fade = AnimationChain(layer: "v")
    fade.transition.type(.push).subtype(.fromLeft).fromLayer("w").duration(0.3)
    #expect(try fade.animate(in: &scene).animationIDs.count == 1)
    _ = expectError(.invalidArgument) { try fade.animate(in: &scene, at: .infinity) }
  }
}
