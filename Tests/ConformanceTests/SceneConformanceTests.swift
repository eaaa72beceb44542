import Foundation
import Ghostframe
import Testing

/// A scene case: a scene document and expected fields of chosen layers at chosen times.
struct SceneCase: Decodable, CustomStringConvertible {
  struct Sample: Decodable {
    let t: Double
    let layer: Int
    let tolerance: Double?
    let expect: [String: Double]
  }
  let name: String
  let note: String
  let scene: AnyJSON
  let samples: [Sample]
  var description: String { name }
}

/// Any JSON value, kept as text so the scene reaches both engines as a document.
struct AnyJSON: Decodable {
  let text: String
  init(from decoder: Decoder) throws {
    let value = try decoder.singleValueContainer().decode(JSONAny.self)
    let data = try JSONSerialization.data(withJSONObject: value.object, options: [.sortedKeys])
    text = String(decoding: data, as: UTF8.self)
  }
}

/// A recursive Decodable that rebuilds Foundation JSON objects.
private struct JSONAny: Decodable {
  let object: Any
  init(from decoder: Decoder) throws {
    if var array = try? decoder.unkeyedContainer() {
      var items: [Any] = []
      while !array.isAtEnd { items.append(try array.decode(JSONAny.self).object) }
      object = items
    } else if let keyed = try? decoder.container(keyedBy: AnyKey.self) {
      var members: [String: Any] = [:]
      for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(JSONAny.self, forKey: key).object }
      object = members
    } else {
      let single = try decoder.singleValueContainer()
      if let number = try? single.decode(Double.self) { object = number }
      else if let flag = try? single.decode(Bool.self) { object = flag }
      else if let string = try? single.decode(String.self) { object = string }
      else { object = NSNull() }
    }
  }
  struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }
}

private struct SceneFile: Decodable { let cases: [SceneCase] }

private let sceneCases = loadCases("scenes.json", as: SceneFile.self)?.cases ?? []

/// Scenes from JSON sampled through both sides against hand-computed values.
@Suite("Scenes, both sides")
struct SceneConformanceTests {
  @Test("case file is present")
  func present() { #expect(sceneCases.count >= 8) }

  @Test("sampled values equal the hand computation", arguments: pairs(sceneCases))
  func handComputed(engine: any Engine, c: SceneCase) {
    let outcome = engine.sceneStates(json: c.scene.text, at: c.samples.map(\.t))
    guard let frames = outcome.value else {
      Issue.record("\(engine): \(c.name): \(outcome.message)")
      return
    }
    // "custom.NAME" expectations read the custom property through its own sampling call.
    let customNames = Set(c.samples.flatMap { $0.expect.keys }.filter { $0.hasPrefix("custom.") })
    var customs: [String: [[Double]]] = [:]
    for key in customNames {
      let outcome = engine.sceneCustomValues(json: c.scene.text, name: String(key.dropFirst("custom.".count)),
                                             at: c.samples.map(\.t))
      guard let values = outcome.value else {
        Issue.record("\(engine): \(c.name): \(key): \(outcome.message)")
        return
      }
      customs[key] = values
    }
    for (index, (sample, states)) in zip(c.samples, frames).enumerated() {
      guard sample.layer < states.count else {
        Issue.record("\(engine): \(c.name): no layer \(sample.layer)")
        continue
      }
      for (name, expected) in sample.expect {
        let got = customs[name].map { $0[index][sample.layer] } ?? layerField(name, of: states[sample.layer])
        #expect(got.map { close($0, expected, sample.tolerance ?? 1e-9) } == true,
                "\(engine): \(c.name) t=\(sample.t) layer \(sample.layer) \(name): \(String(describing: got)) vs \(expected)")
      }
    }
  }

  @Test("both sides give the same bytes at every time")
  func sidesAgree() {
    guard engines.count == 2 else { return }
    let times = stride(from: -0.5, through: 3.0, by: 0.07).map { $0 }
    for c in sceneCases {
      let swift = engines[0].sceneStates(json: c.scene.text, at: times).value
      let library = engines[1].sceneStates(json: c.scene.text, at: times).value
      #expect(swift != nil && swift == library, "\(c.name)")
      for key in Set(c.samples.flatMap { $0.expect.keys }.filter { $0.hasPrefix("custom.") }) {
        let name = String(key.dropFirst("custom.".count))
        let swiftValues = engines[0].sceneCustomValues(json: c.scene.text, name: name, at: times).value
        let libraryValues = engines[1].sceneCustomValues(json: c.scene.text, name: name, at: times).value
        #expect(swiftValues != nil && swiftValues == libraryValues, "\(c.name) \(key)")
      }
    }
  }
}
