import GhostframeCore

extension LayerSource {
  /// ``viewKind`` as a view-tree kind, or nil when it names none (a source read from a scene
  /// document may name any kind).
  public var kind: ViewNode.Kind? { ViewNode.Kind(rawValue: viewKind) }
}
