/// Where a value sits in a document, for error messages: `layers[3].frame`,
/// `root.children[0].style["corner radius"]`.
///
/// Rendering: a key that is an ASCII identifier (`[A-Za-z_][A-Za-z0-9_]*`) follows a dot
/// (no dot at the start); any other key is a quoted JSON string in brackets; an index is
/// in brackets. The root, the empty path, renders as `$`, so that messages about the
/// whole document read `$: expected an object, found an array`; other paths have no `$`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible {
  /// One step from a container to a value in it.
  public enum Component: Sendable, Hashable {
    /// An object member's key.
    case key(String)
    /// An array element's 0-based index.
    case index(Int)
  }

  /// The steps from the root, outermost first.
  public private(set) var components: [Component]

  /// The root path, `$`.
  public init() {
    components = []
  }

  /// A path with the given steps.
  ///
  /// - Parameter components: The steps from the root, outermost first.
  public init(_ components: [Component]) {
    self.components = components
  }

  /// Whether this is the root.
  public var isRoot: Bool { components.isEmpty }

  /// This path extended by an object member.
  ///
  /// - Parameter key: The member's key.
  /// - Returns: The longer path.
  public func appending(key: String) -> JSONPath {
    JSONPath(components + [.key(key)])
  }

  /// This path extended by an array element.
  ///
  /// - Parameter index: The element's 0-based index.
  /// - Returns: The longer path.
  public func appending(index: Int) -> JSONPath {
    JSONPath(components + [.index(index)])
  }

  /// The path as text: `$` for the root, else like `layers[3].frame` or
  /// `style["corner radius"]`.
  ///
  /// - Complexity: O(n) in the length of the result.
  public var description: String {
    guard !components.isEmpty else { return "$" }
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
