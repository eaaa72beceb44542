/// What a scene's compiled form will cost, kept up to date as layers and animations come and
/// go, so a scene refuses a change before it would need more than the limits allow (never
/// when it compiles, which cannot fail).
///
/// The sampler keeps every custom property of every layer (`layers × names` slots), one track
/// per animated property of every attachment (an animation shared by many layers is compiled
/// once but has a track on each), and with each track the timings of the groups enclosing its
/// animation, and the numbers of every attached animation in its constant pool (an animation
/// added to many layers is pooled once per attachment: ``Scene/addAnimation(_:to:key:handoff:)``
/// boxes each one anew, though their arrays share storage in the scene):
/// ``Scene/maximumCustomSlots`` bounds the first, ``Scene/maximumAnimationTracks`` the tracks
/// and, separately, their group timings, ``Scene/maximumAnimationValues`` the numbers, so
/// compiling and sampling any scene the engine holds allocate in proportion to what was
/// accepted. (Group timings and numbers are counted per attachment, as if no animation were
/// shared: an upper bound of what compiling stores.)
struct SceneBudget: Sendable {
  /// For each custom property name: the layers that set it plus the attachments that animate it.
  private(set) var customNameUses: [String: Int] = [:]
  /// The tracks of every attachment (``AnimationCost/tracks``).
  private(set) var tracks = 0
  /// The group timings of every attachment's tracks (``AnimationCost/groupTimings``).
  private(set) var groupTimings = 0
  /// The numbers of every attachment (``AnimationCost/values``).
  private(set) var values = 0

  /// The number of distinct custom property names in use.
  var customNameCount: Int { customNameUses.count }

  /// Checks a change before it is made: the scene would have `layerCount` layers, `addedTracks`
  /// more tracks and `addedGroupTimings` more group timings (negative for fewer), and each name in
  /// `names` used `names[name]` more times.
  ///
  /// - Throws: ``GhostframeError/Code/limit`` naming the limit the change would pass.
  func check(layerCount: Int, addedTracks: Int = 0, addedGroupTimings: Int = 0, addedValues: Int = 0,
             names: [String: Int] = [:]) throws(GhostframeError) {
    if addedValues > 0, values + addedValues > Scene.maximumAnimationValues {
      throw GhostframeError(
        .limit,
        "the scene's animations would hold \(values + addedValues) numbers to compile; a scene holds at most \(Scene.maximumAnimationValues) (values, key times and tangent parameters of every attached animation, counted per attachment)")
    }
    if addedTracks > 0, tracks + addedTracks > Scene.maximumAnimationTracks {
      throw GhostframeError(
        .limit,
        "the scene's animations would compile to \(tracks + addedTracks) tracks; a scene holds at most \(Scene.maximumAnimationTracks) (one per animated property of each attached animation)")
    }
    if addedGroupTimings > 0, groupTimings + addedGroupTimings > Scene.maximumAnimationTracks {
      throw GhostframeError(
        .limit,
        "the scene's tracks would carry \(groupTimings + addedGroupTimings) group timings; a scene holds at most \(Scene.maximumAnimationTracks) (one per group enclosing each track's animation)")
    }
    var nameCount = customNameUses.count
    for (name, delta) in names where delta != 0 {
      let before = customNameUses[name] ?? 0
      if before == 0 && before + delta > 0 { nameCount += 1 }
      if before > 0 && before + delta <= 0 { nameCount -= 1 }
    }
    let (slots, overflow) = layerCount.multipliedReportingOverflow(by: nameCount)
    if overflow || slots > Scene.maximumCustomSlots {
      throw GhostframeError(
        .limit,
        "\(layerCount) layers × \(nameCount) custom property names would need \(overflow ? "more than \(Int.max)" : "\(slots)") custom slots; a scene holds at most \(Scene.maximumCustomSlots) (the sampler keeps every custom property of every layer)")
    }
  }

  /// Counts (or, with `by: -1`, uncounts) the custom property names of a layer.
  mutating func count(_ layer: Layer, by delta: Int) {
    if layer.custom.isEmpty { return }
    for name in layer.custom.keys { use(name, by: delta) }
  }

  /// Counts (or uncounts) an attachment: its tracks and the custom property names it animates.
  mutating func count(_ attached: Scene.AttachedAnimation, by delta: Int) {
    count(attached.cost, by: delta)
  }

  /// Counts (or uncounts) an attachment whose cost the caller has.
  mutating func count(_ cost: AnimationCost, by delta: Int) {
    tracks += delta * cost.tracks
    groupTimings += delta * cost.groupTimings
    values += delta * cost.values
    if let names = cost.customNames { for name in names { use(name, by: delta) } }
  }

  private mutating func use(_ name: String, by delta: Int) {
    let uses = (customNameUses[name] ?? 0) + delta
    customNameUses[name] = uses > 0 ? uses : nil
  }

  /// The name changes of replacing `old` by `new`, for ``check(layerCount:addedTracks:names:)``.
  static func nameChanges(from old: Layer?, to new: Layer?) -> [String: Int] {
    var changes: [String: Int] = [:]
    if let old { for name in old.custom.keys { changes[name, default: 0] -= 1 } }
    if let new { for name in new.custom.keys { changes[name, default: 0] += 1 } }
    return changes
  }
}
