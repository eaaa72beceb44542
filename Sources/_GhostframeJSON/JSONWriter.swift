import GhostframeCore

extension JSONValue {
  /// The value as JSON text.
  ///
  /// Output is deterministic: object members in their stored order, numbers in the
  /// shortest form that parses back to the identical `Double` (`3`, `-0`, `0.1`,
  /// `1e-07`, `5e-324`, `1.7976931348623157e+308`), strings with `"`, `\` and control
  /// characters escaped and all other characters as UTF-8. JSON has no NaN or infinity:
  /// such numbers are written as `null`.
  ///
  /// Pretty output puts each element and member on its own line, indented by 2 spaces per
  /// level, with `": "` after keys; empty containers are `[]` and `{}`. Compact output
  /// has no whitespace. Neither ends with a newline.
  ///
  /// - Parameter pretty: Whether to indent; true by default.
  /// - Returns: The JSON text.
  /// - Complexity: O(n) in the size of the output. Iterative: any nesting depth is safe.
  package func serialized(pretty: Bool = true) -> String {
    var writer = JSONWriter(pretty: pretty)
    writer.write(self)
    return String(decoding: writer.output, as: UTF8.self)
  }
}

/// Writes JSON text into a UTF-8 buffer, keeping open containers on an explicit stack.
struct JSONWriter {
  /// An open container and the position of its next element or member.
  private enum Frame {
    case array([JSONValue], next: Int)
    case object([JSONObject.Element], next: Int)
  }

  let pretty: Bool
  /// The UTF-8 text written so far.
  private(set) var output: [UInt8] = []

  init(pretty: Bool) {
    self.pretty = pretty
  }

  /// Appends `value`.
  mutating func write(_ value: JSONValue) {
    var stack: [Frame] = []
    var pending: JSONValue? = value
    while true {
      if let value = pending {
        pending = nil
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: JSONText.number(number).utf8)
        case .string(let text): JSONText.appendQuoted(text, to: &output)
        case .array(let elements):
          if elements.isEmpty {
            output.append(contentsOf: "[]".utf8)
          } else {
            output.append(UInt8(ascii: "["))
            stack.append(.array(elements, next: 0))
          }
        case .object(let object):
          if object.isEmpty {
            output.append(contentsOf: "{}".utf8)
          } else {
            output.append(UInt8(ascii: "{"))
            stack.append(.object(object.members, next: 0))
          }
        }
      }
      // Continue the innermost open container.
      guard let frame = stack.popLast() else { return }
      switch frame {
      case .array(let elements, let next):
        if next < elements.count {
          startItem(isFirst: next == 0, depth: stack.count + 1)
          pending = elements[next]
          stack.append(.array(elements, next: next + 1))
        } else {
          newline(depth: stack.count)
          output.append(UInt8(ascii: "]"))
        }
      case .object(let members, let next):
        if next < members.count {
          startItem(isFirst: next == 0, depth: stack.count + 1)
          JSONText.appendQuoted(members[next].key, to: &output)
          output.append(UInt8(ascii: ":"))
          if pretty {
            output.append(UInt8(ascii: " "))
          }
          pending = members[next].value
          stack.append(.object(members, next: next + 1))
        } else {
          newline(depth: stack.count)
          output.append(UInt8(ascii: "}"))
        }
      }
    }
  }

  /// Writes the separator before an element or member at `depth`.
  private mutating func startItem(isFirst: Bool, depth: Int) {
    if !isFirst {
      output.append(UInt8(ascii: ","))
    }
    newline(depth: depth)
  }

  /// In pretty mode, a newline and 2 spaces per level.
  private mutating func newline(depth: Int) {
    guard pretty else { return }
    output.append(UInt8(ascii: "\n"))
    output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * depth))
  }
}
