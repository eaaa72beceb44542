import Foundation
import Testing
@testable import GhostframeFormats
import GhostframeCore
import GhostframeSkeleton

/// examples/trees/, found from this file's path.
let viewTreeExamplesDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("examples/trees")

/// The JSON files in examples/trees/, sorted.
func viewTreeExampleFiles() -> [String] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: viewTreeExamplesDirectory.path)) ?? []
  return names.filter { $0.hasSuffix(".json") }.sorted()
}

/// Reads an example view tree.
func loadViewTreeExample(_ name: String) throws -> ViewTree {
  let text = try String(contentsOf: viewTreeExamplesDirectory.appendingPathComponent(name), encoding: .utf8)
  return try ViewTree(json: text)
}

/// Every node of a subtree, depth first, the node before its children.
func viewTreeNodes(_ node: ViewNode) -> [ViewNode] {
  [node] + node.children.flatMap(viewTreeNodes)
}

@Suite("View tree JSON: examples/trees")
struct ViewTreeJSONExampleTests {
  @Test("The seven examples are there")
  func inventory() {
    #expect(viewTreeExampleFiles() == [
      "bin.json", "card.json", "drop.json", "dynamic.json", "feed.json", "segment.json", "shimmer.json",
    ])
  }

  @Test("Every example parses into a phone-sized tree", arguments: viewTreeExampleFiles())
  func parses(_ name: String) throws {
    let tree = try loadViewTreeExample(name)
    #expect(tree.viewport == Size(width: 375, height: 667))
    #expect(tree.root.frame == Rect(x: 0, y: 0, width: 375, height: 667))
    // Every example but drop.json (one screen of views) shows a list; every template has content.
    let lists = viewTreeNodes(tree.root).filter { !$0.sections.isEmpty }
    #expect(lists.isEmpty == (name == "drop.json"))
    #expect(tree.cells.isEmpty == (name == "drop.json"))
    for (name, template) in tree.cells {
      #expect(!template.children.isEmpty, "template \(name) is empty")
    }
  }

  @Test("feed.json is ARCHITECTURE's feed with its cells filled in")
  func feed() throws {
    let feed = try loadViewTreeExample("feed.json")
    let architecture = try ViewTree(json: architectureViewTreeExample)
    #expect(feed.viewport == architecture.viewport)
    #expect(feed.style == architecture.style)
    #expect(feed.root == architecture.root)
    #expect(feed.adjust == architecture.adjust)
    #expect(feed.cells["news"]?.size == Size(width: 375, height: 100))
    #expect(feed.cells["news"]?.children.map(\.id) == ["thumb", "headline", "summary", "meta"])
    #expect(feed.cells["title"]?.children.count == 1)
  }

  @Test("Each example sets the effect it shows")
  func effects() throws {
    let expected: [String: SkeletonStyle.Effect] = [
      "bin.json": .breathe, "card.json": .shimmer, "drop.json": .drop, "dynamic.json": SkeletonStyle.Effect.none,
      "feed.json": .shimmer, "segment.json": .shimmer, "shimmer.json": .shimmer,
    ]
    for (name, effect) in expected {
      #expect(try loadViewTreeExample(name).style.effect == effect, "\(name)")
    }
  }

  @Test("dynamic.json: bars stretch and shrink through adjust lines")
  func dynamic() throws {
    let tree = try loadViewTreeExample("dynamic.json")
    let adjust = try #require(tree.cells["dynamic"]?.adjust)
    #expect(adjust.contains("animation(1).toLongAnimation()"))
    #expect(adjust.contains { $0.contains("toShortAnimation()") })
  }

  @Test("card.json: cards with rounded corners and content in a two-column collection")
  func card() throws {
    let tree = try loadViewTreeExample("card.json")
    let collection = try #require(viewTreeNodes(tree.root).first { $0.kind == .collection })
    let section = try #require(collection.sections.first)
    let item = try #require(section.itemSize)
    // Two columns fit between the insets.
    #expect(2 * item.width + section.spacing.width + section.insets.left + section.insets.right == 375)
    let card = try #require(tree.cells[section.cell]?.children.first)
    #expect(card.cornerRadius == 8)
    #expect(card.children.count > 3)
  }

  @Test("segment.json: a segmented control above a table")
  func segment() throws {
    let tree = try loadViewTreeExample("segment.json")
    let segments = tree.root.children[0]
    #expect(segments.children.filter { $0.kind == .button }.count == 4)
    let table = tree.root.children[1]
    #expect(table.kind == .table)
    #expect(table.frame.y == segments.frame.y + segments.frame.height)
  }

  @Test("drop.json: drop steps by index, and multi-line labels dropping line by line")
  func drop() throws {
    let tree = try loadViewTreeExample("drop.json")
    #expect(tree.adjust.contains { $0.contains("dropIndex(") })
    #expect(tree.adjust.filter { $0.contains("dropFromIndex(") }.count == 2)
    #expect(viewTreeNodes(tree.root).contains { $0.kind == .label && $0.lines != 1 })
  }
}
