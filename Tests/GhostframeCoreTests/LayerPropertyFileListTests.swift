import Foundation
import Testing

/// docs/architecture.md's "Adding a layer property" names each file a new property touches with
/// the declaration it changes there: every file is in the repository and holds that declaration,
/// so the list follows when code moves (a renamed file or a declaration moved elsewhere fails here).
@Suite("The files a layer property touches")
struct LayerPropertyFileListTests {
  /// The repository, from this file's path (Tests/GhostframeCoreTests/<this file>).
  private let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The section's (file, declaration) pairs, written "`path` (`declaration`)".
  private func listed() throws -> [(path: String, declaration: String)] {
    let markdown = try String(contentsOf: repository.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
    let start = try #require(markdown.range(of: "\n### Adding a layer property\n"))
    let end = markdown.range(of: "\n## ", range: start.upperBound..<markdown.endIndex)?.lowerBound ?? markdown.endIndex
    let section = String(markdown[start.upperBound..<end])
    let entry = /`((?:Sources|Include|bindings|docs|Tests)\/[^`]+)`\s+\(`([^`]+)`\)/
    return section.matches(of: entry).map { (String($0.output.1), String($0.output.2)) }
  }

  @Test("every listed file exists and holds the declaration named beside it")
  func filesExist() throws {
    let entries = try listed()
    // The required list (11 files) and the state's, exporters' and new shapes' (10 more).
    #expect(entries.count >= 21, "docs/architecture.md's list parsed badly: \(entries.count) entries")
    #expect(entries.prefix(2).map(\.path) == [
      "Sources/GhostframeCore/Scene/Layer.swift", "Sources/GhostframeCore/Scene/LayerProperty+Table.swift",
    ])
    for (path, declaration) in entries {
      let url = repository.appendingPathComponent(path)
      guard let text = try? String(contentsOf: url, encoding: .utf8) else {
        Issue.record("docs/architecture.md lists \(path), which is not in the repository")
        continue
      }
      let holds = text.contains(declaration)
      #expect(holds, "\(path) no longer holds \(declaration)")
    }
  }

  @Test("the field accessors the list sends a new property to are where it says")
  func accessorsInLayerSwift() throws {
    let layer = try String(contentsOf: repository.appendingPathComponent("Sources/GhostframeCore/Scene/Layer.swift"),
                           encoding: .utf8)
    for accessor in ["subscript(number field:", "subscript(point field:", "subscript(color field:", "subscript(flag field:"] {
      #expect(layer.contains(accessor), "\(accessor)")
    }
    let table = try String(
      contentsOf: repository.appendingPathComponent("Sources/GhostframeCore/Scene/LayerProperty+Table.swift"), encoding: .utf8)
    for field in ["enum NumberField", "enum PointField", "enum ColorField", "enum FlagField", "init(describing name: Name)"] {
      #expect(table.contains(field), "\(field)")
    }
  }
}
