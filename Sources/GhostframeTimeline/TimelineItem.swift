import GhostframeCore

/// One item of a timeline's sequence or parallel: an instance, a delay, a stagger, a label, or a
/// nested sequence or parallel, with an optional ``position``.
///
/// Arrays of items read like Anim's timelines, and number literals are delays (Anim's `@.2`):
///
/// ```swift
/// let timeline = Timeline(sequence: [
///   .anim("slideUp", layers: views, duration: 0.6), 0.2, .anim("slideOver", layers: views, duration: 0.2),
/// ])
/// ```
public struct TimelineItem: Sendable, Hashable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
  /// What an item is.
  public indirect enum Kind: Sendable, Hashable {
    /// A definition on layers for a duration.
    case instance(TimelineInstance)
    /// Moves a sequence's cursor by the seconds given (negative ones overlap); in a parallel, an
    /// empty item that lasts that long.
    case delay(Double)
    /// Offsets the layers of the next instance of the same sequence or parallel.
    case stagger(TimelineStagger)
    /// Marks the cursor (or ``TimelineItem/position``) of its sequence under a name.
    case label(String)
    /// Items one after another.
    case sequence([TimelineItem])
    /// Items that all start together.
    case parallel([TimelineItem])
    /// GSAP's `call`: a point in time, placed as an instance of no length and no layers would be,
    /// that the player reports (``TimelineEvent/Kind/call``) each time time crosses it, either way.
    case call(String)
  }

  /// What the item is.
  public var kind: Kind
  /// Where the item starts within its sequence; nil places it at the cursor. Instances and nested
  /// nodes take one; a label takes one to mark that time instead of the cursor (GSAP's
  /// `addLabel(name, position)`); delays and staggers do not, nor does anything in a parallel.
  public var position: TimelinePosition?
  /// A nested sequence's or parallel's repeats, yoyo, repeat delay and time scale (GSAP's nested
  /// timelines); other items keep ``TimelineNodeTiming/normal``.
  public var timing: TimelineNodeTiming

  /// Creates an item.
  public init(_ kind: Kind, position: TimelinePosition? = nil, timing: TimelineNodeTiming = .normal) {
    self.kind = kind
    self.position = position
    self.timing = timing
  }

  /// A delay of `value` seconds.
  public init(floatLiteral value: Double) { self.init(.delay(value)) }
  /// A delay of `value` seconds.
  public init(integerLiteral value: Int) { self.init(.delay(Double(value))) }

  /// This item placed at `position`.
  public func at(_ position: TimelinePosition) -> TimelineItem {
    TimelineItem(kind, position: position, timing: timing)
  }

  /// This sequence or parallel with GSAP's `repeat`, `yoyo`, `repeatDelay` and `timeScale`.
  public func timed(_ timing: TimelineNodeTiming) -> TimelineItem {
    TimelineItem(kind, position: position, timing: timing)
  }

  /// An instance of the definition `name` on `layers` (Anim's `[Anim a:vs:d:]`).
  public static func anim(
    _ name: String, layers: [String], duration: Double, position: TimelinePosition? = nil
  ) -> TimelineItem {
    TimelineItem(.instance(TimelineInstance(definition: name, layers: layers, duration: duration)), position: position)
  }

  /// An instance of the definition `name` on one layer (Anim's `[Anim a:v:d:]`).
  public static func anim(
    _ name: String, layer: String, duration: Double, position: TimelinePosition? = nil
  ) -> TimelineItem {
    anim(name, layers: [layer], duration: duration, position: position)
  }

  /// A delay of `seconds` (negative ones overlap).
  public static func delay(_ seconds: Double) -> TimelineItem { TimelineItem(.delay(seconds)) }

  /// A stagger for the next instance.
  public static func stagger(_ stagger: TimelineStagger) -> TimelineItem { TimelineItem(.stagger(stagger)) }

  /// Anim's index offset for the next instance: layer *i* starts `seconds · i` later.
  public static func stagger(_ seconds: Double) -> TimelineItem { TimelineItem(.stagger(.offset(seconds))) }

  /// A label marking the cursor (or `position`).
  public static func label(_ name: String, position: TimelinePosition? = nil) -> TimelineItem {
    TimelineItem(.label(name), position: position)
  }

  /// A nested sequence (Anim's array), repeated, yoyoed and scaled by `timing`.
  public static func sequence(
    _ items: [TimelineItem], position: TimelinePosition? = nil, timing: TimelineNodeTiming = .normal
  ) -> TimelineItem {
    TimelineItem(.sequence(items), position: position, timing: timing)
  }

  /// GSAP's `call(fn, params, position)`: a named point the player reports when time crosses it.
  public static func call(_ name: String, position: TimelinePosition? = nil) -> TimelineItem {
    TimelineItem(.call(name), position: position)
  }

  /// A nested parallel (Anim's set), repeated, yoyoed and scaled by `timing`.
  public static func parallel(
    _ items: [TimelineItem], position: TimelinePosition? = nil, timing: TimelineNodeTiming = .normal
  ) -> TimelineItem {
    TimelineItem(.parallel(items), position: position, timing: timing)
  }
}

/// A definition placed on layers for a duration.
public struct TimelineInstance: Sendable, Hashable {
  /// The definition's name, looked up in the timeline's own definitions, then its registry.
  public var definition: String
  /// The ids of the layers it animates, in stagger order; at least one.
  public var layers: [String]
  /// Each layer's span in seconds, finite and `>= 0`.
  public var duration: Double

  /// Creates an instance.
  public init(definition: String, layers: [String], duration: Double) {
    self.definition = definition
    self.layers = layers
    self.duration = duration
  }
}
