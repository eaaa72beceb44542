import CGhostframe
import Ghostframe
import Glibc
import Synchronization

/// One gf_plugin_load of a shared library: its dlopen handle, the function table its entry point
/// received, and the owner token of what it registered.
///
/// The plugin handle holds it, and so does every callback the plugin registered (through its
/// ``CallbackOwner``), so the library is dlclosed only when the handle is unloaded and the last
/// curve, scene or registration using the plugin's code is gone.
final class PluginLibrary: Sendable {
  /// The owner token of the next load (0 is "no plugin").
  private static let nextOwner = Atomic<UInt64>(1)

  /// The path given to gf_plugin_load.
  let path: String
  /// The registrations' owner token.
  let owner: UInt64
  /// Whether the entry point is running (the table's functions work only then).
  let isOpen = Atomic<Bool>(true)
  // Sendable: the pointers are only passed to dlclose and freed in deinit.
  private nonisolated(unsafe) let handle: UnsafeMutableRawPointer
  /// The table given to the entry point; it lives as long as the library, so a plugin that
  /// keeps the pointer gets GF_E_MISUSE from it, not a use after free.
  nonisolated(unsafe) let api: UnsafeMutablePointer<gf_plugin_api>

  init(path: String, handle: UnsafeMutableRawPointer) {
    self.path = path
    self.handle = handle
    owner = Self.nextOwner.wrappingAdd(1, ordering: .relaxed).oldValue
    api = UnsafeMutablePointer<gf_plugin_api>.allocate(capacity: 1)
    api.initialize(to: gf_plugin_api())
    api.pointee.struct_size = UInt32(MemoryLayout<gf_plugin_api>.size)
    api.pointee.abi_version = UInt32(GF_ABI_VERSION)
    api.pointee.plugin_abi_version = 0
    api.pointee.registrar = OpaquePointer(Unmanaged.passUnretained(self).toOpaque())
    api.pointee.register_curve = { registrar, name, fn, userData, freeUserData in
      bridge { _ throws(BridgeError) in
        let library = try PluginLibrary.calling(registrar)
        try registerCurve(name, fn, userData, freeUserData, by: Registrant(plugin: library))
      }
    }
    api.pointee.register_effect = { registrar, name, fn, params, userData, freeUserData in
      bridge { _ throws(BridgeError) in
        let library = try PluginLibrary.calling(registrar)
        try registerEffect(name, fn, params, userData, freeUserData, by: Registrant(plugin: library))
      }
    }
    api.pointee.register_node_kind = { registrar, name, base, defaults in
      bridge { _ throws(BridgeError) in
        let library = try PluginLibrary.calling(registrar)
        try registerNodeKind(name, base, defaults, by: Registrant(plugin: library))
      }
    }
  }

  deinit {
    api.deinitialize(count: 1)
    api.deallocate()
    dlclose(handle)
  }

  /// The library whose entry point is running on the calling thread (the innermost, when an
  /// entry point loads another plugin), or nil.
  static var initializing: PluginLibrary? {
    guard let initializingKey, let raw = pthread_getspecific(initializingKey) else { return nil }
    // Alive: set only while runEntryPoint, which holds the library, is on this thread's stack.
    return Unmanaged<PluginLibrary>.fromOpaque(raw).takeUnretainedValue()
  }

  /// The thread-specific key behind ``initializing`` (nil if the system has no key left: loads
  /// are refused then).
  private static let initializingKey: pthread_key_t? = {
    var key = pthread_key_t()
    return pthread_key_create(&key, nil) == 0 ? key : nil
  }()

  /// Calls the plugin's entry point with this library as the thread's ``initializing`` one, so
  /// the global gf_register_* calls it makes are the plugin's too (Registrant.caller).
  func runEntryPoint(_ entry: gf_plugin_init_fn) throws(BridgeError) -> gf_status {
    guard let key = Self.initializingKey else {
      throw BridgeError(GF_E_INTERNAL, "plugin '\(path)': no thread-specific key left to run its entry point")
    }
    let outer = pthread_getspecific(key)
    pthread_setspecific(key, Unmanaged.passUnretained(self).toOpaque())
    defer { pthread_setspecific(key, outer) }
    return entry(api)
  }

  /// The library behind a registrar passed back by a plugin, checked: its entry point is
  /// running, and the plugin declared this library's ABI version. A registrar is only ever one
  /// this library made (the plugin got it from the table), so it is read as one.
  static func calling(_ registrar: OpaquePointer?) throws(BridgeError) -> PluginLibrary {
    let registrar = try required(registrar, "registrar")
    let library = Unmanaged<PluginLibrary>.fromOpaque(UnsafeRawPointer(registrar)).takeUnretainedValue()
    guard library.isOpen.load(ordering: .acquiring) else {
      throw BridgeError(GF_E_MISUSE, "plugin '\(library.path)': the table's functions work only during gf_plugin_init")
    }
    try library.checkVersion()
    return library
  }

  /// Throws GF_E_INVALID_ARGUMENT unless the plugin declared this library's ABI version.
  func checkVersion() throws(BridgeError) {
    let declared = api.pointee.plugin_abi_version
    guard declared == UInt32(GF_ABI_VERSION) else {
      throw BridgeError(
        GF_E_INVALID_ARGUMENT,
        "plugin '\(path)' was built for ABI version \(declared); this library is ABI version \(GF_ABI_VERSION) (the plugin must set api->plugin_abi_version = GF_ABI_VERSION)")
    }
  }

  /// Removes everything this load registered and still owns (released after the locks).
  func removeRegistrations() {
    let curves = Curve.hostCurves.removeAll(ownedBy: owner)
    let effects = HostEffect.registry.removeAll(ownedBy: owner)
    let kinds = NodeKind.registry.removeAll(ownedBy: owner)
    _ = (curves, effects, kinds)
  }
}

/// The object behind a `gf_plugin *`: freeing the handle (gf_plugin_unload) removes what the
/// plugin registered; the library itself stays open while its callbacks are in use.
final class PluginBox: ExclusiveHandleBox {
  static var kind: HandleKind { .plugin }

  let library: PluginLibrary
  init(_ library: PluginLibrary) { self.library = library }

  deinit { library.removeRegistrations() }
}
