import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// ``Timeline/maximumEntries`` holds for timelines built in Swift, and deep or self-nested
/// structures are limit errors, never crashes.
@Suite("Timeline limits")
struct LimitTests {
  @Test("a million entries schedule; one more is a limit error")
  func entries() throws {
    let layers = (0..<Timeline.maximumEntries).map { "l\($0)" }
    let registry = try registry("f")
    let legal = try Timeline(sequence: [.anim("f", layers: layers, duration: 1)], registry: registry).schedule()
    #expect(legal.entries.count == Timeline.maximumEntries)
    let error = expectError(.limit) {
      _ = try Timeline(sequence: [.anim("f", layers: layers, duration: 1), .anim("f", layer: "x", duration: 1)],
                       registry: registry).schedule()
    }
    #expect(error?.message.contains("1000000 entries") == true, "\(error?.message ?? "")")
  }

  @Test("applying more than maximumAppliedAnimations is a limit error, counted first; the scene is unchanged")
  func appliedAnimations() throws {
    // Two key paths on half the limit's layers plus one: one animation over, none built.
    let layers = (0...(Timeline.maximumAppliedAnimations / 2)).map { "l\($0)" }
    let registry = TimelineRegistry()
    registry.register(try TimelineDefinition(name: "f", scalarChanges: ["opacity": 1, "cornerRadius": 2]))
    var scene = Scene()
    for layer in layers { try scene.addLayer(Layer(id: layer)) }
    let timeline = Timeline(sequence: [.anim("f", layers: layers, duration: 1)], registry: registry)
    let error = expectError(.limit) { _ = try timeline.apply(to: &scene) }
    #expect(error?.message.contains("\(Timeline.maximumAppliedAnimations + 2) animations") == true, "\(error?.message ?? "")")
    #expect(error?.message.contains("at most \(Timeline.maximumAppliedAnimations)") == true)
    #expect(scene.animations.isEmpty)
    // One layer fewer: exactly the limit, applied.
    let legal = Timeline(sequence: [.anim("f", layers: Array(layers.dropLast()), duration: 1)], registry: registry)
    #expect(try legal.apply(to: &scene).count == Timeline.maximumAppliedAnimations)
  }

  @Test("nesting past maximumDepth is a limit error")
  func depth() throws {
    var item = TimelineItem.anim("f", layer: "a", duration: 1)
    for level in 0..<(Timeline.maximumDepth + 1) { item = level.isMultiple(of: 2) ? .sequence([item]) : .parallel([item]) }
    _ = expectError(.limit) { _ = try Timeline(root: item, registry: try registry("f")).schedule() }
  }
}
