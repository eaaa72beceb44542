import Foundation
import Testing
import GhostframeCore
import GhostframeFormats
@testable import GhostframeSkeleton

/// Host skeleton effects and node kinds through the Swift API (issue 16): the effect's values
/// become the bones' animations exactly at the sample times, failures fail the generation, the
/// cascade picks the most specific effect, and node kinds give host types their defaults.
@Suite struct HostEffectTests {
  private func tree(_ animation: String, first: String = "image", secondStyle: String = "") throws -> ViewTree {
    try ViewTree(json: #"""
      {"viewport": [200, 100], "style": {"animation": "\#(animation)"}, "root": {"frame": [0, 0, 200, 100], "children": [
        {"id": "a", "type": "\#(first)", "frame": [10, 10, 40, 40]},
        {"id": "b", "type": "label", "frame": [60, 10, 100, 20]\#(secondStyle)}]}}
      """#)
  }

  private func states(_ tree: ViewTree, at t: Double) throws -> (Scene, [LayerState]) {
    let scene = try Skeleton(tree: tree).scene()
    return (scene, scene.sample(at: t))
  }

  @Test func anEffectIsSampledIntoTheBonesAnimations() throws {
    let calls = CallLog()
    try HostEffect.register("he.fade", duration: 2, samples: 11) { bone, appearance in
      calls.add(bone)
      appearance.opacity = 1 - 0.5 * bone.progress
      appearance.scaleX = 1 + bone.progress
      appearance.color = Color(red: bone.progress, green: 0, blue: 0)
    }
    defer { HostEffect.unregister("he.fade") }
    let (scene, sampled) = try states(try tree("he.fade"), at: 1)  // progress 0.5: sample 5 of 11
    // Each bone layer was asked at every sample, with its frame, index and the count.
    #expect(calls.bones.count == 22)
    #expect(Set(calls.bones.map(\.count)) == [2] && Set(calls.bones.map(\.index)) == [0, 1])
    #expect(calls.bones.first { $0.index == 0 }?.frame == Rect(x: 10, y: 10, width: 40, height: 40))
    #expect(calls.bones.filter { $0.index == 0 }.map(\.progress) == (0...10).map { Double($0) / 10 })
    for id in ["a", "b"] {
      let i = try #require(scene.layers.firstIndex { $0.id.hasPrefix("bone:") && $0.frame.width == (id == "a" ? 40 : 100) })
      #expect(abs(sampled[i].opacity - 0.75) < 1e-9)
      #expect(abs(sampled[i].transform.a - 1.5) < 1e-9)
      #expect(abs(sampled[i].red - 0.5) < 1e-9)
    }
    // Halfway between samples the keyframes interpolate linearly: progress 0.55 at t = 1.1.
    let later = scene.sample(at: 1.1)
    let i = try #require(scene.layers.firstIndex { $0.frame.width == 40 && $0.id.hasPrefix("bone:") })
    #expect(abs(later[i].opacity - (1 - 0.5 * 0.55)) < 1e-9)
    // It repeats every duration.
    #expect(abs(scene.sample(at: 3)[i].opacity - 0.75) < 1e-9)
  }

  @Test func failuresFailTheGeneration() throws {
    struct Refusal: Error {}
    try HostEffect.register("he.fails") { bone, _ throws(GhostframeError) in
      if bone.index == 1 && bone.progress > 0.5 { throw GhostframeError(.invalidArgument, "bone one refuses") }
    }
    try HostEffect.register("he.nan") { _, appearance in appearance.opacity = .nan }
    defer { ["he.fails", "he.nan"].forEach { HostEffect.unregister($0) } }
    let error = #expect(throws: GhostframeError.self) { try Skeleton(tree: tree("he.fails")).scene() }
    #expect(error?.code == .callback && error?.message.contains("bone one refuses") == true)
    #expect((#expect(throws: GhostframeError.self) { try Skeleton(tree: tree("he.nan")).scene() })?.code == .callback)
    #expect((#expect(throws: GhostframeError.self) { try Skeleton(tree: tree("he.none")).scene() })?.code == .notFound)
    #expect(throws: GhostframeError.self) { try HostEffect(name: "he.x", samples: 1) { _, _ in } }
    #expect(throws: GhostframeError.self) { try HostEffect(name: "he.x", duration: 0) { _, _ in } }
    #expect(throws: GhostframeError.self) { try HostEffect(name: "glow") { _, _ in } }
  }

  @Test func theCascadePicksTheMostSpecificEffect() throws {
    try HostEffect.register("he.dim") { _, appearance in appearance.opacity = 0.5 }
    defer { HostEffect.unregister("he.dim") }
    // Global host effect, the second bone's own style back to shimmer: only the first is dimmed.
    let t = try tree("he.dim", secondStyle: #", "style": {"animation": "shimmer"}"#)
    let (scene, sampled) = try states(t, at: 0.3)
    let a = try #require(scene.layers.firstIndex { $0.frame.width == 40 && $0.id.hasPrefix("bone:") })
    let b = try #require(scene.layers.firstIndex { $0.frame.width == 100 && $0.id.hasPrefix("bone:") })
    #expect(sampled[a].opacity == 0.5)
    #expect(sampled[b].opacity == 1 && sampled[b].gradientStopCount == 3)
    var style = SkeletonStyle()
    style.effect = .shimmer
    var over = SkeletonStyle()
    over.hostEffect = "he.dim"
    #expect(style.overriding(with: over).hostEffect == "he.dim" && style.overriding(with: over).effect == nil)
    #expect(over.overriding(with: style).hostEffect == nil && over.overriding(with: style).effect == .shimmer)
  }

  @Test func nodeKindsGiveHostTypesTheirDefaults() throws {
    try NodeKind.register(NodeKind(name: "he.Avatar", base: "image", defaults: #"{"cornerRadius": "50%"}"#))
    try NodeKind.register(NodeKind(name: "he.Tall", base: .view, cornerRadius: .heightFraction(0.25), skeleton: .block))
    defer { ["he.Avatar", "he.Tall"].forEach { NodeKind.unregister($0) } }
    let avatar = try tree("shimmer", first: "he.Avatar")
    #expect(avatar.root.children[0].kind == .image && avatar.root.children[0].cornerRadius == 20)
    // The node's own fields win over the kind's defaults.
    let own = try ViewTree(json: #"{"viewport": [100, 100], "root": {"frame": [0, 0, 100, 100], "children": [{"type": "he.Avatar", "frame": [0, 0, 30, 60], "cornerRadius": 3}, {"type": "he.Tall", "frame": [0, 0, 30, 60]}]}}"#)
    #expect(own.root.children[0].cornerRadius == 3)
    #expect(own.root.children[1].cornerRadius == 15 && own.root.children[1].skeleton == .block)
    #expect(throws: GhostframeError.self) { try NodeKind(name: "he.List", base: .table) }
    #expect(throws: GhostframeError.self) { try NodeKind(name: "he.X", base: "image", defaults: #"{"cornerRadius": "half"}"#) }
    #expect(throws: GhostframeError.self) { try tree("shimmer", first: "he.Unknown") }
  }
}

/// The bones an effect was called with (effects may be called from the generating thread only,
/// but the closure must be Sendable).
private final class CallLog: @unchecked Sendable {
  private(set) var bones: [HostEffect.Bone] = []
  func add(_ bone: HostEffect.Bone) { bones.append(bone) }
}
