import Foundation

/// A number in a case file: a JSON number, or "Infinity" / "-Infinity" / "NaN".
struct Num: Decodable, Hashable, CustomStringConvertible {
  let value: Double
  init(_ value: Double) { self.value = value }
  init(from decoder: Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let number = try? container.decode(Double.self) {
      value = number
      return
    }
    switch try container.decode(String.self) {
    case "Infinity": value = .infinity
    case "-Infinity": value = -.infinity
    case "NaN": value = .nan
    case let other:
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a number: \(other)")
    }
  }
  var description: String { "\(value)" }
}

/// A case file's location: Tests/ConformanceTests/Cases/NAME.
func loadCases<T: Decodable>(_ name: String, as type: T.Type) -> T? {
  let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Cases").appendingPathComponent(name)
  guard let data = try? Data(contentsOf: url) else { return nil }
  do {
    return try JSONDecoder().decode(T.self, from: data)
  } catch {
    Issue.record("cannot decode \(name): \(error)")
    return nil
  }
}

struct EasingFile: Decodable {
  struct Case: Decodable, CustomStringConvertible {
    let spec: String
    let x: Num
    let beforeFlag: Bool?
    let y: Num
    let tolerance: Double
    let source: String
    var description: String { "\(spec) at \(x)\(beforeFlag == true ? " (before flag)" : "")" }
  }
  let cases: [Case]
}

/// Web Animations timing parameters as a case file spells them.
struct WebTimingSpec: Decodable, Hashable {
  var duration: Num = Num(0)
  var delay: Double? = nil
  var endDelay: Double? = nil
  var iterations: Num? = nil
  var iterationStart: Double? = nil
  var direction: String? = nil
  var fill: String? = nil
  var easing: String? = nil
  var playbackRate: Double? = nil
  var timeOffset: Double? = nil
}

/// Core Animation timing parameters as a case file spells them.
struct CoreAnimationTimingSpec: Decodable, Hashable {
  var duration: Double = 0
  var beginTime: Double? = nil
  var speed: Double? = nil
  var timeOffset: Double? = nil
  var repeatCount: Num? = nil
  var repeatDuration: Num? = nil
  var autoreverses: Bool? = nil
  var fillMode: String? = nil
  var easing: String? = nil
}

/// One expected computed timing; an absent field is not checked, null means unresolved.
struct TimingSample: Decodable {
  let t: Double
  let phase: String?
  let activeTime: Expected?
  let currentIteration: Expected?
  let progress: Expected?

  /// A field that is present with a number, or present as null (unresolved).
  enum Expected: Decodable {
    case unresolved
    case value(Double)
    init(from decoder: Decoder) throws {
      let container = try decoder.singleValueContainer()
      self = container.decodeNil() ? .unresolved : .value(try container.decode(Num.self).value)
    }
  }

  enum CodingKeys: String, CodingKey { case t, phase, activeTime, currentIteration, progress }
  init(from decoder: Decoder) throws {
    let c = try decoder.container(keyedBy: CodingKeys.self)
    t = try c.decode(Double.self, forKey: .t)
    phase = try c.decodeIfPresent(String.self, forKey: .phase)
    // decodeIfPresent maps null to nil; keep "present and null" apart from "absent".
    func field(_ key: CodingKeys) throws -> Expected? {
      guard c.contains(key) else { return nil }
      return try c.decodeNil(forKey: key) ? .unresolved : .value(c.decode(Num.self, forKey: key).value)
    }
    activeTime = try field(.activeTime)
    currentIteration = try field(.currentIteration)
    progress = try field(.progress)
  }
}

struct TimingFile: Decodable {
  struct Case: Decodable, CustomStringConvertible {
    let name: String
    let source: String?
    let timing: WebTimingSpec?
    let coreAnimation: CoreAnimationTimingSpec?
    let samples: [TimingSample]
    let tolerance: Double?
    var description: String { name }
  }
  let cases: [Case]
}

struct SpringFile: Decodable {
  /// Absent fields take Core Animation's defaults.
  struct Params: Decodable, Hashable {
    var mass: Double?
    var stiffness: Double?
    var damping: Double?
    var initialVelocity: Double?
    var allowsOverdamping: Bool?
  }
  struct Case: Decodable, CustomStringConvertible {
    let name: String
    let spring: Params
    let t: Double?
    let value: Double?
    let velocity: Double?
    let epsilon: Double?
    let settlingDuration: Double?
    let tolerance: Double
    let source: String
    var description: String { name }
  }
  let cases: [Case]
}

/// A call that must fail: which operation, its input, and the status it must return.
struct ErrorFile: Decodable {
  struct Case: Decodable, CustomStringConvertible {
    let name: String
    let operation: String
    let spec: String?
    let x: Num?
    let spring: SpringSpec?
    let t: Num?
    let epsilon: Num?
    let timing: WebTimingLoose?
    let coreAnimation: CoreAnimationLoose?
    let status: String
    let messageContains: String?
    var description: String { name }
  }
  /// Spring fields that may be NaN or infinite.
  struct SpringSpec: Decodable {
    var mass: Num? = nil
    var stiffness: Num? = nil
    var damping: Num? = nil
    var initialVelocity: Num? = nil
  }
  /// Web timing fields that may be NaN or infinite or of unknown enum values.
  struct WebTimingLoose: Decodable {
    var duration: Num? = nil
    var delay: Num? = nil
    var endDelay: Num? = nil
    var iterations: Num? = nil
    var iterationStart: Num? = nil
    var playbackRate: Num? = nil
    var timeOffset: Num? = nil
    var direction: String? = nil
    var fill: String? = nil
  }
  struct CoreAnimationLoose: Decodable {
    var duration: Num? = nil
    var beginTime: Num? = nil
    var speed: Num? = nil
    var timeOffset: Num? = nil
    var repeatCount: Num? = nil
    var repeatDuration: Num? = nil
    var fillMode: String? = nil
  }
  let cases: [Case]
}

import Testing
