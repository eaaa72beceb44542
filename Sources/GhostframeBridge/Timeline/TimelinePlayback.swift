import CGhostframe
import Ghostframe

/// The player a `gf_timeline` keeps (``/GhostframeTimeline/TimelinePlayer``), and the pointers
/// its events carry: each instance's name and layer ids and each call point's name, from the
/// timeline's string pool (the schedule's entries already copied the instances'), arranged at the
/// first call that has a callback and kept until the timeline is freed, so delivering an event
/// allocates nothing.
///
/// Only calls that entered the timeline for writing change it; readers only read ``player``.
final class TimelinePlayback {
  /// The clock and its rate.
  var player: TimelinePlayer
  /// The timeline's strings (shared with its entries).
  private let strings: CStringPool
  /// Per instance, its name; empty until ``prepareEvents()``.
  private var names: [UnsafePointer<CChar>] = []
  /// Every instance's layer ids, one instance after another.
  private var layers: UnsafeMutableBufferPointer<UnsafePointer<CChar>?> = .init(start: nil, count: 0)
  /// Where each instance's layers start in ``layers``.
  private var layerStarts: [Int] = []
  /// Per call point, its name.
  private var callNames: [UnsafePointer<CChar>] = []

  /// A player at time 0, rate 1, for `schedule`, whose strings come from `strings`.
  init(schedule: TimelineSchedule, strings: CStringPool) {
    player = TimelinePlayer(schedule: schedule)
    self.strings = strings
  }

  deinit {
    layers.deallocate()
  }

  /// Arranges the pointers events carry, once. Throws GF_E_INTERNAL when out of memory, leaving
  /// them unarranged.
  func prepareEvents() throws(BridgeError) {
    let instances = player.schedule.instances
    let calls = player.schedule.calls
    guard names.count != instances.count || layerStarts.count != instances.count || callNames.count != calls.count
    else { return }
    let total = instances.reduce(0) { $0 + $1.layers.count }
    let pointers = UnsafeMutableBufferPointer<UnsafePointer<CChar>?>.allocate(capacity: total)
    pointers.initialize(repeating: nil)
    var newNames: [UnsafePointer<CChar>] = []
    var starts: [Int] = []
    newNames.reserveCapacity(instances.count)
    starts.reserveCapacity(instances.count)
    var next = 0
    var failed = false
    outer: for instance in instances {
      guard let name = strings.pointer(instance.name) else { failed = true; break }
      newNames.append(name)
      starts.append(next)
      for layer in instance.layers {
        guard next < total, let id = strings.pointer(layer) else { failed = true; break outer }
        pointers[next] = UnsafePointer(id)
        next += 1
      }
    }
    var newCallNames: [UnsafePointer<CChar>] = []
    newCallNames.reserveCapacity(calls.count)
    for call in calls where !failed {
      guard let name = strings.pointer(call.name) else { failed = true; break }
      newCallNames.append(UnsafePointer(name))
    }
    guard !failed else {
      pointers.deallocate()
      throw BridgeError(GF_E_INTERNAL, "out of memory copying the timeline's names for its events")
    }
    layers.deallocate()
    callNames = newCallNames
    names = newNames
    layerStarts = starts
    layers = pointers
  }

  /// Calls `callback` with each event, in order; ``prepareEvents()`` must have succeeded.
  func deliver(
    _ events: [TimelineEvent], to callback: gf_timeline_event_fn, _ userData: UnsafeMutableRawPointer?
  ) throws(BridgeError) {
    for event in events {
      let index = event.instance
      if event.kind == .call {
        guard index >= 0, index < callNames.count else {
          throw BridgeError(GF_E_INTERNAL, "a timeline event for call \(index), which has no C name")
        }
        var raw = gf_timeline_event(kind: GF_EVENT_CALL, reversed: event.isReversed ? 1 : 0, instance: index,
                                    time: event.time, name: callNames[index], layers: nil, layer_count: 0)
        callback(userData, &raw)
        continue
      }
      guard index >= 0, index < names.count, index < layerStarts.count, let base = layers.baseAddress else {
        throw BridgeError(GF_E_INTERNAL, "a timeline event for instance \(index), which has no C names")
      }
      var raw = gf_timeline_event(
        kind: event.kind == .started ? GF_EVENT_STARTED : GF_EVENT_ENDED, reversed: event.isReversed ? 1 : 0,
        instance: index, time: event.time, name: names[index], layers: UnsafePointer(base + layerStarts[index]),
        layer_count: event.layers.count)
      callback(userData, &raw)
    }
  }
}
