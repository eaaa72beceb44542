import GhostframeCore

/// Where a value sits in a document, for error messages: `layers[3].frame`,
/// `root.children[0].style["corner radius"]`.
///
/// Rendering: a key that is an ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`) follows a dot
/// (no dot at the start); any other key is a quoted JSON string in brackets; an index is
/// in brackets. The root, the empty path, renders as `$`, so that messages about the
/// whole document read `$: expected an object, found an array`; other paths have no `$`.
package struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step from a container to a value in it.
  package enum Component: Sendable, Hashable {
    /// An object member's key.
    case key(String)
    /// An array element's 0-based index.
    case index(Int)
  }

  /// One step and the path before it. Paths share their prefixes, so extending one (which a
  /// reader does for every value it visits) costs one small allocation, not a copy.
  private final class Step: Sendable {
    let parent: Step?
    let component: Component
    let depth: Int

    init(parent: Step?, component: Component) {
      self.parent = parent
      self.component = component
      depth = (parent?.depth ?? 0) + 1
    }
  }

  /// The last step, or nil for the root.
  private let last: Step?

  /// The steps from the root, outermost first.
  ///
  /// - Complexity: O(n) in the number of steps.
  package var components: [Component] {
    var result: [Component] = []
    result.reserveCapacity(last?.depth ?? 0)
    var step = last
    while let current = step {
      result.append(current.component)
      step = current.parent
    }
    return result.reversed()
  }

  /// The last step, or nil for the root.
  package var lastComponent: Component? { last?.component }

  /// The root path, `$`.
  package init() {
    last = nil
  }

  /// A path with the given steps.
  ///
  /// - Parameter components: The steps from the root, outermost first.
  package init(_ components: [Component]) {
    var step: Step?
    for component in components { step = Step(parent: step, component: component) }
    last = step
  }

  private init(last: Step?) {
    self.last = last
  }

  /// Whether this is the root.
  package var isRoot: Bool { last == nil }

  /// This path extended by an object member.
  ///
  /// - Parameter key: The member's key.
  /// - Returns: The longer path.
  /// - Complexity: O(1).
  package func appending(key: String) -> JSONPath {
    JSONPath(last: Step(parent: last, component: .key(key)))
  }

  /// This path extended by an array element.
  ///
  /// - Parameter index: The element's 0-based index.
  /// - Returns: The longer path.
  /// - Complexity: O(1).
  package func appending(index: Int) -> JSONPath {
    JSONPath(last: Step(parent: last, component: .index(index)))
  }

  /// Paths are equal when their steps are.
  package static func == (lhs: JSONPath, rhs: JSONPath) -> Bool {
    if lhs.last === rhs.last { return true }
    return lhs.components == rhs.components
  }

  /// Hashes the steps.
  package func hash(into hasher: inout Hasher) {
    hasher.combine(components)
  }

  /// The path as text: `$` for the root, else like `layers[3].frame` or
  /// `style["corner radius"]`.
  ///
  /// - Complexity: O(n) in the length of the result.
  package var description: String {
    guard !isRoot else { return "$" }
    var text = ""
    for component in components {
      switch component {
      case .index(let index):
        text += "[\(index)]"
      case .key(let key) where Self.isIdentifier(key):
        text += text.isEmpty ? key : "." + key
      case .key(let key):
        text += "[" + JSONText.quoted(key) + "]"
      }
    }
    return text
  }

  /// Whether `key` can be written after a dot: an ASCII letter or `_`, then letters,
  /// digits and `_`.
  static func isIdentifier(_ key: String) -> Bool {
    var isFirst = true
    for byte in key.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"):
        break
      case UInt8(ascii: "0")...UInt8(ascii: "9") where !isFirst:
        break
      default:
        return false
      }
      isFirst = false
    }
    return !isFirst
  }
}
