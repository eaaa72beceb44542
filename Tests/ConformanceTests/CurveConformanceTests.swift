import Ghostframe
import Testing

private let referenceCases = loadCases("curves.json", as: EasingFile.self)?.cases ?? []
private let wptCases = loadCases("easing-wpt.json", as: EasingFile.self)?.cases ?? []

/// Curve values against independent references, on both sides.
@Suite("Curves, both sides")
struct CurveConformanceTests {
  @Test("case files are present")
  func present() {
    #expect(referenceCases.count > 300)
  }

  @Test("values equal the 40-digit references (scripts/reference/make_cases.py)", arguments: pairs(referenceCases))
  func reference(engine: any Engine, c: EasingFile.Case) {
    check(engine, c)
  }

  @Test("values equal web-platform-tests vectors", arguments: pairs(wptCases))
  func wpt(engine: any Engine, c: EasingFile.Case) {
    check(engine, c)
  }

  private func check(_ engine: any Engine, _ c: EasingFile.Case) {
    let outcome = engine.evaluate(c.spec, at: [c.x.value], beforeFlag: c.beforeFlag ?? false)
    guard let y = outcome.value?.first else {
      Issue.record("\(engine): \(c.spec) failed: \(outcome.message)")
      return
    }
    #expect(close(y, c.y.value, c.tolerance), "\(engine): \(c) gave \(y), expected \(c.y) ± \(c.tolerance) (\(c.source))")
  }

  @Test("batch evaluation equals one-at-a-time evaluation", arguments: engines)
  func batchEqualsSingle(engine: any Engine) {
    let xs = stride(from: -0.5, through: 1.5, by: 0.01).map { $0 }
    for spec in Set(referenceCases.map(\.spec)).union(["steps(3, jump-none)", "linear(0, 0.25 20%, 1)"]) {
      // Bit patterns, so that equal NaNs count as equal.
      let single = engine.evaluate(spec, at: xs, beforeFlag: false).value?.map(\.bitPattern)
      let batch = engine.evaluateBatch(spec, at: xs).value?.map(\.bitPattern)
      #expect(single != nil && single == batch, "\(engine): \(spec)")
    }
  }

  @Test("canonical specs parse back to the same curve", arguments: engines)
  func canonicalRoundTrip(engine: any Engine) {
    let specs = ["linear", "ease", "ease-in", "ease-out", "ease-in-out", "default", "easeInEaseOut",
                 "cubic-bezier(0.1, -0.3, 0.9, 1.7)", "steps(4)", "steps(2, start)", "step-start", "step-end",
                 "steps(5, jump-both)", "linear(0, 0.25, 1)", "linear(0, 0.5 25% 75%, 1)", "easeInOutElastic",
                 "spring(1, 100, 10, 0)", "spring()"]
    let xs = stride(from: -0.25, through: 1.25, by: 0.05).map { $0 }
    for spec in specs {
      guard let text = engine.canonical(spec).value else {
        Issue.record("\(engine): \(spec) has no canonical spec")
        continue
      }
      #expect(engine.canonical(text).value == text, "\(engine): \(spec) → \(text) is not a fixed point")
      #expect(engine.evaluate(spec, at: xs, beforeFlag: false).value
              == engine.evaluate(text, at: xs, beforeFlag: false).value, "\(engine): \(spec) vs \(text)")
    }
  }

  @Test("the two sides give bit-identical values", arguments: ["ease", "steps(3)", "easeOutBounce", "spring(1, 50, 4, 2)",
                                                                "linear(0, 0.3 40%, 1)", "cubic-bezier(0, 1.5, 1, -0.5)"])
  func sidesAgree(spec: String) {
    guard engines.count == 2 else { return }
    let xs = stride(from: -1.0, through: 2.0, by: 0.003).map { $0 }
    #expect(engines[0].evaluate(spec, at: xs, beforeFlag: true).value
            == engines[1].evaluate(spec, at: xs, beforeFlag: true).value)
  }
}
