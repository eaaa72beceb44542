import GhostframeCore

/// A JSON value (RFC 8259).
///
/// Parse text with `init(parsing:limits:)`, write it with
/// ``serialized(pretty:)``, and read typed fields with path-naming errors through
/// ``JSONReader``.
///
/// Equality is structural. Numbers compare as `Double`s (`0` equals `-0`; a NaN, which
/// parsing never produces, equals nothing), strings as Swift `String`s (canonical
/// equivalence), objects by their keys and values regardless of member order (see
/// ``JSONObject``).
///
/// Comparing and releasing a value recurse once per nesting level (about 200 bytes of
/// stack per level in optimised builds); parsed values are at most
/// ``JSONLimits/depthCeiling`` deep. Hashing looks at most 16 levels deep, and parsing
/// and writing keep their own stacks, so they are safe at any depth.
package enum JSONValue: Sendable, Hashable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number. Parsed numbers are always finite; the writer emits `null` for NaN and
  /// infinities, which JSON cannot represent.
  case number(Double)
  /// A string.
  case string(String)
  /// An array.
  case array([JSONValue])
  /// An object, keeping its members in order.
  case object(JSONObject)
}

extension JSONValue {
  /// How many levels of nesting hashing looks into; deeper containers contribute only
  /// their element count. Equal values still hash equally, and hashing uses little stack
  /// however deep the value is.
  static let hashedDepth = 16

  /// Hashes the value, looking at most 16 levels deep.
  ///
  /// - Parameter hasher: The hasher.
  /// - Complexity: O(n) in the size of the value's first 16 levels.
  package func hash(into hasher: inout Hasher) {
    hash(into: &hasher, depth: 0)
  }

  /// Hashes the value, which is nested `depth` levels deep.
  func hash(into hasher: inout Hasher, depth: Int) {
    switch self {
    case .null:
      hasher.combine(0 as UInt8)
    case .bool(let flag):
      hasher.combine(1 as UInt8)
      hasher.combine(flag)
    case .number(let number):
      hasher.combine(2 as UInt8)
      hasher.combine(number)
    case .string(let text):
      hasher.combine(3 as UInt8)
      hasher.combine(text)
    case .array(let elements):
      hasher.combine(4 as UInt8)
      hasher.combine(elements.count)
      guard depth < Self.hashedDepth else { return }
      for element in elements {
        element.hash(into: &hasher, depth: depth + 1)
      }
    case .object(let object):
      hasher.combine(5 as UInt8)
      guard depth < Self.hashedDepth else {
        hasher.combine(object.count)
        return
      }
      object.hash(into: &hasher, depth: depth + 1)
    }
  }
}

extension JSONValue: CustomStringConvertible {
  /// The compact serialization, as ``serialized(pretty:)`` with `pretty: false` writes it.
  package var description: String { serialized(pretty: false) }
}

extension JSONValue {
  /// The kind of value with its article, for messages: "an array", "a string", "null".
  package var kindDescription: String {
    switch self {
    case .null: return "null"
    case .bool: return "a boolean"
    case .number: return "a number"
    case .string: return "a string"
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

// MARK: - Literals

extension JSONValue: ExpressibleByBooleanLiteral {
  /// `true` or `false` as ``bool(_:)``.
  ///
  /// - Parameter value: The Boolean.
  package init(booleanLiteral value: Bool) {
    self = .bool(value)
  }
}

extension JSONValue: ExpressibleByIntegerLiteral {
  /// An integer literal as ``number(_:)``, rounded to the nearest `Double` beyond 2^53.
  ///
  /// - Parameter value: The integer.
  package init(integerLiteral value: Int) {
    self = .number(Double(value))
  }
}

extension JSONValue: ExpressibleByFloatLiteral {
  /// A floating-point literal as ``number(_:)``.
  ///
  /// - Parameter value: The number.
  package init(floatLiteral value: Double) {
    self = .number(value)
  }
}

extension JSONValue: ExpressibleByStringLiteral {
  /// A string literal as ``string(_:)``.
  ///
  /// - Parameter value: The string.
  package init(stringLiteral value: String) {
    self = .string(value)
  }
}

extension JSONValue: ExpressibleByArrayLiteral {
  /// An array literal as ``array(_:)``.
  ///
  /// - Parameter elements: The elements, in order.
  package init(arrayLiteral elements: JSONValue...) {
    self = .array(elements)
  }
}

extension JSONValue: ExpressibleByDictionaryLiteral {
  /// A dictionary literal as ``object(_:)``, members in the order written; a repeated key
  /// replaces the earlier value, keeping its position.
  ///
  /// - Parameter elements: The members, in order.
  package init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(JSONObject(elements))
  }
}
