import CGhostframe
import Ghostframe

/// The object behind a `gf_timeline *`: a resolved timeline (``Timeline/resolved()``, so later
/// registry changes do not reach it), kept for its JSON, and its schedule, made once: applying,
/// measuring and playing read the schedule and never schedule again. The schedule's entries are
/// kept as C entries whose strings live in the box's pool until the box is freed.
final class TimelineBox: ExclusiveHandleBox {
  static var kind: HandleKind { .timeline }

  /// The timeline, with every registry definition it uses copied in.
  let timeline: Timeline
  /// Its schedule: the one compiled form (gf_timeline_apply applies it, gf_timeline_duration
  /// reads it, the player plays it).
  let schedule: TimelineSchedule
  /// The schedule as `gf_timeline_entry`s, in schedule order.
  let entries: UnsafeMutableBufferPointer<gf_timeline_entry>
  /// The player gf_timeline_seek and friends move (TimelineControlExports.swift).
  let playback: TimelinePlayback
  /// One C copy of each distinct name and layer id the entries and events point to.
  let strings: CStringPool

  /// Resolves and schedules `timeline`; throws the scheduler's errors, or GF_E_INTERNAL when out
  /// of memory for the entries.
  init(_ timeline: Timeline) throws(BridgeError) {
    let resolved = timeline.resolved()
    let schedule = try engine(resolved.schedule())
    let strings = CStringPool()
    let entries = UnsafeMutableBufferPointer<gf_timeline_entry>.allocate(capacity: schedule.entries.count)
    for (index, entry) in schedule.entries.enumerated() {
      guard let name = strings.pointer(entry.name), let layer = strings.pointer(entry.layer) else {
        entries.deallocate()
        throw BridgeError(GF_E_INTERNAL, "out of memory copying the timeline's entries")
      }
      entries.initializeElement(
        at: index, to: gf_timeline_entry(name: name, layer: layer, begin: entry.begin, end: entry.end))
    }
    self.timeline = resolved
    self.schedule = schedule
    self.entries = entries
    self.strings = strings
    playback = TimelinePlayback(schedule: schedule, strings: strings)
  }

  deinit {
    entries.deallocate()
  }
}
