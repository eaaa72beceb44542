import Foundation
import Ghostframe
import Testing

/// A skeleton case: a view tree and expected fields of named layers at chosen times.
struct SkeletonCase: Decodable, CustomStringConvertible {
  struct Sample: Decodable {
    let t: Double
    let tolerance: Double?
    let layers: [String: [String: Double]]
  }
  let name: String
  let note: String
  let tree: AnyJSON
  let layerCount: Int?
  let samples: [Sample]
  var description: String { name }
}

private struct SkeletonFile: Decodable { let cases: [SkeletonCase] }

private let skeletonCases = loadCases("skeletons.json", as: SkeletonFile.self)?.cases ?? []

/// View trees made into skeletons through both sides, against hand-computed layers.
@Suite("Skeletons, both sides")
struct SkeletonConformanceTests {
  @Test("case file is present")
  func present() { #expect(skeletonCases.count >= 10) }

  @Test("generated layers equal the hand computation", arguments: pairs(skeletonCases))
  func handComputed(engine: any Engine, c: SkeletonCase) {
    var names: [String] = []
    for sample in c.samples { for name in sample.layers.keys where !names.contains(name) { names.append(name) } }
    let outcome = engine.skeletonStates(json: c.tree.text, layers: names, at: c.samples.map(\.t))
    guard let result = outcome.value else {
      Issue.record("\(engine): \(c.name): \(outcome.message)")
      return
    }
    if let count = c.layerCount { #expect(result.count == count, "\(engine): \(c.name): layer count") }
    for (sample, states) in zip(c.samples, result.states) {
      for (layer, fields) in sample.layers {
        guard let index = names.firstIndex(of: layer), let state = states[index] else {
          Issue.record("\(engine): \(c.name): no layer '\(layer)'")
          continue
        }
        for (name, expected) in fields {
          let got = layerField(name, of: state)
          #expect(got.map { close($0, expected, sample.tolerance ?? 1e-9) } == true,
                  "\(engine): \(c.name) t=\(sample.t) \(layer).\(name): \(String(describing: got)) vs \(expected)")
        }
      }
    }
  }
}
