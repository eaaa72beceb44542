import Ghostframe

extension TimingFile.Case {
  /// The case's timing as a request both engines take.
  var request: TimingRequest? {
    if let w = timing {
      guard let direction = PlaybackDirection(rawValue: w.direction ?? "normal"),
            let fill = FillMode(rawValue: w.fill == "auto" ? "none" : w.fill ?? "none") else { return nil }
      return .web(duration: w.duration.value, delay: w.delay ?? 0, endDelay: w.endDelay ?? 0,
                  iterations: w.iterations?.value ?? 1, iterationStart: w.iterationStart ?? 0,
                  direction: direction, fill: fill, easing: w.easing, playbackRate: w.playbackRate ?? 1,
                  timeOffset: w.timeOffset ?? 0)
    }
    if let c = coreAnimation {
      let fillName = c.fillMode == "removed" ? "none" : c.fillMode ?? "none"
      guard let fill = FillMode(rawValue: fillName) else { return nil }
      return .coreAnimation(duration: c.duration, beginTime: c.beginTime ?? 0, speed: c.speed ?? 1,
                            timeOffset: c.timeOffset ?? 0, repeatCount: c.repeatCount?.value ?? 0,
                            repeatDuration: c.repeatDuration?.value ?? 0, autoreverses: c.autoreverses ?? false,
                            fillMode: fill, easing: c.easing)
    }
    return nil
  }
}

extension SpringFile.Params {
  var request: SpringRequest {
    SpringRequest(mass: mass ?? 1, stiffness: stiffness ?? 100, damping: damping ?? 10,
                  initialVelocity: initialVelocity ?? 0, allowsOverdamping: allowsOverdamping ?? false)
  }
}

/// Every (engine, case) pair, so each failure names both.
func pairs<C>(_ cases: [C]) -> [(any Engine, C)] {
  engines.flatMap { engine in cases.map { (engine, $0) } }
}

/// Whether two numbers agree within `tolerance` (infinities must match exactly).
func close(_ a: Double, _ b: Double, _ tolerance: Double) -> Bool {
  if a.isInfinite || b.isInfinite { return a == b }
  return abs(a - b) <= tolerance
}
