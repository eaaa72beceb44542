import CGhostframe
import Glibc

/// Thread-local storage for gf_last_error_message: a malloc'd C string per thread,
/// freed by the key's destructor when the thread exits.
private let lastErrorKey: pthread_key_t? = {
  var key = pthread_key_t()
  guard pthread_key_create(&key, { free($0) }) == 0 else { return nil }
  return key
}()

/// Records `message` as the calling thread's last error (``bridge(_:)`` does, for every failure).
func setLastError(_ message: String) {
  guard let key = lastErrorKey else { return }
  let copy = message.withCString { strdup($0) }
  let previous = pthread_getspecific(key)
  // On allocation failure the previous message stays: stale detail beats none.
  guard let copy else { return }
  pthread_setspecific(key, copy)
  free(previous)
}

/// The calling thread's last error message, or nil if none was recorded.
func lastErrorPointer() -> UnsafePointer<CChar>? {
  guard let key = lastErrorKey, let raw = pthread_getspecific(key) else { return nil }
  return UnsafePointer(raw.assumingMemoryBound(to: CChar.self))
}
