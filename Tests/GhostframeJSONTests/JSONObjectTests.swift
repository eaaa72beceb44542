import Testing
@testable import _GhostframeJSON
import GhostframeCore

@Suite struct JSONObjectTests {
  @Test func keepsDocumentOrderAtEverySize() throws {
    for count in [0, 1, 8, 9, 10, 100, 1000] {
      let keys = (0..<count).map { "k\((count - $0) * 7919 % 10007)" }
      let text = "{" + keys.enumerated().map { "\"\($1)\": \($0)" }.joined(separator: ",") + "}"
      guard case .object(let object) = try JSONValue(parsing: text) else {
        Issue.record("not an object")
        continue
      }
      #expect(object.keys == keys)
      #expect(object.count == count)
      #expect(object.isEmpty == (count == 0))
      for (index, key) in keys.enumerated() {
        #expect(object[key] == .number(Double(index)), "\(key) of \(count)")
      }
      #expect(object["absent"] == nil)
      #expect(object.map(\.key) == keys)
      // The writer keeps the order.
      #expect(try JSONValue(parsing: JSONValue.object(object).serialized()) == .object(object))
      #expect(JSONValue.object(object).serialized(pretty: false) == text.replacingSpaces())
    }
  }

  @Test func initializerAndLiteralsReplaceRepeatedKeysInPlace() {
    let object = JSONObject([("a", 1), ("b", 2), ("a", 3)])
    #expect(object.keys == ["a", "b"])
    #expect(object["a"] == 3)
    let literal: JSONObject = ["x": 1, "y": 2, "x": 5]
    #expect(literal.keys == ["x", "y"] && literal["x"] == 5)
  }

  @Test func subscriptSetsAppendsAndRemoves() {
    for size in [3, 20] {
      var object = JSONObject((0..<size).map { ("k\($0)", JSONValue.number(Double($0))) })
      object["k1"] = "replaced"
      #expect(object.keys[1] == "k1" && object["k1"] == "replaced")
      object["new"] = true
      #expect(object.keys.last == "new" && object.count == size + 1)
      object["k0"] = nil
      #expect(object["k0"] == nil && object.count == size)
      #expect(object.keys.first == "k1")
      // Lookups still work after removal shifted positions.
      for index in 1..<size {
        #expect(object["k\(index)"] != nil, "k\(index) of \(size)")
      }
      #expect(object["new"] == true)
      object["absent"] = nil
      #expect(object.count == size)
    }
  }

  @Test func equalityAndHashingIgnoreMemberOrder() {
    let a: JSONValue = ["x": 1, "y": [1, 2], "z": ["p": true, "q": .null]]
    let b: JSONValue = ["z": ["q": .null, "p": true], "y": [1, 2], "x": 1]
    #expect(a == b)
    #expect(a.hashValue == b.hashValue)
    #expect(a.serialized() != b.serialized())
    // Array order matters; values matter; extra keys matter.
    #expect(JSONValue(arrayLiteral: 1, 2) != [2, 1])
    #expect(a != ["x": 1, "y": [1, 2], "z": ["p": false, "q": .null]])
    #expect(a != ["x": 1, "y": [1, 2]])
    let large = JSONObject((0..<50).map { ("k\($0)", JSONValue.number(Double($0))) })
    let reversed = JSONObject((0..<50).reversed().map { ("k\($0)", JSONValue.number(Double($0))) })
    #expect(large == reversed && large.hashValue == reversed.hashValue)
    #expect(Set<JSONValue>([a, b, 1, "1", .null, false]).count == 5)
  }

  @Test func kindsAreDistinct() {
    let values: [JSONValue] = [.null, false, true, 0, 1, "", "0", [], [.null], .object([:]), ["": .null]]
    for (i, x) in values.enumerated() {
      for (j, y) in values.enumerated() {
        #expect((x == y) == (i == j), "\(x) vs \(y)")
      }
    }
    #expect(Set(values).count == values.count)
  }

  @Test func deepValuesHashWithBoundedRecursion() {
    // Values deeper than the hashed depth hash by their top levels; equal values still match.
    func nested(_ depth: Int, leaf: JSONValue) -> JSONValue {
      var value = leaf
      for level in 0..<depth {
        value = level % 2 == 0 ? .array([value]) : .object(["k": value])
      }
      return value
    }
    let a = nested(500, leaf: 1), b = nested(500, leaf: 1), c = nested(500, leaf: 2)
    #expect(a == b && a.hashValue == b.hashValue)
    #expect(a != c)
    #expect(nested(3, leaf: 1).hashValue != nested(3, leaf: 2).hashValue)
  }
}

extension String {
  /// The text without spaces outside strings (the test documents' keys have none).
  fileprivate func replacingSpaces() -> String {
    String(filter { $0 != " " })
  }
}
