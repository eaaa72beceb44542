import GhostframeCore

extension LayerSource {
  /// ``/GhostframeCore/LayerSource/viewKind`` as a view-tree kind, or nil when it names none (a
  /// source made in Swift may name any kind; the scene format accepts only the view tree's).
  public var kind: ViewNode.Kind? { ViewNode.Kind(rawValue: viewKind) }
}
