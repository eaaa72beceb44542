import CGhostframe
import Glibc

/// A document read whole from a file for the `gf_*_from_file` exports: its text, and the
/// name every message about it begins with.
///
/// The text calls' rules hold: at most ``maximumTextLength`` bytes (`GF_MAX_TEXT_BYTES`, refused
/// from the file's size before anything is read, and again if the file grows while it is read), and
/// UTF-8. The file is opened without blocking (a FIFO with no writer would wait forever), must be a
/// regular file, and is closed before the initialiser returns.
struct DocumentFile {
  /// The path as the caller gave it, as UTF-8 (U+FFFD for other bytes): the start of every message.
  let name: String
  /// The file's contents.
  let text: String

  /// The longest path accepted, in bytes: one less than PATH_MAX, which counts the NUL.
  static let maximumPathLength = Int(PATH_MAX) - 1

  /// Reads the file at the caller's `path` argument: GF_E_NULL_ARGUMENT for NULL,
  /// GF_E_INVALID_ARGUMENT for an empty or too long path, GF_E_NOT_FOUND when it does not exist,
  /// GF_E_IO when it cannot be opened or read or is not a regular file, GF_E_LIMIT past
  /// ``maximumTextLength`` bytes, GF_E_INVALID_UTF8.
  init(path: UnsafePointer<CChar>?) throws(BridgeError) {
    let path = try required(path, "path")
    let length = strnlen(path, Self.maximumPathLength + 1)
    guard length > 0 else { throw BridgeError(GF_E_INVALID_ARGUMENT, "path is empty") }
    guard length <= Self.maximumPathLength else {
      throw BridgeError(GF_E_INVALID_ARGUMENT, "path is longer than \(Self.maximumPathLength) bytes (PATH_MAX)")
    }
    let name = String(decoding: UnsafeRawBufferPointer(start: path, count: length), as: UTF8.self)
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { throw Self.failure(errno, name, "cannot open") }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { throw Self.failure(errno, name, "cannot read") }
    let kind = info.st_mode & S_IFMT
    guard kind == S_IFREG else {
      throw BridgeError(GF_E_IO, "\(name): not a regular file (\(Self.describe(kind)))")
    }
    let size = Int(info.st_size)
    guard size <= maximumTextLength else {
      throw BridgeError(GF_E_LIMIT,
        "\(name): the file is \(size) bytes, more than the \(maximumTextLength) a document may have (GF_MAX_TEXT_BYTES)")
    }
    let bytes = try Self.readAll(descriptor, expected: size, name)
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw BridgeError(GF_E_INVALID_UTF8, "\(name): the file is not valid UTF-8")
    }
    self.name = name
    self.text = text
  }

  /// Runs `body`, the text call's work on ``text``, and begins its failure's message with the
  /// file's name: "feed.json: root.frame: expected 4 numbers, found 3".
  func named<T>(_ body: () throws(BridgeError) -> T) throws(BridgeError) -> T {
    do throws(BridgeError) {
      return try body()
    } catch {
      throw BridgeError(error.status, "\(name): \(error.message)")
    }
  }

  /// Reads to the end of the file, `expected` bytes by its size; GF_E_LIMIT as soon as more than
  /// ``maximumTextLength`` bytes have come (the file grew meanwhile), GF_E_IO on a read error.
  private static func readAll(_ descriptor: Int32, expected: Int, _ name: String) throws(BridgeError) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(expected + 1)
    let chunkSize = 1 << 16
    var chunk = [UInt8](repeating: 0, count: chunkSize)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, chunkSize) }
      if count < 0 {
        let code = errno
        if code == EINTR { continue }
        throw failure(code, name, "cannot read")
      }
      if count == 0 { return bytes }
      guard bytes.count + count <= maximumTextLength else {
        throw BridgeError(GF_E_LIMIT,
          "\(name): the file grew past the \(maximumTextLength) bytes a document may have (GF_MAX_TEXT_BYTES) while it was read")
      }
      bytes.append(contentsOf: chunk[0..<count])
    }
  }

  /// The error for a failed open or read: GF_E_NOT_FOUND when the file or a folder of its path
  /// does not exist, GF_E_IO otherwise; the message gives the system's reason.
  private static func failure(_ code: Int32, _ name: String, _ what: String) -> BridgeError {
    let reason = strerror(code).map { String(cString: $0) } ?? "error \(code)"
    if code == ENOENT || code == ENOTDIR {
      return BridgeError(GF_E_NOT_FOUND, "\(name): no such file (\(reason))")
    }
    return BridgeError(GF_E_IO, "\(name): \(what) (\(reason))")
  }

  /// What a file that is not a regular file is, for the message.
  private static func describe(_ kind: mode_t) -> String {
    switch kind {
    case S_IFDIR: "a directory"
    case S_IFIFO: "a FIFO"
    case S_IFCHR: "a character device"
    case S_IFBLK: "a block device"
    case S_IFSOCK: "a socket"
    default: "not a file"
    }
  }
}
