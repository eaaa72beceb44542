import GhostframeCore

/// The elements of a JSON array, each read through a ``JSONReader`` made when it is accessed.
///
/// A reader per element would cost a path step each up front; this collection makes them on
/// demand, so reading ten million numbers costs the numbers.
package struct JSONArrayReader: RandomAccessCollection, Sendable {
  /// The elements.
  let elements: [JSONValue]
  /// The array's own path.
  let path: JSONPath

  /// The first index, 0.
  package var startIndex: Int { 0 }
  /// One past the last index: the element count.
  package var endIndex: Int { elements.count }

  /// A reader for the element at `index`, its path ending in `[index]`.
  ///
  /// - Parameter index: A valid index.
  package subscript(index: Int) -> JSONReader {
    JSONReader(elements[index], path: path.appending(index: index))
  }

  /// The elements' readers in order, for `for element in array`.
  package func makeIterator() -> Iterator { Iterator(array: self) }

  /// Iterates an array's element readers.
  ///
  /// Its own type, not `IndexingIterator`: the format readers (GhostframeFormats, another module)
  /// then loop through direct calls; through `Collection`'s generic subscript each element cost a
  /// heap-allocated accessor frame besides its reader.
  package struct Iterator: IteratorProtocol, Sendable {
    /// The array.
    let array: JSONArrayReader
    /// The next element's index.
    var index = 0

    /// The next element's reader, or nil after the last.
    package mutating func next() -> JSONReader? {
      guard index < array.elements.count else { return nil }
      defer { index += 1 }
      return array[index]
    }
  }
}
