import CGhostframe
import Ghostframe
import Glibc

/// The object behind a `gf_timeline *`: a resolved timeline (``Timeline/resolved()``, so later
/// registry changes do not reach it), its compile and schedule, and that schedule as C entries whose strings
/// the box owns until it is freed.
final class TimelineBox: ExclusiveHandleBox {
  static var kind: HandleKind { .timeline }

  /// The timeline, with every registry definition it uses copied in.
  let timeline: Timeline
  /// Its compile, made once: gf_timeline_apply reads it instead of scheduling again.
  let compiled: TimelineScheduler.Result
  /// Its schedule (the compile's entries and instances).
  let schedule: TimelineSchedule
  /// The schedule as `gf_timeline_entry`s, in schedule order.
  let entries: UnsafeMutableBufferPointer<gf_timeline_entry>
  /// The player gf_timeline_seek and friends move (TimelineControlExports.swift).
  let playback: TimelinePlayback
  /// One C copy of each distinct name and layer id the entries point to.
  private var strings: [UnsafeMutablePointer<CChar>] = []

  /// Resolves and schedules `timeline`; throws the scheduler's errors, or GF_E_INTERNAL when out
  /// of memory for the entries.
  init(_ timeline: Timeline) throws(BridgeError) {
    let resolved = timeline.resolved()
    let compiled = try engine(resolved.compile())
    let schedule = TimelineSchedule(compiled)
    self.timeline = resolved
    self.compiled = compiled
    self.schedule = schedule
    playback = TimelinePlayback(schedule: schedule)
    entries = .allocate(capacity: schedule.entries.count)
    var copies: [String: UnsafeMutablePointer<CChar>] = [:]
    var failed = false
    func copy(_ text: String) -> UnsafeMutablePointer<CChar>? {
      if let existing = copies[text] { return existing }
      guard let made = ownedCString(text) else { return nil }
      copies[text] = made
      strings.append(made)
      return made
    }
    for (index, entry) in schedule.entries.enumerated() {
      guard let name = copy(entry.name), let layer = copy(entry.layer) else { failed = true; break }
      entries.initializeElement(
        at: index, to: gf_timeline_entry(name: name, layer: layer, begin: entry.begin, end: entry.end))
    }
    if failed { throw BridgeError(GF_E_INTERNAL, "out of memory copying the timeline's entries") }
  }

  deinit {
    entries.deallocate()
    for string in strings { free(string) }
  }
}
