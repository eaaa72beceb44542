import Ghostframe
import Testing

private let handCases = loadCases("timing-hand.json", as: TimingFile.self)?.cases ?? []
private let wptCases = loadCases("timing-wpt.json", as: TimingFile.self)?.cases ?? []

/// The timing model against hand-computed and web-platform-tests vectors, on both sides.
@Suite("Timing, both sides")
struct TimingConformanceTests {
  @Test("case files are present")
  func present() { #expect(handCases.count >= 20) }

  @Test("hand-computed Core Animation and Web Animations cases", arguments: pairs(handCases))
  func hand(engine: any Engine, c: TimingFile.Case) { check(engine, c) }

  @Test("web-platform-tests vectors", arguments: pairs(wptCases))
  func wpt(engine: any Engine, c: TimingFile.Case) { check(engine, c) }

  private func check(_ engine: any Engine, _ c: TimingFile.Case) {
    guard let request = c.request else {
      Issue.record("\(c.name): unreadable timing")
      return
    }
    let outcome = engine.timingStates(request, at: c.samples.map(\.t))
    guard let states = outcome.value else {
      Issue.record("\(engine): \(c.name): \(outcome.message)")
      return
    }
    let tolerance = c.tolerance ?? 1e-9
    for (sample, state) in zip(c.samples, states) {
      let at = "\(engine): \(c.name) at t=\(sample.t)"
      if let phase = sample.phase { #expect(state.phase.rawValue == phase, "\(at): phase") }
      expect(sample.activeTime, state.activeTime, tolerance, "\(at): active time")
      expect(sample.currentIteration, state.currentIteration, tolerance, "\(at): current iteration")
      expect(sample.progress, state.progress, tolerance, "\(at): progress")
    }
  }

  private func expect(_ expected: TimingSample.Expected?, _ got: Double?, _ tolerance: Double, _ what: String) {
    switch expected {
    case .none: return
    case .unresolved: #expect(got == nil, "\(what): expected unresolved, got \(String(describing: got))")
    case .value(let v):
      #expect(got.map { close($0, v, tolerance) } == true, "\(what): expected \(v), got \(String(describing: got))")
    }
  }

  @Test("sampling is a pure function of time: any order gives the same states", arguments: engines)
  func orderIndependent(engine: any Engine) {
    let request = TimingRequest.web(duration: 1, delay: 0.3, endDelay: 0.2, iterations: 2.5, iterationStart: 0.25,
                                    direction: .alternate, fill: .both, easing: "steps(3, jump-both)",
                                    playbackRate: 1, timeOffset: 0)
    let times = stride(from: -1.0, through: 4.0, by: 0.0625).map { $0 }
    let forwards = engine.timingStates(request, at: times).value ?? []
    let backwards = engine.timingStates(request, at: times.reversed()).value ?? []
    #expect(forwards.count == times.count)
    #expect(forwards == backwards.reversed())
  }

  @Test("Core Animation parameters map onto the Web Animations model", arguments: engines)
  func mapping(engine: any Engine) {
    let summary = engine.timingSummary(.coreAnimation(
      duration: 1, beginTime: 0.5, speed: 2, timeOffset: 0, repeatCount: 1.5, repeatDuration: 0,
      autoreverses: true, fillMode: .forwards, easing: nil)).value
    #expect(summary?.iterations == 3)
    #expect(summary?.activeDuration == 1.5)
    #expect(summary?.endTime == 2)
  }
}
