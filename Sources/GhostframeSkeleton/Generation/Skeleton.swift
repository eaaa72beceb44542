import GhostframeCore

/// A generated skeleton: the bones made from a ``ViewTree`` and the containers they sit on,
/// ready to become an animated ``/GhostframeCore/Scene``.
///
/// The generator (``init(tree:)``) applies TABAnimated's rules and the tree's adjustment lines;
/// ``scene(startTime:)`` turns bones and containers into layers and the style's effect into
/// ordinary animations, so a skeleton samples like any scene.
public struct Skeleton: Sendable {
  /// A background a group of bones sits on: the root view's, or one list section's.
  public struct Container: Sendable, Hashable {
    /// The group name bones refer to in ``Bone/group`` (`"root"`, or `"LIST/section/N"`).
    public var group: String
    /// The frame in root coordinates.
    public var frame: Rect
    /// The fill colour.
    public var color: Color
    /// The corner radius.
    public var cornerRadius: Double
    /// The resolved style of the container's control view.
    public var style: ResolvedSkeletonStyle
    /// Creates a container.
    public init(group: String, frame: Rect, color: Color, cornerRadius: Double, style: ResolvedSkeletonStyle) {
      self.group = group
      self.frame = frame
      self.color = color
      self.cornerRadius = cornerRadius
      self.style = style
    }
  }

  /// The visible size.
  public var viewport: Size
  /// The global style (the tree's, resolved).
  public var style: ResolvedSkeletonStyle
  /// The containers, back to front; the first is the root's.
  public var containers: [Container]
  /// Every bone, in drawing order (list cells repeated), with ``Bone/index`` numbering them.
  public var bones: [Bone]

  /// Creates a skeleton from parts (the generator's output, or a host's own).
  public init(viewport: Size, style: ResolvedSkeletonStyle, containers: [Container], bones: [Bone]) {
    self.viewport = viewport
    self.style = style
    self.containers = containers
    self.bones = bones
  }
}
