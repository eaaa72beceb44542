import Ghostframe

/// A 10,000-node view tree: the root and 99 cards of 100 children each (labels, images, buttons, two-line
/// labels, leaf views), every child a bone.
func benchmarkSkeletonTree() -> ViewTree {
  var cards: [ViewNode] = []
  for c in 0..<99 {
    var children: [ViewNode] = []
    for i in 0..<100 {
      let frame = Rect(x: Double(i % 10) * 30, y: Double(i / 10) * 20, width: 28, height: 18)
      switch i % 5 {
      case 0: children.append(ViewNode(id: "l\(c).\(i)", kind: .label, frame: frame))
      case 1: children.append(ViewNode(kind: .image, frame: frame, cornerRadius: 4))
      case 2: children.append(ViewNode(kind: .button, frame: frame))
      case 3: children.append(ViewNode(kind: .label, frame: frame, lines: 2))
      default: children.append(ViewNode(frame: frame))
      }
    }
    cards.append(ViewNode(id: "card\(c)", frame: Rect(x: 0, y: Double(c) * 210, width: 375, height: 200),
                          children: children))
  }
  return ViewTree(viewport: Size(width: 375, height: 667),
                  root: ViewNode(frame: Rect(x: 0, y: 0, width: 375, height: 667), children: cards))
}

/// A feed: a table filling the viewport with 3-bone rows and a collection of 2-bone tiles, 3 columns.
func benchmarkSkeletonFeed() -> ViewTree {
  let cells: [String: CellTemplate] = [
    "news": CellTemplate(size: Size(width: 375, height: 20), children: [
      ViewNode(kind: .image, frame: Rect(x: 4, y: 2, width: 16, height: 16)),
      ViewNode(kind: .label, frame: Rect(x: 24, y: 2, width: 200, height: 8)),
      ViewNode(kind: .label, frame: Rect(x: 24, y: 12, width: 300, height: 8)),
    ]),
    "tile": CellTemplate(size: Size(width: 100, height: 20), children: [
      ViewNode(kind: .image, frame: Rect(x: 0, y: 0, width: 100, height: 12)),
      ViewNode(kind: .label, frame: Rect(x: 0, y: 14, width: 80, height: 6)),
    ]),
  ]
  let table = ViewNode(id: "feed", kind: .table, frame: Rect(x: 0, y: 0, width: 375, height: 667),
                       sections: [ListSection(cell: "news")])
  return ViewTree(viewport: Size(width: 375, height: 667),
                  root: ViewNode(frame: Rect(x: 0, y: 0, width: 375, height: 667), children: [table]), cells: cells)
}

/// The generation tree of bindings/c/bench/bench_skeleton.c with `nodes` nodes: a 375 × 667 viewport, a root view
/// (375 wide, as tall as its content), (nodes − 1) / 10 cards, then (nodes − 1) % 10 labels 30 points apart. A card
/// is 10 nodes: a container view ("card<i>") at (0, 8 + 120 i), 375 × 112, holding an image 40 × 40 (radius 20), a
/// label ("title<i>") 200 × 20, a 2-line label 280 × 36, a button 72 × 28, and a toolbar view 200 × 24 with four
/// 24 × 24 icon views: 8 bones (9 bone layers) per card.
func benchmarkSkeletonMix(nodes: Int, effect: SkeletonStyle.Effect) -> ViewTree {
  let cards = (nodes - 1) / 10, labels = (nodes - 1) % 10
  var children: [ViewNode] = []
  children.reserveCapacity(cards + labels)
  for i in 0..<cards {
    let icons = (0..<4).map { ViewNode(frame: Rect(x: 40 * Double($0), y: 0, width: 24, height: 24)) }
    children.append(ViewNode(id: "card\(i)", frame: Rect(x: 0, y: 8 + 120 * Double(i), width: 375, height: 112), children: [
      ViewNode(kind: .image, frame: Rect(x: 16, y: 16, width: 40, height: 40), cornerRadius: 20),
      ViewNode(id: "title\(i)", kind: .label, frame: Rect(x: 68, y: 16, width: 200, height: 20)),
      ViewNode(kind: .label, frame: Rect(x: 68, y: 44, width: 280, height: 36), lines: 2),
      ViewNode(kind: .button, frame: Rect(x: 287, y: 16, width: 72, height: 28)),
      ViewNode(frame: Rect(x: 68, y: 84, width: 200, height: 24), children: icons),
    ]))
  }
  for i in 0..<labels {
    children.append(ViewNode(kind: .label, frame: Rect(x: 16, y: 8 + 120 * Double(cards) + 30 * Double(i),
                                                        width: 300, height: 20)))
  }
  var style = SkeletonStyle()
  style.effect = effect
  let height = 8 + 120 * Double(cards) + 30 * Double(labels)
  return ViewTree(viewport: Size(width: 375, height: 667), style: style,
                  root: ViewNode(id: "screen", frame: Rect(x: 0, y: 0, width: 375, height: height), children: children))
}

/// The sampling skeleton of bench_skeleton.c: 100 cards of 10 single-line bones (an image, three labels, a button,
/// a text field and four leaf views, 64 × 40 in two rows of five), shimmer: 1,000 bones, 1,002 layers.
func benchmarkShimmerThousand() -> ViewTree {
  let kinds: [ViewNode.Kind] = [.image, .label, .label, .label, .button, .textField, .view, .view, .view, .view]
  let cards = (0..<100).map { c in
    ViewNode(frame: Rect(x: 0, y: 8 + 120 * Double(c), width: 375, height: 112), children: kinds.enumerated().map { k, kind in
      ViewNode(kind: kind, frame: Rect(x: 8 + 72 * Double(k % 5), y: 8 + 52 * Double(k / 5), width: 64, height: 40))
    })
  }
  var style = SkeletonStyle()
  style.effect = .shimmer
  return ViewTree(viewport: Size(width: 375, height: 667), style: style,
                  root: ViewNode(frame: Rect(x: 0, y: 0, width: 375, height: 8 + 120 * 100), children: cards))
}

func benchmarkSkeletons() throws {
  let tree = benchmarkSkeletonTree()
  let seconds = try bestThrowing { sink += Double(try Skeleton(tree: tree).bones.count) }
  print("swift_skeleton_generate_10000_nodes \(fixed(seconds * 1e3)) ms")
  let feed = benchmarkSkeletonFeed()
  let feedSeconds = try bestThrowing { sink += Double(try Skeleton(tree: feed).bones.count) }
  print("swift_skeleton_generate_feed_34_rows \(fixed(feedSeconds * 1e6)) us")

  // The trees of bench_skeleton.c: Skeleton(tree:) (the bones), .scene() (layers and the effect), and both.
  var generate: [Double] = []
  for nodes in [100, 1_000, 10_000] {
    let rounds = nodes <= 100 ? 101 : nodes <= 1_000 ? 31 : 9
    let shimmer = benchmarkSkeletonMix(nodes: nodes, effect: .shimmer)
    let plain = benchmarkSkeletonMix(nodes: nodes, effect: .none)
    let skeleton = try Skeleton(tree: shimmer)
    let both = try bestThrowing(rounds) { sink += Double(try Skeleton(tree: shimmer).scene().layers.count) }
    let bones = try bestThrowing(rounds) { sink += Double(try Skeleton(tree: shimmer).bones.count) }
    let scene = try bestThrowing(rounds) { sink += Double(try skeleton.scene().layers.count) }
    let still = try bestThrowing(rounds) { sink += Double(try Skeleton(tree: plain).scene().layers.count) }
    generate.append(both)
    print("swift_skeleton_generate_\(nodes) \(fixed3(both * 1e3)) ms")
    print("swift_skeleton_bones_\(nodes) \(fixed3(bones * 1e3)) ms")
    print("swift_skeleton_scene_\(nodes) \(fixed3(scene * 1e3)) ms")
    print("swift_skeleton_generate_static_\(nodes) \(fixed3(still * 1e3)) ms")
  }
  print("swift_skeleton_generate_growth_1000_over_100 \(fixed(generate[1] / generate[0]))")
  print("swift_skeleton_generate_growth_10000_over_1000 \(fixed(generate[2] / generate[1]))")

  // A 1,000-bone shimmer skeleton sampled into a preallocated buffer, as bench_skeleton.c does.
  let sampler = try Skeleton(tree: benchmarkShimmerThousand()).scene().compiled()
  let states = UnsafeMutableBufferPointer<LayerState>.allocate(capacity: sampler.layerCount)
  states.initialize(repeating: LayerState())
  defer { states.deallocate() }
  let batch = 200
  for k in 0..<50 { try sampler.sample(at: 0.5 + 0.0137 * Double(k), into: states) }
  var round = 0
  let sampling = best(15) {
    for k in 0..<batch { try? sampler.sample(at: 0.5 + 0.0137 * Double(round * batch + k), into: states) }
    round += 1
    sink += states[sampler.layerCount - 1].x
  }
  print("swift_shimmer_sample_1000 \(fixed(sampling * 1e6 / Double(batch))) us")
  print("swift_shimmer_per_layer_1000 \(fixed(sampling * 1e9 / Double(batch * sampler.layerCount))) ns")
}

/// `value` with three decimals, without Foundation.
private func fixed3(_ value: Double) -> String {
  let thousandths = Int((value * 1000).rounded())
  let fraction = thousandths % 1000
  return "\(thousandths / 1000).\(fraction < 10 ? "00" : fraction < 100 ? "0" : "")\(fraction)"
}

/// The best of `rounds` timings of a throwing `body`.
private func bestThrowing(_ rounds: Int = 7, _ body: () throws -> Void) throws -> Double {
  var fastest = Double.infinity
  for _ in 0..<rounds {
    let start = now()
    try body()
    fastest = min(fastest, now() - start)
  }
  return fastest
}
