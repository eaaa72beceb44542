/// What a link's completion callback receives: which link ended, when, and in which direction
/// the scene's clock crossed its end.
public struct ChainCompletion: Sendable, Hashable {
  /// The link's name (its ``ChainLink/named(_:)`` name, else the key path it animates, else
  /// `"transition"`), as in the chain's schedule.
  public let name: String
  /// The link's index in creation order (0 for the first link of the chain).
  public let index: Int
  /// The layer the link animates.
  public let layer: String
  /// The scene time of the link's end.
  public let time: Double
  /// Whether the clock moved backwards across the end (seeking back into the link).
  public let isReversed: Bool
}
