import Synchronization
import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// The scene keeps its compiled form (its presentation) between samples; these check when it is
/// kept, that copies do not share a stale one, and that what it samples is what a fresh compile
/// samples (exact equality: the same arithmetic on the same inputs).
@Suite("Scene presentation")
struct ScenePresentationTests {
  func fadingScene() throws -> Scene {
    var scene = try oneLayerScene()
    try scene.addLayer(Layer(id: "b", parent: "a", opacity: 1))
    try scene.addAnimation(.basic("opacity", from: [0], to: [1], timing: second()), to: "b")
    return scene
  }

  @Test("kept after a sample, dropped by a change; samples equal a fresh compile's")
  func keptUntilChanged() throws {
    var scene = try fadingScene()
    #expect(!scene.isPresentationCurrent)
    #expect(scene.sample(at: 0.25) == scene.compiled().sample(at: 0.25))
    #expect(scene.isPresentationCurrent)
    _ = scene.sample(at: 0.75)
    #expect(scene.isPresentationCurrent)
    try scene.setCustom("glow", 2, onLayer: "b")
    #expect(!scene.isPresentationCurrent)
    #expect(scene.customValues(of: try AnimatableProperty(keyPath: "custom.glow"), at: 0) == [0, 2])
    // Halfway through the fade, under the parent's 0.2: 0.5 × 0.2 (tolerance 1e-15).
    #expect(abs(scene.sample(at: 0.5)[1].opacity - 0.1) < 1e-15)
  }

  @Test("a changed copy takes its own presentation; the original keeps its own")
  func copies() throws {
    let original = try fadingScene()
    _ = original.sample(at: 0.5)
    var copy = original
    #expect(copy.isPresentationCurrent)
    try copy.addLayer(Layer(id: "c"))
    #expect(original.isPresentationCurrent && !copy.isPresentationCurrent)
    #expect(copy.sample(at: 0.5).count == 3 && original.sample(at: 0.5).count == 2)
    #expect(original.isPresentationCurrent && copy.isPresentationCurrent)
  }

  @Test("a hand-off with no kept compile reads the one layer alone: the value a whole compile gives")
  func handOffReadsOneLayer() throws {
    // Linear 0 → 1 over 1 s on "b": at 0.3 the presentation is 0.3 (closed form).
    var cold = try fadingScene()
    var warm = cold
    _ = warm.sample(at: 0)
    let interrupt = try Animation.basic("opacity", to: [0], timing: second())
    try cold.addAnimation(interrupt, to: "b", key: "fade", handoff: .presentation(at: 0.3))
    try warm.addAnimation(interrupt, to: "b", key: "fade", handoff: .presentation(at: 0.3))
    for scene in [cold, warm] {
      guard case .basic(let values) = scene.animations.last?.animation.content else {
        Issue.record("a basic animation")
        continue
      }
      #expect(abs((values.from?.first ?? -1) - 0.3) < 1e-12)
    }
    #expect(cold.layerAlone(1)?.count == 1)
  }

  @Test("a layer a transition involves is not read alone")
  func transitionsNeedTheScene() throws {
    var scene = try fadingScene()
    try scene.addLayer(Layer(id: "c", parent: "a"))
    try scene.addAnimation(.transition(Transition(kind: .fade, fromLayer: "b"), timing: second()), to: "c")
    #expect(scene.layerAlone(1) == nil && scene.layerAlone(2) == nil)
    #expect(scene.layerAlone(0) != nil)
  }
}

/// Updating a layer's properties keeps what other calls set: the same rule as
/// gf_scene_update_layer and Python's Scene.update_layer (tested on their sides too).
@Suite("Scene property updates")
struct ScenePropertyUpdateTests {
  @Test("updateProperties keeps custom values and contents; updateLayer replaces them")
  func keeps() throws {
    var scene = try oneLayerScene()
    try scene.setCustom("glow", 0.5, onLayer: "a")
    try scene.setContents("avatar.png", onLayer: "a")
    try scene.updateProperties(Layer(id: "a", frame: Rect(x: 1, y: 2, width: 3, height: 4), opacity: 0.7))
    let kept = scene.layers[0]
    #expect(kept.custom == ["glow": 0.5] && kept.contents == "avatar.png")
    #expect(kept.frame == Rect(x: 1, y: 2, width: 3, height: 4) && kept.opacity == 0.7)
    try scene.updateLayer(Layer(id: "a"))
    #expect(scene.layers[0].custom.isEmpty && scene.layers[0].contents == nil)
  }

  @Test("setCustom and setContents refuse what updateLayer refuses, and change nothing then")
  func refusals() throws {
    var scene = try oneLayerScene()
    let before = scene.layers
    expectError(.notFound) { try scene.setCustom("glow", 1, onLayer: "nope") }
    expectError(.invalidArgument) { try scene.setCustom("", 1, onLayer: "a") }
    expectError(.invalidArgument) { try scene.setCustom("glow", .nan, onLayer: "a") }
    expectError(.invalidArgument) { try scene.setContents("", onLayer: "a") }
    expectError(.notFound) { try scene.updateProperties(Layer(id: "nope")) }
    #expect(scene.layers == before)
  }
}

/// A sampler replaced after an edit is released after the presentation's lock: it may hold the
/// last reference to a host curve, whose finalizer may use the presentation (issue 28, point 1).
@Suite("Scene presentation releases")
struct ScenePresentationReleaseTests {
  /// Runs `onRelease` when the host curve that holds it is released.
  final class ReleaseProbe: Sendable {
    let onRelease: @Sendable () -> Void
    init(_ onRelease: @escaping @Sendable () -> Void) { self.onRelease = onRelease }
    deinit { onRelease() }
  }

  /// A weak reference a finalizer can read (weak, so the scene's presentation stays unique).
  final class WeakPresentation: @unchecked Sendable {
    weak var value: ScenePresentation?
  }

  @Test("a host curve's last reference, dropped with a stale sampler, is released outside the lock")
  func staleSamplerReleasedAfterTheLock() throws {
    let presentation = WeakPresentation()
    let released = Mutex<Bool?>(nil)
    var scene = try oneLayerScene()
    do {
      // The finalizer locks the presentation: under its lock this would abort the process
      // ("Recursive call to lock Mutex").
      let probe = ReleaseProbe {
        let current = presentation.value?.isCurrent(0)
        released.withLock { $0 = current != nil }
      }
      let curve = try HostCurve(name: "probe.release") { x in withExtendedLifetime(probe) { x } }
      let timing = try Timing(duration: 1, fill: .forwards, easing: .host(curve))
      try scene.addAnimation(.basic("opacity", from: [0], to: [1], timing: timing), to: "a")
    }
    presentation.value = scene.presentation
    // The linear host curve halfway from 0 to 1 (tolerance 1e-15).
    #expect(abs(scene.sample(at: 0.5)[0].opacity - 0.5) < 1e-15)
    let id = try #require(scene.animations.last?.id)
    try scene.removeAnimation(id: id)
    #expect(released.withLock { $0 } == nil)  // the kept sampler still holds the curve
    #expect(scene.sample(at: 0.5)[0].opacity == 0.2)
    // Released by the second sample's compile, with the presentation still alive and not locked.
    #expect(released.withLock { $0 } == true)
  }
}
