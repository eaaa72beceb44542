import Testing
@testable import GhostframeSkeleton
@testable import GhostframeCore
import GhostframeTestSupport

/// How `Skeleton.scene()` builds in bulk (shared styles and animations, generated layers appended
/// without re-validation) without changing what a scene is or how it behaves afterwards.
@Suite("Skeleton scenes: bulk building")
struct SkeletonSceneBuildingTests {
  @Test("a generated animation's key still replaces: adding under 'shimmer' swaps that bone's sweep only")
  func keyedReplacementAfterBulkBuild() throws {
    let style = fxStyle(.shimmer)
    var scene = try fxSkeleton([fxBone(0, 0, 0, 100, 10, style: style), fxBone(1, 0, 20, 100, 10, style: style)],
                               style: style).scene()
    let before = scene.animations.count
    #expect(before == 2)
    let fade = try Animation.basic("opacity", from: [1], to: [0], timing: Timing(duration: 1))
    try scene.addAnimation(fade, to: "bone:0", key: "shimmer")
    #expect(scene.animations.count == before)
    let onFirst = scene.animations.filter { $0.layer == "bone:0" }
    #expect(onFirst.count == 1)
    #expect(onFirst.first?.animation.property?.keyPath == "opacity")
    #expect(fxAnimation(scene, "bone:1", "shimmer")?.property == nil)  // still the group
  }

  @Test("bones of equal size share one shimmer animation; equal values sample equally")
  func sharedShimmer() throws {
    let style = fxStyle(.shimmer)
    let scene = try fxSkeleton([fxBone(0, 0, 0, 100, 10, style: style), fxBone(1, 0, 20, 100, 10, style: style)],
                               style: style).scene()
    let attached = scene.animations.filter { $0.key == "shimmer" }
    #expect(attached.count == 2)
    #expect(attached[0].storage === attached[1].storage)
    let states = fxStates(scene, at: 0.7)
    let a = try #require(states["bone:0"]), b = try #require(states["bone:1"])
    #expect(a.gradientStart.x == b.gradientStart.x)
    // Per element, right: startPoint.x = −1 + 2·easeIn(0.7 / 1.5) (tolerance 1e-9).
    #expect(abs(a.gradientStart.x - (-1 + 2 * fxEaseIn(0.7 / 1.5))) < 1e-9)
  }

  @Test("generated bones share their control view's style box; editing one bone's style copies")
  func sharedStyleBoxes() throws {
    let tree = ViewTree(viewport: Size(width: 300, height: 200),
                        root: ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 200), children: [
                          ViewNode(kind: .label, frame: Rect(x: 0, y: 0, width: 100, height: 20)),
                          ViewNode(kind: .image, frame: Rect(x: 0, y: 40, width: 40, height: 40)),
                        ]))
    var skeleton = try Skeleton(tree: tree)
    #expect(skeleton.bones.count == 2)
    #expect(skeleton.bones[0].styleBox === skeleton.bones[1].styleBox)
    skeleton.bones[0].style.shimmerDuration = 3
    #expect(skeleton.bones[0].style.shimmerDuration == 3)
    #expect(skeleton.bones[1].style.shimmerDuration == 1.5)
  }

  @Test("a non-finite bone frame is still an error naming the layer, and a right-to-left tree restyles every bone")
  func validationAndRestyle() throws {
    let style = fxStyle()
    let bad = fxSkeleton([fxBone(0, .nan, 0, 10, 10, style: style)], style: style)
    let error = expectError(.invalidArgument) { _ = try bad.scene() }
    #expect(error?.message.contains("bone:0") == true)
    var rtl = SkeletonStyle()
    rtl.rightToLeft = true
    let tree = ViewTree(viewport: Size(width: 300, height: 200), style: rtl,
                        root: ViewNode(frame: Rect(x: 0, y: 0, width: 300, height: 200), children: [
                          ViewNode(kind: .label, frame: Rect(x: 0, y: 0, width: 100, height: 20)),
                          ViewNode(kind: .image, frame: Rect(x: 10, y: 40, width: 40, height: 40)),
                        ]))
    let skeleton = try Skeleton(tree: tree)
    #expect(skeleton.bones.allSatisfy { $0.style.rightToLeft })
    // Mirrored: x' = 300 − x − width.
    #expect(skeleton.bones.map(\.frame.x) == [200, 250])
  }

  @Test("a shared animation compiled once samples exactly as the same animations attached one by one")
  func sharedCompileMatchesSeparate() throws {
    var style = fxStyle(.shimmer)
    style.shimmerDuration = 1.2
    let bones = (0..<6).map { i in fxBone(i, Double(10 * i), Double(20 * i), 100, 10, style: style) }
      + [fxBone(6, 0, 150, 80, 40, style: style, lines: 2)]
    let generated = try fxSkeleton(bones, style: style).scene()
    #expect(Set(generated.animations.map { ObjectIdentifier($0.storage) }).count < generated.animations.count)
    // The reference: the same layers, each animation added through the public API (its own copy).
    var separate = Scene()
    for layer in generated.layers { try separate.addLayer(layer) }
    for attached in generated.animations {
      try separate.addAnimation(attached.animation, to: attached.layer, key: attached.key)
    }
    #expect(Set(separate.animations.map { ObjectIdentifier($0.storage) }).count == separate.animations.count)
    let a = generated.compiled(), b = separate.compiled()
    for t in [0, 0.3, 0.9, 1.7, 5.05] {
      let x = a.sample(at: t), y = b.sample(at: t)
      #expect(x.count == y.count)
      for (p, q) in zip(x, y) {
        // Exact: the same arithmetic on the same data, shared or not.
        #expect(withUnsafeBytes(of: p) { Array($0) } == withUnsafeBytes(of: q) { Array($0) })
      }
    }
  }
}
