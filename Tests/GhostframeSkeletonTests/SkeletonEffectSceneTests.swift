import Testing
@testable import GhostframeSkeleton
import GhostframeCore
import GhostframeTestSupport

// MARK: - Helpers shared by the SkeletonEffect*Tests files (prefixed fx to stay out of others' way)

/// y of `cubic-bezier(x1, y1, x2, y2)` at `x`: a reference independent of ``Curve``
/// (``ReferenceBezier``, bisection on the curve parameter).
func fxBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double) -> Double {
  ReferenceBezier.value(x1, y1, x2, y2, at: x)
}

/// Core Animation's easeIn (0.42, 0, 1, 1).
func fxEaseIn(_ x: Double) -> Double { fxBezier(0.42, 0, 1, 1, x) }
/// Core Animation's easeInEaseOut (0.42, 0, 0.58, 1).
func fxEaseInOut(_ x: Double) -> Double { fxBezier(0.42, 0, 0.58, 1, x) }

/// The fractional part (t ≥ 0).
func fxFrac(_ x: Double) -> Double { x - x.rounded(.down) }

/// An autoreversing leg's eased progress at local time τ ≥ 0 for a leg of `d` seconds:
/// forward `E(τ/d)` on even legs, `E(1 − frac)` on odd ones (research §1.4).
func fxAutoreverse(_ tau: Double, leg d: Double, _ e: (Double) -> Double) -> Double {
  let legs = tau / d
  let p = fxFrac(legs)
  return Int(legs.rounded(.down)) % 2 == 0 ? e(p) : e(1 - p)
}

/// The light default style with `effect`, then `edit`.
func fxStyle(_ effect: SkeletonStyle.Effect = .none, _ edit: (inout ResolvedSkeletonStyle) -> Void = { _ in })
  -> ResolvedSkeletonStyle
{
  var style = SkeletonDefaults.style(.light)
  style.effect = effect
  edit(&style)
  return style
}

/// A bone at `frame` (root coordinates).
func fxBone(_ index: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
            style: ResolvedSkeletonStyle, group: String = "root", lines: Int = 1,
            _ edit: (inout Bone) -> Void = { _ in }) -> Bone
{
  var bone = Bone(index: index, kind: lines == 1 ? .view : .label,
                  frame: Rect(x: x, y: y, width: width, height: height), color: style.color, lines: lines,
                  group: group, style: style)
  edit(&bone)
  return bone
}

/// A skeleton on a 300 × 200 viewport; by default one container "root" covering it.
func fxSkeleton(_ bones: [Bone], style: ResolvedSkeletonStyle, viewport: Size = Size(width: 300, height: 200),
                containers: [Skeleton.Container]? = nil) -> Skeleton
{
  let root = Skeleton.Container(
    group: "root", frame: Rect(x: 0, y: 0, width: viewport.width, height: viewport.height),
    color: style.backgroundColor, cornerRadius: 0, style: style)
  return Skeleton(viewport: viewport, style: style, containers: containers ?? [root], bones: bones)
}

/// Every layer's state at `t`, by layer id.
func fxStates(_ scene: Scene, at t: Double) -> [String: LayerState] {
  let states = scene.compiled().sample(at: t)
  return Dictionary(uniqueKeysWithValues: zip(scene.layers.map(\.id), states))
}

/// The attached animation on `layer` under `key`.
func fxAnimation(_ scene: Scene, _ layer: String, _ key: String) -> Animation? {
  scene.animations.first { $0.layer == layer && $0.key == key }?.animation
}

/// Whether two colours agree channel by channel within `tolerance`.
func fxSame(_ a: Color, _ b: Color, _ tolerance: Double = 1e-9) -> Bool {
  zip(a.components, b.components).allSatisfy { abs($0 - $1) <= tolerance }
}

/// A sampled layer's fill colour.
func fxFill(_ s: LayerState) -> Color { Color(red: s.red, green: s.green, blue: s.blue, alpha: s.alpha) }

/// Per-channel `a + (b − a)·f`.
func fxMix(_ a: Color, _ b: Color, _ f: Double) -> Color {
  Color(red: a.red + (b.red - a.red) * f, green: a.green + (b.green - a.green) * f,
        blue: a.blue + (b.blue - a.blue) * f, alpha: a.alpha + (b.alpha - a.alpha) * f)
}

/// The colour a sampled gradient shows at a point of the layer's unit space, as
/// CAGradientLayer draws it: the point projected on start → end, clamped to [0, 1], then
/// linear between the stops.
func fxGradientColor(_ s: LayerState, at p: Point) -> Color {
  let dx = s.gradientEnd.x - s.gradientStart.x, dy = s.gradientEnd.y - s.gradientStart.y
  let u = min(max(((p.x - s.gradientStart.x) * dx + (p.y - s.gradientStart.y) * dy) / (dx * dx + dy * dy), 0), 1)
  func stop(_ i: Int) -> Color {
    Color(red: s.gradientColors[4 * i], green: s.gradientColors[4 * i + 1], blue: s.gradientColors[4 * i + 2],
          alpha: s.gradientColors[4 * i + 3])
  }
  let n = Int(s.gradientStopCount)
  if u <= s.gradientLocations[0] { return stop(0) }
  for i in 1..<n where u <= s.gradientLocations[i] {
    let f = (u - s.gradientLocations[i - 1]) / (s.gradientLocations[i] - s.gradientLocations[i - 1])
    return fxMix(stop(i - 1), stop(i), f)
  }
  return stop(n - 1)
}

// MARK: - Layer structure

@Suite("Skeleton effects: layers and ids")
struct SkeletonEffectSceneTests {
  @Test("root, containers, bones: ids, parents, frames relative to the container, drawing order")
  func structure() throws {
    let style = fxStyle()
    let section = Skeleton.Container(group: "LIST/section/0", frame: Rect(x: 0, y: 100, width: 300, height: 80),
                                     color: Color(rgb: 0xF5F5F5), cornerRadius: 4, style: style)
    let root = Skeleton.Container(group: "root", frame: Rect(x: 0, y: 0, width: 300, height: 200),
                                  color: .white, cornerRadius: 0, style: style)
    let bones = [
      fxBone(0, 10, 10, 100, 20, style: style) { $0.cornerRadius = 3 },
      fxBone(1, 20, 110, 50, 10, style: style, group: "LIST/section/0"),
      fxBone(2, 20, 130, 50, 10, style: style, group: "LIST/section/0") { $0.isRemoved = true },
      fxBone(3, 30, 150, 60, 10, style: style, group: "LIST/section/0/row/2"),  // path prefix
      fxBone(4, 40, 40, 10, 10, style: style, group: "elsewhere"),  // no container: the first
    ]
    let scene = try fxSkeleton(bones, style: style, containers: [root, section]).scene()
    #expect(scene.layers.map(\.id) == [
      "skeleton", "container:root", "container:LIST/section/0", "bone:0", "bone:1", "bone:3", "bone:4",
    ])
    #expect(scene.layers.map(\.parent) == [
      nil, "skeleton", "skeleton", "container:root", "container:LIST/section/0", "container:LIST/section/0",
      "container:root",
    ])
    let layers = Dictionary(uniqueKeysWithValues: scene.layers.map { ($0.id, $0) })
    #expect(layers["skeleton"]?.frame == Rect(x: 0, y: 0, width: 300, height: 200))
    #expect(layers["skeleton"]?.backgroundColor == .clear)
    #expect(layers["container:LIST/section/0"]?.backgroundColor == Color(rgb: 0xF5F5F5))
    #expect(layers["container:LIST/section/0"]?.cornerRadius == 4)
    #expect(layers["bone:0"]?.cornerRadius == 3 && layers["bone:0"]?.backgroundColor == Color(rgb: 0xEEEEEE))
    // Relative to the section at y = 100.
    #expect(layers["bone:1"]?.frame == Rect(x: 20, y: 10, width: 50, height: 10))
    #expect(layers["bone:3"]?.frame == Rect(x: 30, y: 50, width: 60, height: 10))
    // Sampled frames are back in root coordinates.
    let states = fxStates(scene, at: 0)
    #expect(states["bone:1"].map { [$0.x, $0.y, $0.width, $0.height] } == [20, 110, 50, 10])
    // A static skeleton has no animations.
    #expect(scene.animations.isEmpty)
  }

  @Test("no containers: bones sit on the root")
  func noContainers() throws {
    let style = fxStyle()
    let scene = try fxSkeleton([fxBone(0, 5, 6, 7, 8, style: style)], style: style, containers: []).scene()
    #expect(scene.layers.map(\.id) == ["skeleton", "bone:0"])
    #expect(scene.layers[1].parent == "skeleton" && scene.layers[1].frame == Rect(x: 5, y: 6, width: 7, height: 8))
  }

  @Test("multi-line bones become one layer per line of lineFrames(), relative to the container")
  func lines() throws {
    let style = fxStyle()
    let section = Skeleton.Container(group: "s", frame: Rect(x: 10, y: 20, width: 280, height: 160),
                                     color: .white, cornerRadius: 0, style: style)
    let bone = fxBone(7, 20, 40, 200, 60, style: style, group: "s", lines: 3)
    let expected = bone.lineFrames()
    try #require(expected.count == 3)
    let scene = try fxSkeleton([bone], style: style, containers: [section]).scene()
    try #require(scene.layers.map(\.id) == ["skeleton", "container:s"] + (0..<3).map { "bone:7:line:\($0)" })
    for (line, frame) in expected.enumerated() {
      let layer = scene.layers[2 + line]
      #expect(layer.parent == "container:s")
      #expect(layer.frame == Rect(x: frame.x - 10, y: frame.y - 20, width: frame.width, height: frame.height))
      #expect(layer.backgroundColor == bone.color)
    }
  }

  @Test("kept bones: one clear layer over the whole frame with custom 'hole' = 1, no effect")
  func keptBones() throws {
    let style = fxStyle(.shimmer)
    let bones = [
      fxBone(0, 10, 10, 100, 20, style: style) { $0.isKept = true; $0.lengthAnimation = .long },
      fxBone(1, 10, 40, 100, 40, style: style, lines: 2) { $0.isKept = true },
      fxBone(2, 10, 90, 100, 20, style: style),
    ]
    let scene = try fxSkeleton(bones, style: style).scene()
    #expect(scene.layers.map(\.id) == ["skeleton", "container:root", "bone:0", "bone:1", "bone:2"])
    let layers = Dictionary(uniqueKeysWithValues: scene.layers.map { ($0.id, $0) })
    #expect(layers["bone:0"]?.custom == ["hole": 1] && layers["bone:0"]?.backgroundColor == .clear)
    #expect(layers["bone:1"]?.frame == Rect(x: 10, y: 40, width: 100, height: 40))
    #expect(layers["bone:0"]?.gradient == nil && layers["bone:2"]?.custom == [:])
    // Only bone 2 animates.
    #expect(scene.animations.map(\.layer) == ["bone:2"])
    let hole = try AnimatableProperty(keyPath: "custom.hole")
    #expect(scene.compiled().customValues(of: hole, at: 0.3) == [0, 0, 1, 1, 0])
  }

  @Test("a bone's static gradient runs left to right; effects start at startTime")
  func staticGradientAndStart() throws {
    let style = fxStyle(.breathe)
    let bones = [fxBone(0, 0, 0, 10, 10, style: style) { $0.gradient = [.white, .black] }]
    let scene = try fxSkeleton(bones, style: style).scene(startTime: 5)
    let gradient = try #require(scene.layers[2].gradient)
    #expect(gradient.colors == [.white, .black])
    #expect(gradient.startPoint == Point(x: 0, y: 0) && gradient.endPoint == Point(x: 1, y: 0))
    #expect(fxAnimation(scene, "skeleton", "breathe")?.timing.delay == 5)
    // Before the start the model values show.
    #expect(fxStates(scene, at: 4.9)["skeleton"]?.opacity == 1)
  }

  @Test("a generated skeleton: a layer per bone or line, under its section's container; effects per section")
  func generated() throws {
    var style = SkeletonStyle()
    style.effect = .shimmer
    style.rightToLeft = true
    var cellStyle = SkeletonStyle()
    cellStyle.effect = .drop
    let tree = ViewTree(
      viewport: Size(width: 375, height: 400), style: style,
      root: ViewNode(id: "feed", frame: Rect(x: 0, y: 0, width: 375, height: 400), children: [
        ViewNode(id: "avatar", kind: .image, frame: Rect(x: 16, y: 16, width: 48, height: 48)),
        ViewNode(id: "bio", kind: .label, frame: Rect(x: 76, y: 44, width: 280, height: 40), lines: 2),
        ViewNode(id: "list", kind: .table, frame: Rect(x: 0, y: 100, width: 375, height: 300),
                 sections: [ListSection(cell: "news", rowHeight: 100)]),
      ]),
      cells: ["news": CellTemplate(size: Size(width: 375, height: 100), children: [
        ViewNode(kind: .label, frame: Rect(x: 10, y: 10, width: 200, height: 20)),
        ViewNode(kind: .label, frame: Rect(x: 10, y: 40, width: 300, height: 40), lines: 2),
      ], style: cellStyle)])
    let skeleton = try Skeleton(tree: tree)
    let scene = try skeleton.scene()
    let layers = Dictionary(uniqueKeysWithValues: scene.layers.map { ($0.id, $0) })
    #expect(layers.count == scene.layers.count)
    for bone in skeleton.bones where !bone.isRemoved {
      let ids = bone.lines == 1 ? [Skeleton.boneLayerID(bone.index)]
        : bone.lineFrames().indices.map { Skeleton.boneLayerID(bone.index, line: $0) }
      for id in ids {
        #expect(layers[id]?.parent == Skeleton.containerLayerID(bone.group), "\(id)")
        let key = bone.group == "root" ? "shimmer" : "drop"
        #expect(fxAnimation(scene, id, key) != nil, "\(id) \(key)")
      }
    }
    // Right to left: the avatar's band moves leftwards.
    let avatar = Skeleton.boneLayerID(skeleton.bones.first { $0.id == "avatar" }!.index)
    let early = try #require(fxStates(scene, at: 0.2)[avatar]), late = try #require(fxStates(scene, at: 1)[avatar])
    #expect(late.gradientStart.x < early.gradientStart.x)
  }

  @Test("errors: non-finite start, duplicate bone indices, bad effect numbers name the bone")
  func errors() throws {
    let style = fxStyle()
    let skeleton = fxSkeleton([fxBone(0, 0, 0, 1, 1, style: style)], style: style)
    expectError(.invalidArgument) { _ = try skeleton.scene(startTime: .nan) }
    let twice = fxSkeleton([fxBone(0, 0, 0, 1, 1, style: style), fxBone(0, 2, 0, 1, 1, style: style)], style: style)
    expectError(.invalidArgument) { _ = try twice.scene() }
    let slow = fxStyle(.shimmer) { $0.shimmerSpeed = -3 }
    let bad = fxSkeleton([fxBone(4, 0, 0, 1, 1, style: slow)], style: fxStyle())
    let error = expectError(.invalidArgument) { _ = try bad.scene() }
    #expect(error?.message.contains("bone 4") == true)
    let stay = fxStyle(.drop) { $0.dropStayRatio = 1.5 }
    expectError(.invalidArgument) { _ = try fxSkeleton([fxBone(0, 0, 0, 1, 1, style: stay)], style: fxStyle()).scene() }
    let length = fxStyle { $0.lengthDuration = 0 }
    let stretch = fxSkeleton([fxBone(0, 0, 0, 1, 1, style: length) { $0.lengthAnimation = .short }], style: fxStyle())
    expectError(.invalidArgument) { _ = try stretch.scene() }
  }
}
