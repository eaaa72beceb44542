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

func benchmarkSkeletons() throws {
  let tree = benchmarkSkeletonTree()
  let seconds = try bestThrowing { sink += Double(try Skeleton(tree: tree).bones.count) }
  print("swift_skeleton_generate_10000_nodes \(fixed(seconds * 1e3)) ms")
  let feed = benchmarkSkeletonFeed()
  let feedSeconds = try bestThrowing { sink += Double(try Skeleton(tree: feed).bones.count) }
  print("swift_skeleton_generate_feed_34_rows \(fixed(feedSeconds * 1e6)) us")
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
