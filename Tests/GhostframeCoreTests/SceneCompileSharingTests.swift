import Testing
@testable import GhostframeCore
import GhostframeTestSupport

/// Compiling looks an animation's box up, to compile one shared by many layers once, only in a
/// scene whose attachments may share one (generated animations); these check that both paths
/// sample the same, and that a shared box is still compiled once.
@Suite("Scene compile: shared animation boxes")
struct SceneCompileSharingTests {
  /// Three layers; each animation below goes on every one.
  func layers() throws -> Scene {
    var scene = Scene()
    try scene.addLayer(Layer(id: "root", frame: Rect(x: 0, y: 0, width: 300, height: 100)))
    for (i, id) in ["a", "b", "c"].enumerated() {
      try scene.addLayer(Layer(id: id, parent: "root", frame: Rect(x: Double(i) * 100, y: 0, width: 80, height: 40),
                               opacity: 0.5))
    }
    return scene
  }

  func animations() throws -> [Animation] {
    [
      try .basic("opacity", from: [0], to: [1], timing: second()),
      try .basic("position.x", by: [25], timing: second(0.5), isAdditive: true),
      try .basic("custom.glow", from: [1], to: [3], timing: second(0.25)),
    ]
  }

  let times: [Double] = [-1, 0, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 3]

  @Test("attachments of their own: no box look-ups, and the same samples as with them")
  func ownBoxes() throws {
    var scene = try layers()
    for animation in try animations() {
      for id in ["a", "b", "c"] { try scene.addAnimation(animation, to: id) }
    }
    #expect(!scene.mayShareAnimations)
    var looking = scene
    looking.mayShareAnimations = true
    let plain = scene.compiled(), looked = looking.compiled()
    // Every attachment has its own box: each is compiled, with or without the look-ups.
    #expect(plain.constants.count == looked.constants.count)
    for t in times {
      #expect(plain.sample(at: t) == looked.sample(at: t), "t = \(t)")
    }
    // The glow animates on every layer, named once.
    #expect(plain.customNames == ["glow"])
    #expect(scene.sample(at: 0.75)[1].opacity == plain.sample(at: 0.75)[1].opacity)
  }

  @Test("generated animations shared by layers: compiled once, sampled as animations of their own")
  func sharedBoxes() throws {
    var own = try layers()
    var generated = try layers()
    var attachments: [Scene.GeneratedAnimation] = []
    for animation in try animations() {
      let box = SharedBox(animation)
      for id in ["a", "b", "c"] {
        try own.addAnimation(animation, to: id)
        attachments.append(Scene.GeneratedAnimation(layer: id, key: nil, animation: box))
      }
    }
    #expect(!generated.mayShareAnimations)
    generated.appendGeneratedAnimations(attachments)
    #expect(generated.mayShareAnimations)
    let shared = generated.compiled(), separate = own.compiled()
    // Each shared box's numbers are pooled once, not once per layer.
    #expect(shared.constants.count * 3 == separate.constants.count)
    #expect(shared.customNames == ["glow"])
    for t in times {
      #expect(shared.sample(at: t) == separate.sample(at: t), "t = \(t)")
    }
    // A layer alone (what a hand-off compiles) keeps the scene's sharing.
    #expect(generated.layerAlone(1)?.mayShareAnimations == true)
    #expect(own.layerAlone(1)?.mayShareAnimations == false)
  }
}
