import Foundation
import GhostframeCore
import GhostframeFormats

/// examples/scenes/, found from this file's path.
package let sceneExamplesDirectory = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("examples/scenes")

/// The JSON files in examples/scenes/, sorted.
package func sceneExampleFiles() -> [String] {
  let names = (try? FileManager.default.contentsOfDirectory(atPath: sceneExamplesDirectory.path)) ?? []
  return names.filter { $0.hasSuffix(".json") }.sorted()
}

/// Loads an example scene.
package func loadSceneExample(_ name: String) throws -> Scene {
  let text = try String(contentsOf: sceneExamplesDirectory.appendingPathComponent(name), encoding: .utf8)
  return try Scene(json: text)
}
