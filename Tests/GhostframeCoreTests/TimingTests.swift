import Testing
@testable import GhostframeCore

@Suite("Timing")
struct TimingTests {
  @Test("linear alternate timing is the closed-form triangle wave")
  func triangleWave() throws {
    // Reference: with c = (t / D) mod 2, p(t) = c on forward legs and 2 − c on the way back; tolerance 1e-12.
    let duration = 0.8
    let timing = try Timing(duration: duration, iterations: .infinity, direction: .alternate)
    for step in 0..<4000 {
      let t = Double(step) * 0.001
      let cycle = (t / duration).truncatingRemainder(dividingBy: 2)
      let progress = try #require(timing.state(at: t).progress)
      #expect(abs(progress - (cycle <= 1 ? cycle : 2 - cycle)) < 1e-12, "t = \(t)")
    }
  }

  @Test("active duration and end time follow the Web Animations formulas")
  func durations() throws {
    let timing = try Timing(duration: 2, delay: 1, endDelay: -0.5, iterations: 2.5)
    #expect(timing.activeDuration == 5)
    #expect(timing.endTime == 5.5)
    #expect(try Timing(duration: 0, iterations: .infinity).activeDuration == 0)
    #expect(try Timing(duration: 3, iterations: 0).activeDuration == 0)
    #expect(try Timing(duration: 1, delay: -5).endTime == 0)
    #expect(try Timing(duration: 1, iterations: .infinity).endTime == .infinity)
  }

  @Test("Core Animation parameters map onto Web Animations fields")
  func coreAnimationMapping() throws {
    let timing = try Timing.coreAnimation(
      duration: 1, beginTime: 0.5, speed: 2, timeOffset: 0.4, repeatCount: 1.5, autoreverses: true,
      fillMode: .both)
    #expect(timing.duration == 0.5)
    #expect(timing.delay == 0.5)
    #expect(timing.iterations == 3)
    #expect(timing.direction == .alternate)
    #expect(timing.fill == .both)
    #expect(timing.timeOffset == 0.2)
    // Speed is kept as the time scale: the animation's own time still covers the basic duration.
    #expect(timing.timeScale == 2)
    #expect(timing.kernel.localDuration == 1)
    #expect(try Timing.coreAnimation(duration: 0).duration == Timing.coreAnimationDefaultDuration)
    #expect(try Timing.coreAnimation(duration: 2, repeatDuration: 3).iterations == 1.5)
    #expect(try Timing.coreAnimation(duration: 1, repeatCount: .infinity).iterations == .infinity)
  }

  @Test("a wrapping time offset rotates the active interval and keeps its length")
  func timeOffsetRotates() throws {
    // Reference: with offset o and active duration A, the state at t is the un-offset state at (t + o) mod A.
    let plain = try Timing(duration: 1, iterations: 3, direction: .alternate)
    let shifted = try Timing(duration: 1, iterations: 3, direction: .alternate, timeOffset: 1.3)
    #expect(shifted.activeDuration == plain.activeDuration)
    for step in 0..<300 {
      let t = Double(step) * 0.01
      let wrapped = (t + 1.3).truncatingRemainder(dividingBy: 3)
      #expect(shifted.state(at: t).progress == plain.state(at: wrapped).progress, "t = \(t)")
    }
  }

  /// One bad timing per parameter, keyed by the name its error message must contain.
  static func badTiming(_ name: String) throws -> Timing {
    switch name {
    case "duration": return try Timing(duration: -1)
    case "delay": return try Timing(duration: 1, delay: .nan)
    case "end delay": return try Timing(duration: 1, endDelay: .infinity)
    case "iterations": return try Timing(duration: 1, iterations: -0.5)
    case "iteration start": return try Timing(duration: 1, iterationStart: -1)
    case "playback rate": return try Timing(duration: 1, playbackRate: 0)
    case "time offset": return try Timing(duration: 1, timeOffset: .nan)
    case "time scale": return try Timing(duration: 1, timeScale: .infinity)
    case "speed": return try Timing.coreAnimation(duration: 1, speed: -2)
    case "repeat count": return try Timing.coreAnimation(duration: 1, repeatCount: -1)
    default: return try Timing.coreAnimation(duration: 1, beginTime: .infinity)
    }
  }

  @Test("invalid parameters throw invalidArgument naming the parameter", arguments: [
    "duration", "delay", "end delay", "iterations", "iteration start", "playback rate", "time offset", "time scale",
    "speed", "repeat count", "begin time",
  ])
  func invalid(name: String) {
    do {
      _ = try Self.badTiming(name)
      Issue.record("\(name): no error")
    } catch let error as GhostframeError {
      #expect(error.code == .invalidArgument)
      #expect(error.message.contains(name))
    } catch {
      Issue.record("\(name): unexpected \(error)")
    }
  }

  @Test("NaN local time is unresolved, never a trap")
  func nanLocalTime() throws {
    let state = try Timing(duration: 1, fill: .both).state(at: .nan)
    #expect(state.progress == nil)
    #expect(state.currentIteration == nil)
  }
}
