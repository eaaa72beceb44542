import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// Completion callbacks through the scene's events: once per crossing of a link's end, forwards
/// and backwards, in order.
@Suite("Chains: completions")
struct ChainCompletionTests {
  /// Three links: a ends at 1, b (combined, longer) at 1.5, c (next) at 2.5.
  static func chain(_ log: CompletionLog) -> AnimationChain {
    let chain = AnimationChain(layer: "v")
    chain.basic.opacityTo(0).duration(1).named("a").completion { log.entries.append($0) }
      .combineBasic.cornerRadiusBy(2).duration(1.5).named("b").completion { log.entries.append($0) }
      .nextToBasic.centerBy(x: 5, y: 5).duration(1).named("c").completion { log.entries.append($0) }
    return chain
  }

  @Test("forwards, repeated, backwards and forwards again: each crossing once, in order")
  func crossings() throws {
    let log = CompletionLog()
    var scene = Scene()
    try scene.addLayer(Layer(id: "v"))
    let run = try Self.chain(log).animate(in: &scene)
    func step(_ t: Double) throws -> [String] {
      let before = log.entries.count
      try run.advance(&scene, to: t)
      return log.entries[before...].map { "\($0.name)\($0.isReversed ? "<" : ">")\($0.time)" }
    }
    #expect(try step(0.5) == [])
    #expect(try step(1.2) == ["a>1.0"])
    #expect(try step(1.2) == [])                 // not moving fires nothing
    #expect(try step(1.3) == [])
    #expect(try step(9) == ["b>1.5", "c>2.5"])   // both crossed, in time order
    #expect(try step(20) == [])
    #expect(try step(2.0) == ["c<2.5"])          // seeking back into c
    #expect(try step(0.1) == ["b<1.5", "a<1.0"]) // latest end first going back
    #expect(try step(3) == ["a>1.0", "b>1.5", "c>2.5"])
    #expect(log.entries.allSatisfy { $0.layer == "v" })
    #expect(log.entries.map(\.index) == [0, 1, 2, 2, 1, 0, 0, 1, 2])
  }

  @Test("deliver() serves hosts that advance the scene themselves; other animations are ignored")
  func deliver() throws {
    let log = CompletionLog()
    var scene = Scene()
    try scene.addLayer(Layer(id: "v"))
    // An unrelated animation ending at 0.5.
    try scene.addAnimation(try .basic("opacity", to: [0.5], timing: try Timing(duration: 0.5)), to: "v")
    let run = try Self.chain(log).animate(in: &scene, at: 1)
    let events = try scene.advance(to: 10)
    #expect(events.count == 2 + 6)
    #expect(run.deliver(events) == 3)
    #expect(log.entries.map(\.name) == ["a", "b", "c"])
    #expect(log.entries.map(\.time) == [2, 2.5, 3.5])
    // A link without a callback still counts as due.
    let quiet = AnimationChain(layer: "v")
    quiet.basic.opacityTo(1).duration(0.2)
    var other = Scene()
    try other.addLayer(Layer(id: "v"))
    let quietRun = try quiet.animate(in: &other)
    #expect(quietRun.deliver(try other.advance(to: 1)) == 1)
    _ = expectError(.invalidArgument) { try quietRun.advance(&other, to: .nan) }
  }
}
