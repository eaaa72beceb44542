import GhostframeCore

/// A host's own widget type, mapped to a built-in kind with default fields: a view-tree node
/// whose type is the kind's name is read as ``base`` with these fields wherever it does not set
/// them itself (`"MyAvatarView"` → an image with a corner radius of half its width).
///
/// Register one with ``register(_:)`` (from C, `gf_register_node_kind`); the view-tree reader
/// looks node types with a dot up in ``registry``. A tree keeps what it read: registering or
/// removing a kind later changes only trees read afterwards.
public struct NodeKind: Sendable, Hashable {
  /// A length given in points or as a fraction of the node's frame.
  public enum Length: Sendable, Hashable {
    /// A fixed length.
    case points(Double)
    /// A fraction of the node's width (`"50%"` in JSON: half the width).
    case widthFraction(Double)
    /// A fraction of the node's height (`"50%h"` in JSON).
    case heightFraction(Double)

    /// The length for a node of `frame`.
    public func resolved(in frame: Rect) -> Double {
      switch self {
      case .points(let value): value
      case .widthFraction(let fraction): fraction * frame.width
      case .heightFraction(let fraction): fraction * frame.height
      }
    }
  }

  /// The host's type name, `vendor.Name` (a host name: see ``/GhostframeCore/HostRegistry/checkName(_:)``).
  public var name: String
  /// The built-in kind it is read as; not a list (`table`, `collection`).
  public var base: ViewNode.Kind
  /// Default label lines.
  public var lines: Int?
  /// Default text alignment.
  public var align: ViewNode.Alignment?
  /// Default corner radius.
  public var cornerRadius: Length?
  /// Default hidden flag.
  public var isHidden: Bool?
  /// Default skeleton mode.
  public var skeleton: ViewNode.SkeletonMode?
  /// Default style; a node's own style overrides it field by field.
  public var style: SkeletonStyle?

  /// A node kind.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/invalidArgument`` for a bad name, a list as base, or a
  ///   default out of range (lines outside 0...``ViewTree/maximumLines``, a negative or
  ///   non-finite corner radius).
  public init(
    name: String, base: ViewNode.Kind, lines: Int? = nil, align: ViewNode.Alignment? = nil,
    cornerRadius: Length? = nil, isHidden: Bool? = nil, skeleton: ViewNode.SkeletonMode? = nil,
    style: SkeletonStyle? = nil
  ) throws(GhostframeError) {
    try HostRegistry<NodeKind>.checkName(name)
    guard base != .table && base != .collection else {
      throw .invalid("node kind '\(name)': a \(base.rawValue) cannot be a base (lists need sections)")
    }
    if let lines, !(0...ViewTree.maximumLines).contains(lines) {
      throw .invalid("node kind '\(name)': lines must be in 0...\(ViewTree.maximumLines) (got \(lines))")
    }
    if let cornerRadius {
      let value: Double = switch cornerRadius {
      case .points(let v), .widthFraction(let v), .heightFraction(let v): v
      }
      guard value.isFinite, value >= 0 else {
        throw .invalid("node kind '\(name)': cornerRadius must be finite and >= 0 (got \(value))")
      }
    }
    self.name = name
    self.base = base
    self.lines = lines
    self.align = align
    self.cornerRadius = cornerRadius
    self.isHidden = isHidden
    self.skeleton = skeleton
    self.style = style
  }

  /// Makes `node` a node of this kind: its kind becomes ``base`` and every default is set (the
  /// corner radius resolved against the node's frame). A reader applies this before the node's
  /// own fields, which then override the defaults.
  public func apply(to node: inout ViewNode) {
    node.kind = base
    if let lines { node.lines = lines }
    if let align { node.align = align }
    if let cornerRadius { node.cornerRadius = cornerRadius.resolved(in: node.frame) }
    if let isHidden { node.isHidden = isHidden }
    if let skeleton { node.skeleton = skeleton }
    if let style { node.style = style }
  }

  /// The registry of node kinds the view-tree reader looks dotted type names up in.
  public static let registry = HostRegistry<NodeKind>(noun: "node kind")

  /// Registers `kind` under its name, replacing a kind of that name.
  ///
  /// - Throws: ``/GhostframeCore/GhostframeError/Code/limit`` when the registry is full.
  public static func register(_ kind: NodeKind) throws(GhostframeError) {
    try registry.register(kind.name, kind)
  }

  /// Removes the kind named `name`; returns whether there was one.
  @discardableResult
  public static func unregister(_ name: String) -> Bool {
    registry.remove(name) != nil
  }
}
