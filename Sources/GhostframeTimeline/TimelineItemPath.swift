/// Where an item sits in a timeline (`timeline[0].sequence[3]`), for error messages.
///
/// The scheduler visits every item, and almost never reports one: the text is made only when a
/// message interpolates the path. Items of one sequence or parallel share its ``Container``, so
/// a path costs one allocation per nested node, not one string per item.
struct TimelineItemPath: Sendable, CustomStringConvertible {
  /// A sequence or parallel (or the root), whose items the paths index.
  final class Container: Sendable {
    /// The item the container is, or nil for the root.
    let item: TimelineItemPath?
    /// What follows the item's text: `"timeline"` for the root, `".sequence"` or `".parallel"`.
    let suffix: String

    init(item: TimelineItemPath?, suffix: String) {
      self.item = item
      self.suffix = suffix
    }

    var description: String { (item?.description ?? "") + suffix }
  }

  let container: Container
  let index: Int

  /// The container of the root item: the implicit sequence `timeline`.
  static func rootContainer() -> Container { Container(item: nil, suffix: "timeline") }

  var description: String { "\(container.description)[\(index)]" }
}
