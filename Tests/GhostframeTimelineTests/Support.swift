import GhostframeCore
import GhostframeTestSupport
import Testing
@testable import GhostframeTimeline

/// A fresh registry per test (the shared one is process-wide and tests run in parallel).
func registry(_ names: String...) throws -> TimelineRegistry {
  let registry = TimelineRegistry()
  for name in names { registry.register(try TimelineDefinition(name: name, scalarChanges: ["opacity": 1])) }
  return registry
}

/// Expects `entries` to be exactly `expected` (name, layer, begin, end) in this order; times
/// within `tolerance` (1e-12 by default: they are sums of a few decimal literals).
func expectEntries(
  _ schedule: TimelineSchedule, _ expected: [(String, String, Double, Double)], tolerance: Double = 1e-12,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  #expect(schedule.entries.count == expected.count, "\(schedule.entries)", sourceLocation: sourceLocation)
  for (entry, want) in zip(schedule.entries, expected) {
    #expect(entry.name == want.0 && entry.layer == want.1, "\(entry) vs \(want)", sourceLocation: sourceLocation)
    #expect(abs(entry.begin - want.2) < tolerance && abs(entry.end - want.3) < tolerance, "\(entry) vs \(want)",
            sourceLocation: sourceLocation)
  }
}

/// The begin of each layer of one definition's entries, in layer order of `layers`.
func begins(_ schedule: TimelineSchedule, _ name: String, _ layers: [String]) -> [Double] {
  layers.map { layer in schedule.entries.first { $0.name == name && $0.layer == layer }?.begin ?? .nan }
}

/// Whether two arrays have the same length and agree within 1e-12.
func close(_ a: [Double], _ b: [Double]) -> Bool {
  a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-12 }
}
