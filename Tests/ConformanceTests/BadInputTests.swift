import CGhostframe
import Ghostframe
import Testing

private let errorCases = loadCases("errors.json", as: ErrorFile.self)?.cases ?? []

private let statusCodes: [String: Int32] = [
  "GF_E_NULL_ARGUMENT": GF_E_NULL_ARGUMENT, "GF_E_INVALID_ARGUMENT": GF_E_INVALID_ARGUMENT,
  "GF_E_PARSE": GF_E_PARSE, "GF_E_BUFFER_TOO_SMALL": GF_E_BUFFER_TOO_SMALL, "GF_E_INVALID_UTF8": GF_E_INVALID_UTF8,
  "GF_E_NOT_FOUND": GF_E_NOT_FOUND, "GF_E_LIMIT": GF_E_LIMIT,
]

/// Bad input: the same failures on both sides, from errors.json.
@Suite("Bad input, both sides")
struct BadInputTests {
  @Test("case file is present")
  func present() { #expect(errorCases.count >= 40) }

  @Test("fails with the listed status and a message that names the problem", arguments: pairs(errorCases))
  func fails(engine: any Engine, c: ErrorFile.Case) {
    let outcome = run(engine, c)
    #expect(outcome.status == statusCodes[c.status], "\(engine): \(c.name): got \(outcome.status) \(outcome.message)")
    #expect(outcome.value == nil)
    #expect(!outcome.message.isEmpty)
    if let word = c.messageContains {
      #expect(outcome.message.lowercased().contains(word.lowercased()),
              "\(engine): \(c.name): message '\(outcome.message)' lacks '\(word)'")
    }
  }

  private func run(_ engine: any Engine, _ c: ErrorFile.Case) -> Outcome<Double> {
    var spring = SpringRequest()
    if let s = c.spring {
      spring.mass = s.mass?.value ?? 1
      spring.stiffness = s.stiffness?.value ?? 100
      spring.damping = s.damping?.value ?? 10
      spring.initialVelocity = s.initialVelocity?.value ?? 0
    }
    switch c.operation {
    case "parse":
      return engine.evaluate(c.spec ?? "", at: [0.5], beforeFlag: false).map { $0.first ?? .nan }
    case "spring":
      return engine.springValue(spring, at: 0.5)
    case "settling":
      return engine.settlingDuration(spring, epsilon: c.epsilon?.value ?? 1e-3)
    case "timing":
      let w = c.timing ?? ErrorFile.WebTimingLoose()
      return engine.timingSummary(.web(
        duration: w.duration?.value ?? 1, delay: w.delay?.value ?? 0, endDelay: w.endDelay?.value ?? 0,
        iterations: w.iterations?.value ?? 1, iterationStart: w.iterationStart?.value ?? 0, direction: .normal,
        fill: .none, easing: nil, playbackRate: w.playbackRate?.value ?? 1, timeOffset: w.timeOffset?.value ?? 0
      )).map(\.activeDuration)
    case "coreAnimation":
      let a = c.coreAnimation ?? ErrorFile.CoreAnimationLoose()
      return engine.timingSummary(.coreAnimation(
        duration: a.duration?.value ?? 1, beginTime: a.beginTime?.value ?? 0, speed: a.speed?.value ?? 1,
        timeOffset: a.timeOffset?.value ?? 0, repeatCount: a.repeatCount?.value ?? 0,
        repeatDuration: a.repeatDuration?.value ?? 0, autoreverses: false, fillMode: .none, easing: nil
      )).map(\.activeDuration)
    default:
      Issue.record("unknown operation \(c.operation)")
      return .failed(0, "")
    }
  }
}
