import CGhostframe
import Ghostframe
import Glibc

@c @implementation
public func gf_plugin_load(_ path: UnsafePointer<CChar>?, _ outPlugin: UnsafeMutablePointer<OpaquePointer?>?) -> gf_status {
  bridge { _ throws(BridgeError) in
    let text = try requiredText(path, "path")
    let out = try required(outPlugin, "out_plugin")
    // Unpublished (out of memory for the handle), the box goes at once and takes the
    // registrations with it.
    try publish(PluginBox(try loadPlugin(text)), into: out)
  }
}

// The box's deinit removes the registrations, after the handle table's lock is released.
@c @implementation
public func gf_plugin_unload(_ plugin: OpaquePointer?) -> gf_status {
  bridge { _ throws(BridgeError) in try freeHandle(plugin, .plugin, "plugin") }
}

/// dlopens `path`, runs its entry point and checks its ABI version; on failure removes what it
/// registered (the library closes when the last reference goes).
private func loadPlugin(_ path: String) throws(BridgeError) -> PluginLibrary {
  _ = dlerror()
  guard let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) else {
    throw BridgeError(GF_E_NOT_FOUND, "cannot load plugin '\(path)': \(dlErrorText())")
  }
  guard let symbol = dlsym(handle, GF_PLUGIN_INIT_SYMBOL) else {
    let detail = dlErrorText()
    dlclose(handle)
    throw BridgeError(GF_E_NOT_FOUND, "plugin '\(path)' has no entry point \(GF_PLUGIN_INIT_SYMBOL): \(detail)")
  }
  let library = PluginLibrary(path: path, handle: handle)
  let entry = unsafeBitCast(symbol, to: gf_plugin_init_fn.self)
  let status = try library.runEntryPoint(entry)
  library.isOpen.store(false, ordering: .releasing)
  do throws(BridgeError) {
    try library.checkVersion()
    guard status == GF_OK else {
      let known = status < 0 && gf_status_string(status).map { String(cString: $0) != "unknown status" } == true
      throw BridgeError(known ? status : GF_E_CALLBACK,
                        "plugin '\(path)': \(GF_PLUGIN_INIT_SYMBOL) returned \(status) and the load is refused")
    }
  } catch {
    library.removeRegistrations()
    throw error
  }
  return library
}

private func dlErrorText() -> String {
  guard let text = dlerror() else { return "unknown error" }
  return String(cString: text)
}
