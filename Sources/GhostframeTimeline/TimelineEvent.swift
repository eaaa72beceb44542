/// An instance of a timeline starting or ending, reported by ``TimelinePlayer``'s
/// ``TimelinePlayer/seek(to:suppressingEvents:)`` and ``TimelinePlayer/advance(by:suppressingEvents:)``;
/// or a call point crossed.
public struct TimelineEvent: Sendable, Hashable {
  /// What happened.
  public enum Kind: String, Sendable {
    /// Time entered the instance's span: crossing its start going forwards, or its end going
    /// backwards.
    case started
    /// Time left the instance's span: crossing its end going forwards, or its start going
    /// backwards.
    case ended
    /// Time crossed a ``TimelineItem/Kind/call(_:)`` point, either way; ``TimelineEvent/instance``
    /// is then the call's index in ``TimelineSchedule/calls``, and the layers are empty.
    case call
  }

  /// What happened.
  public var kind: Kind
  /// The instance's index in order of appearance (``TimelineSchedule/Instance/index``), or for
  /// a ``Kind/call`` the call's (``TimelineSchedule/Call/index``).
  public var instance: Int
  /// The instance's definition name, or the call's name.
  public var name: String
  /// The layers the instance animates.
  public var layers: [String]
  /// The boundary's timeline time: the instance's start or end.
  public var time: Double
  /// Whether time moved backwards across the boundary (then ``Kind/started`` happens at the
  /// instance's end and ``Kind/ended`` at its start).
  public var isReversed: Bool

  /// Creates an event.
  public init(kind: Kind, instance: Int, name: String, layers: [String], time: Double, isReversed: Bool) {
    self.kind = kind
    self.instance = instance
    self.name = name
    self.layers = layers
    self.time = time
    self.isReversed = isReversed
  }
}
